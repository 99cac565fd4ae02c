/// Reads and writes JSON documents (RFC 8259) without Foundation, the same bytes on every platform.
///
/// - `parse` is strict: one value with optional white space around it; no trailing commas,
///   comments, leading zeros, `NaN`, unescaped control characters, lone surrogates, invalid UTF-8
///   or duplicate keys; nesting is limited. Every rejection is a `JSONParseError` with the byte
///   offset where reading stopped. Numbers keep their text (see `JSONValue`).
/// - `write` is canonical: no white space, keys sorted by their UTF-8 bytes (or kept as built),
///   strings escaped minimally (`\"`, `\\`, `\n`, other bytes below 0x20 as `\u00xx` in lower-case
///   hex; everything else, `/` and non-ASCII included, as is), numbers copied verbatim.
public enum JSONDocument {
    /// The default nesting limit: the top-level value is at depth 0, so a value at depth 16 (the
    /// 17th level) is rejected. Documents this deep are damage, not data.
    public static let defaultMaxDepth = 16

    /// Which numbers `parse` accepts.
    public enum Numbers: Sendable {
        /// Every number RFC 8259 allows.
        case any
        /// Only whole numbers within Int64 (for formats that store counts and seconds): a fraction or
        /// exponent is `.notWholeNumber` and anything beyond Int64 `.integerOutOfRange`, both at the
        /// number's first byte, so such a document is damaged rather than silently half-read.
        case int64
    }

    /// Parses one whole document.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, numbers: Numbers = .any) throws(JSONParseError) -> JSONValue {
        var p = Parser(bytes: bytes, maxDepth: maxDepth, numbers: numbers)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.fail(.trailingData) }
        return v
    }

    /// How `write` orders an object's members.
    public enum KeyOrder: Sendable {
        /// Sorted by the keys' UTF-8 bytes: the canonical form, independent of how the value was built.
        case sortedByUTF8
        /// In the order the members were built (for formats that fix their own key order).
        case asBuilt
    }

    /// Appends `value`'s canonical text to `out`.
    public static func write(_ value: JSONValue, to out: inout [UInt8], keyOrder: KeyOrder = .sortedByUTF8) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, to: &out)
        case .array(let items):
            out.append(91)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(44) }
                write(item, to: &out, keyOrder: keyOrder)
            }
            out.append(93)
        case .object(let members):
            out.append(123)
            // `sorted` is stable, so duplicate keys (only possible in a built value) keep their order.
            let ordered = keyOrder == .asBuilt ? members : members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            for (i, m) in ordered.enumerated() {
                if i > 0 { out.append(44) }
                writeString(m.0, to: &out)
                out.append(58)
                write(m.1, to: &out, keyOrder: keyOrder)
            }
            out.append(125)
        }
    }

    /// `value`'s canonical text.
    public static func bytes(_ value: JSONValue, keyOrder: KeyOrder = .sortedByUTF8) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out, keyOrder: keyOrder)
        return out
    }

    /// Appends `s` as a JSON string exactly as `write` does (for callers that write a document
    /// piecewise, e.g. to reuse the unchanged parts of a file).
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(34)
        for u in s.utf8 {
            switch u {
            case 34: out.append(contentsOf: [92, 34])
            case 92: out.append(contentsOf: [92, 92])
            case 10: out.append(contentsOf: [92, 110])
            case 0..<32: out.append(contentsOf: [92, 117, 48, 48, hex[Int(u >> 4)], hex[Int(u & 15)]])
            default: out.append(u)
            }
        }
        out.append(34)
    }

    /// Appends a whole number exactly as `write` does for `JSONValue.integer`.
    public static func writeInteger(_ v: Int64, to out: inout [UInt8]) {
        appendDecimal(v, to: &out)
    }

    /// A recursive-descent reader. Every loop advances `i` or returns, so it ends within
    /// `bytes.count` steps; recursion is bounded by `maxDepth`.
    struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        let numbers: Numbers
        var i = 0

        init(bytes: [UInt8], maxDepth: Int, numbers: Numbers) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            self.numbers = numbers
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 9 { i += 1 }
        }

        func fail(_ reason: JSONParseError.Reason) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

        mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
            guard depth < maxDepth else { throw fail(.tooDeep(limit: maxDepth)) }
            guard i < bytes.count else { throw fail(.unexpectedEnd) }
            switch bytes[i] {
            case 123: return try object(depth: depth)
            case 91: return try array(depth: depth)
            case 34: return .string(try string())
            case 116: try literal("true"); return .bool(true)
            case 102: try literal("false"); return .bool(false)
            case 110: try literal("null"); return .null
            case 45, 48...57: return try number()
            default: throw fail(.unexpectedByte(bytes[i]))
            }
        }

        mutating func literal(_ word: String) throws(JSONParseError) {
            let n = word.utf8.count
            guard i + n <= bytes.count, bytes[i..<(i + n)].elementsEqual(word.utf8) else { throw fail(.expectedLiteral(word)) }
            i += n
        }

        static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

        /// Skips digits and says how many there were.
        mutating func digits() -> Int {
            let s = i
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
            return i - s
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
        mutating func number() throws(JSONParseError) -> JSONValue {
            let start = i
            if bytes[i] == 45 { i += 1 }
            guard i < bytes.count, Self.isDigit(bytes[i]) else { throw fail(.malformedNumber) }
            if bytes[i] == 48 {
                i += 1
                guard i >= bytes.count || !Self.isDigit(bytes[i]) else { throw fail(.malformedNumber) }
            } else {
                _ = digits()
            }
            if numbers == .int64 {
                guard i >= bytes.count || (bytes[i] != 46 && bytes[i] | 0x20 != 101) else {
                    throw JSONParseError(offset: start, reason: .notWholeNumber)
                }
                let text = String(decoding: bytes[start..<i], as: UTF8.self)
                guard Int64(text) != nil else { throw JSONParseError(offset: start, reason: .integerOutOfRange) }
                return .number(text)
            }
            if i < bytes.count, bytes[i] == 46 {
                i += 1
                guard digits() > 0 else { throw fail(.malformedNumber) }
            }
            if i < bytes.count, bytes[i] | 0x20 == 101 {
                i += 1
                if i < bytes.count, bytes[i] == 43 || bytes[i] == 45 { i += 1 }
                guard digits() > 0 else { throw fail(.malformedNumber) }
            }
            return .number(String(decoding: bytes[start..<i], as: UTF8.self))
        }

        /// Four hex digits at `p` as a number, or nil.
        func hex4(at p: Int) -> UInt32? {
            guard p >= 0, p + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for k in p..<(p + 4) {
                let b = bytes[k]
                let d: UInt8
                switch b {
                case 48...57: d = b - 48
                case 97...102: d = b - 87
                case 65...70: d = b - 55
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }

        /// The scalar of the `\u` escape whose `u` is at `i`, and how many bytes after `u` it used
        /// (4, or 10 for a surrogate pair `\uD83D\uDE00`).
        func unicodeEscape() -> (Unicode.Scalar, Int)? {
            guard let first = hex4(at: i + 1) else { return nil }
            switch first {
            case 0xD800...0xDBFF:
                guard i + 6 < bytes.count, bytes[i + 5] == 92, bytes[i + 6] == 117, let second = hex4(at: i + 7),
                      (0xDC00...0xDFFF).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else { return nil }
                return (scalar, 10)
            case 0xDC00...0xDFFF:
                return nil
            default:
                guard let scalar = Unicode.Scalar(first) else { return nil }
                return (scalar, 4)
            }
        }

        mutating func string() throws(JSONParseError) -> String {
            let quote = i
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                if c == 34 {
                    i += 1
                    guard let text = String(validating: out, as: UTF8.self) else {
                        throw JSONParseError(offset: quote, reason: .invalidUTF8)
                    }
                    return text
                }
                if c < 32 { throw fail(.controlCharacterInString) }
                if c == 92 {
                    i += 1
                    guard i < bytes.count else { break }
                    switch bytes[i] {
                    case 34: out.append(34)
                    case 92: out.append(92)
                    case 47: out.append(47)
                    case 110: out.append(10)
                    case 116: out.append(9)
                    case 114: out.append(13)
                    case 98: out.append(8)
                    case 102: out.append(12)
                    case 117:
                        guard let (scalar, used) = unicodeEscape() else { throw fail(.badUnicodeEscape) }
                        UTF8.encode(scalar) { out.append($0) }
                        i += used
                    default: throw fail(.badEscape)
                    }
                    i += 1
                    continue
                }
                out.append(c)
                i += 1
            }
            throw fail(.unterminatedString)
        }

        mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 93 { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail(.unterminatedArray) }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 93 { i += 1; return .array(items) }
                throw fail(.expectedCommaOrArrayEnd)
            }
        }

        mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
            i += 1
            var members: [(String, JSONValue)] = []
            // Past a few members, duplicate keys are found through a set, so that a hostile
            // document with many keys costs n log n rather than n² (membership only; never iterated).
            // Keys are compared by their UTF-8 bytes, never as Swift `String`s (which are equal under
            // canonical equivalence): "é" precomposed (NFC) and "e" + U+0301 (NFD) are two keys.
            var keys: Set<[UInt8]> = []
            skipSpace()
            if i < bytes.count, bytes[i] == 125 { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 34 else { throw fail(.expectedKey) }
                let key = try string()
                let seen = members.count < 8 ? members.contains { $0.0.utf8.elementsEqual(key.utf8) } : !keys.insert(Array(key.utf8)).inserted
                guard !seen else { throw fail(.duplicateKey(key)) }
                if members.count == 7 { for m in members { keys.insert(Array(m.0.utf8)) }; keys.insert(Array(key.utf8)) }
                skipSpace()
                guard i < bytes.count, bytes[i] == 58 else { throw fail(.expectedColon) }
                i += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail(.unterminatedObject) }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 125 { i += 1; return .object(members) }
                throw fail(.expectedCommaOrObjectEnd)
            }
        }
    }
}
