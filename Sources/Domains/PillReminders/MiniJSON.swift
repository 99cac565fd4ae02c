import Lockstep

/// The little JSON the medication file needs (no Foundation): objects, arrays, strings, whole
/// numbers, booleans and null. Strict: trailing bytes, bad escapes, non-integers and nesting
/// deeper than `maxDepth` are errors with a byte offset, never a guess.
enum MiniJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([MiniJSON])
    /// Members in document order.
    case object([(String, MiniJSON)])

    static let maxDepth = 16

    static func == (a: MiniJSON, b: MiniJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    subscript(key: String) -> MiniJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    struct ParseError: Error, Equatable { var message: String }

    // MARK: Writing

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let v): MiniJSON.appendInt(v, to: &out)
        case .string(let s): MiniJSON.appendString(s, to: &out)
        case .array(let items):
            out.append(91)
            for (i, v) in items.enumerated() {
                if i > 0 { out.append(44) }
                v.write(to: &out)
            }
            out.append(93)
        case .object(let members):
            out.append(123)
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(44) }
                MiniJSON.string(k).write(to: &out)
                out.append(58)
                v.write(to: &out)
            }
            out.append(125)
        }
    }

    /// A whole number in decimal, `-` for negatives (the same digits as `String(v)`).
    static func appendInt(_ v: Int64, to out: inout [UInt8]) {
        appendDecimal(v, to: &out)
    }

    /// A quoted string: `"` and `\` escaped, newline as `\n`, other control bytes as `\u00XX`,
    /// everything else (UTF-8 included) as is.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(34)
        for b in s.utf8 {
            switch b {
            case 34: out.append(contentsOf: [92, 34])
            case 92: out.append(contentsOf: [92, 92])
            case 10: out.append(contentsOf: [92, 110])
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [92, 117, 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
        }
        out.append(34)
    }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    // MARK: Reading

    static func parse(_ bytes: [UInt8]) throws(ParseError) -> MiniJSON {
        var i = 0
        let v = try value(bytes, &i, depth: 0)
        skipSpace(bytes, &i)
        guard i == bytes.count else { throw ParseError(message: "unexpected byte at offset \(i)") }
        return v
    }

    private static func skipSpace(_ p: [UInt8], _ i: inout Int) {
        while i < p.count, p[i] == 32 || p[i] == 10 || p[i] == 13 || p[i] == 9 { i += 1 }
    }

    private static func value(_ p: [UInt8], _ i: inout Int, depth: Int) throws(ParseError) -> MiniJSON {
        guard depth < maxDepth else { throw ParseError(message: "nesting deeper than \(maxDepth) at offset \(i)") }
        skipSpace(p, &i)
        guard i < p.count else { throw ParseError(message: "unexpected end of data at offset \(i)") }
        switch p[i] {
        case 123:
            i += 1
            var members: [(String, MiniJSON)] = []
            skipSpace(p, &i)
            if i < p.count, p[i] == 125 { i += 1; return .object(members) }
            while true {
                skipSpace(p, &i)
                guard case .string(let key) = try value(p, &i, depth: depth + 1) else {
                    throw ParseError(message: "expected a string key at offset \(i)")
                }
                skipSpace(p, &i)
                guard i < p.count, p[i] == 58 else { throw ParseError(message: "expected ':' at offset \(i)") }
                i += 1
                members.append((key, try value(p, &i, depth: depth + 1)))
                skipSpace(p, &i)
                guard i < p.count else { throw ParseError(message: "unexpected end of data at offset \(i)") }
                if p[i] == 44 { i += 1; continue }
                if p[i] == 125 { i += 1; return .object(members) }
                throw ParseError(message: "expected ',' or '}' at offset \(i)")
            }
        case 91:
            i += 1
            var items: [MiniJSON] = []
            skipSpace(p, &i)
            if i < p.count, p[i] == 93 { i += 1; return .array(items) }
            while true {
                items.append(try value(p, &i, depth: depth + 1))
                skipSpace(p, &i)
                guard i < p.count else { throw ParseError(message: "unexpected end of data at offset \(i)") }
                if p[i] == 44 { i += 1; continue }
                if p[i] == 93 { i += 1; return .array(items) }
                throw ParseError(message: "expected ',' or ']' at offset \(i)")
            }
        case 34:
            i += 1
            var s: [UInt8] = []
            while i < p.count, p[i] != 34 {
                if p[i] == 92 {
                    guard i + 1 < p.count else { break }
                    switch p[i + 1] {
                    case 34: s.append(34)
                    case 92: s.append(92)
                    case 47: s.append(47)
                    case 110: s.append(10)
                    case 116: s.append(9)
                    case 117:
                        guard i + 5 < p.count, let code = UInt8(String(decoding: p[(i + 2)...(i + 5)], as: UTF8.self), radix: 16) else {
                            throw ParseError(message: "unsupported \\u escape at offset \(i)")
                        }
                        s.append(code)
                        i += 4
                    default: throw ParseError(message: "bad escape at offset \(i)")
                    }
                    i += 2
                } else {
                    s.append(p[i])
                    i += 1
                }
            }
            guard i < p.count else { throw ParseError(message: "unterminated string at offset \(i)") }
            i += 1
            guard let text = String(validating: s, as: UTF8.self) else { throw ParseError(message: "string is not UTF-8") }
            return .string(text)
        case 116, 102, 110:
            for (word, v) in [("true", MiniJSON.bool(true)), ("false", .bool(false)), ("null", .null)] {
                let w = Array(word.utf8)
                if i + w.count <= p.count, Array(p[i..<(i + w.count)]) == w { i += w.count; return v }
            }
            throw ParseError(message: "unexpected word at offset \(i)")
        default:
            let start = i
            if p[i] == 45 { i += 1 }
            while i < p.count, (48...57).contains(p[i]) { i += 1 }
            guard i > start, let v = Int64(String(decoding: p[start..<i], as: UTF8.self)) else {
                throw ParseError(message: "expected a value at offset \(start)")
            }
            if i < p.count, p[i] == 46 || p[i] == 101 || p[i] == 69 {
                throw ParseError(message: "only whole numbers are expected, at offset \(start)")
            }
            return .int(v)
        }
    }
}
