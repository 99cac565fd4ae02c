import LockstepCore

/// The tiny store contract `AppGroup` interleaves processes over: a process takes a snapshot,
/// computes, then commits key by key. `KeyValueStore` adopts it here; any store with a
/// snapshot and per-key writes (an object store) can adopt it the same way.
public protocol AppGroupStore: Hashable, Sendable, CanonicallyWritable {
    associatedtype Snapshot: Hashable & Sendable
    associatedtype Value: Hashable & Sendable
    /// What `process` sees when it reads the container now (reads that fail are the store's records).
    mutating func snapshot<D: Domain>(by process: String, _ world: inout World<D>) -> Snapshot
    /// Writes `value` at `key` (nil removes it) on behalf of `process`.
    mutating func commit<D: Domain>(_ key: String, _ value: Value?, by process: String, _ world: inout World<D>) -> StoreWrite
}

/// A `KeyValueStore` read in full: every key that read `ok`, at the moment of the read.
public struct KeyValueSnapshot: Hashable, Sendable {
    private let entries: [String: [UInt8]]
    public init(_ entries: [String: [UInt8]]) { self.entries = entries }
    public subscript(key: String) -> [UInt8]? { entries[key] }
    /// The value at `key` as UTF-8 text; nil when missing or not UTF-8.
    public func string(_ key: String) -> String? { entries[key].flatMap { try? String(storeBytes: $0) } }
    /// Keys with `prefix`, ascending.
    public func keys(withPrefix prefix: String) -> [String] { entries.keys.sorted().filter { $0.hasPrefix(prefix) } }
}

extension KeyValueStore: AppGroupStore {
    /// Reads every key through the app API, so a locked or corrupt entry is the store's record
    /// and is left out of the snapshot (never read as empty).
    public mutating func snapshot<D: Domain>(by process: String, _ world: inout World<D>) -> KeyValueSnapshot {
        var values: [String: [UInt8]] = [:]
        for key in keys {
            if case .ok(let bytes) = read(key, &world) { values[key] = bytes }
        }
        return KeyValueSnapshot(values)
    }

    public mutating func commit<D: Domain>(_ key: String, _ value: [UInt8]?, by process: String, _ world: inout World<D>) -> StoreWrite {
        if let value { return write(key, value, by: process, &world) }
        return remove(key, by: process, &world)
    }
}
