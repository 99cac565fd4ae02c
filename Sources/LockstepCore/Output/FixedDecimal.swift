/// Fixed-point decimal printing of `Double`, exact and platform-independent.
///
/// The printed digits are the exact binary value of the double rounded to `places` decimals, ties to
/// even (so `0.125` at two places is `0.12`, and `2.675`, really 2.67499999…, is `2.67`). A result
/// that rounds to zero never prints a sign (`-0.0001` → `0.000`). `nan`, `inf` and `-inf` print as
/// words. No `String(format:)`, whose rounding is the C library's business, not ours.
public enum FixedDecimal {
    /// The most decimals a fixed value may carry. Nine matches nanosecond time and keeps the maths in
    /// 128 bits.
    public static let maxPlaces = 9

    static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
                                        100_000_000, 1_000_000_000]

    public static func format(_ x: Double, places: Int) -> String {
        var out: [UInt8] = []
        append(x, places: places, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func append(_ x: Double, places: Int, to out: inout [UInt8]) {
        precondition(places >= 0 && places <= maxPlaces, "fixed places must be 0...\(maxPlaces)")
        if x.isNaN { out.append(contentsOf: [110, 97, 110]); return }  // nan
        if x.isInfinite {
            if x < 0 { out.append(45) }
            out.append(contentsOf: [105, 110, 102])  // inf
            return
        }
        let magnitude = x.magnitude
        if magnitude == 0 { appendScaled(high: 0, low: 0, places: places, to: &out); return }
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? (1 << 52) : 0)
        let exponent = (magnitude.isNormal ? Int(magnitude.exponentBitPattern) - 1075 : -1074)
        let scale = powersOfTen[places]

        if exponent >= 0 {
            // An integer; the decimals are all zero. Use big arithmetic when it exceeds 64 bits.
            if exponent <= 10 {
                if x < 0 { out.append(45) }
                appendDecimal(significand << UInt64(exponent), to: &out)
                appendZeros(places, to: &out)
            } else {
                if x < 0 { out.append(45) }
                out.append(contentsOf: BigDecimalDigits.ofPowerOfTwoMultiple(significand, shift: exponent))
                appendZeros(places, to: &out)
            }
            return
        }
        // value · 10^places = significand · scale / 2^k, computed as a 128-bit numerator.
        let k = -exponent
        let product = significand.multipliedFullWidth(by: scale)  // < 2^83
        var qHigh: UInt64 = 0, qLow: UInt64 = 0
        var roundUp = false
        if k < 128 {
            (qHigh, qLow) = shiftRight(high: product.high, low: product.low, by: k)
            // remainder r = N mod 2^k compared with half = 2^(k-1).
            let (rHigh, rLow) = lowBits(high: product.high, low: product.low, count: k)
            let (hHigh, hLow): (UInt64, UInt64) = k - 1 >= 64 ? (1 << UInt64(k - 1 - 64), 0) : (0, 1 << UInt64(k - 1))
            if (rHigh, rLow) > (hHigh, hLow) { roundUp = true }
            else if (rHigh, rLow) == (hHigh, hLow) { roundUp = (qLow & 1) == 1 }
        }
        if roundUp {
            let (sum, overflow) = qLow.addingReportingOverflow(1)
            qLow = sum
            if overflow { qHigh += 1 }
        }
        if x < 0 && (qHigh != 0 || qLow != 0) { out.append(45) }
        appendScaled(high: qHigh, low: qLow, places: places, to: &out)
    }

    /// Appends the 128-bit integer `q` as a decimal with `places` digits after the point.
    static func appendScaled(high: UInt64, low: UInt64, places: Int, to out: inout [UInt8]) {
        let scale = powersOfTen[places]
        // q / scale and q % scale; q < 2^83 and scale ≤ 10^9, so the quotient's long division is two steps.
        let highQuotient = high / scale
        let highRemainder = high % scale
        let (lowQuotient, fraction) = scale.dividingFullWidth((highRemainder, low))
        if highQuotient == 0 {
            appendDecimal(lowQuotient, to: &out)
        } else {
            out.append(contentsOf: BigDecimalDigits.of128(high: highQuotient, low: lowQuotient))
        }
        guard places > 0 else { return }
        out.append(46)
        var divisor = scale / 10
        var rest = fraction
        while divisor > 0 {
            out.append(48 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func appendZeros(_ places: Int, to out: inout [UInt8]) {
        guard places > 0 else { return }
        out.append(46)
        for _ in 0..<places { out.append(48) }
    }

    static func shiftRight(high: UInt64, low: UInt64, by k: Int) -> (UInt64, UInt64) {
        if k == 0 { return (high, low) }
        if k >= 64 { return (0, k >= 128 ? 0 : high >> UInt64(k - 64)) }
        return (high >> UInt64(k), (low >> UInt64(k)) | (high << UInt64(64 - k)))
    }

    static func lowBits(high: UInt64, low: UInt64, count k: Int) -> (UInt64, UInt64) {
        if k >= 128 { return (high, low) }
        if k >= 64 { return (k == 64 ? 0 : high & ((1 << UInt64(k - 64)) - 1), low) }
        return (0, low & ((1 << UInt64(k)) - 1))
    }
}

/// Decimal digits of integers wider than 64 bits; a slow path for huge values only.
enum BigDecimalDigits {
    /// Digits of `value · 2^shift` (shift ≤ 971, the largest finite double).
    static func ofPowerOfTwoMultiple(_ value: UInt64, shift: Int) -> [UInt8] {
        var limbs: [UInt32] = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        for _ in 0..<shift {  // bounded by 1024 by the double's exponent range
            var carry: UInt32 = 0
            for i in limbs.indices {
                let next = limbs[i] >> 31
                limbs[i] = (limbs[i] << 1) | carry
                carry = next
            }
            if carry != 0 { limbs.append(carry) }
        }
        return digits(of: limbs)
    }

    static func of128(high: UInt64, low: UInt64) -> [UInt8] {
        digits(of: [UInt32(truncatingIfNeeded: low), UInt32(truncatingIfNeeded: low >> 32),
                    UInt32(truncatingIfNeeded: high), UInt32(truncatingIfNeeded: high >> 32)])
    }

    /// Repeated division by 10^9 over little-endian 32-bit limbs.
    static func digits(of input: [UInt32]) -> [UInt8] {
        var limbs = input
        var chunks: [UInt32] = []
        while limbs.contains(where: { $0 != 0 }) {  // at most ~35 rounds for a double
            var remainder: UInt64 = 0
            var i = limbs.count - 1
            while i >= 0 {
                let current = (remainder << 32) | UInt64(limbs[i])
                limbs[i] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
                i -= 1
            }
            chunks.append(UInt32(remainder))
            while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        }
        if chunks.isEmpty { return [48] }
        var out: [UInt8] = []
        appendDecimal(UInt64(chunks.last!), to: &out)
        var j = chunks.count - 2
        while j >= 0 {
            var part: [UInt8] = []
            appendDecimal(UInt64(chunks[j]), to: &part)
            for _ in part.count..<9 { out.append(48) }
            out.append(contentsOf: part)
            j -= 1
        }
        return out
    }
}
