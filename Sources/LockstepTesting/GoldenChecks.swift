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

    /// Writes `scenario`'s event lines out flat (every `include` followed, every `gen` line replaced
    /// by its events, as `lockstep expand` does) and requires the flat scenario to replay to the
    /// same trace, byte for byte. This is what lets `lockstep shrink` remove single generated
    /// events: it fails when a domain's `text(of:)` writes an event that reads back differently.
    public func checkExpandsToTheSameTrace(_ scenario: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let project = usableProject(for: scenario, sourceLocation) else { return }
        do {
            let bytes = try FileIO.read(project.diskPath(forDisplay: scenario), maxBytes: project.limits.maxFileBytes, limitName: "maxFileBytes")
            let text = ScenarioText(String(decoding: bytes, as: UTF8.self))
            let flat = try project.flattened(scenario, text: text)
            let original = try project.run(scenario)
            let replayed = try project.run(scenario, bytes: Array(flat.text.utf8))
            if let divergence = TraceDiff.compare(expected: original.trace, actual: replayed.trace) {
                Issue.record(Comment(rawValue: "EXPANDS DIFFERENTLY \(scenario): its flat form (lockstep expand) replays to another trace\n\(divergence)"),
                             sourceLocation: sourceLocation)
            }
        } catch let error as ScenarioError {
            Issue.record(Comment(rawValue: "CANNOT EXPAND \(scenario): \(error.description)"), sourceLocation: sourceLocation)
        } catch {
            Issue.record(Comment(rawValue: "CANNOT EXPAND \(scenario): \(error)"), sourceLocation: sourceLocation)
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
