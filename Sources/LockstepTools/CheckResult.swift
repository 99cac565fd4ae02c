import LockstepCore
import LockstepRunner

/// One scenario's result in `lockstep check`, in the words every report uses (the text report,
/// JSON Lines, JUnit, the artifacts folder's `report.txt`).
public struct CheckResult: Sendable {
    public enum Status: String, Sendable {
        case passed
        /// A golden or artifact differs, cannot be used, or (under CI) is missing.
        case failed
        /// No golden yet, outside CI: record it after reading the trace.
        case missing
        /// The scenario is invalid, or the walk could not follow an entry: exit 2.
        case error
    }

    public var scenario: String
    public var status: Status
    /// The lines under the heading, already indented (empty when passed).
    public var detail: String
    /// Where `--artifacts` put this failure's files, or why it could not.
    public var artifacts: String?
    /// What `--pending` did for it (`pending PATH`, `removed stale PATH`), printed after the report.
    public var notes: [String] = []

    /// `ok`, `FAIL`, `MISSING` or `ERROR`.
    public var label: String {
        switch status {
        case .passed: "ok"
        case .failed: "FAIL"
        case .missing: "MISSING"
        case .error: "ERROR"
        }
    }

    /// The heading and detail as `check` prints them, without colour.
    public var report: String {
        let heading = CheckOutcome.heading(label, scenario)
        return detail.isEmpty ? heading : heading + "\n" + detail
    }

    /// The first line of the detail, for one-line summaries (JUnit's `message`).
    public var headline: String {
        let first = detail.split(separator: "\n").first.map(String.init) ?? label
        var s = Substring(first)
        while s.hasPrefix(" ") { s = s.dropFirst() }
        return String(s)
    }

    /// The scenario's domain folder (`Scenarios/<domain>/…`), for grouping reports.
    public var domainFolder: String {
        let parts = scenario.split(separator: "/")
        return parts.count >= 3 ? String(parts[1]) : "(top level)"
    }

    /// Checks one scenario against its golden; `ci` decides whether a missing golden is a failure.
    /// With `pending`, a failure's new trace is written beside its golden for `lockstep review`
    /// (and a pass removes stale pending files), as `notes`.
    public static func evaluate(_ project: Project, _ scenario: String, ci: Bool, pending: Bool = false) -> CheckResult {
        let outcome = GoldenCheck.check(project, scenario)
        var result = from(outcome, scenario: scenario, ci: ci)
        if pending { result.notes = PendingReport.afterCheck(project, scenario, outcome).lines }
        return result
    }

    /// The words for an outcome: `CheckOutcome.label` and `detail`, which LockstepTesting uses too,
    /// so a failing Swift test reads like `check`.
    public static func from(_ outcome: CheckOutcome, scenario: String, ci: Bool) -> CheckResult {
        let status: Status = switch outcome {
        case .passed: .passed
        case .differs, .artifactDiffers, .unusableGolden, .invariantBroken: .failed
        case .missingGolden: ci ? .failed : .missing
        case .invalid: .error
        }
        return CheckResult(scenario: scenario, status: status, detail: outcome.detail(for: scenario, isCI: ci))
    }

    /// An entry of `Scenarios/` the walk did not follow (a link out, a loop, too deep).
    public static func problem(_ failure: FileIO.Failure) -> CheckResult {
        CheckResult(scenario: failure.path, status: .error, detail: "  \(failure.message)")
    }

    /// One JSON Lines record: `{"artifacts":…,"domain":…,"report":…,"scenario":…,"status":…}`.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("scenario", .string(scenario)), ("domain", .string(domainFolder)), ("status", .string(status.rawValue)),
        ]
        if !detail.isEmpty { fields.append(("report", .string(report))) }
        if let artifacts { fields.append(("artifacts", .string(artifacts))) }
        if !notes.isEmpty { fields.append(("notes", .array(notes.map { .string($0) }))) }
        return .object(fields)
    }

    /// One JUnit test case: failures are `<failure>`, invalid scenarios `<error>`.
    public var junitCase: JUnitReport.TestCase {
        let name = ScenarioSelection.name(of: scenario)
        let short = name.hasPrefix(domainFolder + "/") ? String(name.dropFirst(domainFolder.count + 1)) : name
        let verdict: JUnitReport.Verdict = switch status {
        case .passed: .passed
        case .failed, .missing: .failure(type: label, message: headline, text: report)
        case .error: .error(type: label, message: headline, text: report)
        }
        return JUnitReport.TestCase(suite: domainFolder, name: short, file: scenario, verdict: verdict)
    }
}
