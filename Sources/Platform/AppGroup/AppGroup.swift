import LockstepCore

/// Several processes (the app, its widget, an extension) sharing one App Group container, with a
/// deterministic interleaving.
///
/// Each operation a process runs is two steps, as on a device: **read** (a snapshot of the
/// container) and **commit** (writes computed from that snapshot). Between the two, other
/// processes may read and commit. So a read-modify-write of one shared key (an array of pinned
/// notes) loses the other process's write exactly when the two overlap, while per-key records
/// (one key per note) never do. A commit that overwrites a key another process committed after
/// this one read is an `appgroup.lost-update` record naming whose write vanished: the loss is never
/// silent.
///
/// The order of steps is scripted (`step(process)`) or drawn from the group's own RNG substream
/// (`run(.seeded)`); `run(.serial)` runs each operation's two steps back to back, as if the
/// processes never overlapped.
public struct AppGroup<Store: AppGroupStore, Op: AppGroupOperation>: Hashable, Sendable {
    public let processes: [String]
    public var store: Store
    private var queues: [[Op]]
    private var open: [Transaction?]
    /// The commit serial and the process of the last commit of each key.
    private var lastWrite: [String: KeyVersion] = [:]
    /// Commits so far (a transaction's read remembers it).
    public private(set) var serial = 0
    private var rng: SeededRNG
    public private(set) var counts = Counts()

    struct Transaction: Hashable, Sendable {
        var op: Op
        var snapshot: Store.Snapshot
        var readSerial: Int
    }

    struct KeyVersion: Hashable, Sendable {
        var serial: Int
        var by: String
    }

    public struct Counts: Hashable, Sendable {
        public var queued = 0, reads = 0, commits = 0, lostUpdates = 0, refused = 0
    }

    public enum Order: String, Hashable, Sendable, CaseIterable {
        /// The next step's process drawn from the RNG among those with work.
        case seeded
        /// Each operation read and committed back to back, processes in their declared order.
        case serial
    }

    /// What one step did.
    public enum Step: Hashable, Sendable {
        case read(process: String, op: Op)
        case committed(process: String, op: Op, lost: Int)
    }

    public static var maxProcesses: Int { 4 }
    /// Operations queued per process at most: a bound on a `run`'s length (2 steps each).
    public static var maxQueued: Int { 256 }

    /// - Parameters:
    ///   - processes: 1...`maxProcesses` distinct names (`app`, `widget`, `share`).
    ///   - rng: the group's own substream, conventionally `world.rng("appgroup")`.
    public init(processes: [String], store: Store, rng: SeededRNG) {
        precondition((1...AppGroup.maxProcesses).contains(processes.count) && Set(processes).count == processes.count)
        self.processes = processes
        self.store = store
        self.rng = rng
        queues = Array(repeating: [], count: processes.count)
        open = Array(repeating: nil, count: processes.count)
    }

    public var isIdle: Bool { queues.allSatisfy(\.isEmpty) && open.allSatisfy { $0 == nil } }
    public func queuedCount(_ process: String) -> Int { processes.firstIndex(of: process).map { queues[$0].count } ?? 0 }
    public func isMidOperation(_ process: String) -> Bool { processes.firstIndex(of: process).map { open[$0] != nil } ?? false }
    public var drawCount: UInt64 { rng.drawCount }

    /// Queues `op` for `process` (it runs when the scheduler steps that process).
    public mutating func submit<D: Domain>(_ op: Op, by process: String, _ world: inout World<D>) {
        guard let p = known(process, "submit", &world) else { return }
        guard queues[p].count < AppGroup.maxQueued else {
            refuse("submit", "queue-full", process, &world) { $0.string("op", op.text).int("maxQueued", AppGroup.maxQueued) }
            return
        }
        queues[p].append(op)
        counts.queued += 1
        world.emit(Record("appgroup.queued").word("process", process).string("op", op.text).int("queued", queues[p].count))
    }

    /// One step of `process` (nil: drawn from the RNG among processes with work): its read if it
    /// is between operations, else its commit, with `compute` giving the writes from the snapshot.
    @discardableResult
    public mutating func step<D: Domain>(_ process: String?, _ world: inout World<D>,
                                         compute: (Op, Store.Snapshot) -> [AppGroupWrite<Store.Value>]) -> Step? {
        let p: Int
        if let process {
            guard let k = known(process, "step", &world) else { return nil }
            guard queues[k].count > 0 || open[k] != nil else {
                refuse("step", "idle", process, &world)
                return nil
            }
            p = k
        } else {
            let busy = processes.indices.filter { queues[$0].count > 0 || open[$0] != nil }
            guard !busy.isEmpty else {
                refuse("step", "idle", "any", &world)
                return nil
            }
            p = busy[rng.int(below: busy.count)]
        }
        let name = processes[p]
        if let txn = open[p] {
            open[p] = nil
            let writes = compute(txn.op, txn.snapshot)
            var lost = 0
            serial += 1
            for w in writes {
                if let v = lastWrite[w.key], v.serial > txn.readSerial, v.by != name {
                    lost += 1
                    counts.lostUpdates += 1
                    world.emit(Record("appgroup.lost-update").string("key", w.key).word("by", name).word("overwrites", v.by)
                        .int("readAt", txn.readSerial).int("theirCommit", v.serial))
                }
                if store.commit(w.key, w.value, by: name, &world).didWrite {
                    lastWrite[w.key] = KeyVersion(serial: serial, by: name)
                }
            }
            counts.commits += 1
            world.emit(Record("appgroup.commit").word("process", name).string("op", txn.op.text).int("serial", serial)
                .int("writes", writes.count).int("lost", lost))
            return .committed(process: name, op: txn.op, lost: lost)
        }
        let op = queues[p].removeFirst()
        let snapshot = store.snapshot(by: name, &world)
        open[p] = Transaction(op: op, snapshot: snapshot, readSerial: serial)
        counts.reads += 1
        world.emit(Record("appgroup.read").word("process", name).string("op", op.text).int("serial", serial))
        return .read(process: name, op: op)
    }

    /// Steps until every queued operation has committed, in `order`. Returns the steps taken.
    @discardableResult
    public mutating func run<D: Domain>(_ order: Order, _ world: inout World<D>,
                                        compute: (Op, Store.Snapshot) -> [AppGroupWrite<Store.Value>]) -> [Step] {
        var steps: [Step] = []
        // Every operation is two steps, so this bounds the loop whatever `compute` does.
        let budget = 2 * (queues.reduce(0) { $0 + $1.count } + open.filter { $0 != nil }.count)
        while !isIdle && steps.count < budget {
            let next: String?
            switch order {
            case .seeded: next = nil
            case .serial: next = processes.indices.first { open[$0] != nil || !queues[$0].isEmpty }.map { processes[$0] }
            }
            guard let s = step(next, &world, compute: compute) else { break }
            steps.append(s)
        }
        world.emit(Record("appgroup.ran").word("order", order.rawValue).int("steps", steps.count).int("serial", serial)
            .int("lostUpdates", counts.lostUpdates))
        return steps
    }

    private mutating func known<D: Domain>(_ process: String, _ op: String, _ world: inout World<D>) -> Int? {
        if let p = processes.firstIndex(of: process) { return p }
        let names = processes.joined(separator: ",")
        refuse(op, "unknown-process", process, &world) { $0.word("known", names) }
        return nil
    }

    private mutating func refuse<D: Domain>(_ op: String, _ reason: String, _ process: String, _ world: inout World<D>,
                                            _ details: (Record) -> Record = { $0 }) {
        counts.refused += 1
        world.emit(details(Record("appgroup.refused").word("op", op).word("reason", reason).word("process", process)))
    }

    /// `appgroup { … }`: each process's queue and open operation, the key versions, the counters,
    /// the RNG's draws, then the store.
    public func write(to out: inout CanonicalWriter) {
        out.section("appgroup") { w in
            w.int("serial", serial)
            w.write("draws", .int(Int64(rng.drawCount)))
            w.record(Record("counts").int("queued", counts.queued).int("reads", counts.reads).int("commits", counts.commits)
                .int("lostUpdates", counts.lostUpdates).int("refused", counts.refused))
            for (p, name) in processes.enumerated() {
                var r = Record("process").word("name", name).int("queued", queues[p].count)
                    .string("queue", queues[p].map(\.text).joined(separator: ", "))
                if let txn = open[p] { r = r.string("open", txn.op.text).int("readAt", txn.readSerial) }
                w.record(r)
            }
            for key in lastWrite.keys.sorted() {
                w.record(Record("version").string("key", key).int("serial", lastWrite[key]!.serial).word("by", lastWrite[key]!.by))
            }
            store.write(to: &w)
        }
    }
}
