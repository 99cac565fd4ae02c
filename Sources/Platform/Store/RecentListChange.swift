import LockstepCore

/// What one `RecentList.add` did.
public struct RecentListChange<Element: Hashable & Sendable>: Hashable, Sendable {
    /// The entry now first.
    public var element: Element
    /// Where an entry with the same key was before (it moved to the front); nil for a new entry.
    public var from: Int?
    /// The spelling the moved entry had (it now has `element`'s).
    public var replaced: Element?
    /// Entries that fell off the end, newest of them first.
    public var evicted: [Element]
    /// Entries after the change.
    public var count: Int

    public var wasNew: Bool { from == nil }
}

extension RecentListChange where Element == String {
    /// `recent.add list=NAME entry="c5" from=12 count=15` and, for a new entry past the capacity,
    /// `evicted="c1" capacity=15`: what a domain emits after each add.
    public func record(_ list: String, capacity: Int) -> Record {
        var r = Record("recent.add").word("list", list).string("entry", element)
        if let from { r = r.int("from", from) } else { r = r.word("from", "new") }
        if let replaced, replaced != element { r = r.string("replaced", replaced) }
        r = r.int("count", count)
        if !evicted.isEmpty { r = r.with("evicted", .tuple(evicted.map { .string($0) })).int("capacity", capacity) }
        return r
    }
}
