// Special values with exact expectations (C99 Annex F / IEEE-754 conventions): signed zeros,
// infinities, NaN, subnormals, overflow and underflow boundaries, pow's many cases, and exact
// results that must come out exact.

import Testing
import LockstepCore
import LockstepRunner

private let inf = Double.infinity
private let nan = Double.nan
private let pi = Double.pi                          // π rounded to nearest
private let halfPi = Double.pi / 2                  // exact halving: π/2 rounded to nearest
private let quarterPi = Double.pi / 4
private let threeQuarterPi = Double(bitPattern: 0x4002_D97C_7F33_21D2)  // 3π/4 rounded to nearest
private let tiny = Double.leastNonzeroMagnitude     // 2^-1074
private let minNormal = Double.leastNormalMagnitude

/// Expects identical bits; an expected NaN demands DetMath's canonical quiet NaN.
private func expectBits(_ actual: Double, _ expected: Double, _ label: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.bitPattern == expected.bitPattern,
            "\(label) = \(actual) [\(String(actual.bitPattern, radix: 16))], expected \(expected) [\(String(expected.bitPattern, radix: 16))]",
            sourceLocation: sourceLocation)
}

private func expectBits(_ actual: Float, _ expected: Float, _ label: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.bitPattern == expected.bitPattern,
            "\(label) = \(actual) [\(String(actual.bitPattern, radix: 16))], expected \(expected) [\(String(expected.bitPattern, radix: 16))]",
            sourceLocation: sourceLocation)
}

@Suite("DetMath special values")
struct DetMathSpecialValueTests {
    @Test("trigonometric functions")
    func trig() {
        for (x, s) in [(0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (-tiny, -tiny), (minNormal, minNormal),
                       (1e-300, 1e-300), (inf, nan), (-inf, nan), (nan, nan)] {
            expectBits(DetMath.sin(x), s, "sin(\(x))")
            expectBits(DetMath.tan(x), s, "tan(\(x))")
        }
        for (x, c) in [(0.0, 1.0), (-0.0, 1.0), (tiny, 1.0), (-1e-9, 1.0), (inf, nan), (-inf, nan), (nan, nan)] {
            expectBits(DetMath.cos(x), c, "cos(\(x))")
        }
        // Values at the doubles nearest π/2 and π (correctly rounded, from mpmath).
        expectBits(DetMath.sin(halfPi), 1.0, "sin(π/2)")
        expectBits(DetMath.cos(halfPi), Double(bitPattern: 0x3C91_A626_3314_5C07), "cos(π/2)")
        expectBits(DetMath.sin(pi), Double(bitPattern: 0x3CA1_A626_3314_5C07), "sin(π)")
        expectBits(DetMath.cos(pi), -1.0, "cos(π)")
        expectBits(DetMath.tan(halfPi), Double(bitPattern: 0x434D_0296_7C31_CDB5), "tan(π/2)")
        // Sign symmetry holds exactly, including for huge arguments (Payne–Hanek path).
        for x in [0.5, 3.0, 1e6, 2e6, 1e22, 1e300, Double.greatestFiniteMagnitude] {
            expectBits(DetMath.sin(-x), -DetMath.sin(x), "sin(-\(x))")
            expectBits(DetMath.cos(-x), DetMath.cos(x), "cos(-\(x))")
            expectBits(DetMath.tan(-x), -DetMath.tan(x), "tan(-\(x))")
        }
    }

    @Test("inverse trigonometric functions")
    func inverseTrig() {
        for x in [0.0, -0.0, tiny, -tiny, 1e-300, minNormal] {
            expectBits(DetMath.asin(x), x, "asin(\(x))")
            expectBits(DetMath.atan(x), x, "atan(\(x))")
            expectBits(DetMath.acos(x), halfPi, "acos(\(x))")
        }
        expectBits(DetMath.asin(1), halfPi, "asin(1)")
        expectBits(DetMath.asin(-1), -halfPi, "asin(-1)")
        expectBits(DetMath.acos(1), 0.0, "acos(1)")
        expectBits(DetMath.acos(-1), pi, "acos(-1)")
        for x in [(1.0).nextUp, (-1.0).nextDown, 2, -2, inf, -inf, nan] {
            expectBits(DetMath.asin(x), nan, "asin(\(x))")
            expectBits(DetMath.acos(x), nan, "acos(\(x))")
        }
        expectBits(DetMath.atan(inf), halfPi, "atan(inf)")
        expectBits(DetMath.atan(-inf), -halfPi, "atan(-inf)")
        expectBits(DetMath.atan(0x1p70), halfPi, "atan(2^70)")
        expectBits(DetMath.atan(1), quarterPi, "atan(1)")
        expectBits(DetMath.atan(nan), nan, "atan(nan)")
    }

    @Test("atan2 quadrants, zeros and infinities")
    func atan2() {
        let cases: [(Double, Double, Double)] = [
            (0.0, 0.0, 0.0), (-0.0, 0.0, -0.0), (0.0, -0.0, pi), (-0.0, -0.0, -pi),
            (0.0, 3.0, 0.0), (-0.0, 3.0, -0.0), (0.0, -3.0, pi), (-0.0, -3.0, -pi),
            (0.0, tiny, 0.0), (0.0, -tiny, pi),
            (2.0, 0.0, halfPi), (2.0, -0.0, halfPi), (-2.0, 0.0, -halfPi), (-2.0, -0.0, -halfPi),
            (tiny, 0.0, halfPi), (-tiny, -0.0, -halfPi),
            (1.0, inf, 0.0), (-1.0, inf, -0.0), (1.0, -inf, pi), (-1.0, -inf, -pi),
            (inf, 1.0, halfPi), (-inf, 1.0, -halfPi), (inf, -1.0, halfPi), (-inf, -1.0, -halfPi),
            (inf, inf, quarterPi), (-inf, inf, -quarterPi), (inf, -inf, threeQuarterPi), (-inf, -inf, -threeQuarterPi),
            (1.0, 1.0, quarterPi), (-1.0, -1.0, -threeQuarterPi), (1.0, -1.0, threeQuarterPi),
            (1e300, 1e-300, halfPi), (-1e300, -1e-300, -halfPi), (1e-300, -1e300, pi), (-1e-300, -1e300, -pi),
            (1e-300, 1e300, 0.0), (tiny, 1.0, tiny), (-tiny, 1.0, -tiny),
            (nan, 1.0, nan), (1.0, nan, nan), (nan, nan, nan), (inf, nan, nan), (0.0, nan, nan),
        ]
        for (y, x, expected) in cases {
            expectBits(DetMath.atan2(y, x), expected, "atan2(\(y), \(x))")
        }
    }

    @Test("exp and exp2")
    func exponentials() {
        for (x, e) in [(0.0, 1.0), (-0.0, 1.0), (tiny, 1.0), (-1e-300, 1.0), (inf, inf), (-inf, 0.0), (nan, nan),
                       (709.79, inf), (1000, inf), (-746, 0.0), (-1e10, 0.0)] {
            expectBits(DetMath.exp(x), e, "exp(\(x))")
        }
        // The largest x with a finite result, and the underflow boundary.
        expectBits(DetMath.exp(709.782712893383973096), Double(bitPattern: 0x7FEF_FFFF_FFFF_FF2A), "exp(709.78...)")
        expectBits(DetMath.exp((709.782712893383973096).nextUp), inf, "exp(709.78... + ulp)")
        expectBits(DetMath.exp(-745.13321910194110842), tiny, "exp(-745.133...)")
        expectBits(DetMath.exp((-745.13321910194110842).nextDown), 0.0, "exp(-745.133... - ulp)")
        for (x, e) in [(0.0, 1.0), (-0.0, 1.0), (tiny, 1.0), (inf, inf), (-inf, 0.0), (nan, nan),
                       (1024, inf), (-1074, tiny),
                       (-1074.5, tiny), (-1075, 0.0), ((-1075.0).nextUp, tiny), (-2000, 0.0)] {
            expectBits(DetMath.exp2(x), e, "exp2(\(x))")
        }
        // Integer arguments give exact powers of two across the whole range, subnormals included.
        for k in -1074...1023 {
            expectBits(DetMath.exp2(Double(k)), powerOfTwo(k), "exp2(\(k))")
        }
    }

    @Test("logarithms")
    func logarithms() {
        for f in [("log", { DetMath.log($0) }), ("log2", { DetMath.log2($0) }), ("log10", { DetMath.log10($0) })]
            as [(String, (Double) -> Double)] {
            let (name, g) = f
            expectBits(g(0.0), -inf, "\(name)(0)")
            expectBits(g(-0.0), -inf, "\(name)(-0)")
            expectBits(g(1.0), 0.0, "\(name)(1)")
            expectBits(g(inf), inf, "\(name)(inf)")
            for x in [-tiny, -1.0, -inf, nan, -nan] { expectBits(g(x), nan, "\(name)(\(x))") }
        }
        expectBits(DetMath.log(tiny), Double(bitPattern: 0xC087_4385_446D_71C3), "log(2^-1074)")
        expectBits(DetMath.log(Double.greatestFiniteMagnitude), Double(bitPattern: 0x4086_2E42_FEFA_39EF), "log(max)")
        expectBits(DetMath.log2(3), Double(bitPattern: 0x3FF9_5C01_A39F_BD68), "log2(3)")
        for k in -1074...1023 {
            expectBits(DetMath.log2(powerOfTwo(k)), Double(k), "log2(2^\(k))")
        }
        var p = 1.0
        for k in 0...22 {                           // 10^k is exact up to 1e22
            expectBits(DetMath.log10(p), Double(k), "log10(1e\(k))")
            p *= 10
        }
    }

    @Test("pow special cases (C99 Annex F)")
    func powSpecialCases() {
        let everything: [Double] = [0.0, -0.0, tiny, 0.5, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 0.5, inf, -inf, nan]
        for x in everything {
            expectBits(DetMath.pow(x, 0.0), 1.0, "pow(\(x), 0)")
            expectBits(DetMath.pow(x, -0.0), 1.0, "pow(\(x), -0)")
            expectBits(DetMath.pow(1.0, x), 1.0, "pow(1, \(x))")
        }
        let cases: [(Double, Double, Double)] = [
            (-1.0, inf, 1.0), (-1.0, -inf, 1.0),
            (nan, 1.0, nan), (2.0, nan, nan), (-1.0, nan, nan), (nan, -inf, nan),
            // Negative finite base with a non-integer exponent.
            (-8.0, 1.0 / 3.0, nan), (-2.0, 0.5, nan), (-1.0, 0.5, nan), (-tiny, 1.5, nan), (-1e300, -2.5, nan),
            // Zero base.
            (0.0, -1.0, inf), (-0.0, -1.0, -inf), (-0.0, -3.0, -inf), (0.0, -3.0, inf),
            (-0.0, -2.0, inf), (-0.0, -0.5, inf), (0.0, -0.5, inf), (-0.0, -inf, inf), (0.0, -inf, inf),
            (0.0, 3.0, 0.0), (-0.0, 3.0, -0.0), (-0.0, 2.0, 0.0), (-0.0, 0.5, 0.0), (-0.0, inf, 0.0),
            (0.0, 0.5, 0.0), (-0.0, 1.0, -0.0),
            // Infinite exponent.
            (0.5, inf, 0.0), (-0.5, inf, 0.0), (2.0, inf, inf), (-2.0, inf, inf),
            (0.5, -inf, inf), (-0.5, -inf, inf), (2.0, -inf, 0.0), (-2.0, -inf, 0.0),
            ((1.0).nextDown, inf, 0.0), ((1.0).nextUp, inf, inf),
            // Infinite base.
            (-inf, -1.0, -0.0), (-inf, -3.0, -0.0), (-inf, -2.0, 0.0), (-inf, -0.5, 0.0),
            (-inf, 1.0, -inf), (-inf, 3.0, -inf), (-inf, 2.0, inf), (-inf, 0.5, inf),
            (inf, -1.0, 0.0), (inf, -0.5, 0.0), (inf, 0.5, inf), (inf, 3.0, inf),
            // Negative base, integer exponent: sign from parity, including huge even exponents.
            (-2.0, 3.0, -8.0), (-2.0, -3.0, -0.125), (-2.0, 4.0, 16.0), (-1.0, 3.0, -1.0),
            (-1.0, 0x1p53, 1.0), (-1.0, 1e300, 1.0), (-1.0, -0x1p53 - 2, 1.0), (-1.0, 0x1p52 + 1, -1.0),
            (-3.0, 0x1p53, inf), (-0.5, 0x1p53, 0.0), (-2.0, 1025.0, -inf), (-2.0, -1075.0, -0.0),
            (-2.0, -1074.0, tiny), (-2.0, -1073.0, -2 * tiny), (-10.0, 401.0, -inf), (-10.0, -401.0, -0.0),
            // Overflow, underflow and their boundaries.
            (10.0, 400.0, inf), (10.0, -400.0, 0.0), (2.0, 1024.0, inf), (2.0, 1023.0, 0x1p1023),
            (2.0, -1074.0, tiny), (2.0, -1075.0, 0.0), (0.5, 1074.0, tiny), (0.5, 1075.0, 0.0),
            (1.5, 1e10, inf), (0.5, 1e10, 0.0), ((1.0).nextUp, 1e300, inf), ((1.0).nextDown, 1e300, 0.0),
            ((1.0).nextUp, -1e300, 0.0), ((1.0).nextDown, -1e300, inf),
            // Square roots, exact by the y = 1/2 shortcut.
            (4.0, 0.5, 2.0), (2.0, 0.5, 2.0.squareRoot()), (inf, 0.5, inf), (tiny, 0.5, 0x1p-537),
            // y = ±1 and 2.
            (tiny, 1.0, tiny), (-tiny, 1.0, -tiny), (4.0, -1.0, 0.25), (3.0, 2.0, 9.0), (-0.5, -1.0, -2.0),
        ]
        for (x, y, expected) in cases {
            expectBits(DetMath.pow(x, y), expected, "pow(\(x), \(y))")
        }
        // Exactly representable integer powers come out exact.
        var p3 = 1.0
        var p10 = 1.0
        for k in 0...33 {
            expectBits(DetMath.pow(3, Double(k)), p3, "pow(3, \(k))")
            expectBits(DetMath.pow(-3, Double(k)), k % 2 == 0 ? p3 : -p3, "pow(-3, \(k))")
            if k <= 22 { expectBits(DetMath.pow(10, Double(k)), p10, "pow(10, \(k))") }
            p3 *= 3
            p10 *= 10
        }
        for base in 2...40 {                    // every exactly representable integer power
            var p: UInt64 = 1
            for k in 0...52 {
                let b = UInt64(base)
                if p > (1 << 53) / b { break }
                p *= b
                expectBits(DetMath.pow(Double(base), Double(k + 1)), Double(p), "pow(\(base), \(k + 1))")
                expectBits(DetMath.pow(-Double(base), Double(k + 1)), k % 2 == 0 ? -Double(p) : Double(p),
                           "pow(-\(base), \(k + 1))")
            }
        }
        for k in -1074...1023 {
            expectBits(DetMath.pow(2, Double(k)), powerOfTwo(k), "pow(2, \(k))")
            expectBits(DetMath.pow(0.5, Double(-k)), powerOfTwo(k), "pow(0.5, \(-k))")
        }
    }

    @Test("hypot and sqrt")
    func hypotAndSqrt() {
        let cases: [(Double, Double, Double)] = [
            (inf, nan, inf), (nan, -inf, inf), (-inf, 1.0, inf), (nan, 1.0, nan), (1.0, nan, nan),
            (3.0, 4.0, 5.0), (-3.0, -4.0, 5.0), (-0.0, 0.0, 0.0), (-0.0, -0.0, 0.0), (-5.0, 0.0, 5.0),
            (tiny, 0.0, tiny), (tiny, tiny, tiny), (3 * tiny, 4 * tiny, 5 * tiny),
            (0x1p1000 * 3, 0x1p1000 * 4, 0x1p1000 * 5), (0x1p-1000 * 3, 0x1p-1000 * 4, 0x1p-1000 * 5),
            (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, inf),
            (Double.greatestFiniteMagnitude, 1.0, Double.greatestFiniteMagnitude),
            (1.0, 1e-20, 1.0),
        ]
        for (x, y, expected) in cases {
            expectBits(DetMath.hypot(x, y), expected, "hypot(\(x), \(y))")
            expectBits(DetMath.hypot(y, x), expected, "hypot(\(y), \(x))")
        }
        for (x, r) in [(0.0, 0.0), (-0.0, -0.0), (inf, inf), (-1.0, nan), (-inf, nan), (nan, nan), (-tiny, nan),
                       (4.0, 2.0), (tiny, 0x1p-537), (0x1p-1073, (0x1p-1073).squareRoot()),
                       (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude.squareRoot())] {
            expectBits(DetMath.sqrt(x), r, "sqrt(\(x))")
        }
    }

    @Test("expm1, log1p and the hyperbolic functions")
    func expm1Log1pHyperbolic() {
        for (x, e) in [(0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (-tiny, -tiny), (1e-300, 1e-300), (inf, inf),
                       (-inf, -1.0), (nan, nan), (710, inf), (-40, -1.0), (-1000, -1.0)] {
            expectBits(DetMath.expm1(x), e, "expm1(\(x))")
        }
        for (x, l) in [(0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (-tiny, -tiny), (-1.0, -inf), (-2.0, nan),
                       ((-1.0).nextDown, nan), (inf, inf), (-inf, nan), (nan, nan)] {
            expectBits(DetMath.log1p(x), l, "log1p(\(x))")
        }
        for (x, sh, ch, th) in [(0.0, 0.0, 1.0, 0.0), (-0.0, -0.0, 1.0, -0.0), (tiny, tiny, 1.0, tiny),
                                (-tiny, -tiny, 1.0, -tiny), (inf, inf, inf, 1.0), (-inf, -inf, inf, -1.0),
                                (nan, nan, nan, nan), (711, inf, inf, 1.0), (-711, -inf, inf, -1.0),
                                (30, DetMath.exp(30) / 2, DetMath.exp(30) / 2, 1.0)] {
            expectBits(DetMath.sinh(x), sh, "sinh(\(x))")
            expectBits(DetMath.cosh(x), ch, "cosh(\(x))")
            expectBits(DetMath.tanh(x), th, "tanh(\(x))")
        }
        for x in [1e-5, 0.25, 0.7, 3.0, 21.9, 22.5, 300.0, 710.4] {
            expectBits(DetMath.sinh(-x), -DetMath.sinh(x), "sinh(-\(x))")
            expectBits(DetMath.cosh(-x), DetMath.cosh(x), "cosh(-\(x))")
            expectBits(DetMath.tanh(-x), -DetMath.tanh(x), "tanh(-\(x))")
        }
        // Just below the overflow threshold the result is finite (value from mpmath).
        expectBits(DetMath.cosh(710.4758600739439), Double(bitPattern: 0x7FEF_FFFF_FFFF_FD3B), "cosh(710.4758600739439)")
        expectBits(DetMath.cosh((710.4758600739439).nextUp.nextUp), inf, "cosh above the threshold")
        expectBits(DetMath.expm1(Float(-0.0)), -0.0, "expm1f(-0)")
        expectBits(DetMath.log1p(Float(-1)), -.infinity, "log1pf(-1)")
        expectBits(DetMath.sinh(Float(90)), .infinity, "sinhf(90)")
        expectBits(DetMath.tanh(Float(-0.0)), -0.0, "tanhf(-0)")
    }

    @Test("sqrt is bit-identical to IEEE squareRoot()")
    func sqrtMatchesIEEE() {
        var r = SplitMix64(seed: 77)
        var mismatches = 0
        for i in 0..<200_000 {
            var x = r.positiveFiniteBits()
            if i % 2 == 1 {
                // Squares of random doubles and their neighbours: roots near representable values.
                let s = r.uniform(1, 2) * (r.next() & 1 == 0 ? 0x1p-500 : 0x1p300)
                x = s * s
                for _ in 0..<Int(r.next() % 3) { x = r.next() & 1 == 0 ? x.nextUp : x.nextDown }
            }
            if DetMath.sqrt(x).bitPattern != x.squareRoot().bitPattern { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("NaN results are always the canonical quiet NaN")
    func canonicalNaN() {
        let payloads: [Double] = [nan, -nan, Double(nan: 0x1234, signaling: false), -Double(nan: 77, signaling: false),
                                  Double.signalingNaN]
        let canonical = Double.nan.bitPattern
        for p in payloads {
            let results: [Double] = [
                DetMath.sin(p), DetMath.cos(p), DetMath.tan(p), DetMath.asin(p), DetMath.acos(p), DetMath.atan(p),
                DetMath.atan2(p, 1), DetMath.atan2(1, p), DetMath.exp(p), DetMath.exp2(p), DetMath.log(p),
                DetMath.log2(p), DetMath.log10(p), DetMath.pow(p, 2), DetMath.pow(2, p), DetMath.hypot(p, 1),
                DetMath.sqrt(p), DetMath.expm1(p), DetMath.log1p(p), DetMath.sinh(p), DetMath.cosh(p),
                DetMath.tanh(p),
            ]
            for r in results { #expect(r.bitPattern == canonical, "NaN result \(String(r.bitPattern, radix: 16))") }
            for r in [DetMath.sin(Float(p)), DetMath.log(Float(p)), DetMath.pow(Float(p), 3)] {
                #expect(r.bitPattern == Float.nan.bitPattern)
            }
        }
        for r in [DetMath.sin(inf), DetMath.cos(-inf), DetMath.tan(inf), DetMath.asin(2), DetMath.acos(-2),
                  DetMath.log(-1), DetMath.pow(-2, 0.5), DetMath.sqrt(-1)] {
            #expect(r.bitPattern == canonical, "NaN result \(String(r.bitPattern, radix: 16))")
        }
    }

    @Test("Float overloads")
    func floats() {
        let finf = Float.infinity
        let fnan = Float.nan
        let ftiny = Float.leastNonzeroMagnitude
        let fpi = Float(Double.pi)                  // not Float.pi, which Swift rounds toward zero
        expectBits(DetMath.sin(Float(-0.0)), -0.0, "sinf(-0)")
        expectBits(DetMath.tan(Float(-0.0)), -0.0, "tanf(-0)")
        expectBits(DetMath.cos(Float(-0.0)), 1, "cosf(-0)")
        expectBits(DetMath.sin(ftiny), ftiny, "sinf(tiny)")
        expectBits(DetMath.sin(finf), fnan, "sinf(inf)")
        expectBits(DetMath.asin(Float(-1)), -fpi / 2, "asinf(-1)")
        expectBits(DetMath.acos(Float(-1)), fpi, "acosf(-1)")
        expectBits(DetMath.atan2(Float(-0.0), Float(-1)), -fpi, "atan2f(-0, -1)")
        expectBits(DetMath.atan2(Float(0.0), Float(-0.0)), fpi, "atan2f(0, -0)")
        expectBits(DetMath.exp(Float(88.8)), finf, "expf(88.8)")
        expectBits(DetMath.exp(Float(-104)), 0, "expf(-104)")
        expectBits(DetMath.exp(Float(-103.9)), ftiny, "expf(-103.9)")
        expectBits(DetMath.exp2(Float(128)), finf, "exp2f(128)")
        expectBits(DetMath.exp2(Float(-149)), ftiny, "exp2f(-149)")
        expectBits(DetMath.exp2(Float(-150)), 0, "exp2f(-150)")
        expectBits(DetMath.log(Float(0)), -finf, "logf(0)")
        expectBits(DetMath.log(Float(-1)), fnan, "logf(-1)")
        expectBits(DetMath.log10(Float(1000)), 3, "log10f(1000)")
        expectBits(DetMath.pow(Float(-0.0), -1), -finf, "powf(-0, -1)")
        expectBits(DetMath.pow(Float(-2), 3), -8, "powf(-2, 3)")
        expectBits(DetMath.pow(Float(-8), 1.0 / 3.0), fnan, "powf(-8, 1/3)")
        expectBits(DetMath.pow(Float(fnan), 0), 1, "powf(nan, 0)")
        expectBits(DetMath.pow(Float(1), fnan), 1, "powf(1, nan)")
        expectBits(DetMath.pow(Float(10), 39), finf, "powf(10, 39)")
        expectBits(DetMath.pow(Float(-10), -47), -0.0, "powf(-10, -47)")
        expectBits(DetMath.hypot(finf, fnan), finf, "hypotf(inf, nan)")
        expectBits(DetMath.hypot(Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude), finf, "hypotf(max, max)")
        for k in -149...127 {
            let p = Float(powerOfTwo(k))
            expectBits(DetMath.exp2(Float(k)), p, "exp2f(\(k))")
            expectBits(DetMath.log2(p), Float(k), "log2f(2^\(k))")
        }
    }
}

/// 2^k for -1074 ≤ k ≤ 1023, from the bit pattern.
private func powerOfTwo(_ k: Int) -> Double {
    k >= -1022 ? Double(bitPattern: UInt64(k + 1023) << 52) : Double(bitPattern: 1 << UInt64(k + 1074))
}
