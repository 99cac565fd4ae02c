import LockstepCore
@testable import Tuner

/// Test-signal generators (DetMath only, so fixtures are bit-stable across machines).
enum Signals {
    /// `count` samples of `amp · sin(2π·f·n/rate + phase)` rounded to Float.
    static func sine(frequencyHz: Double, amplitude: Double = 0.5, phase: Double = 0,
                     sampleRateHz: Double = 48_000, count: Int = 4096, startSample: Int = 0) -> [Float] {
        (0..<count).map { i in
            let n = Double(startSample + i)
            return Float(amplitude * DetMath.sin(2 * Double.pi * frequencyHz * n / sampleRateHz + phase))
        }
    }

    /// Sum of harmonics k·f0 with the given amplitudes (k = 1, 2, …), phase 0.
    static func harmonics(f0Hz: Double, amplitudes: [Double], sampleRateHz: Double = 48_000,
                          count: Int = 4096) -> [Float] {
        (0..<count).map { i in
            let n = Double(i)
            var s = 0.0
            for (k, a) in amplitudes.enumerated() {
                s += a * DetMath.sin(2 * Double.pi * f0Hz * Double(k + 1) * n / sampleRateHz)
            }
            return Float(s)
        }
    }
}

/// Rounds to `decimals` places (ties away from zero) for comparisons against the note's values.
func rounded(_ x: Double, _ decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (Rounding.halfAwayFromZero(x * scale) ?? .nan) / scale
}
