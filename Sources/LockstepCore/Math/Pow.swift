// x^y following fdlibm's e_pow.c: log2|x| is computed to about 64 bits as t1 + t2 (t1 with
// 21 significant bits so products with it are exact), multiplied by y split the same way, and
// 2^(y·log2|x|) is evaluated with the exp kernel on a double-double argument.

extension DetMath {
    /// `x` raised to `y`, faithfully rounded (exact when the result is an exactly
    /// representable integer power).
    ///
    /// Special cases follow C99 Annex F:
    /// - `pow(x, ±0) = 1` for every x, even NaN; `pow(1, y) = 1` for every y, even NaN;
    ///   `pow(-1, ±∞) = 1`.
    /// - otherwise NaN if x or y is NaN, and NaN for finite x < 0 with finite non-integer y
    ///   (so `pow(-8, 1.0/3) = NaN`).
    /// - `pow(±0, y)`: ±∞ for odd integer y < 0, +∞ for other y < 0 (including -∞), ±0 for odd
    ///   integer y > 0, +0 for other y > 0.
    /// - `pow(x, -∞)`: +∞ for |x| < 1, +0 for |x| > 1; `pow(x, +∞)`: +0 for |x| < 1, +∞ for
    ///   |x| > 1.
    /// - `pow(-∞, y)`: -0 for odd integer y < 0, +0 for other y < 0, -∞ for odd integer y > 0,
    ///   +∞ for other y > 0; `pow(+∞, y)` is +0 for y < 0 and +∞ for y > 0.
    /// - a negative finite base with an integer exponent gives the sign (-1)^y.
    /// - results overflow to ±∞ and underflow, through the subnormals, to ±0.
    public static func pow(_ x: Double, _ y: Double) -> Double {
        let two53 = 9007199254740992.0
        let huge = 1.0e300
        let tiny = 1.0e-300
        // Minimax coefficients of (3/2)·(log(x) - 2s - (2/3)s³) in s².
        let l1 = 5.99999999999994648725e-01
        let l2 = 4.28571428578550184252e-01
        let l3 = 3.33333329818377432918e-01
        let l4 = 2.72728123808534006489e-01
        let l5 = 2.30660745775561754067e-01
        let l6 = 2.06975017800338417784e-01
        let p1 = 1.66666666666666019037e-01
        let p2 = -2.77777777770155933842e-03
        let p3 = 6.61375632143793436117e-05
        let p4 = -1.65339022054652515390e-06
        let p5 = 4.13813679705723846039e-08
        let lg2 = 6.93147180559945286227e-01
        let lg2H = 6.93147182464599609375e-01
        let lg2L = -1.90465429995776804525e-09
        let ovt = 8.0085662595372944372e-17   // -(1024 - log2(ovfl + 0.5ulp))
        let cp = 9.61796693925975554329e-01   // 2/(3 ln 2)
        let cpH = 9.61796700954437255859e-01  // cp rounded to float
        let cpL = -7.02846165095275826516e-09 // cp - cpH
        let ivln2 = 1.44269504088896338700e+00

        let hx = Int32(bitPattern: highWord(x))
        let lx = UInt32(truncatingIfNeeded: x.bitPattern)
        let hy = Int32(bitPattern: highWord(y))
        let ly = UInt32(truncatingIfNeeded: y.bitPattern)
        var ix = hx & 0x7FFF_FFFF
        let iy = hy & 0x7FFF_FFFF

        if y == 0 { return 1 }                  // x^±0 = 1, even for NaN x
        if x == 1 { return 1 }                  // 1^y = 1, even for NaN y
        if x.isNaN || y.isNaN { return .nan }

        // yIsInt: 0 if y is not an integer, 1 if it is an odd integer, 2 if an even integer.
        // Only needed for negative x.
        var yIsInt = 0
        if hx < 0 {
            if iy >= 0x4340_0000 {              // |y| ≥ 2^53: every such double is even
                yIsInt = 2
            } else if iy >= 0x3FF0_0000 {
                let k = Int(iy >> 20) - 0x3FF   // unbiased exponent of y
                if k > 20 {
                    let j = ly >> UInt32(52 - k)
                    if j << UInt32(52 - k) == ly { yIsInt = 2 - Int(j & 1) }
                } else if ly == 0 {
                    let j = UInt32(iy) >> UInt32(20 - k)
                    if j << UInt32(20 - k) == UInt32(iy) { yIsInt = 2 - Int(j & 1) }
                }
            }
        }

        // Special values of y.
        if ly == 0 {
            if iy == 0x7FF0_0000 {              // y = ±∞
                if x == -1 { return 1 }
                if ix >= 0x3FF0_0000 {          // |x| > 1
                    return hy >= 0 ? y : 0
                }
                return hy >= 0 ? 0 : -y         // |x| < 1
            }
            if iy == 0x3FF0_0000 {              // y = ±1
                return hy >= 0 ? x : 1 / x
            }
            if hy == 0x4000_0000 { return x * x }  // y = 2
            if hy == 0x3FE0_0000 && hx >= 0 && x.isFinite {  // y = 1/2, x ≥ +0
                return sqrt(x)
            }
        }

        var ax = x.magnitude
        // Special values of x: ±0, ±∞, ±1.
        if lx == 0 && (ix == 0x7FF0_0000 || ix == 0 || ix == 0x3FF0_0000) {
            var z = ax
            if hy < 0 { z = 1 / z }             // 1/|x|
            if hx < 0 {
                if ix == 0x3FF0_0000 && yIsInt == 0 {
                    return .nan                 // (-1)^non-integer
                } else if yIsInt == 1 {
                    z = -z                      // (x<0)^odd = -(|x|^odd)
                }
            }
            return z
        }

        var sign = 1.0
        if hx < 0 {
            if yIsInt == 0 { return .nan }      // (x<0)^(non-integer)
            if yIsInt == 1 { sign = -1.0 }
        }

        var t1: Double
        var t2: Double
        if iy > 0x41E0_0000 {                   // |y| > 2^31
            if iy > 0x43F0_0000 {               // |y| > 2^64: certainly over- or underflows
                if ix <= 0x3FEF_FFFF { return hy < 0 ? huge * huge : tiny * tiny }
                if ix >= 0x3FF0_0000 { return hy > 0 ? huge * huge : tiny * tiny }
            }
            // Over- or underflow unless x is within 2^-20 of 1.
            if ix < 0x3FEF_FFFF { return hy < 0 ? sign * huge * huge : sign * tiny * tiny }
            if ix > 0x3FF0_0000 { return hy > 0 ? sign * huge * huge : sign * tiny * tiny }
            // |1 - x| ≤ 2^-20: log(x) = t - t²/2 + t³/3 - t⁴/4 suffices. y can be as large as
            // 2^64 here, so log2(x) = (t - w)/ln 2 must be good to about 2^-75 relative: fdlibm's
            // 24-bit ivln2_h·t is not exact when t has 33 significant bits (x just below 1) and lost up
            // to 300 ulps, so the leading product is formed exactly instead.
            let t = ax - 1.0                    // exact (Sterbenz)
            let w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25))
            let ivln2Tail = 2.0355273740931033e-17  // 1/ln 2 - ivln2
            let u = exactProduct(t, ivln2)
            let v = u.low + (t * ivln2Tail - w * ivln2)
            t1 = clearingLowWord(u.high + v)
            t2 = (u.high - t1) + v
        } else {
            var n = 0
            if ix < 0x0010_0000 {               // subnormal x: scale up by 2^53
                ax *= two53
                n -= 53
                ix = Int32(bitPattern: highWord(ax))
            }
            n += Int(ix >> 20) - 0x3FF
            let j = ix & 0x000F_FFFF
            // Normalise the significand to [1, 2) and pick the expansion point 1 or 1.5.
            ix = j | 0x3FF0_0000
            let k: Int
            if j <= 0x3988E {                   // significand < √(3/2)
                k = 0
            } else if j < 0xBB67A {             // significand < √3
                k = 1
            } else {
                k = 0
                n += 1
                ix -= 0x0010_0000
            }
            ax = fromWords(high: UInt32(bitPattern: ix), low: UInt32(truncatingIfNeeded: ax.bitPattern))
            // Expansion point bp and log2(bp) = dpH + dpL.
            let bp = k == 0 ? 1.0 : 1.5
            let dpH = k == 0 ? 0.0 : 5.84962487220764160156e-01
            let dpL = k == 0 ? 0.0 : 1.35003920212974897128e-08

            // ss = sH + sL = (ax - bp)/(ax + bp), with sH having 21 significant bits.
            var u = ax - bp
            var v = 1.0 / (ax + bp)
            let ss = u * v
            let sH = clearingLowWord(ss)
            // tH = ax + bp rounded to 21 bits by constructing its high word directly.
            var tH = fromWords(
                high: UInt32(bitPattern: ((ix >> 1) | 0x2000_0000) + 0x0008_0000 + Int32(k << 18)),
                low: 0)
            var tL = ax - (tH - bp)
            let sL = v * ((u - sH * tH) - sH * tL)
            // log(ax) via the odd series in ss.
            var s2 = ss * ss
            var r = s2 * s2 * (l1 + s2 * (l2 + s2 * (l3 + s2 * (l4 + s2 * (l5 + s2 * l6)))))
            r += sL * (sH + ss)
            s2 = sH * sH
            tH = clearingLowWord(3.0 + s2 + r)
            tL = r - ((tH - 3.0) - s2)
            // u + v = ss·(1 + ...)
            u = sH * tH
            v = sL * tH + tL * ss
            // 2/(3 ln 2)·(ss + ...)
            let pH = clearingLowWord(u + v)
            let pL = v - (pH - u)
            let zH = cpH * pH
            let zL = cpL * pH + pL * cp + dpL
            // log2(ax) = (ss + ...)·2/(3 ln 2) = n + dpH + zH + zL
            let t = Double(n)
            t1 = clearingLowWord(((zH + zL) + dpH) + t)
            t2 = zL - (((t1 - t) - dpH) - zH)
        }

        // (y1 + y2)·(t1 + t2) with y1 having 21 significant bits.
        let y1 = clearingLowWord(y)
        let pL = (y - y1) * t1 + y * t2
        var pH = y1 * t1
        var z = pL + pH
        let j = Int32(bitPattern: highWord(z))
        let i = UInt32(truncatingIfNeeded: z.bitPattern)
        if j >= 0x4090_0000 {                   // z ≥ 1024
            if (j - 0x4090_0000) != 0 || i != 0 { return sign * huge * huge }
            if pL + ovt > z - pH { return sign * huge * huge }
        } else if (j & 0x7FFF_FFFF) >= 0x4090_CC00 {  // z ≤ -1075
            if UInt32(bitPattern: j) &- 0xC090_CC00 != 0 || i != 0 { return sign * tiny * tiny }
            if pL <= z - pH { return sign * tiny * tiny }
        }

        // 2^(pH + pL) = 2^n · 2^(remainder), n the nearest integer when |z| > 1/2.
        let iz = j & 0x7FFF_FFFF
        var k = Int(iz >> 20) - 0x3FF
        var n: Int32 = 0
        if iz > 0x3FE0_0000 {
            n = j &+ (0x0010_0000 >> Int32(k + 1))
            k = Int((n & 0x7FFF_FFFF) >> 20) - 0x3FF  // exponent of n
            let t = fromWords(high: UInt32(bitPattern: n & ~(0x000F_FFFF >> Int32(k))), low: 0)
            n = ((n & 0x000F_FFFF) | 0x0010_0000) >> Int32(20 - k)
            if j < 0 { n = -n }
            pH -= t
        }
        let t = clearingLowWord(pL + pH)
        let u = t * lg2H
        let v = (pL - (t - pH)) * lg2 + t * lg2L
        z = u + v
        let w = v - (z - u)
        let tt = z * z
        let c = z - tt * (p1 + tt * (p2 + tt * (p3 + tt * (p4 + tt * p5))))
        let r = (z * c) / (c - 2.0) - (w + z * w)
        z = 1.0 - (r - z)
        let scaled = Int32(bitPattern: highWord(z)) &+ (n << 20)
        if scaled >> 20 <= 0 {                  // subnormal result: scale with one rounding
            z = scaleByPowerOfTwo(z, Int(n))
        } else {
            z = fromWords(high: UInt32(bitPattern: scaled), low: UInt32(truncatingIfNeeded: z.bitPattern))
        }
        return sign * z
    }
}
