/// The warp's pinned sampling rule: bilinear, in fixed point, alpha-weighted, one rounding.
///
/// A continuous point (u, v) in row space (`ImagePoint`) is sampled at index position
/// (u − 0.5, v − 0.5), because pixel centres sit at half-integers. That position is clamped to
/// `[0, W−1] × [0, H−1]` (edge pixels extend outwards, like a clamped extent) and quantised to
/// 1/256 pixel, halves up: `U = round(256·(u − 0.5))`, `ix = U >> 8`, `fx = U & 255`. The four
/// neighbours get weights `(256−fx)(256−fy)`, `fx(256−fy)`, `(256−fx)fy`, `fx·fy` (sum 2^16), and
///
///     alpha  = round(Σ wt·a / 2^16)
///     colour = round(Σ wt·a·c / Σ wt·a)    (0 where Σ wt·a = 0)
///
/// halves up, in integers: the same alpha-weighted rule as the downsampler, so a warp that halves
/// an image exactly equals its 2×2 area average. Quantising the position absorbs the last-bit noise
/// of the homography solve: the identity quad samples every pixel centre exactly.
public enum BilinearSampler {
    /// Fractional bits of the quantised position.
    public static let fractionBits = 8

    /// The fixed-point index coordinate for continuous coordinate `c` on an axis of `size` pixels.
    @inline(__always)
    static func fixedPoint(_ c: Double, size: Int) -> Int {
        var t = c - 0.5
        if !(t > 0) { t = 0 }  // also NaN (a point on the horizon): the first pixel
        let top = Double(size - 1)
        if t > top { t = top }
        return IntegerRounding.halfUp(t * 256)
    }

    /// The sample at continuous point (`u`, `v`) of `image`, written plainly (the warp's fast path
    /// inlines the same arithmetic on raw bytes).
    public static func sample(_ image: RGBA8Image, u: Double, v: Double) -> RGBA8 {
        let fxp = fixedPoint(u, size: image.width), fyp = fixedPoint(v, size: image.height)
        let x0 = fxp >> 8, y0 = fyp >> 8, fx = fxp & 255, fy = fyp & 255
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let taps = [(x0, y0, (256 - fx) * (256 - fy)), (x1, y0, fx * (256 - fy)),
                    (x0, y1, (256 - fx) * fy), (x1, y1, fx * fy)]
        var sumA = 0, sumR = 0, sumG = 0, sumB = 0
        for (x, y, wt) in taps {
            let p = image.pixel(x: x, y: y)
            let wa = wt * Int(p.a)
            sumA += wa
            sumR += wa * Int(p.r)
            sumG += wa * Int(p.g)
            sumB += wa * Int(p.b)
        }
        if sumA == 0 { return RGBA8(0, 0, 0, 0) }
        return RGBA8(UInt8(IntegerRounding.divideHalfUp(sumR, sumA)), UInt8(IntegerRounding.divideHalfUp(sumG, sumA)),
                     UInt8(IntegerRounding.divideHalfUp(sumB, sumA)), UInt8(IntegerRounding.divideHalfUp(sumA, 1 << 16)))
    }
}
