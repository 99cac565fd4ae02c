/// The kit's two pinned rounding rules, written once so every filter rounds the same way.
///
/// Floating-point values become integers only through these, never through `rounded()`, whose
/// lowering on Linux goes through the C library; both are exact for every finite input below 2^52.
enum IntegerRounding {
    /// The largest integer not above `x`, for finite `|x| < 2^52`.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let t = Int(x)  // truncates toward zero, exactly
        return Double(t) > x ? t - 1 : t
    }

    /// `x` rounded to the nearest integer, halves going up (towards +∞): 2.5 → 3, -2.5 → -2.
    /// `x - floor(x)` is exact, so the halfway test is exact too.
    @inline(__always)
    static func halfUp(_ x: Double) -> Int {
        let f = floor(x)
        return x - Double(f) >= 0.5 ? f + 1 : f
    }

    /// `numerator / denominator` rounded half up, for `numerator >= 0`, `denominator > 0`.
    @inline(__always)
    static func divideHalfUp(_ numerator: Int, _ denominator: Int) -> Int {
        (2 * numerator + denominator) / (2 * denominator)
    }

    /// `value` in `0...255` after `halfUp`, for a byte channel.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        if !(value > 0) { return 0 }  // also NaN
        if value >= 255 { return 255 }
        return UInt8(halfUp(value))
    }
}
