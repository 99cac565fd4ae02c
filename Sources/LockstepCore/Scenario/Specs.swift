/// What a domain accepts, declared once and used three ways: `lockstep list` prints it, the runner
/// validates every line against it before the domain sees the line (unknown kinds, unknown or
/// duplicate keys, missing fields and wrong types are errors with a column), and the docs quote it.
public enum FieldType: Hashable, Sendable, CustomStringConvertible {
    /// Any number; decoded as `Double`.
    case number
    /// A whole number that fits in `Int64`.
    case integer
    /// A word; if `choices` is not empty, one of them.
    case word(choices: [String])
    /// A quoted string.
    case string
    /// A tuple of numbers with exactly `count` elements (0 means any count).
    case tuple(count: Int)
    /// `true` or `false`.
    case bool
    /// A path (word or string) to a file under `Scenarios/`, read by the runner and handed over as bytes.
    case file
    /// A duration in the scenario time syntax (`1.5`, `90s`, `+2h30m`), read exactly.
    case duration
    /// An ISO 8601 instant with an offset (`2026-03-29T01:30:00Z`).
    case instant
    /// Anything; the domain checks it.
    case any

    public static let word = FieldType.word(choices: [])

    public var description: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .word(let choices): choices.isEmpty ? "word" : choices.joined(separator: "|")
        case .string: "string"
        case .tuple(let n): n == 0 ? "tuple" : "tuple(\(n))"
        case .bool: "true|false"
        case .file: "file"
        case .duration: "duration"
        case .instant: "instant"
        case .any: "value"
        }
    }
}

public struct FieldSpec: Hashable, Sendable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    public var summary: String
    /// The default's text when the field is optional and has one (`lockstep list` shows it).
    public var defaultText: String?
    /// FNV-1a 64 of the name, matched against `Arg.keyHash`.
    public let nameHash: UInt64

    public init(_ name: String, _ type: FieldType, required: Bool = true, _ summary: String = "") {
        self.name = name
        self.type = type
        self.required = required
        self.summary = summary
        self.nameHash = FNV1a64.hash(name.utf8)
    }

    /// An optional field.
    public static func optional(_ name: String, _ type: FieldType, _ summary: String = "") -> FieldSpec {
        FieldSpec(name, type, required: false, summary)
    }
}

/// One event kind: its name, keyed fields and positional arguments.
public struct EventSpec: Hashable, Sendable {
    public var kind: String
    public var summary: String
    public var positional: [FieldSpec]
    public var fields: [FieldSpec]
    /// Whether keys not listed in `fields` are accepted (a domain that takes open-ended keys, like
    /// joint names it checks itself). Off by default: strictness catches typos.
    public var acceptsOtherKeys: Bool

    public init(_ kind: String, _ summary: String = "", positional: [FieldSpec] = [], fields: [FieldSpec] = [],
                acceptsOtherKeys: Bool = false) {
        self.kind = kind
        self.summary = summary
        self.positional = positional
        self.fields = fields
        self.acceptsOtherKeys = acceptsOtherKeys
    }
}

/// One `set KEY VALUE` configuration key.
public struct ConfigSpec: Hashable, Sendable {
    public var name: String
    public var type: FieldType
    public var defaultText: String
    public var summary: String

    public init(_ name: String, _ type: FieldType, default defaultText: String, _ summary: String = "") {
        self.name = name
        self.type = type
        self.defaultText = defaultText
        self.summary = summary
    }
}

/// A named historical bug a domain can re-enable on request (`set fault NAME`, `--fault NAME`), so
/// that `lockstep mutate` can prove some golden notices it.
public struct FaultSpec: Hashable, Sendable {
    public var name: String
    public var summary: String

    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
    }
}
