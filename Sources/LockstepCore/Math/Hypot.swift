// hypot without overflow or underflow in the intermediate squares, accurate to about 0.5 ulp.

extension DetMath {
    /// √(x² + y²) without undue overflow or underflow, faithfully rounded (usually correctly).
    ///
    /// `hypot(±∞, y) = +∞` even if y is NaN (C99 Annex F); otherwise NaN if either is NaN.
    /// `hypot(x, ±0) = |x|`.
    public static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        if x.isNaN || y.isNaN { return .nan }
        var a = x.magnitude
        var b = y.magnitude
        if a < b { swap(&a, &b) }
        if b == 0 { return a }
        // If b < a·2^-54, b²/(2a) is below a quarter ulp of a: the result is a.
        if a.bitPattern - b.bitPattern > 54 << 52 { return a + b }
        // Scale by a power of two so the squares neither overflow nor lose bits to underflow.
        var scale = 1.0
        if a > 0x1p500 {
            a *= 0x1p-600
            b *= 0x1p-600
            scale = 0x1p600
        } else if b < 0x1p-500 {
            a *= 0x1p600
            b *= 0x1p600
            scale = 0x1p-600
        }
        // a² + b² as a double-double, then one Newton correction of the rounded root.
        let aa = exactProduct(a, a)
        let bb = exactProduct(b, b)
        let sum = aa.high + bb.high
        let sumLo = ((aa.high - sum) + bb.high) + aa.low + bb.low
        let h = sqrt(sum)
        let hh = exactProduct(h, h)
        let residual = ((sum - hh.high) - hh.low) + sumLo
        return (h + residual / (2 * h)) * scale
    }
}
