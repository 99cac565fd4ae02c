import LockstepCore

/// A synced table as the sync log sees it: its name, its push rank (parents before children:
/// lower ranks push first) and, for a child, the entity its rows depend on. Named by the domain,
/// so the log is domain-neutral.
public struct SyncEntity: Hashable, Sendable {
    public var name: String
    public var rank: Int
    /// The root entity (the server's access scope, e.g. `tanks`) has no parent.
    public var isRoot: Bool
    public init(_ name: String, rank: Int, isRoot: Bool = false) {
        self.name = name
        self.rank = rank
        self.isRoot = isRoot
    }
}

/// A row a queued write depends on (a reading's tank and session): the pass holds the write while
/// that row is still queued or abandoned, because the server would refuse it.
public struct SyncRef: Hashable, Sendable {
    public var entity: String
    public var id: String
    public init(_ entity: String, _ id: String) {
        self.entity = entity
        self.id = id
    }
}

/// What the scripted remote or the fake server answered to one request.
public enum SyncAnswer: Hashable, Sendable {
    case ok
    /// The request took too long (the article's 14 s auth); nothing is known to have happened.
    case timeout
    /// No connection.
    case offline
    /// The server refused it (`rls`, `constraint`, ...): a real answer, which costs an attempt.
    case refused(String)

    public var word: String {
        switch self {
        case .ok: "ok"
        case .timeout: "timeout"
        case .offline: "offline"
        case .refused: "refused"
        }
    }

    /// Transport failures say nothing about the write and never use up attempts.
    public var isTransportFailure: Bool { self == .timeout || self == .offline }

    public func append(to r: Record) -> Record {
        if case .refused(let why) = self { return r.word("result", "refused").word("reason", why) }
        return r.word("result", word)
    }
}
