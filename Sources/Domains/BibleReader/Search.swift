import LockstepCore
import Platform

extension BibleReader {
    public static let defaultLimit = 100
    public static let maxQueryCharacters = 500

    /// The article's builder: split on anything that is not a Swift letter or number. D1 fixed: each
    /// piece is quoted (`"w"*`), so `AND`, `OR` and `NOT` are ordinary words; a `"` inside a piece
    /// cannot occur (it is a separator), so quoting needs no escaping.
    static func buildTerms(_ query: String, quoted: Bool) -> String {
        query.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { quoted ? "\"\($0)\"*" : "\($0)*" }.joined(separator: " ")
    }

    static func search(_ s: inout BibleReaderState, device: String, query: String, translation: String, limit: Int,
                       _ world: inout World<BibleReader>) {
        guard query.count <= maxQueryCharacters else {
            return world.reject("search", "query-too-long") { $0.int("characters", query.count).int("limit", maxQueryCharacters) }
        }
        guard BibleText.translations.contains(translation) else {
            return world.reject("search", "unknown-translation") { $0.word("translation", translation) }
        }
        s.searches += 1
        let terms = buildTerms(query, quoted: !world.isOn(.bareOperatorTerms))
        var record = Record("search").word("device", device).string("q", query).string("terms", terms).word("translation", translation)
        guard !terms.isEmpty else {
            // An empty terms string never reaches the database.
            return world.emit(record.int("hits", 0).word("db", "skipped"))
        }
        guard let text = world.isOn(.statsPerTranslation) ? s.textByTranslation[translation] : s.text else {
            return world.reject("search", "text-unavailable")
        }
        var effective = limit
        if limit <= 0 {
            effective = defaultLimit
            world.emit(Record("search.limitDefaulted").int("asked", limit).int("used", defaultLimit))
        }
        var match = terms
        if world.isOn(.queryNotFolded) { match = unfoldedMatch(terms) }
        switch text.search(match, tag: translation, limit: effective) {
        case .failure(let e):
            // As written: the step error ends the row loop, and the user sees "no results".
            world.emit(record.int("hits", 0))
            world.emit(Record("search.ftsStepError").string("message", e.message).word("shown", "noResults"))
        case .success(let hits):
            record = record.int("hits", hits.count)
            world.emit(record)
            for (i, h) in hits.enumerated() {
                world.emit(Record("hit").int("n", i + 1).int64("id", h.key).fixed("rank", h.rank, 9).string("snippet", h.snippet))
            }
        }
    }

    /// The `queryNotFolded` fault: a term with any upper-case or accented letter never matches the
    /// folded index (what a case-sensitive, diacritic-sensitive matcher would do).
    static func unfoldedMatch(_ terms: String) -> String {
        let folded = Unicode61.tokens(terms).map(\.text).joined(separator: " ")
        let raw = terms.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
        return folded == raw ? terms : "\"\u{1}\"*"
    }
}
