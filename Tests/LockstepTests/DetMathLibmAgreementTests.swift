// DetMath against the platform libm: at least 100,000 deterministic inputs per function and per
// type, each result within 1 ulp of libm's. Two faithful results can differ by at most 1 ulp, so
// this checks DetMath is faithful wherever libm is (glibc's functions are all below 1 ulp,
// mostly correctly rounded). The Float overloads are additionally checked against libm's Double
// function, an independent reference about 2^29 times more precise than Float.

import Testing
import LockstepCore
import LockstepRunner
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let samplesPerFunction = 100_000

/// One function under test: generators for Double and Float inputs, DetMath and libm versions.
struct UnaryCase: Sendable, CustomTestStringConvertible {
    let name: String
    let seed: UInt64
    let double: @Sendable (inout SplitMix64) -> Double
    let float: @Sendable (inout SplitMix64) -> Float
    let det: @Sendable (Double) -> Double
    let ref: @Sendable (Double) -> Double
    let detF: @Sendable (Float) -> Float
    let refF: @Sendable (Float) -> Float
    var testDescription: String { name }
}

struct BinaryCase: Sendable, CustomTestStringConvertible {
    let name: String
    let seed: UInt64
    let double: @Sendable (inout SplitMix64) -> (Double, Double)
    let float: @Sendable (inout SplitMix64) -> (Float, Float)
    let det: @Sendable (Double, Double) -> Double
    let ref: @Sendable (Double, Double) -> Double
    let detF: @Sendable (Float, Float) -> Float
    let refF: @Sendable (Float, Float) -> Float
    var testDescription: String { name }
}

// MARK: Input generators

private func trigInput(_ r: inout SplitMix64, maxExponent: Int) -> Double {
    switch r.next() % 10 {
    case 0..<4: return r.uniform(-10, 10)
    case 4..<7: return r.uniform(-1e6, 1e6)
    case 7: return r.sign() * r.logUniform(-40, maxExponent)
    default:
        // Doubles nearest to multiples of π/2 (the hardest inputs for argument reduction),
        // stepped by a few ulps.
        var x = Double(r.int(-200_000, 200_000)) * (Double.pi / 2)
        for _ in 0..<Int(r.next() % 4) { x = r.next() & 1 == 0 ? x.nextUp : x.nextDown }
        return x
    }
}

private func trigInputF(_ r: inout SplitMix64) -> Float {
    if r.next() % 10 == 0 {
        var x = Float(Double(r.int(-20_000, 20_000)) * (Double.pi / 2))
        for _ in 0..<Int(r.next() % 4) { x = r.next() & 1 == 0 ? x.nextUp : x.nextDown }
        return x
    }
    return Float(trigInput(&r, maxExponent: 128))
}

private func unitInput(_ r: inout SplitMix64) -> Double {
    switch r.next() % 4 {
    case 0, 1: return r.uniform(-1, 1)
    case 2: return r.sign() * (1 - r.logUniform(-53, -1))
    default: return r.sign() * r.logUniform(-1074, -1)
    }
}

private func atanInput(_ r: inout SplitMix64, range: Int) -> Double {
    switch r.next() % 4 {
    case 0, 1: return r.uniform(-5, 5)
    case 2: return r.sign() * r.logUniform(-40, 80)
    default: return r.sign() * r.logUniform(-range, range)
    }
}

private func expInput(_ r: inout SplitMix64, lo: Double, hi: Double) -> Double {
    switch r.next() % 5 {
    case 0, 1: return r.uniform(lo, hi)
    case 2: return r.uniform(-2, 2)
    case 3: return r.sign() * r.logUniform(-60, -1)
    default: return r.next() & 1 == 0 ? r.uniform(hi - 2, hi + 0.1) : r.uniform(lo - 0.5, lo + 40)
    }
}

private func logInput(_ r: inout SplitMix64) -> Double {
    switch r.next() % 5 {
    case 0, 1: return r.positiveFiniteBits()   // all binades, subnormals included
    case 2: return r.uniform(0.5, 2)
    case 3: return 1 + r.sign() * r.logUniform(-53, -4)
    default: return r.logUniform(-1074, 996)  // (0, 1e300]
    }
}

private func logInputF(_ r: inout SplitMix64) -> Float {
    switch r.next() % 4 {
    case 0, 1: return Float(bitPattern: 1 + UInt32(truncatingIfNeeded: r.next() % 0x7F7F_FFFF))
    case 2: return Float(r.uniform(0.5, 2))
    default: return Float(1 + r.sign() * r.logUniform(-24, -4))
    }
}

private func powInput(_ r: inout SplitMix64, maxLog2: Double) -> (Double, Double) {
    switch r.next() % 6 {
    case 0, 1:
        // Positive base, exponent scaled so the result spans the whole range (and a bit beyond).
        let x = r.logUniform(-40, 40)
        let l = Glibc_log2(x)
        let y = l == 0 ? r.uniform(-100, 100) : r.uniform(-1.05, 1.05) * maxLog2 / l.magnitude
        return (x, y)
    case 2:
        // Negative base with an integer exponent: the sign of the result depends on parity.
        let x = -r.logUniform(-12, 12)
        return (x, Double(r.int(-80, 80)))
    case 3: return (r.uniform(0, 10), r.uniform(-10, 10))
    case 4: return (1 + r.sign() * r.logUniform(-52, -8), r.sign() * r.logUniform(0, 40))
    default: return (r.positiveFiniteBits(), r.uniform(-1.5, 1.5))
    }
}

private func atan2Input(_ r: inout SplitMix64, range: Int) -> (Double, Double) {
    switch r.next() % 3 {
    case 0: return (r.uniform(-10, 10), r.uniform(-10, 10))
    case 1: return (r.sign() * r.logUniform(-60, 60), r.sign() * r.logUniform(-60, 60))
    default: return (r.sign() * r.logUniform(-range, range), r.sign() * r.logUniform(-range, range))
    }
}

private func hypotInput(_ r: inout SplitMix64, range: Int) -> (Double, Double) {
    if r.next() & 1 == 0 { return (r.uniform(-10, 10), r.uniform(-10, 10)) }
    return (r.sign() * r.logUniform(-range, range), r.sign() * r.logUniform(-range, range))
}

private func Glibc_log2(_ x: Double) -> Double { log2(x) }

/// glibc documents errors of up to 2 ulps for sinh, cosh and tanh (and 1 for expm1, log1p), and
/// sinhf/coshf are observed 2 ulps off, so for these the x87 long-double function rounded to
/// Double (or to Float) is the reference where available.
private func preciseReference(_ name: String, _ x: Double) -> Double {
    #if canImport(Glibc) && arch(x86_64)
    let v = Float80(x)
    switch name {
    case "expm1": return Double(expm1l(v))
    case "log1p": return Double(log1pl(v))
    case "sinh": return Double(sinhl(v))
    case "cosh": return Double(coshl(v))
    default: return Double(tanhl(v))
    }
    #else
    switch name {
    case "expm1": return expm1(x)
    case "log1p": return log1p(x)
    case "sinh": return sinh(x)
    case "cosh": return cosh(x)
    default: return tanh(x)
    }
    #endif
}

private func hyperbolicInput(_ r: inout SplitMix64, limit: Double) -> Double {
    switch r.next() % 6 {
    case 0, 1: return r.uniform(-3, 3)
    case 2: return r.sign() * r.logUniform(-60, -1)
    case 3: return r.uniform(-0.3, 0.3)
    case 4: return r.uniform(-25, 25)
    default: return r.uniform(-limit, limit)
    }
}

private func log1pInput(_ r: inout SplitMix64) -> Double {
    switch r.next() % 5 {
    case 0, 1: return r.uniform(-1, 1)
    case 2: return r.sign() * r.logUniform(-1074, -1)
    case 3: return -1 + r.logUniform(-53, -1)
    default: return r.positiveFiniteBits()
    }
}

/// glibc's `log10` is off by up to 2 ulps and its `log10f` by more than 1 (checked against
/// mpmath: e.g. log10(1.7605988102121013) and log10f(1.7729064)), so two faithful results may
/// differ by 2 there. Where x87 extended precision exists, `log10l` rounded to Double is accurate
/// to about 2^-11 ulps and serves as the reference instead.
private func referenceLog10(_ x: Double) -> Double {
    #if canImport(Glibc) && arch(x86_64)
    return Double(log10l(Float80(x)))
    #else
    return log10(x)
    #endif
}

// MARK: Extended-precision reference

/// Error of `d` in Double ulps (fractional) against glibc's x87 long-double version of the
/// function, which is accurate to about 2^-11 Double ulps: an independent measurement of
/// DetMath's own error rather than of its distance to libm's Double result. nil where there is
/// no such reference (non-x86 platforms, non-finite values).
func extendedError(_ name: String, _ a: Double, _ b: Double = 0, d: Double) -> Double? {
    #if canImport(Glibc) && arch(x86_64)
    let x = Float80(a)
    let y = Float80(b)
    let r: Float80
    switch name {
    case "sin": r = sinl(x)
    case "cos": r = cosl(x)
    case "tan": r = tanl(x)
    case "asin": r = asinl(x)
    case "acos": r = acosl(x)
    case "atan": r = atanl(x)
    case "exp": r = expl(x)
    case "exp2": r = exp2l(x)
    case "log": r = logl(x)
    case "log2": r = log2l(x)
    case "log10": r = log10l(x)
    case "sqrt": r = sqrtl(x)
    case "atan2": r = atan2l(x, y)
    case "pow": r = powl(x, y)
    case "hypot": r = hypotl(x, y)
    case "expm1": r = expm1l(x)
    case "log1p": r = log1pl(x)
    case "sinh": r = sinhl(x)
    case "cosh": r = coshl(x)
    case "tanh": r = tanhl(x)
    default: return nil
    }
    if !r.isFinite || !d.isFinite || r == 0 { return nil }
    if r.magnitude > Float80(Double.greatestFiniteMagnitude) { return nil }
    if name == "sin" || name == "cos" || name == "tan", a.magnitude > 0x1p63 { return nil }  // x87 reduction
    let exponent = max(Int(r.exponent), -1022)
    let ulp = Float80(sign: .plus, exponent: exponent - 52, significand: 1)
    return Double((Float80(d) - r).magnitude / ulp)
    #else
    return nil
    #endif
}

// MARK: Cases

let unaryCases: [UnaryCase] = [
    UnaryCase(name: "sin", seed: 1, double: { trigInput(&$0, maxExponent: 1024) }, float: { trigInputF(&$0) },
              det: { DetMath.sin($0) }, ref: { sin($0) }, detF: { DetMath.sin($0) }, refF: { sinf($0) }),
    UnaryCase(name: "cos", seed: 2, double: { trigInput(&$0, maxExponent: 1024) }, float: { trigInputF(&$0) },
              det: { DetMath.cos($0) }, ref: { cos($0) }, detF: { DetMath.cos($0) }, refF: { cosf($0) }),
    UnaryCase(name: "tan", seed: 3, double: { trigInput(&$0, maxExponent: 1024) }, float: { trigInputF(&$0) },
              det: { DetMath.tan($0) }, ref: { tan($0) }, detF: { DetMath.tan($0) }, refF: { tanf($0) }),
    UnaryCase(name: "asin", seed: 4, double: { unitInput(&$0) }, float: { Float(unitInput(&$0)) },
              det: { DetMath.asin($0) }, ref: { asin($0) }, detF: { DetMath.asin($0) }, refF: { asinf($0) }),
    UnaryCase(name: "acos", seed: 5, double: { unitInput(&$0) }, float: { Float(unitInput(&$0)) },
              det: { DetMath.acos($0) }, ref: { acos($0) }, detF: { DetMath.acos($0) }, refF: { acosf($0) }),
    UnaryCase(name: "atan", seed: 6, double: { atanInput(&$0, range: 1074) }, float: { Float(atanInput(&$0, range: 149)) },
              det: { DetMath.atan($0) }, ref: { atan($0) }, detF: { DetMath.atan($0) }, refF: { atanf($0) }),
    UnaryCase(name: "exp", seed: 7, double: { expInput(&$0, lo: -745.2, hi: 709.8) },
              float: { Float(expInput(&$0, lo: -104, hi: 88.8)) },
              det: { DetMath.exp($0) }, ref: { exp($0) }, detF: { DetMath.exp($0) }, refF: { expf($0) }),
    UnaryCase(name: "exp2", seed: 8, double: { expInput(&$0, lo: -1075, hi: 1024) },
              float: { Float(expInput(&$0, lo: -150, hi: 128)) },
              det: { DetMath.exp2($0) }, ref: { exp2($0) }, detF: { DetMath.exp2($0) }, refF: { exp2f($0) }),
    UnaryCase(name: "log", seed: 9, double: { logInput(&$0) }, float: { logInputF(&$0) },
              det: { DetMath.log($0) }, ref: { log($0) }, detF: { DetMath.log($0) }, refF: { logf($0) }),
    UnaryCase(name: "log2", seed: 10, double: { logInput(&$0) }, float: { logInputF(&$0) },
              det: { DetMath.log2($0) }, ref: { log2($0) }, detF: { DetMath.log2($0) }, refF: { log2f($0) }),
    UnaryCase(name: "log10", seed: 11, double: { logInput(&$0) }, float: { logInputF(&$0) },
              det: { DetMath.log10($0) }, ref: { referenceLog10($0) }, detF: { DetMath.log10($0) },
              refF: { Float(referenceLog10(Double($0))) }),
    UnaryCase(name: "expm1", seed: 13, double: { expInput(&$0, lo: -50, hi: 709.7) },
              float: { Float(expInput(&$0, lo: -20, hi: 88.7)) },
              det: { DetMath.expm1($0) }, ref: { preciseReference("expm1", $0) },
              detF: { DetMath.expm1($0) }, refF: { Float(preciseReference("expm1", Double($0))) }),
    UnaryCase(name: "log1p", seed: 14, double: { log1pInput(&$0) }, float: { Float(log1pInput(&$0)) },
              det: { DetMath.log1p($0) }, ref: { preciseReference("log1p", $0) },
              detF: { DetMath.log1p($0) }, refF: { Float(preciseReference("log1p", Double($0))) }),
    UnaryCase(name: "sinh", seed: 15, double: { hyperbolicInput(&$0, limit: 711) },
              float: { Float(hyperbolicInput(&$0, limit: 90)) },
              det: { DetMath.sinh($0) }, ref: { preciseReference("sinh", $0) },
              detF: { DetMath.sinh($0) }, refF: { Float(preciseReference("sinh", Double($0))) }),
    UnaryCase(name: "cosh", seed: 16, double: { hyperbolicInput(&$0, limit: 711) },
              float: { Float(hyperbolicInput(&$0, limit: 90)) },
              det: { DetMath.cosh($0) }, ref: { preciseReference("cosh", $0) },
              detF: { DetMath.cosh($0) }, refF: { Float(preciseReference("cosh", Double($0))) }),
    UnaryCase(name: "tanh", seed: 17, double: { hyperbolicInput(&$0, limit: 40) },
              float: { Float(hyperbolicInput(&$0, limit: 40)) },
              det: { DetMath.tanh($0) }, ref: { preciseReference("tanh", $0) },
              detF: { DetMath.tanh($0) }, refF: { Float(preciseReference("tanh", Double($0))) }),
    UnaryCase(name: "sqrt", seed: 12, double: { r in r.positiveFiniteBits() }, float: { logInputF(&$0) },
              det: { DetMath.sqrt($0) }, ref: { $0.squareRoot() }, detF: { DetMath.sqrt($0) }, refF: { $0.squareRoot() }),
]

let binaryCases: [BinaryCase] = [
    BinaryCase(name: "atan2", seed: 21, double: { atan2Input(&$0, range: 1074) },
               float: { r in let (y, x) = atan2Input(&r, range: 149); return (Float(y), Float(x)) },
               det: { DetMath.atan2($0, $1) }, ref: { atan2($0, $1) },
               detF: { DetMath.atan2($0, $1) }, refF: { atan2f($0, $1) }),
    BinaryCase(name: "pow", seed: 22, double: { powInput(&$0, maxLog2: 1075) },
               float: { r in let (x, y) = powInput(&r, maxLog2: 150); return (Float(x), Float(y)) },
               det: { DetMath.pow($0, $1) }, ref: { pow($0, $1) },
               detF: { DetMath.pow($0, $1) }, refF: { powf($0, $1) }),
    BinaryCase(name: "hypot", seed: 23, double: { hypotInput(&$0, range: 1074) },
               float: { r in let (x, y) = hypotInput(&r, range: 149); return (Float(x), Float(y)) },
               det: { DetMath.hypot($0, $1) }, ref: { hypot($0, $1) },
               detF: { DetMath.hypot($0, $1) }, refF: { hypotf($0, $1) }),
]

// MARK: Tests

@Suite("DetMath agrees with libm")
struct DetMathLibmAgreementTests {
    @Test("Double within 1 ulp of libm", arguments: unaryCases)
    func unaryDouble(_ c: UnaryCase) {
        var rng = SplitMix64(seed: c.seed)
        var worst = WorstCase(c.name)
        var worstExtended = (ulps: 0.0, input: 0.0)
        for _ in 0..<samplesPerFunction {
            let x = c.double(&rng)
            let d = c.det(x)
            let l = c.ref(x)
            worst.record(ulpDistance(d, l), input: "x=\(x)", detmath: d, reference: l)
            if let e = extendedError(c.name, x, d: d), e > worstExtended.ulps { worstExtended = (e, x) }
        }
        print(worst.summary)
        print("DetMath \(c.name): worst \(worstExtended.ulps) ulp vs long-double libm at x=\(worstExtended.input)")
        #expect(worst.ulps <= 1, "\(worst.summary)")
        #expect(worstExtended.ulps < 1, "\(c.name): \(worstExtended.ulps) ulp at \(worstExtended.input)")
    }

    @Test("Float within 1 ulp of libm and of the Double reference", arguments: unaryCases)
    func unaryFloat(_ c: UnaryCase) {
        var rng = SplitMix64(seed: c.seed ^ 0xF10A7)
        var worst = WorstCase(c.name + " (Float)")
        var worstIndependent = 0.0
        var worstIndependentInput: Float = 0
        for _ in 0..<samplesPerFunction {
            let x = c.float(&rng)
            let d = c.detF(x)
            let l = c.refF(x)
            worst.record(ulpDistance(d, l), input: "x=\(x)", detmath: Double(d), reference: Double(l))
            let e = floatUlpError(d, reference: c.ref(Double(x)))
            if e > worstIndependent {
                worstIndependent = e
                worstIndependentInput = x
            }
        }
        print(worst.summary)
        print("DetMath \(c.name) (Float): worst \(worstIndependent) ulp vs Double libm at x=\(worstIndependentInput)")
        #expect(worst.ulps <= 1, "\(worst.summary)")
        #expect(worstIndependent < 1, "Float \(c.name) off by \(worstIndependent) ulp at \(worstIndependentInput)")
    }

    @Test("Double within 1 ulp of libm", arguments: binaryCases)
    func binaryDouble(_ c: BinaryCase) {
        var rng = SplitMix64(seed: c.seed)
        var worst = WorstCase(c.name)
        var worstExtended = (ulps: 0.0, input: "")
        for _ in 0..<samplesPerFunction {
            let (a, b) = c.double(&rng)
            let d = c.det(a, b)
            let l = c.ref(a, b)
            worst.record(ulpDistance(d, l), input: "(\(a), \(b))", detmath: d, reference: l)
            if let e = extendedError(c.name, a, b, d: d), e > worstExtended.ulps { worstExtended = (e, "(\(a), \(b))") }
        }
        print(worst.summary)
        print("DetMath \(c.name): worst \(worstExtended.ulps) ulp vs long-double libm at \(worstExtended.input)")
        #expect(worst.ulps <= 1, "\(worst.summary)")
        #expect(worstExtended.ulps < 1, "\(c.name): \(worstExtended.ulps) ulp at \(worstExtended.input)")
    }

    @Test("Float within 1 ulp of libm and of the Double reference", arguments: binaryCases)
    func binaryFloat(_ c: BinaryCase) {
        var rng = SplitMix64(seed: c.seed ^ 0xF10A7)
        var worst = WorstCase(c.name + " (Float)")
        var worstIndependent = 0.0
        var worstIndependentInput = ""
        for _ in 0..<samplesPerFunction {
            let (a, b) = c.float(&rng)
            let d = c.detF(a, b)
            let l = c.refF(a, b)
            worst.record(ulpDistance(d, l), input: "(\(a), \(b))", detmath: Double(d), reference: Double(l))
            let e = floatUlpError(d, reference: c.ref(Double(a), Double(b)))
            if e > worstIndependent {
                worstIndependent = e
                worstIndependentInput = "(\(a), \(b))"
            }
        }
        print(worst.summary)
        print("DetMath \(c.name) (Float): worst \(worstIndependent) ulp vs Double libm at \(worstIndependentInput)")
        #expect(worst.ulps <= 1, "\(worst.summary)")
        #expect(worstIndependent < 1, "Float \(c.name) off by \(worstIndependent) ulp at \(worstIndependentInput)")
    }
}
