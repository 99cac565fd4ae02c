import Platform

/// A copy in the collection, derived from the ledger.
public struct CollectionItem: Equatable, Sendable {
    public var id: String
    /// The card id as recorded; renames resolve at read time through the alias table.
    public var cardID: String
    public var finish: Finish
}

/// A ledger record's payload. The replay rank is stored, not computed, so the historical order
/// (every record rank 0: `(timestamp, eventID)`) can be switched back on as a fault.
public struct CollectionChange: LedgerChange {
    public enum Action: Equatable, Sendable {
        case added(cardID: String, finish: Finish)
        case finish(Finish)
        case removed
    }

    public var action: Action
    public var replayRank: Int

    /// "Creation sorts before every edit to the same item at the same instant": add 0, others 1.
    init(_ action: Action, rankIgnored: Bool) {
        self.action = action
        if rankIgnored { replayRank = 0 } else if case .added = action { replayRank = 0 } else { replayRank = 1 }
    }

    public var effect: LedgerEffect {
        switch action {
        case .added: .create
        case .finish: .update
        case .removed: .tombstone
        }
    }

    public func created(itemID: String) -> CollectionItem {
        guard case .added(let card, let finish) = action else { preconditionFailure("created() on a non-create record") }
        return CollectionItem(id: itemID, cardID: card, finish: finish)
    }

    public func apply(to item: inout CollectionItem) {
        if case .finish(let f) = action { item.finish = f }
    }

    var word: String {
        switch action {
        case .added: "added"
        case .finish: "edited"
        case .removed: "removed"
        }
    }
}
