import Platform

/// The normaliser and the batch parser (the article's §1), on Lockstep's pinned Unicode tables
/// (`UnicodeProperties`, `UnicodeNormalization`), never the toolchain's `Character` properties.
///
/// `normalize(raw)`: trim whitespace and newlines; drop the leading run of `#`; keep the clusters
/// whose first scalar is a letter or a number, and the cluster `_`; lowercase; nil when nothing is
/// left or no letter is; else `#` + the body in NFC. `parse(text)`: split at every whitespace,
/// newline, `,` or `;` scalar, normalise each piece, keep the first of each tag.
public enum Hashtag {
    /// At most this many pieces of one text are normalised; the rest are reported, not parsed.
    public static let maxPieces = 1_000
    /// A text longer than this (UTF-8 bytes) is refused whole: a 1 MB paste is not a tag list.
    public static let maxTextBytes = 65_536

    /// How the filter treats a cluster (faults switch the historical ones back on).
    public struct Rules: Sendable, Equatable {
        /// Fault `asciiOnly`: keep `[A-Za-z0-9_]` only, so Hindi, Japanese and Arabic tags vanish.
        public var asciiOnly = false
        /// Fault `caseSensitiveDedup`: no lowercasing, so `#Travel` and `#travel` are two tags.
        public var keepCase = false
        /// Setting `splitOnHash` (an extension, not the article's rule): a `#` after a character
        /// other than `#` starts a new piece, so `#travel#food` is two tags, not `#travelfood`.
        public var splitOnHash = false
        public init(asciiOnly: Bool = false, keepCase: Bool = false, splitOnHash: Bool = false) {
            self.asciiOnly = asciiOnly
            self.keepCase = keepCase
            self.splitOnHash = splitOnHash
        }
    }

    /// One piece of a parsed text and what became of it.
    public struct Token: Sendable, Equatable {
        public var raw: String
        /// The normalised tag, nil when nothing usable remained.
        public var tag: String?
        /// Why the piece gave no new tag: `empty`, `no-letter` or `duplicate`; nil when kept.
        public var reason: String?
    }

    /// The result of `parse`: the kept tags in order, every non-empty piece, and how many pieces
    /// were left unparsed past `maxPieces`.
    public struct Parsed: Sendable, Equatable {
        public var tags: [String] = []
        public var tokens: [Token] = []
        public var unparsedPieces = 0
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`: General_Category Zs, Zl, Zp, and U+0009
    /// to U+000D and U+0085. A short fixed list (Unicode 14.0.0) rather than a table.
    public static func isWhitespaceOrNewline(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether `x` continues the cluster before it rather than starting one: a mark (M*), ZWJ, an
    /// emoji modifier (U+1F3FB…U+1F3FF) or a tag character (U+E0020…U+E007F). A scalar after ZWJ
    /// continues too. A simplification of UAX #29 that is exact for what the filter asks (the
    /// first scalar of each cluster): Hangul jamo and Indic conjuncts only ever join letters.
    static func continuesCluster(_ x: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        if previous?.value == 0x200D { return true }
        let v = x.value
        return v == 0x200D || (0x1F3FB...0x1F3FF).contains(v) || (0xE0020...0xE007F).contains(v) || UnicodeProperties.isMark(x)
    }

    /// `text` cut into clusters (each a run of scalars; see `continuesCluster`).
    static func clusters(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = []
        var previous: Unicode.Scalar?
        for x in scalars {
            if !out.isEmpty && continuesCluster(x, after: previous) { out[out.count - 1].append(x) } else { out.append([x]) }
            previous = x
        }
        return out
    }

    static func isKept(_ cluster: [Unicode.Scalar], _ rules: Rules) -> Bool {
        guard let first = cluster.first else { return false }
        if rules.asciiOnly {
            let v = first.value
            return cluster.count == 1 && (v &- 0x30 < 10 || (v | 0x20) &- 0x61 < 26 || v == 0x5F)
        }
        if cluster.count == 1 && first == "_" { return true }
        return UnicodeProperties.isLetter(first) || UnicodeProperties.isNumber(first)
    }

    /// The tag `raw` stands for, or nil, with the reason (`empty` or `no-letter`).
    public static func normalizeWithReason(_ raw: String, _ rules: Rules = Rules()) -> (tag: String?, reason: String?) {
        var scalars = Array(raw.unicodeScalars)
        // 1. Trim whitespace and newlines at both ends (scalar by scalar, as CharacterSet does).
        while let last = scalars.last, isWhitespaceOrNewline(last.value) { scalars.removeLast() }
        var start = 0
        while start < scalars.count, isWhitespaceOrNewline(scalars[start].value) { start += 1 }
        var cs = clusters(Array(scalars[start...]))
        // 2. Drop the leading run of clusters that are exactly `#` (a `#` in the middle goes at 3).
        while let first = cs.first, first == ["#"] { cs.removeFirst() }
        // 3. Letters in any script, numbers, underscore.
        let kept = cs.filter { isKept($0, rules) }
        guard !kept.isEmpty else { return (nil, "empty") }
        // 5. "#2024 alone is rarely useful": a tag needs a letter.
        guard kept.contains(where: { UnicodeProperties.isLetter($0[0]) }) else { return (nil, "no-letter") }
        // 4. Full lowercasing (context-free), then NFC so equal tags are equal bytes (GAP).
        let flat = kept.flatMap { $0 }
        let lowered = rules.keepCase ? flat : UnicodeProperties.lowercaseScalars(flat)
        var body = String.UnicodeScalarView()
        body.append("#")
        for x in UnicodeNormalization.nfcScalars(lowered) { body.append(x) }
        return (String(body), nil)
    }

    /// The tag `raw` stands for, or nil.
    public static func normalize(_ raw: String, _ rules: Rules = Rules()) -> String? {
        normalizeWithReason(raw, rules).tag
    }

    /// The pieces of `text`: split at whitespace, newlines, `,` and `;` (and at a `#` after
    /// another character under `splitOnHash`), empty pieces left out.
    static func pieces(_ text: String, _ rules: Rules) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        func flush() {
            if !current.isEmpty { out.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for x in text.unicodeScalars {
            if isWhitespaceOrNewline(x.value) || x == "," || x == ";" {
                flush()
            } else {
                if rules.splitOnHash, x == "#", let p = previous, p != "#", !isWhitespaceOrNewline(p.value), p != ",", p != ";" { flush() }
                current.append(x)
            }
            previous = x
        }
        flush()
        return out
    }

    /// `text` as clean, de-duplicated tags in first-seen order, with every piece's fate. The text
    /// must be at most `maxTextBytes` (the caller refuses a longer one with a record).
    public static func parse(_ text: String, _ rules: Rules = Rules()) -> Parsed {
        var result = Parsed()
        var seen = Set<[UInt8]>()   // NFC bytes: equal tags are equal bytes (membership only)
        let all = pieces(text, rules)
        result.unparsedPieces = max(all.count - maxPieces, 0)
        for piece in all.prefix(maxPieces) {
            let (tag, reason) = normalizeWithReason(piece, rules)
            guard let tag else {
                result.tokens.append(Token(raw: piece, tag: nil, reason: reason))
                continue
            }
            if seen.insert(Array(tag.utf8)).inserted {
                result.tags.append(tag)
                result.tokens.append(Token(raw: piece, tag: tag, reason: nil))
            } else {
                result.tokens.append(Token(raw: piece, tag: tag, reason: "duplicate"))
            }
        }
        return result
    }

    /// Whether two tags are the same tag: byte equality of their (NFC) UTF-8, never `String ==`,
    /// whose canonical equivalence comes from the toolchain's tables.
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}
