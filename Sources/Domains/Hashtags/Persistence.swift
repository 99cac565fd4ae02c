import LockstepCore

/// `tag-edits.json` in Application Support: the article's `JSONEncoder` output of `UserEdits`,
/// in canonical form (keys sorted by UTF-8 bytes, `removed` as a sorted array), so its bytes are
/// the same in every run: `{"added":{"travel":["#x"]},"order":{},"removed":{"travel":["#a"]}}`.
public enum EditsFile {
    public static let path = "Application Support/tag-edits.json"
    /// Where unreadable bytes are kept (never overwritten by the next save).
    public static let quarantinePath = "Application Support/tag-edits.corrupt.json"

    public static func encode(_ edits: UserEdits) -> [UInt8] {
        func member(_ pick: (CategoryEdits) -> [String]?) -> JSONValue {
            .object(edits.categories.compactMap { e in pick(e).map { (e.id, JSONValue.array($0.map { .string($0) })) } })
        }
        let doc = JSONValue.object([("added", member(\.added)), ("order", member(\.order)), ("removed", member(\.removed))])
        return JSONDocument.bytes(doc)
    }

    /// The edits in `bytes`, or why they cannot be read. Missing top-level keys read as empty (the
    /// file of an older version); anything else of the wrong shape is damage.
    public static func decode(_ bytes: [UInt8]) -> Result<UserEdits, EditsFileError> {
        let doc: JSONValue
        do { doc = try JSONDocument.parse(bytes) } catch { return .failure(EditsFileError(reason: "JSON: \(error)")) }
        guard let top = doc.object else { return .failure(EditsFileError(reason: "the top level is \(doc.typeName), not an object")) }
        var byID: [(String, CategoryEdits)] = []
        for (key, value) in top {
            guard key == "added" || key == "removed" || key == "order" else {
                return .failure(EditsFileError(reason: "unknown key \"\(key)\""))
            }
            guard let members = value.object else { return .failure(EditsFileError(reason: "\"\(key)\" is \(value.typeName), not an object")) }
            for (id, list) in members {
                guard let items = list.array, items.allSatisfy({ $0.string != nil }) else {
                    return .failure(EditsFileError(reason: "\"\(key)\".\"\(id)\" is not an array of strings"))
                }
                let tags = items.compactMap(\.string)
                let i = byID.firstIndex { $0.0 == id } ?? { byID.append((id, CategoryEdits(id: id))); return byID.count - 1 }()
                switch key {
                case "added": byID[i].1.added = tags
                case "order": byID[i].1.order = tags
                default:
                    var set: [String] = []
                    for t in tags where !set.contains(where: { Hashtag.same($0, t) }) { set.append(t) }
                    byID[i].1.removed = set.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                }
            }
        }
        return .success(UserEdits(byID.map { $0.1 }))
    }
}

public struct EditsFileError: Error, Sendable, Equatable {
    public var reason: String
}

/// `categories.json` in the bundle: an array of `{"id", "name", "tags"}`. The article decodes it
/// with `try?` and gets `[]` on any damage; here damage is a record and the good categories stay.
public enum BundleFile {
    /// At most this many categories and tags per category are read; the rest are reported.
    public static let maxCategories = 200
    public static let maxTagsPerCategory = 500

    /// One finding while loading: a category or tag changed or left out, and why.
    public struct Note: Sendable, Equatable {
        public var category: String
        public var raw: String
        public var tag: String?
        public var reason: String
    }

    public struct Loaded: Sendable, Equatable {
        public var categories: [TagCategory] = []
        public var notes: [Note] = []
    }

    /// The categories of `bytes`, or why none can be read. Tags are normalised at load (`#Travel`
    /// becomes `#travel`, `travel photo` `#travelphoto`) with a note for each one changed, dropped
    /// or repeated; a repeated category id keeps the first.
    public static func decode(_ bytes: [UInt8], _ rules: Hashtag.Rules) -> Result<Loaded, EditsFileError> {
        let doc: JSONValue
        do { doc = try JSONDocument.parse(bytes) } catch { return .failure(EditsFileError(reason: "JSON: \(error)")) }
        guard let items = doc.array else { return .failure(EditsFileError(reason: "the top level is \(doc.typeName), not an array")) }
        var out = Loaded()
        for (n, item) in items.enumerated() {
            guard let id = item["id"]?.string, !id.isEmpty, let name = item["name"]?.string, let tags = item["tags"]?.array else {
                out.notes.append(Note(category: item["id"]?.string ?? "#\(n)", raw: "", tag: nil, reason: "not-a-category"))
                continue
            }
            if out.categories.contains(where: { $0.id == id }) {
                out.notes.append(Note(category: id, raw: "", tag: nil, reason: "duplicate-id"))
                continue
            }
            if out.categories.count == maxCategories {
                out.notes.append(Note(category: id, raw: "", tag: nil, reason: "limit maxCategories=\(maxCategories)"))
                continue
            }
            var kept: [String] = []
            for raw in tags {
                guard let text = raw.string else {
                    out.notes.append(Note(category: id, raw: "", tag: nil, reason: "not-a-string"))
                    continue
                }
                let (tag, why) = Hashtag.normalizeWithReason(text, rules)
                guard let tag else {
                    out.notes.append(Note(category: id, raw: text, tag: nil, reason: why ?? "empty"))
                    continue
                }
                if kept.contains(where: { Hashtag.same($0, tag) }) {
                    out.notes.append(Note(category: id, raw: text, tag: tag, reason: "duplicate"))
                    continue
                }
                if kept.count == maxTagsPerCategory {
                    out.notes.append(Note(category: id, raw: text, tag: tag, reason: "limit maxTagsPerCategory=\(maxTagsPerCategory)"))
                    continue
                }
                if !Hashtag.same(tag, text) { out.notes.append(Note(category: id, raw: text, tag: tag, reason: "normalized")) }
                kept.append(tag)
            }
            out.categories.append(TagCategory(id: id, name: name, tags: kept))
        }
        return .success(out)
    }

    /// The bundle a scenario gets without a `bundle` setting: three small categories.
    public static let builtIn: [UInt8] = Array("""
        [{"id":"travel","name":"Travel","tags":["#travel","#wanderlust","#travelgram","#instatravel","#travelphotography","#vacation","#explore"]},
         {"id":"food","name":"Food","tags":["#food","#foodie","#instafood","#yummy"]},
         {"id":"fitness","name":"Fitness","tags":["#fitness","#gym","#workout"]}]
        """.utf8)
}
