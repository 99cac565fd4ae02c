/// Numbers in and out (A4 "Number", G1). Reading is correctly rounded; writing uses integer
/// arithmetic on the rounded ten-thousandths so the text is identical on every platform.

/// Parses the whole text as one SVG number, to the nearest Double. Surrounding whitespace is not
/// part of the grammar (callers trim attribute values first); non-finite results are rejected.
func parseNumber(_ text: Substring) -> Double? {
    var scanner = ByteScanner(text)
    guard let value = scanner.scanNumber(), scanner.atEnd else { return nil }
    return value
}

func parseNumber(_ text: String) -> Double? { parseNumber(text[...]) }

/// G1: q = (v × 10000) rounded half to even, printed as q / 10000 in plain decimal, trailing zeros
/// and point removed, no exponent, and `-0` as `0`.
///
/// Huge values: when |q| ≥ 2^62 the integer q is printed exactly from its binary form (decimal
/// long multiplication), so no clamping is needed; when v × 10000 overflows to infinity, v itself
/// (an integer at that size) is printed exactly. NaN prints as `0` and ±infinity as the largest
/// finite magnitude, so a value never produces unparseable text.
func formatNumber(_ v: Double) -> String {
    if v.isNaN { return "0" }
    let finite = v.isInfinite ? (v < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude) : v
    let q = (finite * 10000).rounded(.toNearestOrEven)
    if q == 0 { return "0" }
    let limit = 4_611_686_018_427_387_904.0 // 2^62
    if q.magnitude < limit {
        let qi = Int64(q)
        let a = qi.magnitude
        let integerPart = a / 10000
        var fraction = a % 10000
        var text = (qi < 0 ? "-" : "") + String(integerPart)
        if fraction != 0 {
            var digits = 4
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return text
    }
    let sign = q < 0 ? "-" : ""
    if q.isInfinite {
        // v × 10000 overflowed: v is an integer here, so v / 1 is exact.
        return sign + exactIntegerDigits(finite.magnitude)
    }
    var digits = exactIntegerDigits(q.magnitude)
    // q / 10000 with trailing zeros of the fraction removed.
    var fraction = String(digits.suffix(4))
    digits.removeLast(4)
    while fraction.last == "0" { fraction.removeLast() }
    return sign + digits + (fraction.isEmpty ? "" : "." + fraction)
}

/// The decimal digits of an integer-valued, finite, non-negative Double of at least 2^53, by
/// doubling a base-10^9 big integer: exact, and only + × on integers.
private func exactIntegerDigits(_ value: Double) -> String {
    let exponent = Int(value.exponent) - 52
    let significand = value.significandBitPattern | (1 << 52)
    // Little-endian limbs of 10^9.
    var limbs: [UInt64] = [significand % 1_000_000_000, significand / 1_000_000_000]
    var remaining = exponent
    while remaining > 0 {
        var carry: UInt64 = 0
        for i in 0..<limbs.count {
            let x = limbs[i] * 2 + carry
            limbs[i] = x % 1_000_000_000
            carry = x / 1_000_000_000
        }
        if carry > 0 { limbs.append(carry) }
        remaining -= 1
    }
    while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
    var text = String(limbs[limbs.count - 1])
    var i = limbs.count - 2
    while i >= 0 {
        let part = String(limbs[i])
        text += String(repeating: "0", count: 9 - part.count) + part
        i -= 1
    }
    return text
}
