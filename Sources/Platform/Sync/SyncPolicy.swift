import LockstepCore

/// The rules of a sync pass, fixed by the domain. The defaults are the article's fixed ones; each
/// flag that differs is a historical bug a domain can switch back on.
public struct SyncPolicy: Hashable, Sendable {
    /// Refusals before a write is dead-lettered (the article: 5).
    public var maxAttempts = 5
    /// The pull asks for `updated_at > cursor − overlap` (the article: 2 s), so a transaction that
    /// began before the cursor and committed after it is still seen.
    public var overlap: Duration = .seconds(2)
    /// Historical bug: a timeout or offline answer uses up an attempt.
    public var transportFailuresUseAttempts = false
    /// A write whose parent is still queued or abandoned is held, and the push stops there.
    public var holdDependents = true
    /// A pulled row is skipped while the same row has an unpushed local write.
    public var skipLocallyEdited = true

    public init() {}
}
