// Exponentials and logarithms (fdlibm structure and coefficients, FreeBSD's extra-precise
// log2/log10 tails). exp2 shares exp's kernel: it splits x = k + f exactly, forms f·ln 2 as a
// double-double with a fused multiply-add, and lets the kernel absorb the low part.

extension DetMath {
    private static let ln2Hi = 6.93147180369123816490e-01  // ln 2 with 32 significant bits
    private static let ln2Lo = 1.90821492927058770002e-10  // ln 2 - ln2Hi

    // MARK: Exponentials

    /// e^(hi - lo) · 2^k for |hi - lo| ≤ ln(2)/2 (plus a little), rounded once.
    ///
    /// fdlibm's kernel: with r = hi - lo and c = r - r²·P(r²) (a minimax fit of r·coth(r/2) - 2),
    /// e^r = 1 + r + r·c/(2 - c); keeping `hi` and `lo` separate in the final sum preserves the
    /// bits lost when r was formed.
    private static func expKernel(hi: Double, lo: Double, k: Int) -> Double {
        let p1 = 1.66666666666666019037e-01
        let p2 = -2.77777777770155933842e-03
        let p3 = 6.61375632143793436117e-05
        let p4 = -1.65339022054652515390e-06
        let p5 = 4.13813679705723846039e-08
        let r = hi - lo
        let rr = r * r
        let c = r - rr * (p1 + rr * (p2 + rr * (p3 + rr * (p4 + rr * p5))))
        let y = 1.0 + (r * c / (2.0 - c) - lo + hi)
        if k == 0 { return y }
        return scaleByPowerOfTwo(y, k)
    }

    /// e raised to `x`, faithfully rounded.
    ///
    /// `exp(±0) = 1`, `exp(+∞) = +∞`, `exp(-∞) = +0`; overflows to +∞ for
    /// x > 709.782712893383973096 and underflows (through the subnormals) to +0 below
    /// -745.13321910194110842.
    public static func exp(_ x: Double) -> Double {
        let hx = highWord(x)
        let negative = hx >> 31 == 1
        let ix = hx & 0x7FFF_FFFF
        if ix >= 0x4086_232B {                  // |x| ≥ 708.39 or NaN
            if x.isNaN { return .nan }
            if x > 709.782712893383973096 { return .infinity }
            if x < -745.13321910194110842 { return 0 }
        }
        let hi: Double
        let lo: Double
        let k: Int
        if ix > 0x3FD6_2E42 {                   // |x| > ln(2)/2: x = k·ln 2 + r
            if ix >= 0x3FF0_A2B2 {              // |x| ≥ 1.5·ln 2
                let invln2 = 1.44269504088896338700e+00
                k = Int(invln2 * x + (negative ? -0.5 : 0.5))  // truncation: round half away
            } else {
                k = negative ? -1 : 1
            }
            // ln2Hi has 32 significant bits and |k| ≤ 1075, so k·ln2Hi and hi are exact.
            hi = x - Double(k) * ln2Hi
            lo = Double(k) * ln2Lo
        } else if ix > 0x3E30_0000 {            // 2^-28 < |x| ≤ ln(2)/2
            k = 0
            hi = x
            lo = 0
        } else {
            return 1.0 + x                      // |x| ≤ 2^-28: x²/2 is below half an ulp
        }
        return expKernel(hi: hi, lo: lo, k: k)
    }

    /// 2 raised to `x`, faithfully rounded; exact for integer `x` in range.
    ///
    /// `exp2(±0) = 1`, `exp2(+∞) = +∞`, `exp2(-∞) = +0`; overflows to +∞ for x ≥ 1024 and
    /// underflows to +0 for x ≤ -1075.
    public static func exp2(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x >= 1024 { return .infinity }
        if x <= -1075 { return 0 }              // 2^-1075 is a tie that rounds to even, i.e. 0
        let kd = roundedToNearestInteger(x)
        let f = x - kd                          // exact, |f| ≤ 1/2
        let ln2 = 6.93147180559945286227e-01    // ln 2 rounded to nearest
        let ln2Tail = 2.319046813846299558e-17  // ln 2 - ln2
        let rh = f * ln2
        let rl = exactProduct(f, ln2).low + f * ln2Tail
        return expKernel(hi: rh, lo: -rl, k: Int(kd))
    }

    // MARK: Logarithms

    /// Shared reduction of the logarithms: x = 2^k · (1 + f) with √2/2 ≤ 1 + f < √2, and the
    /// pieces of log(1 + f) = f - hfsq + s·(hfsq + R) where s = f/(2 + f), hfsq = f²/2 and R is
    /// fdlibm's minimax polynomial in s². Returns `special` for inputs with a fixed answer.
    private static func logReduce(_ x: Double)
        -> (special: Double?, k: Int, f: Double, hfsq: Double, tail: Double)
    {
        let lg1 = 6.666666666666735130e-01
        let lg2 = 3.999999999940941908e-01
        let lg3 = 2.857142874366239149e-01
        let lg4 = 2.222219843214978396e-01
        let lg5 = 1.818357216161805012e-01
        let lg6 = 1.531383769920937332e-01
        let lg7 = 1.479819860511658591e-01

        var bits = x.bitPattern
        var hx = UInt32(truncatingIfNeeded: bits >> 32)
        var k = 0
        if hx < 0x0010_0000 || hx >> 31 == 1 {  // x < 2^-1022, negative, -0 or NaN
            if x.isNaN { return (.nan, 0, 0, 0, 0) }
            if x == 0 { return (-.infinity, 0, 0, 0, 0) }
            if x < 0 { return (.nan, 0, 0, 0, 0) }
            k -= 54                             // subnormal: scale into the normal range
            bits = (x * 0x1p54).bitPattern
            hx = UInt32(truncatingIfNeeded: bits >> 32)
        } else if hx >= 0x7FF0_0000 {
            return (x.isNaN ? .nan : x, 0, 0, 0, 0)  // +∞ (or NaN)
        } else if x == 1 {
            return (0, 0, 0, 0, 0)              // exactly +0, never -0
        }
        // Shift the significand's range from [1, 2) to [√2/2, √2) by borrowing from k.
        hx &+= 0x3FF0_0000 - 0x3FE6_A09E
        k += Int(hx >> 20) - 0x3FF
        hx = (hx & 0x000F_FFFF) + 0x3FE6_A09E
        let m = Double(bitPattern: UInt64(hx) << 32 | (bits & 0xFFFF_FFFF))
        let f = m - 1.0
        let hfsq = 0.5 * f * f
        let s = f / (2.0 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (lg2 + w * (lg4 + w * lg6))
        let t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)))
        let r = t2 + t1
        return (nil, k, f, hfsq, s * (hfsq + r))
    }

    /// The natural logarithm of `x`, faithfully rounded.
    ///
    /// `log(±0) = -∞`, `log(1) = +0`, `log(+∞) = +∞`, NaN for x < 0 (including -∞) and NaN.
    /// Subnormal inputs are handled exactly.
    public static func log(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let dk = Double(p.k)
        return p.tail + dk * ln2Lo - p.hfsq + p.f + dk * ln2Hi
    }

    /// The base-2 logarithm of `x`, faithfully rounded; exact for powers of two.
    ///
    /// Special values as for `log`.
    public static func log2(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let ivln2hi = 1.44269504072144627571e+00  // 1/ln 2 with 33 significant bits
        let ivln2lo = 1.67517131648865118353e-10  // 1/ln 2 - ivln2hi
        // log(1+f) = hi + lo with hi having 21 significant bits, so hi·ivln2hi is exact.
        let hi = clearingLowWord(p.f - p.hfsq)
        let lo = (p.f - hi) - p.hfsq + p.tail
        var valHi = hi * ivln2hi
        var valLo = (lo + hi) * ivln2lo + lo * ivln2hi
        // Add k with an exact two-sum so the rounding of k + valHi is not lost.
        let y = Double(p.k)
        let w = y + valHi
        valLo += (y - w) + valHi
        valHi = w
        return valLo + valHi
    }

    /// The base-10 logarithm of `x`, faithfully rounded.
    ///
    /// Special values as for `log`.
    public static func log10(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let ivln10hi = 4.34294481878168880939e-01   // 1/ln 10 with 33 significant bits
        let ivln10lo = 2.50829467116452752298e-11   // 1/ln 10 - ivln10hi
        let log10_2hi = 3.01029995663611771306e-01  // log10(2) with 33 significant bits
        let log10_2lo = 3.69423907715893078616e-13  // log10(2) - log10_2hi
        let hi = clearingLowWord(p.f - p.hfsq)
        let lo = (p.f - hi) - p.hfsq + p.tail
        let dk = Double(p.k)
        var valHi = hi * ivln10hi
        let y2 = dk * log10_2hi
        var valLo = dk * log10_2lo + (lo + hi) * ivln10lo + lo * ivln10hi
        let w = y2 + valHi
        valLo += (y2 - w) + valHi
        valHi = w
        return valLo + valHi
    }
}
