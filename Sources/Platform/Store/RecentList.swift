import LockstepCore

/// A capped most-recently-used list, newest first: recently viewed items, recent searches.
///
/// Apps write this by hand (`removeAll { $0 == id }`, `insert(id, at: 0)`, `prefix(15)`) and get
/// three things subtly wrong: duplicates that differ only in case, the cap applied before the
/// de-duplication, and entries dropped without anyone noticing. One helper, with every eviction
/// returned so the domain can emit it.
///
/// - **Order**: `entries[0]` is the newest. Adding an entry already present (same key) moves it to
///   the front and keeps the **new** spelling; nothing is evicted then.
/// - **Keys**: two entries are the same when their keys are equal. The default key for `String`
///   entries (`RecentList.asciiCaseInsensitive`) folds the 26 ASCII letters `A`–`Z` to `a`–`z` and
///   leaves every other character as it is: `"Picker"` and `"picker"` are one entry, `"É"` and
///   `"é"` are two, and keys compare byte for byte with no Unicode normalisation (`"é"` precomposed
///   and decomposed are two).
///   That is deliberate: Foundation's case-insensitive comparison depends on the locale, and the
///   simulation must not. A domain that wants another rule passes its own `key`.
/// - **Capacity**: at least 1 (a smaller capacity is 1) and at most `maxCapacity`. When an insert
///   goes past it, the oldest entries leave and are returned in `RecentListChange.evicted`, oldest
///   last.
///
/// Known values: capacity 15, opening `c1`…`c17` then `c5` leaves 15 entries, `c5` first, `c1` and
/// `c2` gone; a recent-search list has capacity 8.
public struct RecentList<Element: Hashable & Sendable>: Hashable, Sendable {
    /// No list is longer than this: a capacity read from a scenario or a store cannot make one that
    /// is, so a state line stays a bounded size.
    public static var maxCapacity: Int { 10_000 }

    /// How many entries the list keeps (1...`maxCapacity`).
    public private(set) var capacity: Int
    /// Newest first.
    public private(set) var entries: [Element] = []
    /// `keys[i]` is the key of `entries[i]`, kept so that a lookup never recomputes them.
    public private(set) var keys: [String] = []
    private let keyOf: @Sendable (Element) -> String

    /// An empty list with `capacity` (clamped to 1...`maxCapacity`) and the key function that says
    /// which entries are the same.
    public init(capacity: Int, key: @escaping @Sendable (Element) -> String) {
        self.capacity = RecentList.clamp(capacity)
        self.keyOf = key
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var newest: Element? { entries.first }

    /// The position of the entry whose key equals `element`'s, if any.
    public func index(of element: Element) -> Int? { position(ofKey: keyOf(element)) }

    /// Keys compare byte for byte (UTF-8), not with `String`'s `==`, which treats canonically
    /// equivalent spellings as equal by tables that change with the Unicode version.
    private func position(ofKey key: String) -> Int? { keys.firstIndex { $0.utf8.elementsEqual(key.utf8) } }

    /// Whether an entry with `element`'s key is in the list.
    public func contains(_ element: Element) -> Bool { index(of: element) != nil }

    /// Puts `element` first. An entry with the same key moves to the front (with the new spelling);
    /// otherwise the entry is new and, past the capacity, the oldest entries are evicted.
    @discardableResult
    public mutating func add(_ element: Element) -> RecentListChange<Element> {
        let key = keyOf(element)
        if let i = position(ofKey: key) {
            let replaced = entries[i]
            entries.remove(at: i)
            keys.remove(at: i)
            entries.insert(element, at: 0)
            keys.insert(key, at: 0)
            return RecentListChange(element: element, from: i, replaced: replaced, evicted: [], count: entries.count)
        }
        entries.insert(element, at: 0)
        keys.insert(key, at: 0)
        return RecentListChange(element: element, from: nil, replaced: nil, evicted: trim(), count: entries.count)
    }

    /// Removes the entry with `element`'s key; returns what was stored, or nil.
    @discardableResult
    public mutating func remove(_ element: Element) -> Element? {
        guard let i = index(of: element) else { return nil }
        keys.remove(at: i)
        return entries.remove(at: i)
    }

    /// Changes the capacity (a scenario's `limit.recents`); returns the entries it evicts, oldest
    /// last.
    @discardableResult
    public mutating func setCapacity(_ newCapacity: Int) -> [Element] {
        capacity = RecentList.clamp(newCapacity)
        return trim()
    }

    /// Replaces the list with `stored` (newest first, as an app persists it), keeping the first
    /// entry of each key and at most `capacity` entries. Returns what was left out, in order: later
    /// duplicates and entries past the capacity. A domain loading a stored list reports these
    /// rather than silently shortening it.
    @discardableResult
    public mutating func load(_ stored: [Element]) -> [Element] {
        entries = []
        keys = []
        var skipped: [Element] = []
        for e in stored {
            let k = keyOf(e)
            if position(ofKey: k) != nil || entries.count >= capacity {
                skipped.append(e)
            } else {
                entries.append(e)
                keys.append(k)
            }
        }
        return skipped
    }

    /// Removes every entry.
    public mutating func removeAll() {
        entries = []
        keys = []
    }

    private mutating func trim() -> [Element] {
        guard entries.count > capacity else { return [] }
        let gone = Array(entries[capacity...])
        entries.removeLast(entries.count - capacity)
        keys.removeLast(keys.count - capacity)
        return gone
    }

    private static func clamp(_ n: Int) -> Int { min(max(n, 1), maxCapacity) }

    // The key function is fixed at creation; two lists are equal when they hold the same entries
    // under the same keys and capacity.
    public static func == (a: RecentList, b: RecentList) -> Bool {
        a.capacity == b.capacity && a.entries == b.entries && a.keys == b.keys
    }

    public func hash(into h: inout Hasher) {
        h.combine(capacity)
        h.combine(entries)
    }
}

extension RecentList where Element == String {
    /// A list of strings de-duplicated with `asciiCaseInsensitive`.
    public init(capacity: Int) {
        self.init(capacity: capacity, key: RecentList.asciiCaseInsensitive)
    }

    /// The default key: the text with `A`–`Z` lowered to `a`–`z`, every other scalar unchanged.
    @Sendable public static func asciiCaseInsensitive(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for i in bytes.indices where bytes[i] >= 65 && bytes[i] <= 90 { bytes[i] += 32 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `recent list=NAME count=N entries="a","b"`: the whole list, for a domain's state or an audit.
    public func record(_ name: String) -> Record {
        Record("recent").word("list", name).int("count", count).int("capacity", capacity)
            .with("entries", entries.isEmpty ? .word("none") : .tuple(entries.map { .string($0) }))
    }

    /// `recent list=NAME { capacity entries }` in canonical state.
    public func write(_ name: String, to out: inout CanonicalWriter) {
        out.record(record(name))
    }
}
