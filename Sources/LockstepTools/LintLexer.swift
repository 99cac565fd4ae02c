import LockstepCore
import LockstepRunner

/// Separates Swift source into code and non-code for `lockstep lint`, so that rules never match
/// words inside comments or string literals.
///
/// It is a small lexer, not a parser: it knows line comments (`//`), nested block comments
/// (`/* /* */ */`), string literals (`"..."`, multi-line `"""..."""`, raw `#"..."#`) and string
/// interpolation (`"\(code)"`, whose code is code again, strings inside it included).
public struct LintLexer {
    /// The source with every comment and string-literal byte replaced by a space; newlines are kept,
    /// so a byte offset here is the same line and column as in the original.
    public var code: [UInt8]
    /// Each line comment, keyed by 1-based line number (for `// lint:allow`).
    public var lineComments: [Int: Comment]

    /// A line comment: where its `//` starts (byte offset) and its text after the `//`.
    public struct Comment: Sendable {
        public var offset: Int
        public var text: String
    }

    private enum Context {
        /// Code; `parens` counts open parentheses inside an interpolation, to find its end.
        case code(parens: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// Bounds the lexer's work: the loop advances at least one byte per round.
    public static let maxSourceBytes = 16 << 20

    public init(_ source: [UInt8]) {
        let bytes = source.count > LintLexer.maxSourceBytes ? Array(source.prefix(LintLexer.maxSourceBytes)) : source
        var code = bytes
        var comments: [Int: Comment] = [:]
        var stack: [Context] = [.code(parens: 0)]
        var i = 0
        var line = 1
        let n = bytes.count

        func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        func blank(_ from: Int, _ to: Int) {
            var k = from
            while k < to && k < n { if code[k] != 10 { code[k] = 32 }; k += 1 }
        }
        func count(_ byte: UInt8, from: Int) -> Int {
            var k = from
            while k < n && bytes[k] == byte { k += 1 }
            return k - from
        }

        while i < n {
            let c = bytes[i]
            if c == 10 { line += 1 }
            switch stack[stack.count - 1] {
            case .code(let parens):
                if c == 47 && at(i + 1) == 47 {  // `//`
                    var end = i
                    while end < n && bytes[end] != 10 { end += 1 }
                    comments[line] = Comment(offset: i, text: String(decoding: bytes[(i + 2)..<end], as: UTF8.self))
                    blank(i, end)
                    i = end
                    continue
                }
                if c == 47 && at(i + 1) == 42 {  // `/*`, nested
                    var depth = 0
                    var k = i
                    while k < n {
                        if bytes[k] == 47 && at(k + 1) == 42 { depth += 1; k += 2; continue }
                        if bytes[k] == 42 && at(k + 1) == 47 { depth -= 1; k += 2; if depth == 0 { break }; continue }
                        if bytes[k] == 10 { line += 1 }
                        k += 1
                    }
                    blank(i, k)
                    i = k
                    continue
                }
                if c == 35 || c == 34 {  // `#` opening a raw string, or `"`
                    let hashes = c == 35 ? count(35, from: i) : 0
                    let quote = i + hashes
                    guard at(quote) == 34 else { i += max(hashes, 1); continue }
                    let multiline = at(quote + 1) == 34 && at(quote + 2) == 34
                    let open = quote + (multiline ? 3 : 1)
                    blank(i, open)
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    i = open
                    continue
                }
                if c == 40 { stack[stack.count - 1] = .code(parens: parens + 1) }
                if c == 41 {
                    if parens == 0 && stack.count > 1 {
                        // The `)` that closes an interpolation belongs to the string.
                        code[i] = 32
                        stack.removeLast()
                    } else if parens > 0 {
                        stack[stack.count - 1] = .code(parens: parens - 1)
                    }
                }
                i += 1
            case .string(let multiline, let hashes):
                if c == 92 && count(35, from: i + 1) >= hashes {  // `\` plus the raw string's hashes
                    let after = i + 1 + hashes
                    if at(after) == 40 {
                        blank(i, after + 1)
                        stack.append(.code(parens: 0))
                        i = after + 1
                        continue
                    }
                    if at(after) == 10 { blank(i, after); i = after; continue }
                    blank(i, after + 1)
                    i = after + 1
                    continue
                }
                if c == 34 {
                    let closes = multiline ? (at(i + 1) == 34 && at(i + 2) == 34) : true
                    let quoteEnd = i + (multiline ? 3 : 1)
                    if closes && count(35, from: quoteEnd) >= hashes {
                        blank(i, quoteEnd + hashes)
                        stack.removeLast()
                        i = quoteEnd + hashes
                        continue
                    }
                }
                if c == 10 && !multiline {
                    // An unterminated single-line string ends at the line's end (the compiler rejects it anyway).
                    stack.removeLast()
                    i += 1
                    continue
                }
                if c != 10 { code[i] = 32 }
                i += 1
            }
        }
        self.code = code
        self.lineComments = comments
    }

    public init(_ source: String) { self.init(Array(source.utf8)) }

    /// The code as lines (without their newlines), 1-based line i at index i - 1.
    public var codeLines: [[UInt8]] {
        code.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    }
}
