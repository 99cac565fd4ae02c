/// The stable replay key of a ledger record: `(timestamp, rank, eventID)`, compared in that order.
///
/// The domain gives the rank (an add is 0, an edit 1, so creation sorts before every edit to the same
/// item at the same instant); the event id is the last tie-break, compared as UTF-8 bytes so the order
/// never depends on a locale or on Unicode normalisation.
public struct LedgerKey: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var timestampMillis: Int64
    public var rank: Int
    public var eventID: String

    public init(timestampMillis: Int64, rank: Int, eventID: String) {
        self.timestampMillis = timestampMillis
        self.rank = rank
        self.eventID = eventID
    }

    public static func < (a: LedgerKey, b: LedgerKey) -> Bool {
        if a.timestampMillis != b.timestampMillis { return a.timestampMillis < b.timestampMillis }
        if a.rank != b.rank { return a.rank < b.rank }
        return a.eventID.utf8.lexicographicallyPrecedes(b.eventID.utf8)
    }

    public var description: String { "(\(timestampMillis),\(rank),\(eventID))" }
}
