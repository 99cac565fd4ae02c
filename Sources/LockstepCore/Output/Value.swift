/// One field value in an output record, with exactly one canonical spelling.
///
/// Floating-point values only ever appear as `.fixed` with an explicit number of decimals: the
/// shortest round-trip spelling of a double is exact but noisy, and a golden should say how much
/// precision the domain means.
public enum Value: Hashable, Sendable {
    case int(Int64)
    /// A double printed with `places` decimals, ties to even, never `-0`.
    case fixed(Double, places: Int)
    /// A bare identifier-like word: `began`, `pencil`, `true`. Must not contain spaces, `=` or quotes.
    case word(String)
    /// A quoted string with `\"`, `\\`, `\n`, `\t` and `\u{…}` escapes.
    case string(String)
    /// Comma-separated, no spaces: `1,2,3`.
    case tuple([Value])
    /// Lowercase hex bytes with a `0x` prefix.
    case hex([UInt8])
    /// A 64-bit digest as `#` and sixteen lowercase hex digits.
    case digest(UInt64)
    /// An instant as UTC ISO-8601.
    case instant(Instant)
    /// A duration as seconds with nine decimals and an `s` suffix.
    case duration(Duration)

    public static func bool(_ b: Bool) -> Value { .word(b ? "true" : "false") }
    public static func int(_ i: Int) -> Value { .int(Int64(i)) }

    /// Appends the canonical spelling to a byte buffer.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .int(let v): appendDecimal(v, to: &out)
        case .fixed(let v, let places): FixedDecimal.append(v, places: places, to: &out)
        case .word(let w): Value.appendUTF8(w, to: &out)
        case .string(let s): Value.appendQuoted(s, to: &out)
        case .tuple(let items):
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(44) }
                item.write(to: &out)
            }
        case .hex(let bytes):
            out.append(contentsOf: [48, 120])
            for b in bytes { Hex.appendLower(UInt64(b), digits: 2, to: &out) }
        case .digest(let d):
            out.append(35)
            Hex.appendLower(d, digits: 16, to: &out)
        case .instant(let t): out.append(contentsOf: CivilTime.iso8601UTC(t).utf8)
        case .duration(let d):
            Duration.appendSeconds(d.nanoseconds, to: &out)
            out.append(115)
        }
    }

    public var text: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a string's UTF-8 bytes, through its contiguous storage when it has one (native and
    /// small strings do): the generic `append(contentsOf: s.utf8)` copies through a slow path, and
    /// state lines write a few dozen words at every step.
    @inlinable public static func appendUTF8(_ s: String, to out: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: s.utf8)
        }
    }

    /// Quotes and escapes a string the way the scenario parser reads it back.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(34)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: [92, 34])
            case "\\": out.append(contentsOf: [92, 92])
            case "\n": out.append(contentsOf: [92, 110])
            case "\t": out.append(contentsOf: [92, 116])
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out.append(contentsOf: Array("\\u{".utf8))
                    out.append(contentsOf: Hex.lower(UInt64(scalar.value), digits: scalar.value > 0xFF ? 4 : 2).utf8)
                    out.append(125)
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(34)
    }
}
