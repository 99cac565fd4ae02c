/// A bundled category (`categories.json`): a stable id, a display name and its default tags.
public struct TagCategory: Sendable, Equatable {
    public var id: String
    public var name: String
    public var tags: [String]
}

/// What the user changed in one category (the article's `UserEdits`, one category's slice).
/// Each list is nil until the app first touches it, as the article's dictionary entries are
/// absent until then: `added` and `order` keep their order; `removed` is a set, kept sorted by
/// UTF-8 bytes so its JSON is canonical.
public struct CategoryEdits: Sendable, Equatable {
    public var id: String
    public var added: [String]?
    public var removed: [String]?
    public var order: [String]?

    public var isEmpty: Bool { added == nil && removed == nil && order == nil }
}

/// The user's overlay on the bundled categories, keyed by category id (ascending by UTF-8 bytes,
/// so every walk over it is in one fixed order). It refers to ids and tag strings, never to
/// positions, so it survives a new bundle.
public struct UserEdits: Sendable, Equatable {
    public private(set) var categories: [CategoryEdits] = []

    public init(_ categories: [CategoryEdits] = []) {
        self.categories = categories.filter { !$0.isEmpty }.sorted { Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8)) }
    }

    public subscript(id: String) -> CategoryEdits {
        get { categories.first { $0.id == id } ?? CategoryEdits(id: id) }
        set {
            if let i = categories.firstIndex(where: { $0.id == id }) {
                categories[i] = newValue
            } else {
                let i = categories.firstIndex { Array(id.utf8).lexicographicallyPrecedes(Array($0.id.utf8)) } ?? categories.count
                categories.insert(newValue, at: i)
            }
        }
    }

    /// Inserts `tag` into the sorted `removed` set of `id` (nothing when present).
    mutating func insertRemoved(_ tag: String, in id: String) {
        var e = self[id]
        var set = e.removed ?? []
        if !set.contains(where: { Hashtag.same($0, tag) }) {
            let i = set.firstIndex { Array(tag.utf8).lexicographicallyPrecedes(Array($0.utf8)) } ?? set.count
            set.insert(tag, at: i)
        }
        e.removed = set
        self[id] = e
    }
}

/// The merge rule and the edits the editor makes (the article's `TagLibrary`, §2 and §3).
public enum Overlay {
    /// Defaults minus removals, plus additions, de-duplicated (first kept), then in the user's
    /// order if they set one: sorted by (index in `order`, else after all ordered tags; index in
    /// the merged list), which is the article's stable sort written out.
    public static func tags(for category: TagCategory, _ edits: UserEdits, dedupe: Bool = true) -> [String] {
        let e = edits[category.id]
        let removed = e.removed ?? []
        var merged = category.tags.filter { t in !removed.contains { Hashtag.same($0, t) } } + (e.added ?? [])
        if dedupe {
            var seen = Set<[UInt8]>()
            merged = merged.filter { seen.insert(Array($0.utf8)).inserted }
        }
        guard let order = e.order else { return merged }
        let keyed = merged.enumerated().map { (i, t) in (order.firstIndex { Hashtag.same($0, t) } ?? Int.max, i, t) }
        return keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { $0.2 }
    }

    /// SwiftUI's `move(fromOffsets:toOffset:)`: the elements at `offsets` (in ascending order)
    /// move, keeping their order, to just before the element that was at `destination` in the
    /// original list (`count`: the end). The caller has checked the offsets.
    public static func move<T>(_ list: [T], fromOffsets offsets: [Int], toOffset destination: Int) -> [T] {
        let moving = Set(offsets)
        let block = offsets.sorted().map { list[$0] }
        var before: [T] = []
        var after: [T] = []
        for (i, x) in list.enumerated() where !moving.contains(i) {
            if i < destination { before.append(x) } else { after.append(x) }
        }
        return before + block + after
    }

    /// Why `offsets` and `destination` cannot move a list of `count`, or nil when they can.
    public static func moveProblem(count: Int, offsets: [Int], destination: Int) -> String? {
        if offsets.isEmpty { return "no offsets" }
        if let bad = offsets.first(where: { $0 < 0 || $0 >= count }) { return "offset \(bad) is outside 0..<\(count)" }
        if Set(offsets).count != offsets.count { return "an offset is given twice" }
        if destination < 0 || destination > count { return "toOffset \(destination) is outside 0...\(count)" }
        return nil
    }
}
