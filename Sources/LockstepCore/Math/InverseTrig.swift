// Inverse trigonometric functions, following fdlibm's range splits and minimax coefficients.
// atan additionally accepts a low-order correction to its argument so that atan2 can pass the
// quotient y/x as an unevaluated double-double sum and avoid the half ulp lost in the division.

extension DetMath {
    private static let pio2Hi = 1.57079632679489655800e+00  // π/2 rounded to nearest
    private static let pio2Lo = 6.12323399573676603587e-17  // π/2 - pio2Hi
    private static let piHi = 3.1415926535897931160e+00     // π rounded to nearest
    private static let piLo = 1.2246467991473531772e-16     // π - piHi

    /// Rational approximation of (asin(√z)/√z - 1)/z on [0, 1/4] (fdlibm `asin`'s R(z)).
    private static func asinRational(_ z: Double) -> Double {
        let pS0 = 1.66666666666666657415e-01
        let pS1 = -3.25565818622400915405e-01
        let pS2 = 2.01212532134862925881e-01
        let pS3 = -4.00555345006794114027e-02
        let pS4 = 7.91534994289814532176e-04
        let pS5 = 3.47933107596021167570e-05
        let qS1 = -2.40339491173441421878e+00
        let qS2 = 2.02094576023350569471e+00
        let qS3 = -6.88283971605453293030e-01
        let qS4 = 7.70381505559019352791e-02
        let p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))))
        let q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)))
        return p / q
    }

    /// The arcsine of `x`, in [-π/2, π/2], faithfully rounded.
    ///
    /// `asin(±0) = ±0`, `asin(±1) = ±π/2` (rounded), NaN for |x| > 1 and for NaN.
    public static func asin(_ x: Double) -> Double {
        let hx = highWord(x)
        let ix = hx & 0x7FFF_FFFF
        if ix >= 0x3FF0_0000 {                  // |x| ≥ 1 or NaN
            if x.magnitude == 1 { return x * pio2Hi }
            return .nan
        }
        if ix < 0x3FE0_0000 {                   // |x| < 1/2
            if ix < 0x3E50_0000 { return x }    // |x| < 2^-26: x³/6 is below half an ulp
            return x + x * asinRational(x * x)
        }
        // 1/2 ≤ |x| < 1: asin(x) = π/2 - 2·asin(√((1-x)/2)).
        let z = (1.0 - x.magnitude) * 0.5
        let s = sqrt(z)
        let r = asinRational(z)
        var result: Double
        if ix >= 0x3FEF_3333 {                  // |x| > 0.975: the subtraction loses little
            result = pio2Hi - (2 * (s + s * r) - pio2Lo)
        } else {
            // Split √z = f + c with f having 21 significant bits, so 2f is subtracted from π/4
            // exactly and the square-root rounding error c is carried separately.
            let f = clearingLowWord(s)
            let c = (z - f * f) / (s + f)
            result = 0.5 * pio2Hi - (2 * s * r - (pio2Lo - 2 * c) - (0.5 * pio2Hi - 2 * f))
        }
        return hx >> 31 == 1 ? -result : result
    }

    /// The arccosine of `x`, in [0, π], faithfully rounded.
    ///
    /// `acos(1) = +0`, `acos(-1) = π` (rounded), NaN for |x| > 1 and for NaN.
    public static func acos(_ x: Double) -> Double {
        let hx = highWord(x)
        let ix = hx & 0x7FFF_FFFF
        if ix >= 0x3FF0_0000 {
            if x == 1 { return 0 }
            if x == -1 { return 2 * pio2Hi }
            return .nan
        }
        if ix < 0x3FE0_0000 {                   // |x| < 1/2: acos(x) = π/2 - asin(x)
            if ix <= 0x3C60_0000 { return pio2Hi }  // |x| ≤ 2^-57
            return pio2Hi - (x - (pio2Lo - x * asinRational(x * x)))
        }
        if hx >> 31 == 1 {                      // x ≤ -1/2: acos(x) = π - 2·asin(√((1+x)/2))
            let z = (1.0 + x) * 0.5
            let s = sqrt(z)
            let w = asinRational(z) * s - pio2Lo
            return 2 * (pio2Hi - (s + w))
        }
        // x ≥ 1/2: acos(x) = 2·asin(√((1-x)/2)), with √ split as in `asin`.
        let z = (1.0 - x) * 0.5
        let s = sqrt(z)
        let df = clearingLowWord(s)
        let c = (z - df * df) / (s + df)
        let w = asinRational(z) * s + c
        return 2 * (df + w)
    }

    /// The arctangent of `x`, in [-π/2, π/2], faithfully rounded.
    ///
    /// `atan(±0) = ±0`, `atan(±∞) = ±π/2` (rounded), `atan(NaN) = NaN`.
    public static func atan(_ x: Double) -> Double {
        atan(x, tail: 0)
    }

    /// atan(x + tail) for |tail| ≤ ulp(x), finite or infinite x.
    static func atan(_ x: Double, tail: Double) -> Double {
        let p = atanParts(x, tail: tail)
        return p.lo == 0 ? p.hi : p.hi + p.lo   // p.lo == 0 only for tiny x, whose sign must stay
    }

    /// atan(x + tail) as an unevaluated sum hi + lo, for |tail| ≤ ulp(x), x not NaN.
    ///
    /// fdlibm reduces |x| to one of five intervals with atan(x) = atan(c) + atan((x-c)/(1+cx))
    /// for c ∈ {1/2, 1, 3/2, ∞}. The reduced argument's first-order sensitivity to `tail`, and the
    /// exact remainder of its division (Dekker's product), are folded into a correction that
    /// joins the sum before its last rounding. Keeping hi (a table constant or the argument) and
    /// lo apart lets atan2 compute π - atan(q) with a single final rounding.
    static func atanParts(_ x: Double, tail: Double) -> (hi: Double, lo: Double) {
        // atan(c) = atanHi + atanLo for c = 1/2, 1, 3/2, ∞.
        let atanHi = (4.63647609000806093515e-01, 7.85398163397448278999e-01,
                      9.82793723247329054082e-01, 1.57079632679489655800e+00)
        let atanLo = (2.26987774529616870924e-17, 3.06161699786838301793e-17,
                      1.39033110312309984516e-17, 6.12323399573676603587e-17)
        let aT0 = 3.33333333333329318027e-01
        let aT1 = -1.99999999998764832476e-01
        let aT2 = 1.42857142725034663711e-01
        let aT3 = -1.11111104054623557880e-01
        let aT4 = 9.09088713343650656196e-02
        let aT5 = -7.69187620504482999495e-02
        let aT6 = 6.66107313738753120669e-02
        let aT7 = -5.83357013379057348645e-02
        let aT8 = 4.97687799461593236017e-02
        let aT9 = -3.65315727442169155270e-02
        let aT10 = 1.62858201153657823623e-02

        let hx = highWord(x)
        let negative = hx >> 31 == 1
        let ix = hx & 0x7FFF_FFFF
        if ix >= 0x4410_0000 {                  // |x| ≥ 2^66, ±∞ or NaN
            if x.isNaN { return (.nan, 0) }
            return negative ? (-atanHi.3, 0) : (atanHi.3, 0)
        }
        var t: Double                           // reduced argument (signed as x if id < 0)
        var tLo: Double                         // its low-order correction
        let id: Int
        if ix < 0x3FDC_0000 {                   // |x| < 0.4375
            if ix < 0x3E40_0000 { return (x, tail) }  // |x| < 2^-27: x³/3 is below half an ulp
            id = -1
            t = x
            tLo = tail
        } else {
            let ax = x.magnitude
            let aLo = negative ? -tail : tail
            var num: Double
            var den: Double
            var slope: Double                   // d(reduced)/dx · den²
            if ix < 0x3FF3_0000 {               // |x| < 1.1875
                if ix < 0x3FE6_0000 {           // 7/16 ≤ |x| < 11/16
                    id = 0
                    num = 2.0 * ax - 1.0
                    den = 2.0 + ax
                    slope = 5.0
                } else {                        // 11/16 ≤ |x| < 19/16
                    id = 1
                    num = ax - 1.0
                    den = ax + 1.0
                    slope = 2.0
                }
            } else if ix < 0x4003_8000 {        // 19/16 ≤ |x| < 2.4375
                id = 2
                num = ax - 1.5
                den = 1.0 + 1.5 * ax
                slope = 3.25
            } else {                            // 2.4375 ≤ |x| < 2^66
                id = 3
                num = -1.0
                den = ax
                slope = 1.0
            }
            t = num / den
            let product = exactProduct(t, den)
            let remainder = (num - product.high) - product.low  // num - t·den
            tLo = (remainder + aLo * slope / den) / den
        }
        let z = t * t
        let w = z * z
        // Odd and even halves of Σ aT[i]·z^(i+1), evaluated in w = z² for a shorter chain.
        let s1 = z * (aT0 + w * (aT2 + w * (aT4 + w * (aT6 + w * (aT8 + w * aT10)))))
        let s2 = w * (aT1 + w * (aT3 + w * (aT5 + w * (aT7 + w * aT9))))
        if id < 0 { return (t, -(t * (s1 + s2) - tLo)) }
        let (cHi, cLo): (Double, Double)
        switch id {
        case 0: (cHi, cLo) = (atanHi.0, atanLo.0)
        case 1: (cHi, cLo) = (atanHi.1, atanLo.1)
        case 2: (cHi, cLo) = (atanHi.2, atanLo.2)
        default: (cHi, cLo) = (atanHi.3, atanLo.3)
        }
        let lo = -((t * (s1 + s2) - tLo - cLo) - t)
        return negative ? (-cHi, -lo) : (cHi, lo)
    }

    /// The angle of the point (x, y) from the positive x axis, in [-π, π], faithfully rounded.
    ///
    /// Follows C99 Annex F: `atan2(±0, +0) = ±0`, `atan2(±0, -0) = ±π`, `atan2(±0, x<0) = ±π`,
    /// `atan2(±y, ±0) = ±π/2` for y ≠ 0, `atan2(±∞, +∞) = ±π/4`, `atan2(±∞, -∞) = ±3π/4`,
    /// `atan2(±y, +∞) = ±0` and `atan2(±y, -∞) = ±π` for finite y, NaN if either is NaN.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 1 { return atan(y) }
        // m = 2·sign(x) + sign(y)
        let m = (y.sign == .minus ? 1 : 0) | (x.sign == .minus ? 2 : 0)
        if y == 0 {
            switch m {
            case 0, 1: return y                 // atan2(±0, +anything) = ±0
            case 2: return piHi                 // atan2(+0, -anything) = π
            default: return -piHi               // atan2(-0, -anything) = -π
            }
        }
        if x == 0 { return m & 1 == 1 ? -pio2Hi : pio2Hi }
        if x.isInfinite {
            if y.isInfinite {
                switch m {
                case 0: return 0.5 * pio2Hi
                case 1: return -0.5 * pio2Hi
                case 2: return 3.0 * (0.5 * pio2Hi)  // 3π/4 rounded (3·pio4 rounds correctly)
                default: return -3.0 * (0.5 * pio2Hi)
                }
            }
            switch m {
            case 0: return 0.0
            case 1: return -0.0
            case 2: return piHi
            default: return -piHi
            }
        }
        var ax = x.magnitude
        var ay = y.magnitude
        // |y/x| > 2^64 (or y infinite): the angle is ±π/2 to within far less than half an ulp.
        if ax.bitPattern + (64 << 52) < ay.bitPattern || y.isInfinite {
            return m & 1 == 1 ? -pio2Hi : pio2Hi
        }
        var z: Double
        if ay.bitPattern + (64 << 52) < ax.bitPattern {
            // |y/x| < 2^-64: atan(q) = q to far better than half an ulp, and for x < 0 the
            // angle is ±π (rounded) since q is below half an ulp of π.
            z = m & 2 != 0 ? 0 : ay / ax
        } else {
            // Bring both magnitudes (now within 2^65 of each other) away from the extremes so
            // the quotient and its Dekker-product remainder are exact and normal.
            if ax < 0x1p-500 && ay < 0x1p-500 {
                ax *= 0x1p600
                ay *= 0x1p600
            } else if ax > 0x1p500 || ay > 0x1p500 {
                ax *= 0x1p-600
                ay *= 0x1p-600
            }
            let q = ay / ax
            let product = exactProduct(q, ax)
            let qLo = ((ay - product.high) - product.low) / ax
            let parts = atanParts(q, tail: qLo)
            if m & 2 != 0 {
                // π - (hi + lo) with one final rounding: hi is exact-ish table data or q, so an
                // exact two-sum of piHi - hi leaves only the small terms to round.
                let s = piHi - parts.hi
                let b = s - piHi
                let e = (piHi - (s - b)) + (-parts.hi - b)
                let angle = s + ((e + piLo) - parts.lo)
                return m & 1 == 1 ? -angle : angle
            }
            z = parts.lo == 0 ? parts.hi : parts.hi + parts.lo
        }
        switch m {
        case 0: return z
        case 1: return -z
        case 2: return piHi - (z - piLo)
        default: return (z - piLo) - piHi
        }
    }
}
