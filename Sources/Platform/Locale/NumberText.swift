/// A decimal number as canonical ASCII text: an optional `-`, integer digits without leading
/// zeros, and a `.` with fraction digits without trailing zeros only when there are some
/// ("-1234.5", "0.002", "100"; never "-0", grouping or an exponent). It is what the strict
/// parser returns and what the formatters take, so a Decimal's description and a Double's
/// shortest round-trip text both feed them, and rounding happens on decimal digits, exactly.
public struct NumberText: Hashable, Sendable, CustomStringConvertible {
    /// The canonical text.
    public let text: String
    /// Whether the number is below zero (never for zero itself).
    public let isNegative: Bool
    /// The digits of the value times 10^scale, most significant first, no leading zeros
    /// (empty for zero).
    let digits: [UInt8]
    /// How many of `digits` are after the decimal point.
    let scale: Int

    /// The most digits, and the largest exponent, an input may have: far beyond Decimal's 38
    /// digits and Double's 1e±308 range, small enough that text stays short.
    public static let maxDigits = 400
    public static let maxExponent = 400

    public var description: String { text }

    /// Reads `-?D+(.D+)?([eE][+-]?D+)?` in ASCII (a Decimal's description, a Double's
    /// description such as "1.5e-07"); nil for anything else, including `inf`, `nan`, `+1`, `.5`,
    /// `1.` and inputs past the limits.
    public init?(_ input: String) {
        var bytes = Array(input.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        let intPart = bytes.prefix(while: isDigit)
        guard !intPart.isEmpty else { return nil }
        bytes = bytes.dropFirst(intPart.count)
        var fracPart: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fracPart = bytes.prefix(while: isDigit)
            guard !fracPart.isEmpty else { return nil }
            bytes = bytes.dropFirst(fracPart.count)
        }
        var exponent = 0
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var expNegative = false
            if bytes.first == UInt8(ascii: "-") { expNegative = true; bytes = bytes.dropFirst() }
            else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let expDigits = bytes.prefix(while: isDigit)
            guard !expDigits.isEmpty, expDigits.count <= 4 else { return nil }
            bytes = bytes.dropFirst(expDigits.count)
            for b in expDigits { exponent = exponent * 10 + Int(b - 48) }
            guard exponent <= NumberText.maxExponent else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard bytes.isEmpty, intPart.count + fracPart.count <= NumberText.maxDigits else { return nil }
        self.init(negative: negative, digits: (intPart + fracPart).map { $0 - 48 }, scale: fracPart.count - exponent)
    }

    /// The number `±digits × 10^-scale` (scale may be negative), normalised.
    init(negative: Bool, digits raw: [UInt8], scale rawScale: Int) {
        var d = raw
        var s = rawScale
        if s < 0 { d += [UInt8](repeating: 0, count: -s); s = 0 }
        while s > 0, d.last == 0 { d.removeLast(); s -= 1 }
        let firstNonZero = d.firstIndex { $0 != 0 } ?? d.count
        d.removeFirst(firstNonZero)
        if d.isEmpty { s = 0 }
        digits = d
        scale = s
        isNegative = negative && !d.isEmpty
        text = NumberText.render(negative: isNegative, digits: d, scale: s)
    }

    /// The integer and fraction digits of `digits × 10^-scale` (integer part at least "0").
    static func split(_ d: [UInt8], _ scale: Int) -> (integer: [UInt8], fraction: [UInt8]) {
        let padded = d.count <= scale ? [UInt8](repeating: 0, count: scale - d.count + 1) + d : d
        return (Array(padded.prefix(padded.count - scale)), Array(padded.suffix(scale)))
    }

    static func render(negative: Bool, digits d: [UInt8], scale: Int) -> String {
        let (integer, fraction) = split(d, scale)
        var out = negative ? "-" : ""
        out += String(decoding: integer.map { $0 + 48 }, as: UTF8.self)
        if !fraction.isEmpty { out += "." + String(decoding: fraction.map { $0 + 48 }, as: UTF8.self) }
        return out
    }

    /// Whether the value is zero.
    public var isZero: Bool { digits.isEmpty }
}
