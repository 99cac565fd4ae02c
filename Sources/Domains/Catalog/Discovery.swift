import LockstepCore
import Platform

/// Tags, search, favourites (section 6): pure functions over the registry, so every screen reads
/// the same array.
enum Discovery {
    /// The list: items with the tag (any item for "All") whose title contains the query, folded,
    /// in registry order. An empty query matches everything; the query is not trimmed.
    static func results(_ items: [CatalogItem], query: String, tag: CatalogTag?) -> [CatalogItem] {
        items.filter { item in
            (tag.map { item.tags.contains($0) } ?? true) && (query.isEmpty || SearchFolding.matches(query: query, in: item.title))
        }
    }

    /// `Set(raw.split(separator: ","))`: empty pieces dropped, repeats once, sorted by bytes.
    static func favoriteSet(_ raw: String) -> [String] {
        sortedUnique(raw.split(separator: ",").map(String.init))
    }

    static func sortedUnique(_ tokens: [String]) -> [String] {
        var out: [String] = []
        for t in tokens.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !(out.last.map { $0.utf8.elementsEqual(t.utf8) } ?? false) {
            out.append(t)
        }
        return out
    }

    static func contains(_ set: [String], _ token: String) -> Bool { set.contains { $0.utf8.elementsEqual(token.utf8) } }

    /// The article's toggle: insert, or remove if it was there; then sorted and comma-joined.
    static func toggle(_ raw: String, _ token: String) -> (raw: String, on: Bool) {
        var set = favoriteSet(raw)
        let on: Bool
        if let i = set.firstIndex(where: { $0.utf8.elementsEqual(token.utf8) }) {
            set.remove(at: i)
            on = false
        } else {
            set.append(token)
            on = true
        }
        return (sortedUnique(set).joined(separator: ","), on)
    }

    /// What a favourite stores for `item`: its id (the article), or under the faults its title or
    /// its position in the registry.
    static func token(_ item: CatalogItem, in registry: [CatalogItem], byTitle: Bool, byIndex: Bool) -> String {
        if byTitle { return item.title }
        if byIndex { return String(registry.firstIndex(of: item) ?? -1) }
        return item.id
    }

    /// The swipe action's label.
    static func label(isFavorite: Bool) -> String { isFavorite ? "Unfavorite" : "Favorite" }
}
