import LockstepCore
import Platform

/// Search (case- and diacritic-insensitive, untrimmed, sorted by author then id) and the recent
/// searches (8, newest first, case-insensitive de-duplication).
extension Quotes {
    static func search(_ s: QuotesState, _ world: inout World<Quotes>, _ q: String) {
        guard q.unicodeScalars.count <= 256 else { world.reject("search", "too-long") { $0.int("limit", 256) }; return }
        let query = world.isOn(.trimmedSearchQuery) ? trimSpacesAndTabs(q) : q
        let rows = (try? s.store.fetch("quote")) ?? []
        // The query is folded once for all rows (the fold of each row's fields is the cost).
        let needle = SearchFolding.foldedQuery(query)
        // Columns by position (the schema `start` creates: id, text, author, category, ...), read
        // once a row; the hits are sorted on their (author, id) keys.
        var hits: [(author: String, id: String)] = []
        for r in rows {
            let c = r.cells
            let id = c[0].text ?? "", text = c[1].text ?? "", author = c[2].text ?? "", category = c[3].text ?? ""
            if needle.isEmpty || SearchFolding.matches(folded: needle, in: text) || SearchFolding.matches(folded: needle, in: author)
                || SearchFolding.matches(folded: needle, in: category) {
                hits.append((author, id))
            }
        }
        hits.sort { a, b in
            if a.author != b.author { return CodePoint.precedes(a.author, b.author) }
            return CodePoint.precedes(a.id, b.id)
        }
        let listed = hits.prefix(maxListedResults).map(\.id)
        var r = Record("results").string("q", q).int("count", hits.count).string("ids", listed.joined(separator: " "))
        if hits.count > maxListedResults { r = r.int("listed", maxListedResults) }
        world.emit(r)
    }

    /// `trimmingCharacters(in: .whitespaces)`: spaces and tabs (and other Zs), never newlines.
    static func trimSpacesAndTabs(_ q: String) -> String {
        let scalars = Array(q.unicodeScalars)
        func blank(_ u: Unicode.Scalar) -> Bool { u == " " || u == "\t" || u.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }

    static func loadRecents(_ s: inout QuotesState, _ world: inout World<Quotes>) {
        guard s.recentsCorrupt else { return }
        s.recentsCorrupt = false
        s.recents.removeAll()
        world.emit(Record("recents.reset").word("why", "undecodable").int("kept", 0))
    }

    static func submit(_ s: inout QuotesState, _ world: inout World<Quotes>, _ q: String) {
        let trimmed = trimSpacesAndTabs(q)
        guard !trimmed.isEmpty else { world.reject("submit", "empty") { $0.string("q", q) }; return }
        guard trimmed.unicodeScalars.count <= 256 else { world.reject("submit", "too-long") { $0.int("limit", 256) }; return }
        loadRecents(&s, &world)
        s.recents.add(trimmed)
        world.emit(s.recents.record("recents"))
    }
}
