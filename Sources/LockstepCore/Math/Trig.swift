// Sine, cosine and tangent: argument reduction to [-π/4, π/4] followed by fdlibm's minimax
// kernels. The reduction is what makes or breaks accuracy for large arguments, so it is exact
// enough for every finite double: Cody–Waite with a three-part π/2 up to 2^20·π/2, and a
// Payne–Hanek reduction with 1216 bits of 2/π beyond that.

extension DetMath {
    /// The sine of `x` (radians), faithfully rounded for every finite `x`.
    ///
    /// `sin(±0) = ±0`, `sin(±∞) = NaN`, `sin(NaN) = NaN`. Tiny and subnormal inputs return `x`.
    public static func sin(_ x: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB {                  // |x| <= π/4 (approximately): no reduction
            if ix < 0x3E50_0000 { return x }    // |x| < 2^-26: x³/6 is below half an ulp
            return sinKernel(x, 0, hasTail: false)
        }
        if ix >= 0x7FF0_0000 { return .nan }   // ±∞ or NaN → NaN
        let r = reduceByHalfPi(x)
        switch r.n & 3 {
        case 0: return sinKernel(r.y0, r.y1, hasTail: true)
        case 1: return cosKernel(r.y0, r.y1)
        case 2: return -sinKernel(r.y0, r.y1, hasTail: true)
        default: return -cosKernel(r.y0, r.y1)
        }
    }

    /// The cosine of `x` (radians), faithfully rounded for every finite `x`.
    ///
    /// `cos(±0) = 1`, `cos(±∞) = NaN`, `cos(NaN) = NaN`.
    public static func cos(_ x: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB {
            if ix < 0x3E46_A09E { return 1 }    // |x| < 2^-27·√2: x²/2 is below half an ulp of 1
            return cosKernel(x, 0)
        }
        if ix >= 0x7FF0_0000 { return .nan }
        let r = reduceByHalfPi(x)
        switch r.n & 3 {
        case 0: return cosKernel(r.y0, r.y1)
        case 1: return -sinKernel(r.y0, r.y1, hasTail: true)
        case 2: return -cosKernel(r.y0, r.y1)
        default: return sinKernel(r.y0, r.y1, hasTail: true)
        }
    }

    /// The tangent of `x` (radians), faithfully rounded for every finite `x`.
    ///
    /// `tan(±0) = ±0`, `tan(±∞) = NaN`, `tan(NaN) = NaN`. No double is close enough to an odd
    /// multiple of π/2 for the result to overflow.
    public static func tan(_ x: Double) -> Double {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix <= 0x3FE9_21FB {
            if ix < 0x3E40_0000 { return x }    // |x| < 2^-27: x³/3 is below half an ulp
            return tanKernel(x, 0, odd: false)
        }
        if ix >= 0x7FF0_0000 { return .nan }
        let r = reduceByHalfPi(x)
        return tanKernel(r.y0, r.y1, odd: r.n & 1 == 1)
    }

    // MARK: Kernels on [-π/4, π/4]; y is the low part of the reduced argument x + y.

    /// sin(x + y) for |x| ≤ π/4, |y| ≤ ulp(x)/2. Minimax polynomial of degree 13 (fdlibm
    /// `__kernel_sin`, error below 2^-58 relative to the result).
    static func sinKernel(_ x: Double, _ y: Double, hasTail: Bool) -> Double {
        let s1 = -1.66666666666666324348e-01
        let s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04
        let s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08
        let s6 = 1.58969099521155010221e-10
        let z = x * x
        let w = z * z
        let r = s2 + z * (s3 + z * s4) + z * w * (s5 + z * s6)
        let v = z * x
        if !hasTail { return x + v * (s1 + z * r) }
        // The tail y enters only linearly (its cosine factor is 1 to the precision needed).
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    /// cos(x + y) for |x| ≤ π/4 (fdlibm `__kernel_cos` as refined in musl). Computing
    /// 1 - x²/2 as `w + ((1 - w) - hz)` recovers the rounding error of the leading subtraction,
    /// which is what keeps the result below one ulp near x = ±π/4.
    static func cosKernel(_ x: Double, _ y: Double) -> Double {
        let c1 = 4.16666666666666019037e-02
        let c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05
        let c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09
        let c6 = -1.13596475577881948265e-11
        let z = x * x
        let w = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
        let hz = 0.5 * z
        let one = 1.0 - hz
        return one + (((1.0 - one) - hz) + (z * r - x * y))
    }

    /// tan(x + y) if `odd` is false, -1/tan(x + y) otherwise, for |x| ≤ π/4 (fdlibm
    /// `__kernel_tan`). Above 0.6744 the identity tan(π/4 - t) = (1 - tan t)/(1 + tan t) keeps
    /// the polynomial argument small.
    static func tanKernel(_ xIn: Double, _ yIn: Double, odd: Bool) -> Double {
        let t0 = 3.33333333333334091986e-01
        let t1 = 1.33333333333201242699e-01
        let t2 = 5.39682539762260521377e-02
        let t3 = 2.18694882948595424599e-02
        let t4 = 8.86323982359930005737e-03
        let t5 = 3.59207910759131235356e-03
        let t6 = 1.45620945432529025516e-03
        let t7 = 5.88041240820264096874e-04
        let t8 = 2.46463134818469906812e-04
        let t9 = 7.81794442939557092300e-05
        let t10 = 7.14072491382608190305e-05
        let t11 = -1.85586374855275456654e-05
        let t12 = 2.59073051863633712884e-05
        let pio4 = 7.85398163397448278999e-01
        let pio4lo = 3.06161699786838301793e-17

        var x = xIn
        var y = yIn
        let negative = x.sign == .minus
        let big = x.magnitude >= 0.6744
        if big {
            if negative {
                x = -x
                y = -y
            }
            x = (pio4 - x) + (pio4lo - y)
            y = 0
        }
        let z = x * x
        var w = z * z
        // Odd and even halves of the polynomial, evaluated in w = x⁴ for a shorter dependency chain.
        var r = t1 + w * (t3 + w * (t5 + w * (t7 + w * (t9 + w * t11))))
        var v = z * (t2 + w * (t4 + w * (t6 + w * (t8 + w * (t10 + w * t12)))))
        var s = z * x
        r = y + z * (s * (r + v) + y) + s * t0
        w = x + r
        if big {
            s = odd ? -1.0 : 1.0
            v = s - 2.0 * (x + (r - w * w / (w + s)))
            return negative ? -v : v
        }
        if !odd { return w }
        // -1/(x + r) directly would cost up to two ulps; split both operands so the quotient's
        // correction term is computed exactly.
        let w0 = clearingLowWord(w)
        v = r - (w0 - x)                        // w0 + v = x + r
        let a = -1.0 / w
        let a0 = clearingLowWord(a)
        return a0 + a * (1.0 + a0 * w0 + a0 * v)
    }

    // MARK: Argument reduction

    /// Reduces `x` to `y0 + y1 = x - n·π/2` with |y0 + y1| ≤ π/4 (approximately) and
    /// |y1| ≤ ulp(y0)/2. Only the low two bits of `n` are meaningful for huge `x`.
    static func reduceByHalfPi(_ x: Double) -> (n: Int, y0: Double, y1: Double) {
        let ix = highWord(x) & 0x7FFF_FFFF
        if ix >= 0x4139_21FB {                  // |x| ≥ 2^20·π/2
            return reduceByHalfPiLarge(x)
        }
        // Cody–Waite: π/2 = p1 + p2 + p3 + p3t where p1, p2, p3 have 33 significant bits, so
        // fn·pk is exact for |fn| < 2^20. The second and third steps run only when cancellation
        // has eaten the bits the previous step provided (x close to a multiple of π/2).
        let invpio2 = 6.36619772367581382433e-01
        let pio2_1 = 1.57079632673412561417e+00
        let pio2_1t = 6.07710050650619224932e-11
        let pio2_2 = 6.07710050630396597660e-11
        let pio2_2t = 2.02226624879595063154e-21
        let pio2_3 = 2.02226624871116645580e-21
        let pio2_3t = 8.47842766036889956997e-32

        let fn = roundedToNearestInteger(x * invpio2)
        let n = Int(fn)
        var r = x - fn * pio2_1
        var w = fn * pio2_1t                    // first step: good to about 85 bits
        var y0 = r - w
        let ex = Int(ix >> 20)
        var ey = Int(highWord(y0) >> 20) & 0x7FF
        if ex - ey > 16 {                       // second step: good to about 118 bits
            var t = r
            w = fn * pio2_2
            r = t - w
            w = fn * pio2_2t - ((t - r) - w)
            y0 = r - w
            ey = Int(highWord(y0) >> 20) & 0x7FF
            if ex - ey > 49 {                   // third step: 151 bits, enough for every double
                t = r
                w = fn * pio2_3
                r = t - w
                w = fn * pio2_3t - ((t - r) - w)
                y0 = r - w
            }
        }
        let y1 = (r - y0) - w
        return (n, y0, y1)
    }

    /// Bits of 2/π after the binary point, most significant first, preceded by one zero word so
    /// that windows may start up to 64 bits before the binary point. 19 words (1216 bits) cover
    /// the largest double exponent plus the 192-bit window; computed with mpmath at 1600 bits.
    private static let twoOverPiWords: [UInt64] = [
        0x0000_0000_0000_0000,
        0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB, 0xF0CF_BC20_9AF4_361D,
    ]

    /// Payne–Hanek reduction for |x| ≥ 2^20·π/2 (finite).
    ///
    /// Write |x| = m·2^e with an integer 53-bit m. Bits of 2/π whose weight times 2^e is at least
    /// 4 only add multiples of 4 to x·2/π and cannot change the quadrant, so the product needs
    /// just a 192-bit window of 2/π starting two bits above weight 2^-e. The 256-bit integer
    /// product m·window then holds the quadrant in its bits 190–191 and the fraction in the 190
    /// bits below. Truncating 2/π after the window costs less than 2^-137 absolute, while the
    /// closest a double comes to a multiple of π/2 is about 2^-61, so the reduced argument keeps
    /// more than 70 correct bits.
    static func reduceByHalfPiLarge(_ x: Double) -> (n: Int, y0: Double, y1: Double) {
        let bits = x.bitPattern
        let biasedExponent = Int((bits >> 52) & 0x7FF)
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        let e = biasedExponent - 1075           // |x| = m · 2^e, e ≥ -32 here

        // Bit j of 2/π (weight 2^-j) sits at position j + 63 of the padded table. The window
        // starts at j = e - 1.
        let start = e + 62
        let word = start >> 6
        let shift = UInt64(start & 63)
        func tableWord(_ i: Int) -> UInt64 {
            let w = twoOverPiWords
            if shift == 0 { return w[i] }
            return (w[i] << shift) | (w[i + 1] >> (64 - shift))
        }
        let a0 = tableWord(word)                // most significant window word
        let a1 = tableWord(word + 1)
        let a2 = tableWord(word + 2)

        // p = m · (a0, a1, a2), a 256-bit integer in words p3 (high) ... p0 (low).
        let lo2 = m.multipliedFullWidth(by: a2)
        let lo1 = m.multipliedFullWidth(by: a1)
        let lo0 = m.multipliedFullWidth(by: a0)
        let p0 = lo2.low
        let (p1, c1) = lo1.low.addingReportingOverflow(lo2.high)
        var (p2, c2) = lo0.low.addingReportingOverflow(lo1.high)
        if c1 {
            let (s, c) = p2.addingReportingOverflow(1)
            p2 = s
            c2 = c2 || c
        }
        _ = c2                                  // carries into p3 only affect multiples of 4

        var n = Int((p2 >> 62) & 3)
        // Fraction as a 192-bit fixed-point number f = 0.(f0 f1 f2).
        var f0 = (p2 << 2) | (p1 >> 62)
        var f1 = (p1 << 2) | (p0 >> 62)
        var f2 = p0 << 2
        var negative = false
        if f0 >> 63 == 1 {                      // fraction ≥ 1/2: use f - 1 and the next quadrant
            n += 1
            negative = true
            f0 = ~f0
            f1 = ~f1
            f2 = ~f2
            var carry: Bool
            (f2, carry) = f2.addingReportingOverflow(1)
            if carry {
                (f1, carry) = f1.addingReportingOverflow(1)
                if carry { f0 &+= 1 }
            }
        }
        // Normalise so f0 has its top bit set; at most two whole-word shifts are ever needed
        // because |f| > 2^-70 for every double.
        var lead = 0
        for _ in 0..<2 where f0 == 0 {
            f0 = f1
            f1 = f2
            f2 = 0
            lead += 64
        }
        if f0 == 0 { return (n, 0, 0) }         // unreachable for doubles; keeps the code total
        let lz = f0.leadingZeroBitCount
        if lz > 0 {
            let s = UInt64(lz)
            f0 = (f0 << s) | (f1 >> (64 - s))
            f1 = (f1 << s) | (f2 >> (64 - s))
            lead += lz
        }
        // f = (f0·2^-64 + f1·2^-128) · 2^-lead; split into a 53-bit head and a rounded tail.
        let head = Double(f0 >> 11) * twoPower(-53 - lead)
        let tailBits = ((f0 & 0x7FF) << 53) | (f1 >> 11)
        let tail = Double(tailBits) * twoPower(-117 - lead)

        // Multiply the fraction by π/2 in double-double arithmetic.
        let pio2Hi = 1.57079632679489655800e+00
        let pio2Lo = 6.12323399573676603587e-17
        let rh = head * pio2Hi
        // Dekker's product recovers the exact rounding error of head·pio2Hi.
        let rl = exactProduct(head, pio2Hi).low + (head * pio2Lo + tail * pio2Hi)
        var y0 = rh + rl
        var y1 = rl - (y0 - rh)
        if negative {
            y0 = -y0
            y1 = -y1
        }
        if x < 0 { return (-n, -y0, -y1) }
        return (n, y0, y1)
    }
}
