import LockstepCore

/// What a reply to an async request carries, as the trace shows it: a result word
/// (`result=ok`, `result=compiled`) or an error text (`error="timeout"`). The domain keeps any
/// richer payload itself; the table only needs to say, in its record, how the request ended.
public enum ReplyResult: Hashable, Sendable {
    case result(String)
    case error(String)

    /// `result=ok` or `error="..."` appended to `record`.
    public func append(to record: Record) -> Record {
        switch self {
        case .result(let w): record.word("result", w)
        case .error(let e): record.string("error", e)
        }
    }

    public var isError: Bool {
        if case .error = self { return true }
        return false
    }
}
