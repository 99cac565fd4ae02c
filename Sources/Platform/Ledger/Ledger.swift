/// An append-only log with a derived view, replayed in a stable order.
///
/// Records are appended and never rewritten. The derived `items` always equal a replay of the whole
/// log sorted by `LedgerKey`, updated in the same call as the append (a record that sorts after
/// everything applied is applied alone; one that sorts earlier rebuilds the view). Duplicate event
/// ids are idempotent; an update for an item that does not exist at its point of the order stays in
/// the log as an orphan and is reported, never applied. Renamed ids are the alias table's concern
/// (`LedgerAliasTable`), at read time, so the log is never rewritten for a rename.
///
/// `replay(order:)` lets a caller (a test, or a fault) replay with a different comparison and see
/// what that order would derive.
public struct Ledger<Change: LedgerChange>: Sendable, Equatable {
    public typealias Item = Change.Item
    public typealias Entry = LedgerRecord<Change>

    public static var maxEventIDBytes: Int { 128 }

    /// In append order, the order records arrived.
    public private(set) var log: [Entry] = []
    /// The derived view, by item id.
    public private(set) var items: [String: Item] = [:]
    /// Records replay could not apply, in replay order.
    public private(set) var orphans: [LedgerOrphan] = []
    /// How many times the view was rebuilt from the log (an out-of-order append or `rebuild()`).
    public private(set) var rebuildCount = 0
    public let maxRecords: Int

    /// The view's item ids sorted as bytes, kept in step with `items` (a digest or a screen that
    /// lists the collection every step must not sort it every step).
    public private(set) var itemIDs: [String] = []

    private var byEventID: [String: Int] = [:]
    private var lastApplied: LedgerKey?
    /// Item ids that were created at some point of the applied prefix (to tell "removed" from "never created").
    private var everCreated: Set<String> = []

    public init(maxRecords: Int) {
        precondition(maxRecords > 0, "a ledger holds at least one record")
        self.maxRecords = maxRecords
    }

    /// Appends `record` and brings `items` up to date in the same call.
    @discardableResult
    public mutating func append(_ record: Entry) -> LedgerAppendOutcome {
        let idBytes = record.eventID.utf8.count
        guard idBytes > 0, idBytes <= Self.maxEventIDBytes else { return .badEventID }
        if let at = byEventID[record.eventID] {
            return log[at] == record ? .duplicate : .conflictingDuplicate
        }
        guard log.count < maxRecords else { return .limitReached(maxRecords: maxRecords) }
        byEventID[record.eventID] = log.count
        log.append(record)
        if let last = lastApplied, record.key < last {
            rebuild()
            return .appendedOutOfOrder
        }
        switch Self.apply(record, to: &items, orphans: &orphans, everCreated: &everCreated) {
        case .created(let id): itemIDs.insert(id, at: Self.insertionPoint(of: id, in: itemIDs))
        case .removed(let id): itemIDs.remove(at: Self.insertionPoint(of: id, in: itemIDs))
        case .unchanged: break
        }
        lastApplied = record.key
        return .appended
    }

    /// Throws the view away and replays the whole log in key order (a relaunch).
    public mutating func rebuild() {
        let replayed = replay(order: <)
        items = replayed.items
        orphans = replayed.orphans
        everCreated = replayed.everCreated
        itemIDs = items.keys.sorted(by: Self.bytesPrecede)
        lastApplied = log.map(\.key).max()
        rebuildCount += 1
    }

    /// The log sorted by `order` (a strict weak order on keys; stable for equal keys).
    public func sorted(order: (LedgerKey, LedgerKey) -> Bool) -> [Entry] {
        // Sort indices so equal keys keep append order whatever the sort algorithm does.
        let keys = log.map(\.key)
        let indices = log.indices.sorted { a, b in
            if order(keys[a], keys[b]) { return true }
            if order(keys[b], keys[a]) { return false }
            return a < b
        }
        return indices.map { log[$0] }
    }

    /// What replaying the log in `order` derives.
    public func replay(order: (LedgerKey, LedgerKey) -> Bool) -> (items: [String: Item], orphans: [LedgerOrphan], everCreated: Set<String>) {
        var items: [String: Item] = [:]
        var orphans: [LedgerOrphan] = []
        var everCreated: Set<String> = []
        for record in sorted(order: order) {
            Self.apply(record, to: &items, orphans: &orphans, everCreated: &everCreated)
        }
        return (items, orphans, everCreated)
    }

    static func bytesPrecede(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Where `id` is or would go in the byte-sorted `ids` (binary search).
    static func insertionPoint(of id: String, in ids: [String]) -> Int {
        var low = 0
        var high = ids.count
        while low < high {  // bounded: the range halves each pass
            let mid = (low + high) / 2
            if bytesPrecede(ids[mid], id) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// What one applied record did to the set of item ids.
    enum Applied { case created(String), removed(String), unchanged }

    @discardableResult
    private static func apply(_ record: Entry, to items: inout [String: Item], orphans: inout [LedgerOrphan],
                              everCreated: inout Set<String>) -> Applied {
        let id = record.itemID
        switch record.change.effect {
        case .create:
            // A second create for a live item replaces nothing: the first one stands, reported as an orphan.
            if items[id] != nil {
                orphans.append(LedgerOrphan(key: record.key, itemID: id, effect: .create, beforeCreation: false))
                return .unchanged
            }
            items[id] = record.change.created(itemID: id)
            everCreated.insert(id)
            return .created(id)
        case .update:
            guard var item = items[id] else {
                orphans.append(LedgerOrphan(key: record.key, itemID: id, effect: .update, beforeCreation: !everCreated.contains(id)))
                return .unchanged
            }
            record.change.apply(to: &item)
            items[id] = item
            return .unchanged
        case .tombstone:
            guard let at = items.index(forKey: id) else {
                orphans.append(LedgerOrphan(key: record.key, itemID: id, effect: .tombstone, beforeCreation: !everCreated.contains(id)))
                return .unchanged
            }
            // The key as stored: a canonically equivalent spelling finds it, but sorts elsewhere as bytes.
            let stored = items[at].key
            items.remove(at: at)
            return .removed(stored)
        }
    }
}
