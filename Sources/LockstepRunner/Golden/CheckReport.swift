/// What `lockstep check` prints for one scenario's outcome, in one place, so the CLI and the Swift
/// Testing goldens (LockstepTesting) report a failure in the same words.
extension CheckOutcome {
    /// The status word: `ok`, `FAIL`, `MISSING` (outside CI) or `ERROR`.
    public func label(isCI: Bool) -> String {
        switch self {
        case .passed: "ok"
        case .differs, .artifactDiffers, .unusableGolden, .invariantBroken: "FAIL"
        case .missingGolden: isCI ? "FAIL" : "MISSING"
        case .invalid: "ERROR"
        }
    }

    /// What went wrong, indented two spaces under the heading (empty when it passed). `isCI` turns
    /// a missing golden from "read the trace and record it" into "must be recorded and committed".
    public func detail(for scenario: String, isCI: Bool) -> String {
        switch self {
        case .passed:
            ""
        case .differs(let divergence):
            divergence.description
        case .artifactDiffers(let name, let reason):
            "  artifact \(name): \(reason)"
        case .unusableGolden(let path, let reason):
            "  cannot use the golden \(path): \(reason)"
        case .missingGolden(let path) where isCI:
            "  missing golden \(path) (CI=true: goldens must be recorded and committed)"
        case .missingGolden(let path):
            "  no golden at \(path); read the trace with 'lockstep run \(scenario)', then 'lockstep record \(scenario)'"
        case .invalid(let error):
            "  \(error)"
        case .invariantBroken(let broken):
            "  \(broken) (at \(broken.elapsed) s); a broken invariant fails whatever the golden says"
        }
    }

    /// The block for `scenario`: the status word padded to five columns and the scenario, then the detail.
    public func report(for scenario: String, isCI: Bool) -> String {
        CheckOutcome.heading(label(isCI: isCI), scenario) + {
            let detail = detail(for: scenario, isCI: isCI)
            return detail.isEmpty ? "" : "\n" + detail
        }()
    }

    /// `ok    PATH`, `FAIL  PATH`, `MISSING PATH`: the word, padded to five columns, a space, the path.
    public static func heading(_ label: String, _ scenario: String) -> String {
        (label.count >= 5 ? label : label + String(repeating: " ", count: 5 - label.count)) + " " + scenario
    }
}
