import LockstepCore

/// The explicit result of feeding one event to an `AppLifecycle`: either a move (possibly to the
/// same phase) with the actions the domain must take, or an ignored event with its reason. Never
/// a crash and never silent: both become a record.
public struct LifecycleTransition: Hashable, Sendable, RecordConvertible {
    /// The process's name in records (`app`, `keyboard`).
    public var process: String
    public var event: LifecycleEvent
    public var from: LifecyclePhase
    public var to: LifecyclePhase
    /// Empty when ignored or when the event asks nothing of the domain.
    public var actions: [LifecycleAction]
    /// Set when the event did not apply; then `from == to` and `actions` is empty.
    public var ignored: LifecycleIgnoreReason?

    public var wasIgnored: Bool { ignored != nil }

    /// `lifecycle process=app event=background from=foregroundActive to=background do=pause,saveState`,
    /// with `reason=` for launches, wakes and terminations; or
    /// the standard rejection, `rejected input=lifecycle reason=notRunning process=app event=active from=notRunning`.
    public var record: Record {
        if let ignored {
            return Record("rejected").word("input", "lifecycle").word("reason", ignored.rawValue).word("process", process)
                .word("event", event.word).word("from", from.word)
        }
        var r = Record("lifecycle").word("process", process).word("event", event.word)
        switch event {
        case .launch(let reason, _), .wake(let reason): r = r.word("reason", reason.rawValue)
        case .terminate(let reason): r = r.word("reason", reason.rawValue)
        default: break
        }
        r = r.word("from", from.word).word("to", to.word)
        if case .terminated(let reason) = to, case .returned = event { r = r.word("ended", reason.rawValue) }
        return r.with("do", actions.isEmpty ? .word("none") : .tuple(actions.map { .word($0.rawValue) }))
    }
}
