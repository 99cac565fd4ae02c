/// What `Ledger.append` did with a record, so the domain can say it (silence is a bug).
public enum LedgerAppendOutcome: Equatable, Sendable {
    /// Appended and applied to the derived view in order.
    case appended
    /// Appended; it sorted before records already applied, so the view was rebuilt from the log.
    case appendedOutOfOrder
    /// The same event id with the same content is already in the log: nothing changes (idempotent).
    case duplicate
    /// The event id is in the log with different content: refused, the log is never rewritten.
    case conflictingDuplicate
    /// The log holds `maxRecords` records already.
    case limitReached(maxRecords: Int)
    /// The event id is empty or longer than `Ledger.maxEventIDBytes`.
    case badEventID

    public var word: String {
        switch self {
        case .appended: "appended"
        case .appendedOutOfOrder: "appended-out-of-order"
        case .duplicate: "duplicate"
        case .conflictingDuplicate: "conflicting-duplicate"
        case .limitReached: "limit-reached"
        case .badEventID: "bad-event-id"
        }
    }
}

/// A record replay could not apply: an update or tombstone for an item that does not exist at that
/// point of the order (not yet created, or already removed). It stays in the log; the item is derived
/// only from records that sort after its creation.
public struct LedgerOrphan: Equatable, Sendable {
    public var key: LedgerKey
    public var itemID: String
    public var effect: LedgerEffect
    /// True when the item was never created before this record; false when it was removed.
    public var beforeCreation: Bool

    public init(key: LedgerKey, itemID: String, effect: LedgerEffect, beforeCreation: Bool) {
        self.key = key
        self.itemID = itemID
        self.effect = effect
        self.beforeCreation = beforeCreation
    }
}
