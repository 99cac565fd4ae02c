import LockstepCore

/// The type of one column of an `ObjectStore` table.
public enum ObjectColumnType: String, Hashable, Sendable, CaseIterable {
    case int, real, text, bool
}

/// One stored cell. `null` exists only where the column is declared nullable; the store refuses it
/// anywhere else, so "no value" can never be written as a zero by accident.
public enum ObjectValue: Hashable, Sendable {
    case null
    case int(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)

    /// The column type this value fits; nil for `null`, which fits any nullable column.
    public var type: ObjectColumnType? {
        switch self {
        case .null: nil
        case .int: .int
        case .real: .real
        case .text: .text
        case .bool: .bool
        }
    }

    public var text: String? { if case .text(let s) = self { s } else { nil } }
    public var real: Double? { if case .real(let d) = self { d } else { nil } }
    public var int: Int64? { if case .int(let i) = self { i } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var isNull: Bool { self == .null }

    /// Total order used for sorting and ranges: null first, then by type, then by value; text by
    /// Unicode code point (never by Swift's canonical-equivalence order or by hash).
    public static func precedes(_ a: ObjectValue, _ b: ObjectValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.real(let x), .real(let y)): return x < y
        case (.bool(let x), .bool(let y)): return !x && y
        case (.text(let x), .text(let y)): return CodePoint.precedes(x, y)
        default: return a.typeRank < b.typeRank
        }
    }

    private var typeRank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int: 2
        case .real: 3
        case .text: 4
        }
    }

    /// As a record or state value: reals with 6 places (the store's reads are exact; traces are not).
    public var value: Value {
        switch self {
        case .null: .word("null")
        case .int(let i): .int(i)
        case .real(let d): .fixed(d, places: 6)
        case .text(let s): .string(s)
        case .bool(let b): .bool(b)
        }
    }
}

/// Code-point order for strings: deterministic and independent of Unicode normalisation.
public enum CodePoint {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }
}
