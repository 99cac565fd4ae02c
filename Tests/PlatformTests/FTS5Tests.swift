import Testing
import LockstepCore
@testable import Platform

/// The FTS5 model against real SQLite: the addendum's tokenizer fixture and every row of its A6
/// table (ids, order, ranks within 1e-12, snippets byte for byte).
@Suite struct FTS5Tests {
    static func index() -> FTSIndex {
        var idx = FTSIndex()
        for line in FTS5Fixture.corpus.split(separator: "\n") {
            let parts = line.split(separator: "|", maxSplits: 2)
            _ = idx.insert(tag: String(parts[0]), key: Int64(parts[1])!, text: String(parts[2]))
        }
        return idx
    }

    @Test func tablesHaveSQLitesCounts() {
        #expect(Unicode61.separatorCount == 8_021)
        #expect(Unicode61.separatorRangeCount == 402)
        #expect(Unicode61.foldCount == 1_274)
    }

    @Test(arguments: [
        ("LORD's Name", "lord s name"), ("don't", "don t"), ("long-suffering", "long suffering"), ("3:16", "3 16"),
        ("Naïve RÉSUMÉ", "naive resume"), ("cafe\u{301}", "cafe"), ("ǖ Ǖ ṏ", "u u o"), ("Straße", "straße"),
        ("Æsop Œuvre ø ł", "æsop œuvre ø ł"), ("İstanbul", "istanbul"), ("ΆΓΆΠΗ ἀγάπη", "άγάπη ἀγάπη"), ("Ёлка", "ёлка"),
        ("x² ½ Ⅻ", "x² ½ ⅻ"), ("ﬁne Ａ", "ﬁne ａ"), ("神爱世人", "神爱世人"), ("🙏love🙏 🥰love", "love 🥰love"),
        ("O’er", "o er"), ("Thee? Be", "thee be"), ("नमस्ते", "नमस त"),
    ])
    func tokenizerMatchesSQLite(input: String, expected: String) {
        #expect(Unicode61.tokens(input).map(\.text).joined(separator: " ") == expected)
    }

    @Test func tokenOffsetsAreUTF8Bytes() {
        let t = Unicode61.tokens("Naïve café")
        #expect(t.map(\.startByte) == [0, 7])
        #expect(t.map(\.endByte) == [6, 12])
    }

    @Test func corpusStatistics() {
        let idx = FTS5Tests.index()
        #expect(idx.rows.count == 41)
        #expect(idx.totalTokens == 760)
        #expect(idx.averageLength == 18.536585365853657)
    }

    @Test func everyA6RowMatchesSQLite() {
        let idx = FTS5Tests.index()
        for c in FTS5Fixture.cases {
            let result = idx.search(c.terms, tag: c.tag, limit: c.limit)
            switch result {
            case .failure(let e):
                #expect(c.error == e.message, "\(c.terms)")
            case .success(let hits):
                #expect(c.error == nil, "\(c.terms) should fail")
                #expect(hits.map(\.key) == c.rows.map(\.0), "\(c.terms) \(c.tag)")
                for (h, r) in zip(hits, c.rows) {
                    #expect(abs(h.rank - r.1) <= 1e-12, "\(c.terms) \(h.key): \(h.rank) vs \(r.1)")
                    #expect(h.snippet == r.2, "\(c.terms) \(h.key)")
                }
            }
        }
    }

    /// bm25 by hand (Python): wept* has n = 1 of N = 41, idf = ln(40.5/1.5); D = 2, f = 1.
    @Test func bm25WorkedExample() {
        let r = FTSIndex.bm25(frequencies: [1], rowsWithPhrase: [1], rowCount: 41, rowTokens: 2, averageLength: 760.0 / 41.0)
        #expect(abs(r - -5.1899032209071745) <= 1e-12)
        // Half the rows or more: idf is exactly 1e-6.
        let c = FTSIndex.bm25(frequencies: [1], rowsWithPhrase: [26], rowCount: 41, rowTokens: 10, averageLength: 760.0 / 41.0)
        #expect(c < 0 && c > -2e-6)
    }

    @Test func keywordsFailAsSQLiteDoes() {
        #expect(FTSQuery.parse("faith* NOT*") == .failure(FTSQueryError(message: "fts5: syntax error near \"*\"")))
        #expect(FTSQuery.parse("AND* faith*") == .failure(FTSQueryError(message: "fts5: syntax error near \"AND\"")))
        #expect((try? FTSQuery.parse("NEAR* and*").get())?.count == 2)
        #expect((try? FTSQuery.parse("\"faith\"* \"AND\"* \"hope\"*").get())?.count == 3)
        // Zero-token pieces drop out: U+19B0 is a letter to Swift, a separator to unicode61 6.1.
        #expect((try? FTSQuery.parse("\u{19B0}*").get())?.isEmpty == true)
    }

    @Test func limitZeroAndNegative() {
        let idx = FTS5Tests.index()
        #expect((try? idx.search("love*", tag: "KJV", limit: 0).get())?.isEmpty == true)
        #expect((try? idx.search("love*", tag: "KJV", limit: -1).get())?.count == 15)
    }
}
