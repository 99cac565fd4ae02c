import LockstepCore

/// One stored item: its bytes, its protection class, and whether it has been damaged.
public struct StoreEntry: Hashable, Sendable {
    public var bytes: [UInt8]
    public var protection: FileProtection
    /// Set when the stored bytes are damaged (by an injected fault); reads report `corrupt`.
    public var corruptReason: String?
}

/// The engine behind `KeyValueStore` and `FileStore`: sorted entries, data protection against the
/// device lock, silently dropped writers, a capacity, injected corruption, and a record for every
/// write, drop, denial and corrupt read.
struct StoreCore: Hashable, Sendable {
    /// The store's name in records (`standard`, `group.app.kibo`, `files`).
    let name: String
    private(set) var entries: [String: StoreEntry] = [:]
    private(set) var lock: DeviceLockState = .unlocked
    /// Writers whose writes vanish, by writer name.
    private(set) var droppedWriters: [String: DropReason] = [:]
    /// Total bytes the store may hold; nil for no limit.
    private(set) var capacityBytes: Int?
    /// Keys held open by the app (matters for `completeUnlessOpen` while locked).
    private(set) var openKeys: Set<String> = []
    private(set) var usedBytes = 0

    init(name: String) { self.name = name }

    /// Keys in ascending order.
    var sortedKeys: [String] { entries.keys.sorted() }

    // MARK: Reads

    mutating func read<D: Domain>(_ key: String, _ world: inout World<D>) -> StoreRead<[UInt8]> {
        guard let entry = entries[key] else { return .missing }
        if let denial = entry.protection.denial(lock: lock, creating: false, isOpen: openKeys.contains(key)) {
            world.emit(Record("store.denied").word("store", name).string("key", key).word("op", "read")
                .word("reason", denial.rawValue).word("protection", entry.protection.rawValue))
            return .denied(denial)
        }
        if let reason = entry.corruptReason {
            world.emit(Record("store.corrupt").word("store", name).string("key", key).string("reason", reason))
            return .corrupt(reason: reason)
        }
        return .ok(entry.bytes)
    }

    mutating func read<T: StoreValue, D: Domain>(_ key: String, as type: T.Type, _ world: inout World<D>) -> StoreRead<T> {
        switch read(key, &world) {
        case .ok(let bytes):
            do throws(StoreDecodeError) {
                return .ok(try T(storeBytes: bytes))
            } catch {
                world.emit(Record("store.corrupt").word("store", name).string("key", key).string("reason", error.reason))
                return .corrupt(reason: error.reason)
            }
        case .missing: return .missing
        case .corrupt(let reason): return .corrupt(reason: reason)
        case .denied(let d): return .denied(d)
        }
    }

    // MARK: Writes

    /// Replaces the value atomically: afterwards the key holds exactly `bytes`, or the store is unchanged.
    mutating func write<D: Domain>(_ key: String, _ bytes: [UInt8], protection: FileProtection, by writer: String,
                           _ world: inout World<D>) -> StoreWrite {
        if let reason = droppedWriters[writer] {
            world.emit(Record("store.dropped").word("store", name).string("key", key).word("op", "write")
                .word("by", writer).word("reason", reason.rawValue).int("bytes", bytes.count))
            return .dropped(reason)
        }
        if let denial = protection.denial(lock: lock, creating: true, isOpen: openKeys.contains(key)) {
            world.emit(Record("store.denied").word("store", name).string("key", key).word("op", "write")
                .word("reason", denial.rawValue).word("protection", protection.rawValue))
            return .denied(denial)
        }
        let newUsed = usedBytes - (entries[key]?.bytes.count ?? 0) + bytes.count
        if let capacityBytes, newUsed > capacityBytes {
            let free = capacityBytes - usedBytes
            world.emit(Record("store.full").word("store", name).string("key", key).int("bytes", bytes.count)
                .int("freeBytes", free))
            return .diskFull(neededBytes: bytes.count, freeBytes: free)
        }
        entries[key] = StoreEntry(bytes: bytes, protection: protection, corruptReason: nil)
        usedBytes = newUsed
        world.emit(Record("store.write").word("store", name).string("key", key).word("by", writer)
            .int("bytes", bytes.count).digest("digest", FNV1a64.hash(bytes)))
        return .written
    }

    /// Removes a key. Removing needs no protection key (it unlinks the file), but a dropped writer's
    /// removal vanishes like its writes.
    mutating func remove<D: Domain>(_ key: String, by writer: String, _ world: inout World<D>) -> StoreWrite {
        if let reason = droppedWriters[writer] {
            world.emit(Record("store.dropped").word("store", name).string("key", key).word("op", "remove")
                .word("by", writer).word("reason", reason.rawValue).int("bytes", 0))
            return .dropped(reason)
        }
        let existed = entries[key] != nil
        if let old = entries.removeValue(forKey: key) { usedBytes -= old.bytes.count }
        openKeys.remove(key)
        world.emit(Record("store.removed").word("store", name).string("key", key).word("by", writer).bool("existed", existed))
        return .written
    }

    // MARK: Setup and faults

    /// Puts a value in place without any check (data left by an earlier run, another process, a fixture).
    mutating func seed<D: Domain>(_ key: String, _ bytes: [UInt8], protection: FileProtection, _ world: inout World<D>) {
        usedBytes += bytes.count - (entries[key]?.bytes.count ?? 0)
        entries[key] = StoreEntry(bytes: bytes, protection: protection, corruptReason: nil)
        world.emit(Record("store.seeded").word("store", name).string("key", key).int("bytes", bytes.count)
            .digest("digest", FNV1a64.hash(bytes)))
    }

    mutating func setLock<D: Domain>(_ state: DeviceLockState, _ world: inout World<D>) {
        let from = lock
        lock = state
        world.emit(Record("store.lock").word("store", name).word("from", from.rawValue).word("to", state.rawValue))
    }

    mutating func dropWrites<D: Domain>(from writer: String, _ reason: DropReason?, _ world: inout World<D>) {
        droppedWriters[writer] = reason
        world.emit(Record("store.fault").word("store", name).word("fault", "dropWrites").word("by", writer)
            .word("reason", reason?.rawValue ?? "off"))
    }

    mutating func setCapacity<D: Domain>(_ bytes: Int?, _ world: inout World<D>) {
        capacityBytes = bytes.map { max(0, $0) }
        var r = Record("store.fault").word("store", name).word("fault", "capacity")
        r = capacityBytes.map { r.int("bytes", $0) } ?? r.word("bytes", "unlimited")
        world.emit(r.int("usedBytes", usedBytes))
    }

    /// Damages the entry at `key`: reads report `corrupt(reason)` until it is overwritten. `bytes`,
    /// if given, replace the stored bytes (a truncated file, foreign data). A missing key becomes a
    /// damaged entry with those bytes and the default protection.
    mutating func corrupt<D: Domain>(_ key: String, reason: String, bytes: [UInt8]?, defaultProtection: FileProtection,
                             _ world: inout World<D>) {
        var entry = entries[key] ?? StoreEntry(bytes: [], protection: defaultProtection, corruptReason: nil)
        if let bytes {
            usedBytes += bytes.count - entry.bytes.count
            entry.bytes = bytes
        }
        entry.corruptReason = reason
        entries[key] = entry
        world.emit(Record("store.fault").word("store", name).word("fault", "corrupt").string("key", key).string("reason", reason))
    }

    mutating func setOpen(_ key: String, _ open: Bool) {
        if open { openKeys.insert(key) } else { openKeys.remove(key) }
    }

    /// Removes every key that satisfies `predicate` (the system purging caches); one record per key,
    /// in key order.
    mutating func purge<D: Domain>(where predicate: (String) -> Bool, reason: String, _ world: inout World<D>) -> Int {
        var count = 0
        for key in sortedKeys where predicate(key) {
            if let old = entries.removeValue(forKey: key) { usedBytes -= old.bytes.count }
            openKeys.remove(key)
            world.emit(Record("store.purged").word("store", name).string("key", key).word("reason", reason))
            count += 1
        }
        return count
    }

    // MARK: State

    func write(kind: String, to out: inout CanonicalWriter, extra: (inout CanonicalWriter) -> Void) {
        out.section("store \(name)") { w in
            w.word("kind", kind)
            w.word("lock", lock.rawValue)
            w.write("capacityBytes", capacityBytes.map { .int($0) } ?? .word("unlimited"))
            w.int("usedBytes", usedBytes)
            w.write("dropWrites", droppedWriters.isEmpty ? .word("none")
                    : .tuple(droppedWriters.keys.sorted().map { .word("\($0):\(droppedWriters[$0]!.rawValue)") }))
            w.write("open", openKeys.isEmpty ? .word("none") : .tuple(openKeys.sorted().map { .string($0) }))
            extra(&w)
            w.section("entries count=\(entries.count)") { w in
                for key in sortedKeys {
                    let e = entries[key]!
                    var r = Record("entry").string("key", key).int("bytes", e.bytes.count)
                        .digest("digest", FNV1a64.hash(e.bytes)).word("protection", e.protection.rawValue)
                    if let reason = e.corruptReason { r = r.string("corrupt", reason) }
                    if e.bytes.count <= 32 { r = r.with("value", .hex(e.bytes)) }
                    w.record(r)
                }
            }
        }
    }
}
