/// Canonical printing of a `DecimalNumber`, the one spelling traces and goldens use.
///
/// Plain positional notation, never an exponent: an optional `-`, the integer digits (`0` when the
/// value is below one), then `.` and the fraction digits only if there are any, with no trailing
/// zeros. So 1.50 prints `1.5`, 100 prints `100`, 0.0005 prints `0.0005`, and zero (including a
/// result that was −0 in Foundation) prints `0`. The longest text is 166 bytes (a `-` and 165
/// digits, or `-0.` and 128 fraction digits): every value in range prints in full.
extension DecimalNumber: CustomStringConvertible {
    public var description: String { canonicalText }

    public var canonicalText: String {
        var out: [UInt8] = []
        appendCanonical(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the canonical text's UTF-8 bytes.
    public func appendCanonical(to out: inout [UInt8]) {
        if isZero { out.append(48); return }
        if isNegative { out.append(45) }
        let digits = Array(String(coefficient).utf8)
        if exponent >= 0 {
            out.append(contentsOf: digits)
            for _ in 0..<exponent { out.append(48) }
            return
        }
        let fractionCount = -exponent
        if digits.count > fractionCount {
            out.append(contentsOf: digits[0..<(digits.count - fractionCount)])
            out.append(46)
            out.append(contentsOf: digits[(digits.count - fractionCount)...])
        } else {
            out.append(contentsOf: [48, 46])
            for _ in 0..<(fractionCount - digits.count) { out.append(48) }
            out.append(contentsOf: digits)
        }
    }

    /// The value rounded to `places` fraction digits with `mode` and printed with exactly that many
    /// (trailing zeros kept): `text(places: 3, mode: .bankers)` of 100 is `100.000`. For display
    /// models that pin a fixed number of decimals; `places` is clamped to 0...128. Never `-0.000`.
    public func text(places: Int, mode: DecimalRoundingMode) -> String {
        let p = Swift.max(0, Swift.min(128, places))
        // Rounding to p ≥ 0 places only drops fraction digits of a value below 10^38, so it cannot
        // overflow; the fallback keeps the function total anyway.
        let value = (try? rounded(scale: p, mode: mode)) ?? self
        var out: [UInt8] = []
        value.appendCanonical(to: &out)
        let fraction = value.exponent < 0 ? -value.exponent : 0
        if p > 0 {
            if fraction == 0 { out.append(46) }
            for _ in fraction..<p { out.append(48) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
