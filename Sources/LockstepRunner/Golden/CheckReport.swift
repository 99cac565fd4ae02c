/// What `lockstep check` prints for one scenario's outcome, in one place, so the CLI and the Swift
/// Testing goldens (LockstepTesting) report a failure in the same words.
extension CheckOutcome {
    /// The block for `scenario`: a status word (`ok`, `FAIL`, `MISSING`, `ERROR`) and the scenario,
    /// then what went wrong (the first divergence, the artifact, the golden's problem). `isCI` turns
    /// a missing golden from "read the trace and record it" into "must be recorded and committed".
    public func report(for scenario: String, isCI: Bool) -> String {
        switch self {
        case .passed:
            "ok    \(scenario)"
        case .differs(let divergence):
            "FAIL  \(scenario)\n\(divergence)"
        case .artifactDiffers(let name, let reason):
            "FAIL  \(scenario)\n  artifact \(name): \(reason)"
        case .unusableGolden(let path, let reason):
            "FAIL  \(scenario)\n  cannot use the golden \(path): \(reason)"
        case .missingGolden(let path) where isCI:
            "FAIL  \(scenario)\n  missing golden \(path) (CI=true: goldens must be recorded and committed)"
        case .missingGolden(let path):
            "MISSING \(scenario)\n  no golden at \(path); read the trace with 'lockstep run \(scenario)', then 'lockstep record \(scenario)'"
        case .invalid(let error):
            "ERROR \(scenario)\n  \(error)"
        }
    }
}
