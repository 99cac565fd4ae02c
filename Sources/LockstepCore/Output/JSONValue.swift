/// One JSON value as read by `JSONDocument.parse` or built by a domain for `JSONDocument.write`.
///
/// Numbers are kept as their exact text, never converted on the way in or out: a Float written as
/// its shortest round-trip text reads back to the same bits, and a 64-bit integer (a seed, seconds
/// since 1970) never passes through a Double. Which type a number becomes is the reader's choice
/// (`int64`, `int`, `integer(as:)`, or `Float(text)` on `numberText`).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's text exactly as read, or as the builder gave it (the writer copies it verbatim,
    /// so it must already be valid JSON number text: `-12`, `0.5`, `1e-05`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document (or building) order. The parser rejects duplicate keys; the writer sorts
    /// keys by their UTF-8 bytes unless asked to keep this order (`JSONDocument.KeyOrder`).
    case object([(String, JSONValue)])

    /// A whole number, written in decimal (`.integer(-5)` is `.number("-5")`).
    public static func integer(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// Equal when the documents would be written with the same bytes in the same member order:
    /// strings and keys compare by their UTF-8 bytes, not by Swift's canonical equivalence.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x.utf8.elementsEqual(y.utf8)
        case (.string(let x), .string(let y)): x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0.utf8.elementsEqual($1.0.utf8) && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object (the first, if built with duplicates), matched by its
    /// UTF-8 bytes; nil for a missing key or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0.utf8.elementsEqual(key.utf8) }?.1
    }

    /// The value's kind in words for error messages: "null", "a boolean", "a number", "a string",
    /// "a list", "an object".
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

    // MARK: Accessors (nil when the value is of another kind)

    public var isNull: Bool { if case .null = self { true } else { false } }

    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    public var string: String? { if case .string(let s) = self { s } else { nil } }

    /// The number's exact text.
    public var numberText: String? { if case .number(let t) = self { t } else { nil } }

    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The members in document order.
    public var object: [(String, JSONValue)]? { if case .object(let m) = self { m } else { nil } }

    /// The number as `T` when its text is a whole decimal number within `T`'s range (`12`, `-3`);
    /// nil for a fraction or exponent (`1.0`, `1e3`), an out-of-range value, or a non-number.
    public func integer<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard case .number(let text) = self else { return nil }
        return T(text, radix: 10)
    }

    /// `integer(as: Int64.self)`.
    public var int64: Int64? { integer(as: Int64.self) }

    /// `integer(as: Int.self)`.
    public var int: Int? { integer(as: Int.self) }
}
