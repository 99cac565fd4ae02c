// Shared helpers for the DetMath tests: a deterministic input generator, ulp distances and a
// worst-case tracker. Only the tests touch the platform libm (as a reference).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and fully specified, so every platform
/// generates the same inputs. Deliberately not the standard library's random API.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// Magnitude log-uniform in [2^lo, 2^hi), with a random significand.
    mutating func logUniform(_ lo: Int, _ hi: Int) -> Double {
        let e = lo + Int(next() % UInt64(hi - lo))
        let significand = 1.0 + unit()
        return scaled(significand, e)
    }

    mutating func sign() -> Double { next() & 1 == 0 ? 1 : -1 }

    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }

    /// A random finite positive double, uniform over bit patterns (covers subnormals).
    mutating func positiveFiniteBits() -> Double {
        Double(bitPattern: 1 + next() % (0x7FF0_0000_0000_0000 - 1))
    }
}

/// v · 2^e computed stepwise (exact unless the result is subnormal).
func scaled(_ v: Double, _ e: Int) -> Double {
    var r = v
    var e = e
    for _ in 0..<4 where e != 0 {
        let step = max(-1000, min(1000, e))
        r *= Double(sign: .plus, exponent: step, significand: 1)
        e -= step
    }
    return r
}

/// Position of a double on the number line, in ulps: consecutive doubles differ by 1.
func orderedBits(_ x: Double) -> Int64 {
    let b = Int64(bitPattern: x.bitPattern)
    return b < 0 ? Int64.min &- b : b
}

func orderedBits(_ x: Float) -> Int32 {
    let b = Int32(bitPattern: x.bitPattern)
    return b < 0 ? Int32.min &- b : b
}

/// Distance in ulps between two doubles (0 if both NaN, huge if only one is). +0 and -0 differ
/// by one, which is what a sign error deserves.
func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
    if a == 0 && b == 0 { return a.sign == b.sign ? 0 : 1 }
    return orderedBits(a) > orderedBits(b)
        ? UInt64(bitPattern: orderedBits(a) &- orderedBits(b))
        : UInt64(bitPattern: orderedBits(b) &- orderedBits(a))
}

func ulpDistance(_ a: Float, _ b: Float) -> UInt64 {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
    if a == 0 && b == 0 { return a.sign == b.sign ? 0 : 1 }
    let d = Int64(orderedBits(a)) - Int64(orderedBits(b))
    return d.magnitude
}

/// Error of the Float `f` against a much more precise Double reference, in Float ulps of the
/// reference (fractional). Used as an independent check of the Float overloads.
func floatUlpError(_ f: Float, reference r: Double) -> Double {
    if f.isNaN || r.isNaN { return f.isNaN && r.isNaN ? 0 : .infinity }
    if Float(r).isInfinite || f.isInfinite { return Float(r) == f ? 0 : .infinity }
    if r == 0 { return f == 0 ? 0 : .infinity }
    let exponent = max(Int(r.exponent), -126)
    let ulp = scaled(1, exponent - 23)
    return (Double(f) - r).magnitude / ulp
}

/// Keeps the largest ulp distance seen for one function and the input that produced it.
struct WorstCase {
    let name: String
    var ulps: UInt64 = 0
    var input = ""
    var detmath = ""
    var reference = ""
    var count = 0

    init(_ name: String) { self.name = name }

    mutating func record(_ d: UInt64, input: @autoclosure () -> String, detmath: Double, reference: Double) {
        count += 1
        if d > ulps || self.input.isEmpty {
            ulps = max(ulps, d)
            self.input = input()
            self.detmath = "\(detmath)"
            self.reference = "\(reference)"
        }
    }

    var summary: String {
        "DetMath \(name): worst \(ulps) ulp vs libm over \(count) inputs"
            + (ulps > 0 ? " at \(input) (DetMath \(detmath), libm \(reference))" : "")
    }
}
