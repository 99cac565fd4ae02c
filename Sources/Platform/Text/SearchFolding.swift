/// Case- and diacritic-insensitive search text, the same on every machine and toolchain: what an
/// app's `localizedStandardContains` or an FTS `remove_diacritics` tokenizer does, as one pure
/// function over Lockstep's pinned Unicode tables (`UnicodeTables.version`), with no locale.
///
/// The pipeline, in this order (the test vectors pin it against Python's `unicodedata`):
/// 1. NFD (`UnicodeNormalization`), so accents are separate scalars;
/// 2. drop the marks of General_Category Mn (non-spacing: acute, ring, dots, Hebrew points) and Me
///    (enclosing: the keycap and circle marks). Mc (spacing marks) are kept: in Indic scripts they
///    are vowel signs (कि, की), and dropping them would make different words match;
/// 3. full case folding of each scalar (`ß` → `ss`, `ﬁ` → `fi`, `Σ`/`ς` → `σ`), no locale, so no
///    Turkish dotless-i rule;
/// 4. NFC, so the result is byte-stable and can be written to a trace.
///
/// So `pícker` (precomposed or `i` + U+0301) folds to `picker`, `Straße` to `strasse`. Not done:
/// compatibility mappings beyond what case folding does (full-width `Ａ` folds to `ａ`, not `a`),
/// punctuation or whitespace folding, and ignoring of default-ignorable scalars.
///
/// Limit: the input of one call is at most `UnicodeNormalization.maxScalars` scalars (a trap
/// otherwise), `fold` and `matches` alike.
public enum SearchFolding {
    /// The folded form of `s`.
    public static func fold(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {   // ASCII: only the case folds
            precondition(s.utf8.count <= UnicodeNormalization.maxScalars,
                         "Unicode normalisation takes at most \(UnicodeNormalization.maxScalars) scalars")
            return String(decoding: s.utf8.map { $0 &- 0x41 < 26 ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return UnicodeNormalization.text(folded(UnicodeNormalization.values(s.unicodeScalars)))
    }

    /// The folded form of `scalars`.
    public static func foldScalars(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        UnicodeNormalization.scalars(folded(UnicodeNormalization.values(scalars)))
    }

    /// Whether the folded `query` occurs in the folded `text`, as a run of scalars.
    ///
    /// The query is not trimmed: `" picker"` does not match `"Picker"` (a search field that trims
    /// does so before calling). An empty query, or one that folds to nothing (only marks), matches
    /// every text, as a search field with nothing typed shows everything. The match is by scalars,
    /// not by grapheme clusters: `क` matches in `कि`.
    public static func matches(query: String, in text: String) -> Bool {
        matches(folded: foldedQuery(query), in: text)
    }

    /// The folded query as scalar values, for `matches(folded:in:)`: a search over many texts
    /// folds its query once.
    public static func foldedQuery(_ query: String) -> [UInt32] {
        folded(UnicodeNormalization.values(query.unicodeScalars))
    }

    /// `matches(query:in:)` with the query already folded by `foldedQuery`. An ASCII text folds by
    /// its case alone (no decomposition, no marks, only A–Z change), so it skips the Unicode
    /// pipeline; the result is the same (a test compares the two on every ASCII byte).
    public static func matches(folded needle: [UInt32], in text: String) -> Bool {
        if needle.isEmpty { return true }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            precondition(text.utf8.count <= UnicodeNormalization.maxScalars,
                         "Unicode normalisation takes at most \(UnicodeNormalization.maxScalars) scalars")
            var text = text
            return text.withUTF8 { containsASCII($0, needle) }
        }
        return contains(folded(UnicodeNormalization.values(text.unicodeScalars)), needle)
    }

    /// `contains` over ASCII bytes folded on the fly (A–Z to a–z), without building the folded text.
    static func containsASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt32]) -> Bool {
        guard needle.count <= bytes.count else { return false }
        let failure = failureTable(needle)
        var matched = 0
        for b in bytes {
            let x = UInt32(b &- 0x41 < 26 ? b + 0x20 : b)
            while matched > 0 && x != needle[matched] { matched = failure[matched - 1] }
            if x == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// Knuth–Morris–Pratt's table: the longest proper border of each prefix of `needle`.
    static func failureTable(_ needle: [UInt32]) -> [Int] {
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(1, needle.count) {
            while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            failure[i] = k
        }
        return failure
    }

    /// The pipeline on scalar values.
    static func folded(_ v: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(v.count)
        for x in UnicodeNormalization.decomposed(v) where !UnicodeLookup.isStrippedMark(x) {
            UnicodeLookup.appendCaseFolding(of: x, to: &out)
        }
        if UnicodeNormalization.isQuickNFC(out) { return out }
        var d = UnicodeNormalization.decomposed(out)
        UnicodeNormalization.compose(&d)
        return d
    }

    /// Whether `needle` (not empty) occurs in `haystack`: Knuth–Morris–Pratt, so the cost is linear
    /// in the two lengths whatever the text (a naive scan is quadratic on `aaaa…b`).
    static func contains(_ haystack: [UInt32], _ needle: [UInt32]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let failure = failureTable(needle)
        var matched = 0
        for x in haystack {
            while matched > 0 && x != needle[matched] { matched = failure[matched - 1] }
            if x == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }
}
