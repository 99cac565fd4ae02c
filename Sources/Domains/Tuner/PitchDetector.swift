import LockstepCore

/// Autocorrelation pitch detector (spec item 5 a–g), with deliberately injectable faults.
///
/// WHY autocorrelation with the *first* good peak: a plucked string's 2nd/3rd harmonic can be
/// louder than its fundamental; the first normalised peak above 0.5 after the zero-lag lobe is the
/// fundamental period, the highest one may be a multiple (failure modes 1–2).
///
/// Determinism/precision: samples are widened to `Double` once. A product of two `Float`s is exact
/// in `Double` (24 + 24 < 53 significand bits), so the only rounding is in the additions, whose
/// order is fixed (see `correlation`), so the bits are the same on every IEEE machine. Measured
/// (release, x86-64 baseline): a Float SIMD kernel was ≈ 1.6× faster on the dot product, but
/// Double keeps products exact and the ≈ 2500-term sums far more accurate than vDSP's Float sums,
/// so rounded goldens are robust; the lazy lag evaluation is the main speed-up (≈ 26 k windows/s
/// at 440 Hz, ≈ 4 k/s at 82 Hz, where ≈ 590 lags are visited).
struct PitchDetector {
    /// Fault hooks used by regression scenarios; `[]` is the article's algorithm.
    struct Faults: OptionSet, Sendable {
        let rawValue: Int
        /// Pick the highest normalised peak (> threshold) instead of the first (octave errors).
        static let highestPeak = Faults(rawValue: 1 << 0)
        /// Skip the rms noise gate (room noise produces random notes).
        static let noGate = Faults(rawValue: 1 << 1)
        /// Report `sampleRate / bestLag` without parabolic interpolation (multi-cent steps).
        static let noInterpolation = Faults(rawValue: 1 << 2)
    }

    /// Why a frame produced no pitch.
    enum NoPitchReason: Equatable, Sendable {
        /// A sample was NaN or ±∞ (checked before anything else: NaN would fail the gate
        /// silently and ∞ would poison every correlation).
        case nonFinite
        /// Sample rate not finite, ≤ 0 or absurdly large (> 10 MHz): lags would be meaningless.
        case invalidSampleRate
        /// rms ≤ silence threshold (nobody playing).
        case gate
        /// r[0] ≤ 0 (only reachable with `.noGate` or a frame too short to correlate).
        case zeroEnergy
        /// No normalised peak above the threshold in minLag…maxLag−1.
        case noPeak
    }

    /// Outcome for one frame. `rms` is reported for goldens (0 when the frame was rejected as
    /// non-finite or had an invalid sample rate, where no rms is meaningful).
    enum Result: Equatable, Sendable {
        case pitch(hz: Double, bestLag: Int, shift: Double, rms: Double)
        case none(reason: NoPitchReason, rms: Double)

        var frequencyHz: Double? {
            if case .pitch(let hz, _, _, _) = self { return hz }
            return nil
        }
    }

    static let minFrequencyHz = 30.0
    static let maxFrequencyHz = 1_200.0
    static let peakThreshold = 0.5
    /// Upper bound on accepted sample rates; keeps `Int(sampleRate / 30)` far from overflow.
    static let maxSampleRateHz = 10_000_000.0

    /// Gate level (the article: "tunable per device", hidden debug setting). Strict `rms > this`.
    var silenceRMS: Double = 0.01
    var faults: Faults = []

    /// Detects the fundamental of `samples` (any length; the app feeds 4096-sample frames).
    func detect(_ samples: [Float], sampleRateHz: Double) -> Result {
        for s in samples where !s.isFinite { return .none(reason: .nonFinite, rms: 0) }
        guard sampleRateHz.isFinite, sampleRateHz > 0, sampleRateHz <= PitchDetector.maxSampleRateHz else {
            return .none(reason: .invalidSampleRate, rms: 0)
        }
        let x = samples.map { Double($0) }
        let count = x.count

        // a. Gate. Σx² accumulated in Double (exact products, fixed order via `correlation` at
        //    lag 0 over all samples), mean and DetMath.sqrt in Double: the strict `> 0.01` test is
        //    then decided on an almost exact rms instead of a Float sum's rounding noise.
        let rms: Double
        if count == 0 {
            rms = 0
        } else {
            let sumSquares = x.withUnsafeBufferPointer { PitchDetector.correlation($0, lag: 0, terms: count) }
            rms = DetMath.sqrt(sumSquares / Double(count))
        }
        if !faults.contains(.noGate) {
            guard rms > silenceRMS else { return .none(reason: .gate, rms: rms) }
        }

        // b. Lags. minLag is clamped to ≥ 1 so r[lag − 1] exists; this changes nothing, since
        //    r[0] = 1 > 0 makes the lobe skip step past lag 0 anyway.
        let minLag = max(1, Int(sampleRateHz / PitchDetector.maxFrequencyHz))
        let maxLag = min(Int(sampleRateHz / PitchDetector.minFrequencyHz), count / 2)
        let filterLength = count - maxLag

        return x.withUnsafeBufferPointer { xp -> Result in
            // c–d. r[0] first; every other lag lazily, normalised by r[0].
            let r0 = PitchDetector.correlation(xp, lag: 0, terms: filterLength)
            guard r0 > 0 else { return .none(reason: .zeroEnergy, rms: rms) }
            var cache = LazyCorrelation(x: xp, terms: filterLength, maxLag: maxLag, r0: r0)

            // e. Skip the zero-lag lobe.
            var lag = minLag
            while lag < maxLag, cache.value(lag) > 0 { lag += 1 }

            // f. First good peak (or, as a fault, the highest good peak).
            var bestLag = -1
            var bestValue = -Double.infinity
            let highest = faults.contains(.highestPeak)
            while lag < maxLag {
                let v = cache.value(lag)
                if v > cache.value(lag - 1), v >= cache.value(lag + 1), v > PitchDetector.peakThreshold {
                    if !highest { bestLag = lag; bestValue = v; break }
                    if v > bestValue { bestLag = lag; bestValue = v }
                }
                lag += 1
            }
            guard bestLag > 0, bestValue > PitchDetector.peakThreshold else {
                return .none(reason: .noPeak, rms: rms)
            }

            // g. Parabolic interpolation through the peak and its neighbours.
            var shift = 0.0
            if !faults.contains(.noInterpolation) {
                let a = cache.value(bestLag - 1), b = bestValue, c = cache.value(bestLag + 1)
                let denom = a - 2 * b + c
                shift = denom == 0 ? 0 : 0.5 * (a - c) / denom
            }
            let hz = sampleRateHz / (Double(bestLag) + shift)
            return .pitch(hz: hz, bestLag: bestLag, shift: shift, rms: rms)
        }
    }

    /// Σ_{p < terms} x[lag + p] · x[p] in a FIXED order (the determinism contract):
    /// lane j ∈ 0…7 accumulates the terms p ≡ j (mod 8) of the first 8·⌊terms/8⌋ in increasing p
    /// (one `SIMD8<Double>` accumulator); lanes combine as ((s0+s4)+(s2+s6)) + ((s1+s5)+(s3+s7));
    /// then the remaining < 8 terms are added one by one in increasing p.
    /// Caller guarantees lag + terms ≤ x.count.
    @inline(__always)
    static func correlation(_ x: UnsafeBufferPointer<Double>, lag: Int, terms: Int) -> Double {
        guard terms > 0, let base = x.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Double>.stride
        let blocks = terms / 8
        var acc = SIMD8<Double>(repeating: 0)
        var p = 0
        for _ in 0..<blocks {
            let a = raw.loadUnaligned(fromByteOffset: (lag + p) * stride, as: SIMD8<Double>.self)
            let b = raw.loadUnaligned(fromByteOffset: p * stride, as: SIMD8<Double>.self)
            acc += a * b
            p += 8
        }
        var total = ((acc[0] + acc[4]) + (acc[2] + acc[6])) + ((acc[1] + acc[5]) + (acc[3] + acc[7]))
        while p < terms {
            total += base[lag + p] * base[p]
            p += 1
        }
        return total
    }

    /// r[lag] and r[lag + 1] in one pass, each summed in exactly the order of `correlation`
    /// (so the bits are identical); sharing the x[p] loads and running two independent
    /// accumulator chains roughly doubles throughput. Caller guarantees lag + 1 + terms ≤ x.count.
    @inline(__always)
    static func correlationPair(_ x: UnsafeBufferPointer<Double>, lag: Int, terms: Int) -> (Double, Double) {
        guard terms > 0, let base = x.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Double>.stride
        let blocks = terms / 8
        var acc0 = SIMD8<Double>(repeating: 0)
        var acc1 = SIMD8<Double>(repeating: 0)
        var p = 0
        for _ in 0..<blocks {
            let b = raw.loadUnaligned(fromByteOffset: p * stride, as: SIMD8<Double>.self)
            let a0 = raw.loadUnaligned(fromByteOffset: (lag + p) * stride, as: SIMD8<Double>.self)
            let a1 = raw.loadUnaligned(fromByteOffset: (lag + 1 + p) * stride, as: SIMD8<Double>.self)
            acc0 += a0 * b
            acc1 += a1 * b
            p += 8
        }
        var t0 = ((acc0[0] + acc0[4]) + (acc0[2] + acc0[6])) + ((acc0[1] + acc0[5]) + (acc0[3] + acc0[7]))
        var t1 = ((acc1[0] + acc1[4]) + (acc1[2] + acc1[6])) + ((acc1[1] + acc1[5]) + (acc1[3] + acc1[7]))
        while p < terms {
            t0 += base[lag + p] * base[p]
            t1 += base[lag + 1 + p] * base[p]
            p += 1
        }
        return (t0, t1)
    }
}

/// Normalised correlation values computed only for the lags the search visits (r[0], then
/// minLag − 1 … bestLag + 1): at 440 Hz that is ≈ 70 of 1601 lags, the bulk of the speed-up.
private struct LazyCorrelation {
    let x: UnsafeBufferPointer<Double>
    let terms: Int
    let maxLag: Int
    let r0: Double
    /// NaN marks "not computed yet" (a computed value is never NaN: inputs are finite).
    var values: [Double]

    init(x: UnsafeBufferPointer<Double>, terms: Int, maxLag: Int, r0: Double) {
        self.x = x
        self.terms = terms
        self.maxLag = maxLag
        self.r0 = r0
        self.values = [Double](repeating: .nan, count: maxLag + 1)
    }

    /// r[lag] / r[0]; `lag` must be in 0…maxLag (the search only asks for those).
    mutating func value(_ lag: Int) -> Double {
        let cached = values[lag]
        if !cached.isNaN { return cached }
        // Compute lag and lag + 1 together: the search almost always asks for the next lag
        // (the one value more than strictly needed is harmless).
        if lag < maxLag, values[lag + 1].isNaN {
            let (a, b) = PitchDetector.correlationPair(x, lag: lag, terms: terms)
            values[lag] = a / r0
            values[lag + 1] = b / r0
            return values[lag]
        }
        let v = PitchDetector.correlation(x, lag: lag, terms: terms) / r0
        values[lag] = v
        return v
    }
}
