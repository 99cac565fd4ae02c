import LockstepCore

/// The device side of offline-first sync: the outbox, the pull cursor (taken from server stamps,
/// never the device clock), request numbering, the scripted remote and the fake server it talks
/// to. A pass is `push` then `beginPull`/`finishPull`, all within one step (answers are scripted
/// in advance, so nothing waits on the virtual clock).
///
/// Records: `sync.push id= seq= entity= entityId= result=`, `sync.deadLettered`, `sync.held`,
/// `sync.stopped`, `sync.superseded`, `sync.pull id= after=`, `sync.pull.skipped`, `sync.pull.done cursor=`.
public struct SyncLog: Hashable, Sendable {
    public var outbox: Outbox
    public var server = SyncServer()
    public var script = SyncScript()
    /// The largest server stamp applied; nil before the first pull.
    public private(set) var cursor: Instant?
    public private(set) var nextRequest = RequestID(1)
    public private(set) var passes = 0

    public init(outboxCapacity: Int = Outbox.defaultCapacity) { outbox = Outbox(capacity: outboxCapacity) }

    /// How a push ended.
    public enum PushEnd: Hashable, Sendable {
        /// Every pending write was tried.
        case completed
        /// A write waits for a parent that is queued or abandoned; the pull may still run.
        case held
        /// Timeout or offline: the pass ends here, pull included.
        case transportFailure(SyncAnswer)

        public var word: String {
            switch self {
            case .completed: "completed"
            case .held: "held"
            case .transportFailure(let a): a.word
            }
        }
    }

    private mutating func takeRequestID() -> RequestID {
        defer { nextRequest = RequestID(nextRequest.rawValue + 1) }
        return nextRequest
    }

    /// Pushes pending writes parent-first as `user`.
    public mutating func push<D: Domain>(user: String, policy: SyncPolicy, _ world: inout World<D>) -> PushEnd {
        passes += 1
        for entry in outbox.pushOrder {
            guard let current = outbox.entry(seq: entry.seq), current.state == .pending else { continue }
            if policy.holdDependents, let blocking = blocker(of: current) {
                world.emit(Record("sync.held").int("seq", current.seq).word("entity", current.entity.name).string("entityId", current.entityId)
                    .word("parent", blocking.entity.name).string("parentId", blocking.entityId)
                    .word("reason", blocking.state == .deadLettered ? "parentDeadLettered" : "parentPending"))
                return .held
            }
            let id = takeRequestID()
            var answer = script.take(id) ?? .ok
            if answer == .ok {
                answer = server.write(entity: current.entity.name, id: current.entityId, scope: current.scope,
                                      isRoot: current.entity.isRoot, payload: current.payload, user: user, deviceNow: world.now)
            }
            world.emit(answer.append(to: Record("sync.push").int("id", id.rawValue).int("seq", current.seq)
                .word("entity", current.entity.name).string("entityId", current.entityId)))
            switch answer {
            case .ok:
                outbox.remove(seq: current.seq)
                // The server now holds this row's newer state: an older queued write of the same
                // row (refused earlier, or abandoned) must never be pushed after it.
                for older in outbox.entries where older.entity.name == current.entity.name && older.entityId == current.entityId
                    && older.seq < current.seq {
                    outbox.remove(seq: older.seq)
                    world.emit(Record("sync.superseded").int("seq", older.seq).word("entity", older.entity.name)
                        .string("entityId", older.entityId).int("by", current.seq))
                }
            case .timeout, .offline:
                if policy.transportFailuresUseAttempts { countAttempt(current.seq, answer.word, policy, &world) }
                world.emit(Record("sync.stopped").word("reason", answer.word).int("pending", outbox.pushOrder.count))
                return .transportFailure(answer)
            case .refused(let why):
                countAttempt(current.seq, why, policy, &world)
            }
        }
        return .completed
    }

    /// The first queued or abandoned write this entry depends on, if any.
    private func blocker(of entry: OutboxEntry) -> OutboxEntry? {
        for dep in entry.dependsOn {
            if let e = outbox.entries.first(where: { $0.entity.name == dep.entity && $0.entityId == dep.id && $0.seq != entry.seq }) {
                return e
            }
        }
        return nil
    }

    private mutating func countAttempt<D: Domain>(_ seq: Int, _ why: String, _ policy: SyncPolicy, _ world: inout World<D>) {
        outbox.update(seq: seq) { e in
            e.attempts += 1
            e.lastError = why
            if e.attempts >= policy.maxAttempts { e.state = .deadLettered }
        }
        if let e = outbox.entry(seq: seq), e.state == .deadLettered {
            world.emit(Record("sync.deadLettered").int("seq", seq).word("entity", e.entity.name).string("entityId", e.entityId)
                .int("attempts", e.attempts).word("lastError", why))
        }
    }

    /// The rows a pull hands to the domain, and what it needs to move the cursor.
    public struct PullBatch: Hashable, Sendable {
        public var request: RequestID
        public var after: Instant?
        /// To apply, in stamp order (locally edited rows already left out).
        public var rows: [SyncServerRow]
    }

    /// Asks the server for changes after `cursor − overlap`. Nil when the request failed (with a
    /// record); otherwise the rows to apply, then call `finishPull`.
    public mutating func beginPull<D: Domain>(user: String, policy: SyncPolicy, _ world: inout World<D>) -> PullBatch? {
        let id = takeRequestID()
        let after = cursor.map { $0 - policy.overlap }
        let answer = script.take(id) ?? .ok
        var r = Record("sync.pull").int("id", id.rawValue)
        r = after.map { r.instant("after", $0) } ?? r.word("after", "none")
        world.emit(answer.append(to: r))
        guard answer == .ok else { return nil }
        var rows: [SyncServerRow] = []
        for row in server.changes(after: after, user: user) {
            if policy.skipLocallyEdited, outbox.hasUnpushed(entity: row.entity, id: row.id) {
                world.emit(Record("sync.pull.skipped").word("entity", row.entity).string("entityId", row.id).instant("stamp", row.stamp)
                    .word("reason", "unpushedLocalEdit"))
                continue
            }
            rows.append(row)
        }
        return PullBatch(request: id, after: after, rows: rows)
    }

    /// Moves the cursor to the largest stamp before the first row the domain could not apply
    /// (`firstRejected`, an index into `batch.rows`), so that row is asked for again next time.
    public mutating func finishPull<D: Domain>(_ batch: PullBatch, firstRejected: Int?, _ world: inout World<D>) {
        let usable = firstRejected.map { Array(batch.rows[..<$0]) } ?? batch.rows
        var newCursor = cursor
        for row in usable where newCursor.map({ row.stamp > $0 }) ?? true { newCursor = row.stamp }
        if let bad = firstRejected, let c = newCursor, c >= batch.rows[bad].stamp {
            // A tie in stamps with the bad row: stay just before it.
            newCursor = batch.rows[bad].stamp - .nanoseconds(1)
        }
        cursor = newCursor
        var r = Record("sync.pull.done").int("id", batch.request.rawValue).int("rows", batch.rows.count)
        r = cursor.map { r.instant("cursor", $0) } ?? r.word("cursor", "none")
        world.emit(r)
    }

    /// The device signs out: its queued writes and cursor belong to the old account and go.
    /// Returns how many queued writes were dropped (the caller records it). Request ids go on.
    public mutating func signOut() -> Int {
        let dropped = outbox.entries.count
        outbox.removeAll()
        cursor = nil
        return dropped
    }

    public func write(to out: inout CanonicalWriter) {
        if let c = cursor { out.instant("cursor", c) } else { out.word("cursor", "none") }
        out.int("nextRequest", nextRequest.rawValue)
        out.int("passes", passes)
        outbox.write(to: &out)
        script.write(to: &out)
        server.write(to: &out)
    }
}
