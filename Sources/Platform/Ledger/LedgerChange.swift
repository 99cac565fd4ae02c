/// What one ledger record does to its item. A domain's change type says which of the three it is,
/// its replay rank, how it creates an item and how it edits one.
public enum LedgerEffect: String, Sendable, CaseIterable {
    /// Creates the item (replay rank usually 0).
    case create
    /// Changes an existing item.
    case update
    /// Removes the item from the derived view; the log keeps every record (a tombstone).
    case tombstone
}

/// A domain's record payload. Pure: the same change applied to the same item gives the same item.
public protocol LedgerChange: Sendable, Equatable {
    associatedtype Item: Sendable, Equatable
    var effect: LedgerEffect { get }
    /// The rank of `LedgerKey`: the domain's order for records at the same timestamp.
    var replayRank: Int { get }
    /// The item a `.create` record makes (only called for `.create`).
    func created(itemID: String) -> Item
    /// Applies an `.update` to the item (only called for `.update`).
    func apply(to item: inout Item)
}

/// One appended record: never rewritten once in the log.
public struct LedgerRecord<Change: LedgerChange>: Sendable, Equatable {
    public var eventID: String
    public var itemID: String
    public var timestampMillis: Int64
    public var change: Change

    public init(eventID: String, itemID: String, timestampMillis: Int64, change: Change) {
        self.eventID = eventID
        self.itemID = itemID
        self.timestampMillis = timestampMillis
        self.change = change
    }

    public var key: LedgerKey { LedgerKey(timestampMillis: timestampMillis, rank: change.replayRank, eventID: eventID) }
}
