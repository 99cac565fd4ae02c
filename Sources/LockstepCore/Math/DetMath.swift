/// Deterministic elementary functions: the same bits on every IEEE-754 platform.
///
/// Lockstep's golden files are compared byte for byte across machines and operating systems, but
/// the platform math libraries (glibc, Apple's libm, musl, ...) disagree in the last bit for many
/// inputs. Domain code that feeds a golden must therefore never call `Foundation.sin` and friends;
/// it calls `DetMath` instead.
///
/// Functions (each for `Double` and `Float`): `sin cos tan asin acos atan atan2(y, x)
/// sinh cosh tanh exp exp2 expm1 log log2 log10 log1p pow(x, y) hypot(x, y) sqrt`.
///
/// How determinism is achieved: every function is pure Swift using only operations IEEE-754
/// specifies exactly in round-to-nearest-even (`+ - * /`, comparisons, conversions between
/// integers and floating point) plus integer and bit manipulation. Exact products are formed
/// with Dekker's algorithm and square roots with an integer-checked Newton iteration, because on
/// Linux x86-64 the standard library lowers `addingProduct`, `rounded(_:)` and `squareRoot()` to
/// libm calls (which Lockstep neither links nor trusts). Swift never contracts `a * b + c` into a
/// fused multiply-add on its own, so the written evaluation order is the executed one.
///
/// Algorithms: fdlibm's structure and published minimax coefficients (as also used by FreeBSD and
/// musl) for trigonometric, inverse trigonometric, logarithm, expm1/log1p and pow kernels; a
/// Cody–Waite reduction with a three-part π/2 below 2^20·π/2 and a Payne–Hanek reduction with
/// 1216 bits of 2/π above; table-driven exp/exp2 (2^(j/128) in double-double); double-double
/// arithmetic where fdlibm would round twice (atan2's quotient and π - atan, hyperbolics, hypot).
///
/// Accuracy: every `Double` function is *faithful* (error below one ulp of the exact value, so the
/// result is one of the two doubles that bracket it) and usually correctly rounded; measured
/// worst cases are between 0.5 and 0.86 ulp (exp, exp2, sqrt, hypot, sinh, cosh, tanh ≤ 0.53).
/// The `Float` overloads evaluate the `Double` algorithm on the exactly widened input and round
/// once, so they are within one ulp and nearly always correctly rounded. Results are *not*
/// guaranteed to equal any particular libm, only to be accurate and, above all, stable: the test
/// suite pins the exact output bits for a fixed set of inputs.
///
/// Special values follow C99 Annex F (signed zeros preserved, ±∞, overflow to ±∞, gradual
/// underflow through the subnormals). A NaN result is always the canonical quiet NaN
/// (`Double.nan` / `Float.nan`) whatever the input payload, because x86 and ARM propagate and
/// generate NaN payloads differently.
public enum DetMath {}

// MARK: - Bit helpers shared by the implementation files

extension DetMath {
    /// The upper 32 bits of `x`'s representation (sign, exponent, top 20 fraction bits): the
    /// classic fdlibm way to classify an argument with one integer comparison.
    @inline(__always)
    static func highWord(_ x: Double) -> UInt32 {
        UInt32(truncatingIfNeeded: x.bitPattern >> 32)
    }

    /// `x` with its lower 32 fraction bits cleared, so products with it are exact when the other
    /// factor also has few significant bits (fdlibm's `SET_LOW_WORD(x, 0)`).
    @inline(__always)
    static func clearingLowWord(_ x: Double) -> Double {
        Double(bitPattern: x.bitPattern & 0xFFFF_FFFF_0000_0000)
    }

    /// The double whose representation has upper word `high` and lower word `low`.
    @inline(__always)
    static func fromWords(high: UInt32, low: UInt32) -> Double {
        Double(bitPattern: UInt64(high) << 32 | UInt64(low))
    }

    /// 2^k for a k in the normal exponent range -1022...1023, built from its bit pattern.
    @inline(__always)
    static func twoPower(_ k: Int) -> Double {
        Double(bitPattern: UInt64(1023 + k) << 52)
    }

    /// `x · 2^n` rounded once (C's `scalbn`), for finite `x`.
    ///
    /// Scaling by a power of two is exact unless the result is subnormal or overflows. The steps
    /// below keep every intermediate product exact so that the only rounding is the final one;
    /// in particular the subnormal case is scaled so the last multiplication rounds straight to
    /// the subnormal result instead of rounding twice.
    static func scaleByPowerOfTwo(_ x: Double, _ n: Int) -> Double {
        var y = x
        var n = n
        if n > 1023 {
            y *= twoPower(1023)
            n -= 1023
            if n > 1023 {
                y *= twoPower(1023)
                n -= 1023
                if n > 1023 { n = 1023 }
            }
        } else if n < -1022 {
            // 2^-1022 · 2^53 keeps y normal; the final multiplication by 2^n (n < -53 after the
            // adjustment, or the value stays normal) then rounds exactly once.
            y *= twoPower(-1022 + 53)
            n += 1022 - 53
            if n < -1022 {
                y *= twoPower(-1022 + 53)
                n += 1022 - 53
                if n < -1022 { n = -1022 }
            }
        }
        return y * twoPower(n)
    }
}

// MARK: - Exact primitives without libm
//
// On x86-64 without FMA3/SSE4.1 (the baseline Swift targets on Linux), `addingProduct`,
// `rounded(_:)` and `squareRoot()` compile to calls into the C math library (sqrt keeps a libm
// call for its errno path even when optimised to `sqrtsd`). The Lockstep module does not link libm, and DetMath must not depend on it, so the few exact
// operations the algorithms need are spelled out here with plain IEEE arithmetic and integers.

extension DetMath {
    /// `x` rounded to the nearest integer, ties to even, for |x| < 2^51 (finite).
    ///
    /// Adding and subtracting 1.5·2^52 pushes the fraction bits out of the significand, so the
    /// hardware's round-to-nearest-even does the rounding; both operations are exact otherwise.
    @inline(__always)
    static func roundedToNearestInteger(_ x: Double) -> Double {
        let shifter = 6755399441055744.0        // 1.5 · 2^52
        return (x + shifter) - shifter
    }

    /// The exact product a·b as an unevaluated sum `high + low`, with `high` = a·b rounded
    /// (Dekker's algorithm with Veltkamp splitting).
    ///
    /// Exact as long as |a|, |b| < 2^995 and the low part does not underflow (|a·b| > 2^-969).
    @inline(__always)
    static func exactProduct(_ a: Double, _ b: Double) -> (high: Double, low: Double) {
        let splitter = 134217729.0              // 2^27 + 1
        let ca = splitter * a
        let aHi = ca - (ca - a)
        let aLo = a - aHi
        let cb = splitter * b
        let bHi = cb - (cb - b)
        let bLo = b - bHi
        let p = a * b
        let e = ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo
        return (p, e)
    }

    /// The square root of `x`, correctly rounded, computed without the platform `sqrt`.
    ///
    /// `sqrt(±0) = ±0`, `sqrt(+∞) = +∞`, NaN for x < 0 and NaN. Identical to IEEE-754
    /// `squareRoot()` (except that a NaN result is always the canonical NaN); provided because on
    /// Linux x86-64 `squareRoot()` references libm's `sqrt`, which Lockstep does not link.
    public static func sqrt(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 || x == .infinity { return x }
        // x = m · 2^e with m a 53-bit integer (subnormals normalised).
        let bits = x.bitPattern
        var e = Int(bits >> 52) - 1075
        var m = bits & 0x000F_FFFF_FFFF_FFFF
        if e == -1075 {
            let shift = m.leadingZeroBitCount - 11
            m <<= UInt64(shift)
            e = -1074 - shift
        } else {
            m |= 0x0010_0000_0000_0000
        }
        if e & 1 != 0 {                         // make the exponent even: m < 2^54
            m <<= 1
            e -= 1
        }
        // Result significand q ≈ √(m · 2^52) ∈ [2^52, 2^53]; √x = q · 2^(e/2 - 26).
        // Estimate it in double precision with a division-free reciprocal-square-root Newton
        // iteration (relative error 3.4% → 2e-3 → 5e-6 → 4e-11), one last Newton step on the
        // root with an exact residual, then fix the estimate exactly: q is right iff
        // (2q-1)² < 4·m·2^52 < (2q+1)² (equality is impossible since the outer terms are odd
        // and the middle one even).
        let v = Double(m) * 0x1p-52             // exact: m < 2^54 has at most 53 significant bits
        var y = Double(bitPattern: 0x5FE6_EB50_C7B5_37A9 &- (v.bitPattern >> 1))  // ≈ 1/√v
        for _ in 0..<3 { y *= 1.5 - 0.5 * v * y * y }
        var root = v * y
        let square = exactProduct(root, root)
        root += ((v - square.high) - square.low) * (0.5 * y)
        var q = UInt64(root * 0x1p52)           // integral already; within one unit of the answer
        let targetHigh = m >> 10                // 4·m·2^52 = m·2^54 as a 128-bit number
        let targetLow = m << 54
        func isBelow(_ h: UInt64, _ l: UInt64) -> Bool {
            h < targetHigh || (h == targetHigh && l < targetLow)
        }
        for _ in 0..<8 {                        // bounded; in practice at most two steps
            let up = (2 * q + 1).multipliedFullWidth(by: 2 * q + 1)
            if isBelow(up.high, up.low) {
                q += 1
                continue
            }
            let down = (2 * q - 1).multipliedFullWidth(by: 2 * q - 1)
            if !isBelow(down.high, down.low) {
                q -= 1
                continue
            }
            break
        }
        return Double(q) * twoPower(e / 2 - 26)
    }
}
