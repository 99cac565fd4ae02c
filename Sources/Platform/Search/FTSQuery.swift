/// One phrase of an FTS5 MATCH expression after the tokenizer: k folded tokens, the last one a
/// prefix when the piece ended in `*`.
public struct FTSPhrase: Hashable, Sendable {
    public let tokens: [String]
    public let prefix: Bool
}

/// A MATCH expression FTS5 refuses, with SQLite's own message (`fts5: syntax error near "*"`).
public struct FTSQueryError: Error, Hashable, Sendable {
    public let message: String
}

/// The subset of FTS5's query syntax an app's sanitised search emits: barewords and `"quoted"`
/// strings, each optionally followed by `*`, joined by implicit AND. The bare keywords `AND`, `OR`
/// and `NOT` fail exactly as FTS5 fails on `w*` pieces: first in the query `near "AND"`, after a
/// term `near "*"` (checked against SQLite 3.40.1). Explicit boolean operators, `NEAR(...)`,
/// column filters and `^` are not modelled: they are refused with a syntax error naming them.
public enum FTSQuery {
    /// Pieces beyond this many are refused (FTS5 has no such limit; a bound on one query's work).
    public static let maxPhrases = 64

    static func isBareword(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 || b == 0x1A
    }

    public static func parse(_ match: String) -> Result<[FTSPhrase], FTSQueryError> {
        let bytes = Array(match.utf8)
        var i = 0
        var phrases: [FTSPhrase] = []
        var pieces = 0
        func near(_ s: String) -> FTSQueryError { FTSQueryError(message: "fts5: syntax error near \"\(s)\"") }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            var text: [UInt8] = []
            if b == 0x22 {
                i += 1
                var closed = false
                while i < bytes.count {
                    if bytes[i] == 0x22 {
                        if i + 1 < bytes.count && bytes[i + 1] == 0x22 { text.append(0x22); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    text.append(bytes[i])
                    i += 1
                }
                if !closed { return .failure(FTSQueryError(message: "fts5: syntax error near \"\"")) }
            } else if isBareword(b) {
                while i < bytes.count && isBareword(bytes[i]) { text.append(bytes[i]); i += 1 }
                let word = String(decoding: text, as: UTF8.self)
                if word == "AND" || word == "OR" || word == "NOT" {
                    if pieces == 0 { return .failure(near(word)) }
                    var j = i
                    while j < bytes.count && bytes[j] == 0x20 { j += 1 }
                    if j < bytes.count && bytes[j] == 0x2A { return .failure(near("*")) }
                    return .failure(near(word))  // a real operator: not modelled
                }
            } else {
                // Anything else (a hyphen, a stray quote's neighbour, '(', ':'): FTS5 stops here.
                let end = min(bytes.count, i + (b < 0x80 ? 1 : 1))
                return .failure(near(String(decoding: bytes[i..<end], as: UTF8.self)))
            }
            var prefix = false
            if i < bytes.count && bytes[i] == 0x2A { prefix = true; i += 1 }
            pieces += 1
            guard pieces <= maxPhrases else { return .failure(FTSQueryError(message: "more than \(maxPhrases) query terms")) }
            let tokens = Unicode61.tokens(String(decoding: text, as: UTF8.self)).map(\.text)
            if !tokens.isEmpty { phrases.append(FTSPhrase(tokens: tokens, prefix: prefix)) }
        }
        return .success(phrases)
    }
}
