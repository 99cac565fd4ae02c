// Hyperbolic functions from double-double values of e^|x| and e^-|x| (built on exp's table
// kernel), with Taylor series near zero where e^x - e^-x cancels. Every intermediate is good to
// about 2^-60 relative, so the only significant error is the final rounding.

extension DetMath {
    /// e^a and e^-a for 0 ≤ a ≤ 22 as double-doubles: (bigHi + bigLo, smallHi + smallLo).
    private static func expAndReciprocal(_ a: Double) -> (bigHi: Double, bigLo: Double, smallHi: Double, smallLo: Double) {
        let (kd, r, rTail) = expReduce(a)
        let parts = expTableParts(kd, r, rTail)  // e^a = (hi + lo)·2^e, e ∈ 0...32
        let eh = parts.hi + parts.lo
        let el = (parts.hi - eh) + parts.lo     // exact two-sum tail (|hi| > |lo|)
        // 1/(eh + el) = q·(1 + (1 - eh·q) - el·q) to second order, with 1 - eh·q exact.
        let q = 1.0 / eh
        let p = exactProduct(eh, q)
        let residual = (1.0 - p.high) - p.low
        let qLo = q * (residual - el * q)
        let up = twoPower(parts.e)
        let down = twoPower(-parts.e)
        return (eh * up, el * up, q * down, qLo * down)
    }

    /// e^a / 2 for 22 ≤ a ≤ 711, overflowing to +∞ exactly when the rounded result does.
    private static func halfExp(_ a: Double) -> Double {
        if a > 711 { return .infinity }
        let (kd, r, rTail) = expReduce(a)
        let parts = expTableParts(kd, r, rTail)
        return scaleByPowerOfTwo(parts.hi + parts.lo, parts.e - 1)  // scaling is exact
    }

    /// Exact sum a + b as (sum, error) (Knuth's two-sum, no ordering requirement).
    @inline(__always)
    private static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    /// sinh(a) - a for 0 ≤ a ≤ 1/4: a³·(1/3! + a²/5! + ... + a¹²/15!), truncation below 2^-68·a.
    private static func sinhSeriesTail(_ a: Double) -> Double {
        let z = a * a
        let p = 1.0 / 6 + z * (1.0 / 120 + z * (1.0 / 5040 + z * (1.0 / 362880 + z * (1.0 / 39916800
            + z * (1.0 / 6227020800 + z * (1.0 / 1307674368000))))))
        return a * z * p
    }

    /// cosh(a) - 1 for 0 ≤ a ≤ 1/4: a²·(1/2! + a²/4! + ... + a¹²/14!).
    private static func coshSeriesTail(_ a: Double) -> Double {
        let z = a * a
        let p = 0.5 + z * (1.0 / 24 + z * (1.0 / 720 + z * (1.0 / 40320 + z * (1.0 / 3628800
            + z * (1.0 / 479001600 + z * (1.0 / 87178291200))))))
        return z * p
    }

    /// The hyperbolic sine of `x`, faithfully rounded (error about 0.5 ulp).
    ///
    /// `sinh(±0) = ±0`, `sinh(±∞) = ±∞`; overflows to ±∞ for |x| > 710.4758600739439.
    public static func sinh(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        let a = x.magnitude
        let result: Double
        if a < 0x1p-26 {
            return x                            // a³/6 is below half an ulp; keeps ±0
        } else if a <= 0.25 {
            result = a + sinhSeriesTail(a)
        } else if a <= 22 {
            let e = expAndReciprocal(a)
            let d = twoSum(e.bigHi, -e.smallHi)
            result = 0.5 * (d.sum + ((d.error + e.bigLo) - e.smallLo))
        } else {
            result = halfExp(a)                 // e^-a is below 2^-63 relative
        }
        return x < 0 ? -result : result
    }

    /// The hyperbolic cosine of `x`, faithfully rounded (error about 0.5 ulp).
    ///
    /// `cosh(±0) = 1`, `cosh(±∞) = +∞`; overflows to +∞ for |x| > 710.4758600739439.
    public static func cosh(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        let a = x.magnitude
        if a < 0x1p-26 { return 1 }             // a²/2 is below half an ulp of 1
        if a <= 22 {
            let e = expAndReciprocal(a)
            let s = twoSum(e.bigHi, e.smallHi)
            return 0.5 * (s.sum + ((s.error + e.bigLo) + e.smallLo))
        }
        return halfExp(a)
    }

    /// The hyperbolic tangent of `x`, faithfully rounded (error about 0.5 ulp).
    ///
    /// `tanh(±0) = ±0`, `tanh(±∞) = ±1`; |x| > 22 gives ±1 exactly (the correctly rounded value).
    public static func tanh(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        let a = x.magnitude
        if a < 0x1p-28 { return x }             // a³/3 is below half an ulp; keeps ±0
        if a > 22 { return x < 0 ? -1 : 1 }     // 1 - tanh(a) < 2^-62
        // tanh = S/C with S = sinh·2, C = cosh·2 (the factor cancels) as double-doubles.
        let sh: Double
        let sl: Double
        let ch: Double
        let cl: Double
        if a <= 0.25 {
            (sh, sl) = (a, sinhSeriesTail(a))
            (ch, cl) = (1, coshSeriesTail(a))
        } else {
            let e = expAndReciprocal(a)
            let d = twoSum(e.bigHi, -e.smallHi)
            let s = twoSum(e.bigHi, e.smallHi)
            (sh, sl) = (d.sum, (d.error + e.bigLo) - e.smallLo)
            (ch, cl) = (s.sum, (s.error + e.bigLo) + e.smallLo)
        }
        // Normalise both so each low part is below an ulp of its high part, then take the
        // double-double quotient with one final rounding.
        let (nh, nl) = twoSum(sh, sl)
        let (dh, dl) = twoSum(ch, cl)
        let t = nh / dh
        let p = exactProduct(t, dh)
        let tLo = (((nh - p.high) - p.low) + nl - t * dl) / dh
        let result = t + tLo
        return x < 0 ? -result : result
    }
}
