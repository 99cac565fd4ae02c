/// Deterministic elementary functions: the same bits on every IEEE-754 platform.
///
/// Lockstep's golden files are compared byte for byte across machines and operating systems, but
/// the platform math libraries (glibc, Apple's libm, musl, ...) disagree in the last bit for many
/// inputs. Domain code that feeds a golden must therefore never call `Foundation.sin` and friends;
/// it calls `DetMath` instead.
///
/// Every function here is written in pure Swift using only operations that IEEE-754 specifies
/// exactly (`+ - * /`, conversions, integer arithmetic and bit manipulation; exact products and
/// square roots are built from those). Such operations give identical results everywhere in round-to-nearest mode,
/// so a DetMath result depends only on its input. The algorithms follow the structure and the
/// published polynomial coefficients of Sun's fdlibm (as also used by FreeBSD and musl), with
/// a table-driven Payne–Hanek reduction for huge trigonometric arguments and a double-double
/// quotient in `atan2`.
///
/// Accuracy: every `Double` function is *faithful* (error below one ulp of the exact value, so the
/// result is one of the two doubles that bracket it) and is usually correctly rounded. The
/// `Float` overloads evaluate the `Double` algorithm on the exactly widened input and round once
/// to `Float`, so they are within one ulp and nearly always correctly rounded. Special values
/// (±0, ±∞, NaN, subnormals, overflow and underflow) follow C99 Annex F. The results are *not*
/// guaranteed to equal any particular libm, only to be accurate and, above all, stable: the test
/// suite pins the exact output bits for a fixed set of inputs.
///
/// Only round-to-nearest-even is supported; Swift code cannot change the rounding mode anyway.
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
// `rounded(_:)` and, in debug builds, `squareRoot()` compile to calls into the C math library.
// The Lockstep module does not link libm, and DetMath must not depend on it, so the few exact
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
    /// `squareRoot()`; provided because on Linux x86-64 debug builds `squareRoot()` calls into
    /// libm, which Lockstep does not link.
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
        // Start from a double-precision Newton estimate (accurate to a couple of ulps), then fix
        // it exactly: q is right iff (2q-1)² < 4·m·2^52 < (2q+1)² (equality is impossible since
        // the left and right sides are odd and the middle one even).
        let md = Double(m)                      // exact: m < 2^54 has at most 54 bits, even if 54
        var y = Double(bitPattern: (md.bitPattern >> 1) &+ (0x1FF8 << 48))  // ~√md within 2x
        for _ in 0..<6 { y = 0.5 * (y + md / y) }
        var q = UInt64(y * 67108864.0 + 0.5)    // · 2^26, rounded
        let targetHigh = m >> 10                // 4·m·2^52 = m·2^54 as a 128-bit number
        let targetLow = m << 54
        func isBelow(_ h: UInt64, _ l: UInt64) -> Bool {
            h < targetHigh || (h == targetHigh && l < targetLow)
        }
        for _ in 0..<4 {
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
