/// A small, strict JSON reader and writer for documents (no Foundation). Numbers are kept as their
/// text so that Float values round-trip exactly and integers (seeds) are read without going
/// through a float.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order (the writer sorts keys; the reader rejects duplicates).
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "byte \(offset): \(message)" }
}

public enum JSON {
    public static let maxDepth = 16

    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var p = Parser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw JSONError(offset: p.i, message: "unexpected data after the document") }
        return v
    }

    /// Canonical text: no spaces, object keys sorted by their UTF-8 bytes.
    public static func write(_ v: JSONValue, to out: inout [UInt8]) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, to: &out)
        case .array(let items):
            out.append(91)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(44) }
                write(item, to: &out)
            }
            out.append(93)
        case .object(let members):
            out.append(123)
            let sorted = members.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            for (i, m) in sorted.enumerated() {
                if i > 0 { out.append(44) }
                writeString(m.0, to: &out)
                out.append(58)
                write(m.1, to: &out)
            }
            out.append(125)
        }
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(34)
        for u in s.utf8 {
            switch u {
            case 34: out.append(contentsOf: [92, 34])
            case 92: out.append(contentsOf: [92, 92])
            case 10: out.append(contentsOf: [92, 110])
            case 0..<32:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(contentsOf: Array(String(u, radix: 16).count == 1 ? "0\(String(u, radix: 16))".utf8 : String(u, radix: 16).utf8))
            default: out.append(u)
            }
        }
        out.append(34)
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 9 { i += 1 }
        }

        func fail(_ message: String) -> JSONError { JSONError(offset: i, message: message) }

        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            guard depth < JSON.maxDepth else { throw fail("nested deeper than \(JSON.maxDepth)") }
            guard i < bytes.count else { throw fail("unexpected end of document") }
            switch bytes[i] {
            case 123: return try object(depth: depth)
            case 91: return try array(depth: depth)
            case 34: return .string(try string())
            case 116: try literal("true"); return .bool(true)
            case 102: try literal("false"); return .bool(false)
            case 110: try literal("null"); return .null
            case 45, 48...57: return try number()
            default: throw fail("unexpected character '\(Character(UnicodeScalar(bytes[i])))'")
            }
        }

        mutating func literal(_ word: String) throws(JSONError) {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("expected \(word)") }
            i += w.count
        }

        mutating func number() throws(JSONError) -> JSONValue {
            let start = i
            if bytes[i] == 45 { i += 1 }
            func digits(_ p: inout Parser) -> Int {
                let s = p.i
                while p.i < p.bytes.count, (48...57).contains(p.bytes[p.i]) { p.i += 1 }
                return p.i - s
            }
            guard digits(&self) > 0 else { throw fail("malformed number") }
            if i < bytes.count, bytes[i] == 46 { i += 1; guard digits(&self) > 0 else { throw fail("malformed number") } }
            if i < bytes.count, bytes[i] | 0x20 == 101 {
                i += 1
                if i < bytes.count, bytes[i] == 43 || bytes[i] == 45 { i += 1 }
                guard digits(&self) > 0 else { throw fail("malformed number") }
            }
            return .number(String(decoding: bytes[start..<i], as: UTF8.self))
        }

        mutating func string() throws(JSONError) -> String {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                if c == 34 { i += 1; return String(decoding: out, as: UTF8.self) }
                if c < 32 { throw fail("control character in string") }
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
                        guard i + 4 < bytes.count, let v = UInt32(String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self), radix: 16),
                              let scalar = UnicodeScalar(v) else { throw fail("bad \\u escape") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                        i += 4
                    default: throw fail("bad escape")
                    }
                    i += 1
                    continue
                }
                out.append(c)
                i += 1
            }
            throw fail("unterminated string")
        }

        mutating func array(depth: Int) throws(JSONError) -> JSONValue {
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 93 { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated list") }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 93 { i += 1; return .array(items) }
                throw fail("expected , or ] in list")
            }
        }

        mutating func object(depth: Int) throws(JSONError) -> JSONValue {
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 125 { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 34 else { throw fail("expected a quoted key") }
                let key = try string()
                guard !members.contains(where: { $0.0 == key }) else { throw fail("duplicate key \"\(key)\"") }
                skipSpace()
                guard i < bytes.count, bytes[i] == 58 else { throw fail("expected : after key") }
                i += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == 44 { i += 1; continue }
                if bytes[i] == 125 { i += 1; return .object(members) }
                throw fail("expected , or } in object")
            }
        }
    }
}
