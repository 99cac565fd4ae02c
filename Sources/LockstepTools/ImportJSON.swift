/// One JSON value of a recording line, with the 1-based byte column where it starts, so every
/// import error can point at the value (`file:line:column`). Numbers keep their exact text: a time
/// or a coordinate is copied into the scenario verbatim, never through a `Double`.
struct ImportJSON {
    indirect enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ImportJSON])
        case object([Member])
    }

    struct Member {
        var key: String
        var keyColumn: Int
        var value: ImportJSON
    }

    var value: Value
    var column: Int

    /// The member `key` of an object, nil when absent or when this is not an object.
    subscript(key: String) -> ImportJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// A located problem on one line of a recording: 1-based byte column and a message.
struct ImportProblem: Error {
    var column: Int
    var message: String
}

/// A strict JSON parser for one line (RFC 8259), keeping columns and number text. Limits: nesting
/// `maxDepth` deep; duplicate keys are refused (a recorder never writes them, so one is damage).
struct ImportJSONParser {
    static let maxDepth = 8

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func parse(_ bytes: [UInt8]) throws(ImportProblem) -> ImportJSON {
        var p = ImportJSONParser(bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < bytes.count { throw ImportProblem(column: p.i + 1, message: "unexpected \(p.describe(p.i)) after the JSON value; one object per line") }
        return v
    }

    private func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "end of line" }
        let b = bytes[at]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value(depth: Int) throws(ImportProblem) -> ImportJSON {
        guard i < bytes.count else { throw ImportProblem(column: i + 1, message: "expected a JSON value, found end of line") }
        let column = i + 1
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw ImportProblem(column: column, message: "JSON nests deeper than \(Self.maxDepth) levels (the limit)") }
            return ImportJSON(value: .object(try object(depth: depth)), column: column)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw ImportProblem(column: column, message: "JSON nests deeper than \(Self.maxDepth) levels (the limit)") }
            return ImportJSON(value: .array(try array(depth: depth)), column: column)
        case UInt8(ascii: "\""):
            return ImportJSON(value: .string(try string()), column: column)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return ImportJSON(value: .number(try number()), column: column)
        default:
            for (word, v) in [("true", ImportJSON.Value.bool(true)), ("false", .bool(false)), ("null", .null)] where matches(word) {
                i += word.utf8.count
                return ImportJSON(value: v, column: column)
            }
            throw ImportProblem(column: column, message: "expected a JSON value, found \(describe(i))")
        }
    }

    private func matches(_ word: String) -> Bool {
        let w = Array(word.utf8)
        return i + w.count <= bytes.count && Array(bytes[i..<(i + w.count)]) == w
    }

    private mutating func object(depth: Int) throws(ImportProblem) -> [ImportJSON.Member] {
        i += 1
        var members: [ImportJSON.Member] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return members }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw ImportProblem(column: i + 1, message: "expected a quoted key, found \(describe(i))")
            }
            let keyColumn = i + 1
            let key = try string()
            if let first = members.first(where: { $0.key == key }) {
                throw ImportProblem(column: keyColumn, message: "duplicate key \"\(key)\" (first given at column \(first.keyColumn))")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw ImportProblem(column: i + 1, message: "expected ':' after the key, found \(describe(i))") }
            i += 1
            skipSpace()
            members.append(ImportJSON.Member(key: key, keyColumn: keyColumn, value: try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw ImportProblem(column: i + 1, message: "unterminated object: expected ',' or '}', found end of line") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return members }
            throw ImportProblem(column: i + 1, message: "expected ',' or '}', found \(describe(i))")
        }
    }

    private mutating func array(depth: Int) throws(ImportProblem) -> [ImportJSON] {
        i += 1
        var items: [ImportJSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return items }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw ImportProblem(column: i + 1, message: "unterminated list: expected ',' or ']', found end of line") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return items }
            throw ImportProblem(column: i + 1, message: "expected ',' or ']', found \(describe(i))")
        }
    }

    private mutating func number() throws(ImportProblem) -> String {
        let start = i
        let bad = { (at: Int) in ImportProblem(column: start + 1, message: "malformed number at column \(at + 1)") }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw bad(i) }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < bytes.count, isDigit(bytes[i]) { i += 1 } }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw bad(i) }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw bad(i) }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: ".") { throw bad(i) }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func string() throws(ImportProblem) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw ImportProblem(column: start + 1, message: "unterminated string: no closing quote on this line") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw ImportProblem(column: i + 1, message: "control character 0x\(String(b, radix: 16)) inside a string; write it escaped") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { throw ImportProblem(column: i + 1, message: "unterminated escape at the end of the line") }
            let e = bytes[i + 1]
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escapeColumn = i + 1
                guard var scalar = hex4(at: i + 2) else { throw ImportProblem(column: escapeColumn, message: "bad \\u escape: expected 4 hex digits") }
                i += 6
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                          let low = hex4(at: i + 2), (0xDC00..<0xE000).contains(low) else {
                        throw ImportProblem(column: escapeColumn, message: "bad \\u escape: a high surrogate without its low half")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let u = Unicode.Scalar(scalar) else { throw ImportProblem(column: escapeColumn, message: "bad \\u escape: a lone low surrogate") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
                continue
            default:
                throw ImportProblem(column: i + 1, message: "bad escape '\\\(Character(Unicode.Scalar(e)))' in string")
            }
            i += 2
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw ImportProblem(column: start + 1, message: "string is not valid UTF-8")
        }
        return text
    }

    private func hex4(at j: Int) -> UInt32? {
        guard j + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for b in bytes[j..<(j + 4)] {
            guard let d = hexValue(b) else { return nil }
            v = v * 16 + d
        }
        return v
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }
}
