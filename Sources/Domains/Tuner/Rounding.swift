/// Rounding helpers spelled out with exact IEEE operations.
///
/// WHY: on Linux x86-64 `Double.rounded()` lowers to libm's `round`, which Lockstep neither links
/// nor trusts; truncating conversion and subtraction are exact, so this gives the same bits as
/// Swift's `.rounded()` (to nearest, ties away from zero) on every platform.
enum Rounding {
    /// `x` rounded to the nearest integer, ties away from zero (Swift's `.rounded()`), or nil when
    /// `x` is not finite or |x| ≥ 2^52 would not fit the exact-integer path.
    static func halfAwayFromZero(_ x: Double) -> Double? {
        guard x.isFinite, x.magnitude < 0x1p52 else { return nil }
        let truncated = Double(Int64(x))        // exact: |x| < 2^52
        let fraction = x - truncated            // exact (Sterbenz-style, same binade or smaller)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// `Int` nearest to `x` (ties away from zero), nil when not representable.
    static func nearestInt(_ x: Double) -> Int? {
        guard let r = halfAwayFromZero(x) else { return nil }
        return Int(r)
    }

    /// Floor division (rounds toward −∞), so negative numerators land in the right bucket; plain
    /// `/` truncates toward zero. `divisor` must be > 0.
    static func floorDivide(_ value: Int, by divisor: Int) -> Int {
        let q = value / divisor
        return (value % divisor != 0 && value < 0) ? q - 1 : q
    }
}
