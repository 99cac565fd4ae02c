import LockstepCore

/// One queued write: which row, what it was when queued (the payload is a snapshot, so a later
/// edit never changes what an earlier write meant), what it depends on, and how it is going.
public struct OutboxEntry: Hashable, Sendable {
    public enum Op: String, Hashable, Sendable { case upsert, delete }
    public enum State: String, Hashable, Sendable { case pending, deadLettered }

    public var seq: Int
    public var entity: SyncEntity
    public var entityId: String
    public var op: Op
    /// The row's text as it was when queued.
    public var payload: String
    /// The root row this write belongs to (a reading's tank), for the server's access check.
    public var scope: String
    public var dependsOn: [SyncRef]
    /// Refusals so far (never timeouts or offline).
    public var attempts: Int
    public var state: State
    public var lastError: String?

    public var payloadDigest: UInt64 { FNV1a64.hash(Array(payload.utf8)) }

    public var record: Record {
        var r = Record("outbox").int("seq", seq).word("entity", entity.name).string("id", entityId).word("op", op.rawValue)
            .int("attempts", attempts).word("state", state.rawValue).digest("payload", payloadDigest)
        if let e = lastError { r = r.word("lastError", e) }
        return r
    }
}

/// The outbox: every local write is queued here in the same transaction as the write itself, and
/// pushed by `SyncLog` parent-first. Attempt counters live here, in persistent state, so they
/// survive launches. Limit `capacity`, said when hit.
public struct Outbox: Hashable, Sendable {
    public static let defaultCapacity = 10_000

    public private(set) var entries: [OutboxEntry] = []
    public private(set) var nextSeq = 1
    public let capacity: Int

    public init(capacity: Int = Outbox.defaultCapacity) { self.capacity = max(1, capacity) }

    /// Queues a write. Nil (nothing queued) at capacity; the caller aborts its transaction.
    public mutating func enqueue(_ entity: SyncEntity, id: String, op: OutboxEntry.Op, payload: String, scope: String,
                                 dependsOn: [SyncRef] = []) -> Result<Int, ObjectStoreError> {
        guard entries.count < capacity else { return .failure(.limit(what: "outbox entries", limit: capacity)) }
        let seq = nextSeq
        nextSeq += 1
        entries.append(OutboxEntry(seq: seq, entity: entity, entityId: id, op: op, payload: payload, scope: scope,
                                   dependsOn: dependsOn, attempts: 0, state: .pending, lastError: nil))
        return .success(seq)
    }

    /// Pending entries in push order: by entity rank (parents first), then by queue order.
    public var pushOrder: [OutboxEntry] {
        entries.filter { $0.state == .pending }.sorted { ($0.entity.rank, $0.seq) < ($1.entity.rank, $1.seq) }
    }

    public var deadLetters: [OutboxEntry] { entries.filter { $0.state == .deadLettered } }

    /// Whether `entity`/`id` has a write not yet accepted by the server (pending or abandoned).
    public func hasUnpushed(entity: String, id: String) -> Bool {
        entries.contains { $0.entity.name == entity && $0.entityId == id }
    }

    public func entry(seq: Int) -> OutboxEntry? { entries.first { $0.seq == seq } }

    mutating func removeAll() { entries.removeAll() }

    mutating func remove(seq: Int) { entries.removeAll { $0.seq == seq } }

    mutating func update(seq: Int, _ change: (inout OutboxEntry) -> Void) {
        if let i = entries.firstIndex(where: { $0.seq == seq }) { change(&entries[i]) }
    }

    /// "Try again": a dead letter goes back to pending with its attempts reset. False when `seq`
    /// is not a dead letter.
    public mutating func retry(seq: Int) -> Bool {
        guard let i = entries.firstIndex(where: { $0.seq == seq && $0.state == .deadLettered }) else { return false }
        entries[i].state = .pending
        entries[i].attempts = 0
        entries[i].lastError = nil
        return true
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("outbox count=\(entries.count) nextSeq=\(nextSeq)") { w in
            for e in entries { w.record(e.record) }
        }
    }
}
