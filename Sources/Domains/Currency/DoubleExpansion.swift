import LockstepCore

/// The decimal value a binary Double really holds, to 38 significant digits: what
/// `Decimal(someDouble)` and a decoder that goes through Double produce on the systems where the
/// article saw the binary error (0.1 → 0.1000000000000000055511151231257827021). Used only by the
/// faults that re-enable those bugs; the correct paths never build a number from a Double.
enum DoubleExpansion {
    /// `d = m · 2^e` expanded by repeated exact doubling or halving; each step rounds once at 38
    /// digits, so the last digit can differ from the exact expansion, which is fine for a bug model.
    static func decimal(_ d: Double) -> DecimalNumber? {
        guard d.isFinite else { return nil }
        if d == 0 { return .zero }
        let raw = d.significandBitPattern
        let isNormal = d.exponentBitPattern != 0
        let m = isNormal ? raw | (1 << 52) : raw
        var e = isNormal ? Int(d.exponentBitPattern) - 1075 : -1074
        var value = DecimalNumber(Int64(m))
        let half = try! DecimalNumber(coefficient: 5, exponent: -1)
        let two = DecimalNumber(2)
        do {
            while e > 0 { value = try value * two; e -= 1 }
            while e < 0 { value = try value * half; e += 1 }
        } catch {
            return nil
        }
        return d < 0 ? -value : value
    }
}
