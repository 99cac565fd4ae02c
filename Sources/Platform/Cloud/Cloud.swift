import LockstepCore

/// A seeded multi-device cloud, CloudKit-like: each device saves records locally, pushes them up,
/// and the cloud delivers them to every other device in any order and in parts.
///
/// - **Saves** go to the device's outbox; an online device with `autoPush` pushes at once, an
///   offline one keeps them until it comes online (or a `cloud push` line).
/// - **Pushes** append to the cloud's copy (push order is the server order) and queue the records
///   for every other device.
/// - **Deliveries** (`deliver`) take some or all of a device's queued records, in an order drawn
///   from the cloud's own RNG substream (`world.rng("cloud")`, so nothing else the domain draws
///   moves it); the rest stay queued. A delivery may also repeat records the device already had
///   (`duplicates`) and lose some in transit (`drops`): lost records come back only with a
///   `fetch` (the full catch-up a device does with its change token).
/// - Every save, push, delivery, duplicate, reordering, drop, deferral and refusal is a `cloud.*`
///   record; the cloud never decides anything silently.
///
/// The cloud only carries records. Each device's local copy is the domain's (`CloudReplica`), and
/// the view a user sees is deduped by stable key (`CloudMerge`).
public struct Cloud<Value: CloudValue>: Hashable, Sendable {
    /// Devices, in the order given (fixed for the run).
    public let devices: [String]
    /// Online devices push their saves at once (`true`, CloudKit's mirroring) or only on `push`.
    public let autoPush: Bool
    private var online: [Bool]
    /// Saves not yet pushed, per device.
    private var outbox: [[CloudRecord<Value>]]
    /// Every pushed record, in push order (its index is its server sequence number).
    public private(set) var server: [CloudRecord<Value>] = []
    /// Server indices queued for each device, ascending (push order).
    private var pending: [[Int]]
    /// Server indices lost in transit to each device (only `fetch` recovers them), ascending.
    private var lost: [[Int]]
    /// Server indices delivered to each device at least once, in delivery order.
    private var delivered: [[Int]]
    private var saveCounts: [Int]
    private var rng: SeededRNG
    public private(set) var counts = Counts()

    public struct Counts: Hashable, Sendable {
        public var saved = 0, pushed = 0, delivered = 0, duplicates = 0, reordered = 0, dropped = 0, deferred = 0, refused = 0
    }

    /// At most this many devices: a household's, and a bound on the per-device tables.
    public static var maxDevices: Int { 8 }
    /// At most this many records in the cloud; saves beyond are refused with `cloud.refused reason=full`.
    public static var maxRecords: Int { 65_536 }
    /// A `deliver` takes at most this many records (its `partial=`), and repeats or drops at most
    /// `maxDuplicates`: bounds on one step's work (the reorder check is linear in the queue).
    public static var maxBatch: Int { 1_024 }
    public static var maxDuplicates: Int { 64 }
    /// Device names are 1...16 letters, digits, `-` or `_`.
    public static var maxNameBytes: Int { 16 }

    /// - Parameters:
    ///   - devices: 1...`maxDevices` distinct names (checked: a bad list is a programming error).
    ///   - rng: the cloud's own substream, conventionally `world.rng("cloud")`.
    public init(devices: [String], autoPush: Bool = true, rng: SeededRNG) {
        precondition((1...Cloud.maxDevices).contains(devices.count), "a cloud has 1...\(Cloud.maxDevices) devices")
        precondition(Set(devices).count == devices.count, "device names must be distinct")
        precondition(devices.allSatisfy(Cloud.isDeviceName), "device names are 1...16 of [A-Za-z0-9_-]")
        self.devices = devices
        self.autoPush = autoPush
        self.rng = rng
        let n = devices.count
        online = Array(repeating: true, count: n)
        outbox = Array(repeating: [], count: n)
        pending = Array(repeating: [], count: n)
        lost = Array(repeating: [], count: n)
        delivered = Array(repeating: [], count: n)
        saveCounts = Array(repeating: 0, count: n)
    }

    public static func isDeviceName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= maxNameBytes
            && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    public func index(of device: String) -> Int? { devices.firstIndex(of: device) }
    public func isOnline(_ device: String) -> Bool { index(of: device).map { online[$0] } ?? false }
    /// Records queued for `device` (not lost, not yet delivered).
    public func pendingCount(_ device: String) -> Int { index(of: device).map { pending[$0].count } ?? 0 }
    public func lostCount(_ device: String) -> Int { index(of: device).map { lost[$0].count } ?? 0 }
    public func outboxCount(_ device: String) -> Int { index(of: device).map { outbox[$0].count } ?? 0 }
    /// The RNG draws made so far (pinned in the state: a moved draw changes the digest).
    public var drawCount: UInt64 { rng.drawCount }

    /// Nothing is in flight: every outbox is empty and every device has had every record.
    public var isQuiescent: Bool {
        outbox.allSatisfy(\.isEmpty) && pending.allSatisfy(\.isEmpty) && lost.allSatisfy(\.isEmpty)
    }

    /// The exactly-once bookkeeping for `device`: every server record from another device is in
    /// exactly one of pending, lost and delivered; nil when it holds, else what is wrong.
    public func accountingProblem(_ device: String) -> String? {
        guard let d = index(of: device) else { return "unknown device \(device)" }
        var seen = Array(repeating: 0, count: server.count)
        for i in pending[d] { seen[i] += 1 }
        for i in lost[d] { seen[i] += 1 }
        for i in delivered[d] { seen[i] += 1 }
        for (i, r) in server.enumerated() {
            let want = r.origin == device ? 0 : 1
            if seen[i] != want { return "record \(r.id) is held \(seen[i]) times for \(device), expected \(want)" }
        }
        return nil
    }

    // MARK: Saves and pushes

    /// A device saves `value` under `key`: the new record (its id `DEVICE.N`), or nil when refused
    /// (unknown device, or the cloud full), with a record either way. The caller adds the record to
    /// the device's own replica.
    @discardableResult
    public mutating func save<D: Domain>(_ key: String, _ value: Value, on device: String, _ world: inout World<D>) -> CloudRecord<Value>? {
        guard let d = known(device, "save", &world) else { return nil }
        guard server.count + outbox.reduce(0, { $0 + $1.count }) < Cloud.maxRecords else {
            refuse("save", "full", device, &world) { $0.string("key", key).int("maxRecords", Cloud.maxRecords) }
            return nil
        }
        saveCounts[d] += 1
        let record = CloudRecord(id: "\(device).\(saveCounts[d])", key: key, origin: device, value: value, stamp: world.now)
        outbox[d].append(record)
        counts.saved += 1
        world.emit(record.describe(Record("cloud.saved").word("device", device)).bool("online", online[d]).int("outbox", outbox[d].count))
        if online[d] && autoPush { push(device, &world) }
        return record
    }

    /// Pushes `device`'s outbox (refused, with a record, while it is offline).
    public mutating func push<D: Domain>(_ device: String, _ world: inout World<D>) {
        guard let d = known(device, "push", &world) else { return }
        guard online[d] else {
            let waiting = outbox[d].count
            refuse("push", "offline", device, &world) { $0.int("outbox", waiting) }
            return
        }
        let batch = outbox[d]
        outbox[d] = []
        for record in batch {
            let seq = server.count
            server.append(record)
            for other in devices.indices where other != d { pending[other].append(seq) }
            counts.pushed += 1
        }
        world.emit(Record("cloud.pushed").word("device", device).int("count", batch.count).int("server", server.count)
            .word("ids", Cloud.ids(batch.map(\.id))))
    }

    /// Takes `device` offline (its saves queue, deliveries to it are deferred) or back online
    /// (pushing its outbox when `autoPush`).
    public mutating func setOnline<D: Domain>(_ device: String, _ on: Bool, _ world: inout World<D>) {
        guard let d = known(device, on ? "online" : "offline", &world) else { return }
        let was = online[d]
        online[d] = on
        world.emit(Record("cloud.network").word("device", device).bool("online", on).bool("changed", was != on)
            .int("outbox", outbox[d].count).int("pending", pending[d].count))
        if on && !was && autoPush && !outbox[d].isEmpty { push(device, &world) }
    }

    // MARK: Deliveries

    /// Delivers to `device` up to `partial` of its queued records (all when nil), from `origin`
    /// only when given, in an order the RNG draws; `duplicates` records it already had come again
    /// and `drops` of the chosen ones are lost in transit. Returns what arrived, in arrival order.
    public mutating func deliver<D: Domain>(to device: String, from origin: String? = nil, partial: Int? = nil,
                                            duplicates: Int = 0, drops: Int = 0,
                                            _ world: inout World<D>) -> [CloudDelivery<Value>] {
        guard let d = known(device, "deliver", &world) else { return [] }
        if let origin {
            guard let o = known(origin, "deliver", &world) else { return [] }
            guard o != d else {
                refuse("deliver", "same-device", device, &world) { $0.word("from", origin) }
                return []
            }
        }
        precondition(partial.map { (1...Cloud.maxBatch).contains($0) } ?? true, "partial is 1...maxBatch (the vocabulary checks)")
        precondition((0...Cloud.maxDuplicates).contains(duplicates) && (0...Cloud.maxDuplicates).contains(drops))
        guard online[d] else {
            counts.deferred += 1
            world.emit(Record("cloud.deferred").word("to", device).word("reason", "offline").int("pending", pending[d].count))
            return []
        }
        var candidates = pending[d].filter { origin == nil || server[$0].origin == origin }
        // Any order: a seeded shuffle of the candidates (n - 1 draws), then the first `partial`.
        rng.shuffle(&candidates)
        let take = min(partial ?? candidates.count, candidates.count)
        var chosen = Array(candidates.prefix(take))
        var lostNow: [Int] = []
        if drops > 0 {
            let n = min(drops, chosen.count)
            lostNow = Array(chosen.prefix(n))
            chosen.removeFirst(n)
        }
        // Duplicates: records this device already had, drawn from its delivery history.
        var repeats: [Int] = []
        if duplicates > 0 && !delivered[d].isEmpty {
            for _ in 0..<duplicates { repeats.append(delivered[d][rng.int(below: delivered[d].count)]) }
        }
        let chosenSet = Set(chosen).union(lostNow)
        pending[d].removeAll { chosenSet.contains($0) }
        for i in lostNow {
            lost[d].append(i)
            counts.dropped += 1
            world.emit(server[i].describe(Record("cloud.dropped").word("to", device)).word("recovery", "fetch"))
        }
        lost[d].sort()
        var out: [CloudDelivery<Value>] = []
        for (k, i) in chosen.enumerated() {
            let r = server[i]
            // Reordered: an earlier push from the same origin has not reached this device yet.
            let overtakes = firstEarlierUndelivered(before: i, origin: r.origin, device: d, laterInBatch: chosen[(k + 1)...])
            delivered[d].append(i)
            counts.delivered += 1
            var rec = r.describe(Record("cloud.delivered").word("to", device))
            if let ahead = overtakes {
                counts.reordered += 1
                rec = rec.word("reordered", "ahead-of-\(server[ahead].id)")
            }
            world.emit(rec)
            out.append(CloudDelivery(r, duplicate: false))
        }
        for i in repeats {
            counts.duplicates += 1
            world.emit(server[i].describe(Record("cloud.duplicate").word("to", device)))
            out.append(CloudDelivery(server[i], duplicate: true))
        }
        // Asked for more repeats or losses than this delivery could give: said, never silently shortened.
        if repeats.count < duplicates {
            world.emit(Record("cloud.short").word("to", device).word("what", "duplicates").int("asked", duplicates)
                .int("gave", repeats.count).word("reason", "nothing-delivered-before"))
        }
        if lostNow.count < drops {
            world.emit(Record("cloud.short").word("to", device).word("what", "drops").int("asked", drops)
                .int("gave", lostNow.count).word("reason", "fewer-records-chosen"))
        }
        var summary = Record("cloud.delivery").word("to", device).word("from", origin ?? "any")
        summary = summary.int("delivered", chosen.count).int("duplicates", repeats.count).int("dropped", lostNow.count)
        world.emit(summary.int("pending", pending[d].count).int("lost", lost[d].count))
        return out
    }

    /// A full catch-up of `device`: every queued and lost record, in push order.
    public mutating func fetch<D: Domain>(_ device: String, _ world: inout World<D>) -> [CloudDelivery<Value>] {
        guard let d = known(device, "fetch", &world) else { return [] }
        guard online[d] else {
            counts.deferred += 1
            world.emit(Record("cloud.deferred").word("to", device).word("reason", "offline").int("pending", pending[d].count))
            return []
        }
        let all = (pending[d] + lost[d]).sorted()
        let recovered = lost[d].count
        pending[d] = []
        lost[d] = []
        var out: [CloudDelivery<Value>] = []
        for i in all {
            delivered[d].append(i)
            counts.delivered += 1
            world.emit(server[i].describe(Record("cloud.delivered").word("to", device)).word("via", "fetch"))
            out.append(CloudDelivery(server[i], duplicate: false))
        }
        world.emit(Record("cloud.fetched").word("device", device).int("delivered", all.count).int("recovered", recovered))
        return out
    }

    /// The earliest push from `origin` before server index `i` that `device` has not had yet:
    /// still queued, lost, or later in this delivery. Pending and lost are ascending, so their first
    /// match is their earliest.
    private func firstEarlierUndelivered(before i: Int, origin: String, device d: Int, laterInBatch: ArraySlice<Int>) -> Int? {
        var best: Int?
        for j in pending[d] where j < i && server[j].origin == origin { best = j; break }
        for j in lost[d] where j < i && server[j].origin == origin { best = min(best ?? j, j); break }
        for j in laterInBatch where j < i && server[j].origin == origin { best = min(best ?? j, j) }
        return best
    }

    // MARK: Refusals

    private mutating func known<D: Domain>(_ device: String, _ op: String, _ world: inout World<D>) -> Int? {
        if let d = index(of: device) { return d }
        let names = devices.joined(separator: ",")
        refuse(op, "unknown-device", device, &world) { $0.word("known", names) }
        return nil
    }

    private mutating func refuse<D: Domain>(_ op: String, _ reason: String, _ device: String, _ world: inout World<D>,
                                            _ details: (Record) -> Record = { $0 }) {
        counts.refused += 1
        world.emit(details(Record("cloud.refused").word("op", op).word("reason", reason).word("device", device)))
    }

    // MARK: State

    /// Record ids as one word, `none` for none.
    static func ids(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ",") }

    /// `cloud { … }`: devices with their network, outbox, queue and losses; the server's records;
    /// the counters and the RNG's draws.
    public func write(to out: inout CanonicalWriter) {
        out.section("cloud") { w in
            w.bool("autoPush", autoPush)
            w.write("draws", .int(Int64(rng.drawCount)))
            w.record(Record("counts").int("saved", counts.saved).int("pushed", counts.pushed).int("delivered", counts.delivered)
                .int("duplicates", counts.duplicates).int("reordered", counts.reordered).int("dropped", counts.dropped)
                .int("deferred", counts.deferred).int("refused", counts.refused))
            for (d, name) in devices.enumerated() {
                w.record(Record("device").word("name", name).bool("online", online[d])
                    .word("outbox", Cloud.ids(outbox[d].map(\.id)))
                    .word("pending", Cloud.ids(pending[d].map { server[$0].id }))
                    .word("lost", Cloud.ids(lost[d].map { server[$0].id })))
            }
            w.list("server", server) { w, _, r in w.record(r.describe(Record("record"))) }
        }
    }
}
