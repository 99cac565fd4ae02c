import LockstepCore

/// Zero-padded decimals, the way every date and time in a trace is spelled (`08:05`, `2026-03-04`,
/// `t07`), so domains stop writing `(v < 10 ? "0" : "") + "\(v)"` each in its own way.
///
/// Pure byte work: no Foundation, no `String(format:)`, no locale.
public enum ZeroPad {
    /// `7` → `07`, `12` → `12`, `123` → `123` (never truncated).
    public static func two(_ value: Int) -> String { decimal(value, width: 2) }

    /// `value` in decimal with at least `width` digits, zeros on the left: `decimal(7, width: 4)`
    /// is `0007`, `decimal(12345, width: 4)` is `12345`. A negative value is `-` and then its
    /// padded magnitude (`-07`), as the core writes offsets; a width below 1 counts as 1.
    public static func decimal(_ value: Int, width: Int) -> String {
        var out: [UInt8] = []
        append(value, width: width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `2026-03-04` (the default separator) or `20260304` (`separator: ""`): the wall date of `t`,
    /// year padded to four digits.
    public static func date(_ t: LocalDateTime, separator: String = "-") -> String {
        var out: [UInt8] = []
        append(t.year, width: 4, to: &out)
        out.append(contentsOf: separator.utf8)
        append(t.month, width: 2, to: &out)
        out.append(contentsOf: separator.utf8)
        append(t.day, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` as `decimal(value, width:)` spells it.
    public static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        // The magnitude as UInt, so Int.min has one too.
        var rest = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if digits.count < width { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
        out.append(contentsOf: digits.reversed())
    }
}
