import LockstepCore
import Platform

/// A `UserDefaults` value with its property-list type, as the domain stores it in the Platform
/// `KeyValueStore` (which holds bytes). `stringArray(forKey:)` and `@AppStorage` read typed values,
/// so a stored integer where a string belongs is a real, distinct failure; this type keeps the type.
///
/// Encoding (GAP: the plist's own binary form is not modelled): one canonical text, `"text"` with
/// `\"` and `\\` escapes, a decimal integer, `true`/`false`, or `[a,b,...]` with no spaces.
/// Decoding is strict: bytes that are not exactly what `storeBytes` writes are `corrupt`.
public indirect enum PlistValue: Hashable, Sendable, StoreValue {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case array([PlistValue])

    /// At most this many elements in an array and this nesting depth: a stored value a scenario
    /// makes cannot make one step's cost unbounded.
    public static let maxElements = 1_000
    public static let maxDepth = 8

    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .bool: "a boolean"
        case .array: "an array"
        }
    }

    public var text: String { String(decoding: storeBytes, as: UTF8.self) }

    public var storeBytes: [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    private func append(to out: inout [UInt8]) {
        switch self {
        case .string(let s):
            out.append(UInt8(ascii: "\""))
            for b in s.utf8 {
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                out.append(b)
            }
            out.append(UInt8(ascii: "\""))
        case .integer(let v): out.append(contentsOf: String(v).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.append(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    public init(storeBytes: [UInt8]) throws(StoreDecodeError) {
        switch PlistValue.parse(storeBytes) {
        case .success(let v): self = v
        case .failure(let e): throw StoreDecodeError("\(e.message) at byte \(e.offset)")
        }
    }

    public struct ParseError: Error, Hashable, Sendable {
        public var offset: Int
        public var message: String
    }

    /// Strict parse of the whole text; the error names the first bad byte (0-based).
    public static func parse(_ bytes: [UInt8]) -> Result<PlistValue, ParseError> {
        var p = Parser(bytes: bytes)
        do throws(ParseError) {
            let v = try p.value(depth: 0)
            guard p.i == bytes.count else { throw ParseError(offset: p.i, message: "unexpected text after the value") }
            return .success(v)
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func value(depth: Int) throws(ParseError) -> PlistValue {
            guard i < bytes.count else { throw ParseError(offset: i, message: "expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                guard depth < PlistValue.maxDepth else { throw ParseError(offset: i, message: "arrays nested deeper than \(PlistValue.maxDepth)") }
                i += 1
                var items: [PlistValue] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard items.count < PlistValue.maxElements else { throw ParseError(offset: i, message: "more than \(PlistValue.maxElements) elements") }
                    items.append(try value(depth: depth + 1))
                    guard i < bytes.count else { throw ParseError(offset: i, message: "expected ',' or ']'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    throw ParseError(offset: i, message: "expected ',' or ']'")
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                for (word, v) in [("true", true), ("false", false)] where bytes[i...].starts(with: word.utf8) {
                    i += word.utf8.count
                    return .bool(v)
                }
                throw ParseError(offset: i, message: "expected a value")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                if bytes[i] == UInt8(ascii: "-") { i += 1 }
                while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                let text = String(decoding: bytes[start..<i], as: UTF8.self)
                guard let v = Int64(text), String(v) == text else { throw ParseError(offset: start, message: "not a canonical integer") }
                return .integer(v)
            default:
                throw ParseError(offset: i, message: "expected a value")
            }
        }

        mutating func string() throws(ParseError) -> String {
            let start = i
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    guard case .valid(let s) = UTF8Validation(out) else { throw ParseError(offset: start, message: "a string that is not UTF-8") }
                    return s
                }
                if b == UInt8(ascii: "\\") {
                    guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") || bytes[i + 1] == UInt8(ascii: "\\") else {
                        throw ParseError(offset: i, message: "only \\\" and \\\\ are escapes")
                    }
                    out.append(bytes[i + 1])
                    i += 2
                    continue
                }
                out.append(b)
                i += 1
            }
            throw ParseError(offset: start, message: "unterminated string")
        }
    }
}

/// The two keys the app keeps in `UserDefaults.standard`, and where a good value goes when the
/// stored one is unreadable.
///
/// GAP (the article is silent; the note asks "report; never silently wipe"): a corrupt or
/// wrongly typed value is reported and left exactly as it is; the app's later writes go to
/// `<key>.recovered`, which the next launch reads when the original is still unreadable. So the
/// damaged bytes survive for diagnosis and nothing the user does afterwards is lost.
enum DefaultsKey {
    static let favorites = "favorites"
    static let recentlyViewed = "recentlyViewed"
    static func recovered(_ key: String) -> String { key + ".recovered" }
}

/// What loading one key at launch found.
enum LoadedDefault<T> {
    /// A readable value (`from` is the key it came from).
    case ok(T, from: String)
    case missing
    /// Unreadable or the wrong type: the reason, and what could be salvaged for display.
    case unusable(reason: String, salvaged: T?)
}
