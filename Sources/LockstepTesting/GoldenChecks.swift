import Testing
import LockstepCore
import LockstepRunner

/// The per-scenario checks: each records a Swift Testing issue, in `lockstep check`'s words, and
/// passes silently otherwise.
extension LockstepGoldens {
    /// Replays `scenario` and compares its trace and artifacts with its golden. A failure is
    /// reported with `CheckOutcome.report`, the block `lockstep check` prints (the first divergence).
    public func check(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project = usableProject(for: scenario, sourceLocation) else { return }
        let outcome = GoldenCheck.check(project, scenario)
        if !outcome.passed {
            Issue.record(Comment(rawValue: outcome.report(for: scenario, isCI: LockstepGoldens.isCI)), sourceLocation: sourceLocation)
        }
    }

    /// Replays `scenario` twice in this process and requires the same trace and artifacts, byte for
    /// byte: catches hash-order leaks and state that survives between runs.
    public func checkDeterministic(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project = usableProject(for: scenario, sourceLocation) else { return }
        let first: RunResult, second: RunResult
        do {
            first = try project.run(scenario)
            second = try project.run(scenario)
        } catch {
            Issue.record(Comment(rawValue: CheckOutcome.invalid(error).report(for: scenario, isCI: false)), sourceLocation: sourceLocation)
            return
        }
        if let divergence = TraceDiff.compare(expected: first.trace, actual: second.trace) {
            Issue.record(Comment(rawValue: "NONDETERMINISTIC \(scenario): a second run differs from the first\n\(divergence)"),
                         sourceLocation: sourceLocation)
        }
        if first.summary.artifacts != second.summary.artifacts {
            Issue.record(Comment(rawValue: "NONDETERMINISTIC \(scenario): a second run's artifacts differ from the first's "
                                 + "(\(first.summary.artifacts.map(\.name)) vs \(second.summary.artifacts.map(\.name)))"),
                         sourceLocation: sourceLocation)
        }
    }

    /// The project, or nil after recording why `argument` cannot be checked (it stands for a problem).
    func usableProject(for argument: String, _ sourceLocation: SourceLocation) -> Project? {
        if let problem = problems[argument] {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            return nil
        }
        guard let project else {
            Issue.record("no Lockstep package root", sourceLocation: sourceLocation)
            return nil
        }
        return project
    }
}
