import LockstepCore

/// A device's local copy of cloud records: every row it saved or received, duplicates of one key
/// included (no unique constraint), at most once per record id (a redelivered record updates its
/// own row, as a mirror does with a known record name).
public struct CloudReplica<Value: CloudValue>: Hashable, Sendable {
    /// Rows in the order they reached this device.
    public private(set) var rows: [CloudRecord<Value>] = []
    private var ids: Set<String> = []

    /// Rows a replica holds at most; `add` refuses beyond it (`.full`), so a run cannot grow without bound.
    public static var maxRows: Int { 65_536 }

    public init() {}

    public enum Outcome: String, Hashable, Sendable {
        /// A new row (a new key, or another record of a key already held).
        case added
        /// The same record id was already held: the delivery was a duplicate, nothing changed.
        case alreadyHeld
        /// `maxRows` reached: refused.
        case full
    }

    /// Adds `record` unless its id is held already.
    public mutating func add(_ record: CloudRecord<Value>) -> Outcome {
        if ids.contains(record.id) { return .alreadyHeld }
        guard rows.count < CloudReplica.maxRows else { return .full }
        ids.insert(record.id)
        rows.append(record)
        return .added
    }

    public func holds(_ id: String) -> Bool { ids.contains(id) }

    /// The deduped view: one row per key, newest first by `CloudMerge`.
    public var view: [CloudRecord<Value>] { CloudMerge.newestPerKey(rows) }
}
