/// Numeric order: `−2 < −1.5 < 0 < 0.1 < 0.10000000000000000001`. Exact, never rounds.
extension DecimalNumber: Comparable {
    public static func < (a: DecimalNumber, b: DecimalNumber) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        // Same sign (zero counts as positive): compare magnitudes, reversed for negatives.
        return a.isNegative ? magnitudeLess(b, a) : magnitudeLess(a, b)
    }

    /// |a| < |b|.
    static func magnitudeLess(_ a: DecimalNumber, _ b: DecimalNumber) -> Bool {
        if a.isZero || b.isZero { return !b.isZero && a.isZero }
        if a.adjustedExponent != b.adjustedExponent { return a.adjustedExponent < b.adjustedExponent }
        // Same leading power of ten, so the exponents differ by less than 38 digits and the
        // aligned coefficients still fit below 10^38.
        var ca = a.coefficient, cb = b.coefficient
        if a.exponent > b.exponent {
            for _ in 0..<(a.exponent - b.exponent) { ca *= 10 }
        } else {
            for _ in 0..<(b.exponent - a.exponent) { cb *= 10 }
        }
        return ca < cb
    }
}

extension Int64 {
    /// The decimal as an `Int64` when it is an integer in range, else nil (never rounds).
    public init?(exactly value: DecimalNumber) {
        guard value.exponent >= 0 else { return nil }  // normalized, so a negative exponent is a fraction
        guard value.exponent <= 18 else { return nil }  // ≥ 10^19 (zero has exponent 0)
        let limit = value.isNegative ? UInt128(Int64.max) + 1 : UInt128(Int64.max)
        guard value.coefficient <= limit else { return nil }
        var m = value.coefficient  // ≤ 2^63, so · 10^18 stays far below 2^128
        for _ in 0..<value.exponent { m *= 10 }
        guard m <= limit else { return nil }
        self = value.isNegative ? Int64(truncatingIfNeeded: 0 &- m) : Int64(m)
    }
}

extension Int {
    /// The decimal as an `Int` when it is an integer in range, else nil (never rounds).
    public init?(exactly value: DecimalNumber) {
        guard let wide = Int64(exactly: value), let narrow = Int(exactly: wide) else { return nil }
        self = narrow
    }
}
