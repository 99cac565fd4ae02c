import LockstepCore

/// What a `PendingRequests` table has done so far (part of its state).
public struct RequestCounts: Hashable, Sendable {
    public var sent = 0
    public var completed = 0
    public var cancelled = 0
    public var timedOut = 0
    public var duplicates = 0
    public var late = 0
    /// Replies for ids never sent, or ended beyond the table's memory.
    public var unknown = 0
    /// Sends refused at the in-flight limit.
    public var refused = 0

    public init() {}

    func write(to w: inout CanonicalWriter) {
        w.int("sent", sent)
        w.int("completed", completed)
        w.int("cancelled", cancelled)
        w.int("timedOut", timedOut)
        w.int("duplicates", duplicates)
        w.int("late", late)
        w.int("unknown", unknown)
        w.int("refused", refused)
    }
}
