// e^x - 1 and log(1 + x), accurate near zero where exp(x) - 1 and log(1 + x) cancel.
// Both follow fdlibm's s_expm1.c and s_log1p.c (error below one ulp).

extension DetMath {
    /// e^x - 1, faithfully rounded, accurate for tiny x where `exp(x) - 1` would cancel.
    ///
    /// `expm1(±0) = ±0`, `expm1(+∞) = +∞`, `expm1(-∞) = -1`; overflows to +∞ for
    /// x > 709.782712893383973096; returns -1 (correctly rounded) for x ≤ -56·ln 2.
    public static func expm1(_ x: Double) -> Double {
        let ln2Hi = 6.93147180369123816490e-01
        let ln2Lo = 1.90821492927058770002e-10
        let invln2 = 1.44269504088896338700e+00
        // Minimax coefficients of the scaled rational approximation on [0, 0.5·ln 2].
        let q1 = -3.33333333333331316428e-02
        let q2 = 1.58730158725481460165e-03
        let q3 = -7.93650757867487942473e-05
        let q4 = 4.00821782732936239552e-06
        let q5 = -2.01099218183624371326e-07

        let hx = highWord(x) & 0x7FFF_FFFF
        let negative = x.sign == .minus
        if hx >= 0x4043_687A {                  // |x| ≥ 56·ln 2, or NaN
            if x.isNaN { return .nan }
            if negative { return -1 }
            if x > 709.782712893383973096 { return .infinity }
        }
        var r = x                               // reduced argument
        var c = 0.0                             // its rounding error
        let k: Int
        if hx > 0x3FD6_2E42 {                   // |x| > 0.5·ln 2: x = k·ln 2 + r
            let hi: Double
            let lo: Double
            if hx < 0x3FF0_A2B2 {               // |x| < 1.5·ln 2
                k = negative ? -1 : 1
                hi = negative ? x + ln2Hi : x - ln2Hi
                lo = negative ? -ln2Lo : ln2Lo
            } else {
                k = Int(invln2 * x + (negative ? -0.5 : 0.5))
                let t = Double(k)
                hi = x - t * ln2Hi              // exact: ln2Hi has 32 significant bits
                lo = t * ln2Lo
            }
            r = hi - lo
            c = (hi - r) - lo
        } else if hx < 0x3C90_0000 {            // |x| < 2^-54: e^x - 1 = x to within rounding
            return x
        } else {
            k = 0
        }
        let hfx = 0.5 * r
        let hxs = r * hfx
        let r1 = 1.0 + hxs * (q1 + hxs * (q2 + hxs * (q3 + hxs * (q4 + hxs * q5))))
        let t = 3.0 - r1 * hfx
        var e = hxs * ((r1 - t) / (6.0 - r * t))
        if k == 0 { return r - (r * e - hxs) }  // c is 0
        e = r * (e - c) - c
        e -= hxs
        // e^x = 2^k·(r - e + 1); order the final additions to avoid cancellation.
        if k == -1 { return 0.5 * (r - e) - 0.5 }
        if k == 1 {
            if r < -0.25 { return -2.0 * (e - (r + 0.5)) }
            return 1.0 + 2.0 * (r - e)
        }
        if k < 0 || k > 56 {                    // the -1 is negligible or absorbed
            var y = r - e + 1.0
            y = k == 1024 ? y * 2.0 * twoPower(1023) : y * twoPower(k)
            return y - 1.0
        }
        if k < 20 { return (r - e + (1.0 - twoPower(-k))) * twoPower(k) }
        return (r - (e + twoPower(-k)) + 1.0) * twoPower(k)
    }

    /// log(1 + x), faithfully rounded, accurate for tiny x where `log(1 + x)` would lose x.
    ///
    /// `log1p(±0) = ±0`, `log1p(-1) = -∞`, NaN for x < -1 and NaN, `log1p(+∞) = +∞`.
    public static func log1p(_ x: Double) -> Double {
        let ln2Hi = 6.93147180369123816490e-01
        let ln2Lo = 1.90821492927058770002e-10
        let lg1 = 6.666666666666735130e-01
        let lg2 = 3.999999999940941908e-01
        let lg3 = 2.857142874366239149e-01
        let lg4 = 2.222219843214978396e-01
        let lg5 = 1.818357216161805012e-01
        let lg6 = 1.531383769920937332e-01
        let lg7 = 1.479819860511658591e-01

        let hx = highWord(x)
        var k = 1
        var c = 0.0                             // correction: log(1+x) - log(u) for u = fl(1+x)
        var f = 0.0                             // 1 + x = 2^k·(1 + f) with √2/2 ≤ 1 + f < √2
        if hx < 0x3FDA_827A || hx >> 31 == 1 {  // 1 + x < √2 (approximately), or x negative
            if hx >= 0xBFF0_0000 {              // x ≤ -1, -∞ or negative NaN
                if x == -1 { return -.infinity }
                return .nan
            }
            if hx << 1 < 0x3CA0_0000 << 1 { return x }  // |x| < 2^-53 (sign kept for -0)
            if hx <= 0xBFD2_BEC4 {              // √2/2 ≤ 1 + x < √2: no reduction
                k = 0
                f = x
            }
        } else if hx >= 0x7FF0_0000 {
            return x.isNaN ? .nan : x           // +∞
        }
        if k != 0 {
            let u = 1.0 + x
            var hu = highWord(u)
            hu &+= 0x3FF0_0000 - 0x3FE6_A09E
            k = Int(hu >> 20) - 0x3FF
            if k < 54 {
                c = k >= 2 ? 1.0 - (u - x) : x - (u - 1.0)  // exact rounding error of u
                c /= u
            }
            hu = (hu & 0x000F_FFFF) + 0x3FE6_A09E
            f = fromWords(high: hu, low: UInt32(truncatingIfNeeded: u.bitPattern)) - 1.0
        }
        let hfsq = 0.5 * f * f
        let s = f / (2.0 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (lg2 + w * (lg4 + w * lg6))
        let t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)))
        let r = t2 + t1
        let dk = Double(k)
        return s * (hfsq + r) + (dk * ln2Lo + c) - hfsq + f + dk * ln2Hi
    }
}
