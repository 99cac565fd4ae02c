import LockstepCore

/// One row of an FTS5 table: the indexed text plus two UNINDEXED columns (a tag such as a
/// translation code, and an integer key such as a verse id). Rowids are insertion order.
public struct FTSRow: Hashable, Sendable {
    public let tag: String
    public let key: Int64
    public let text: String
    let tokens: [FTSToken]
}

/// One phrase instance in a row: where it starts and which phrase it is.
public struct FTSInstance: Hashable, Sendable {
    public let position: Int
    public let phrase: Int
}

/// A search result: the row's key, its bm25 rank (more negative is better) and its snippet.
public struct FTSHit: Hashable, Sendable {
    public let rowid: Int
    public let key: Int64
    public let tag: String
    public let rank: Double
    public let snippet: String
}

/// An in-memory FTS5 table with one indexed column, `unicode61 remove_diacritics 2`, searched the
/// way `SELECT key, snippet(t, 0, open, close, ellipsis, N) … WHERE t MATCH ? AND tag = ? ORDER BY
/// rank LIMIT ?` does: implicit AND of prefix phrases, bm25 (k1 1.2, b 0.75) with table-wide
/// statistics, ties in rowid order, the tag filtered after ranking, FTS5's snippet window.
public struct FTSIndex: Hashable, Sendable {
    public private(set) var rows: [FTSRow] = []
    public private(set) var totalTokens = 0

    /// Rows held at most (a 66-book Bible in four translations is about 125,000).
    public static let maxRows = 200_000
    /// Texts longer than this many UTF-8 bytes are refused by `insert`.
    public static let maxTextBytes = 65_536

    public init() {}

    public enum InsertError: Error, Hashable, Sendable { case full, textTooLong(bytes: Int) }

    public mutating func insert(tag: String, key: Int64, text: String) -> Result<Int, InsertError> {
        guard rows.count < FTSIndex.maxRows else { return .failure(.full) }
        guard text.utf8.count <= FTSIndex.maxTextBytes else { return .failure(.textTooLong(bytes: text.utf8.count)) }
        let tokens = Unicode61.tokens(text)
        rows.append(FTSRow(tag: tag, key: key, text: text, tokens: tokens))
        totalTokens += tokens.count
        return .success(rows.count)
    }

    public var averageLength: Double { rows.isEmpty ? 0 : Double(totalTokens) / Double(rows.count) }

    /// The instances of `phrases` in `row`, by position, ties by phrase order.
    public static func instances(_ phrases: [FTSPhrase], in row: FTSRow) -> [FTSInstance] {
        var out: [FTSInstance] = []
        let toks = row.tokens
        for p in 0..<toks.count {
            for (i, ph) in phrases.enumerated() {
                let k = ph.tokens.count
                guard p + k <= toks.count else { continue }
                var ok = true
                for j in 0..<(k - 1) where toks[p + j].text != ph.tokens[j] { ok = false; break }
                if !ok { continue }
                let last = toks[p + k - 1].text
                if ph.prefix ? last.utf8.starts(with: ph.tokens[k - 1].utf8) : last == ph.tokens[k - 1] {
                    out.append(FTSInstance(position: p, phrase: i))
                }
            }
        }
        return out
    }

    /// FTS5's bm25 for one row: Σ idfᵢ·(fᵢ·2.2)/(fᵢ + 1.2·(0.25 + 0.75·D/avgdl)), returned negated.
    public static func bm25(frequencies: [Double], rowsWithPhrase: [Int], rowCount: Int, rowTokens: Int, averageLength: Double) -> Double {
        var score = 0.0
        let n = Double(rowCount)
        for (i, f) in frequencies.enumerated() {
            let hits = Double(rowsWithPhrase[i])
            var idf = DetMath.log((n - hits + 0.5) / (hits + 0.5))
            if idf <= 0 { idf = 1e-6 }
            score += idf * (f * 2.2) / (f + 1.2 * (0.25 + 0.75 * Double(rowTokens) / averageLength))
        }
        return -score
    }

    /// The search. `limit` 0 gives no rows and a negative limit none at all, as SQLite's LIMIT.
    public func search(_ match: String, tag: String?, limit: Int, open: String = "[", close: String = "]",
                       ellipsis: String = "…", window: Int = 12) -> Result<[FTSHit], FTSQueryError> {
        let phrases: [FTSPhrase]
        switch FTSQuery.parse(match) {
        case .failure(let e): return .failure(e)
        case .success(let p): phrases = p
        }
        guard !phrases.isEmpty, limit != 0 else { return .success([]) }
        var perRow: [[FTSInstance]] = []
        perRow.reserveCapacity(rows.count)
        var rowsWith = [Int](repeating: 0, count: phrases.count)
        for row in rows {
            let inst = FTSIndex.instances(phrases, in: row)
            var seen = [Bool](repeating: false, count: phrases.count)
            for x in inst { seen[x.phrase] = true }
            for i in seen.indices where seen[i] { rowsWith[i] += 1 }
            perRow.append(seen.allSatisfy { $0 } ? inst : [])
        }
        var scored: [(rowid: Int, rank: Double)] = []
        for (r, inst) in perRow.enumerated() where !inst.isEmpty {
            var f = [Double](repeating: 0, count: phrases.count)
            for x in inst { f[x.phrase] += 1 }
            scored.append((r, FTSIndex.bm25(frequencies: f, rowsWithPhrase: rowsWith, rowCount: rows.count,
                                             rowTokens: rows[r].tokens.count, averageLength: averageLength)))
        }
        // Stable: equal ranks keep rowid order.
        scored = scored.enumerated().sorted { a, b in a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset }.map(\.element)
        var hits: [FTSHit] = []
        for s in scored {
            let row = rows[s.rowid]
            if let tag, row.tag != tag { continue }
            if limit > 0 && hits.count == limit { break }
            let snip = FTSSnippet.render(row, perRow[s.rowid], phrases.map(\.tokens.count), open: open, close: close, ellipsis: ellipsis, window: window)
            hits.append(FTSHit(rowid: s.rowid + 1, key: row.key, tag: row.tag, rank: s.rank, snippet: snip))
        }
        return .success(hits)
    }
}
