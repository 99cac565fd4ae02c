import LockstepCore

/// A tone as a pure function of the sample index: sample n is
/// `amp · e^(−n/(rate·τ)) · Σ_k a_k · sin(2π·k·f·n/rate + phase)` (the decay only for a pluck),
/// summed in `Double` over k = 1, 2, … in order, then rounded to `Float`.
///
/// Each harmonic is a LockstepCore `SineOscillator` (a few ns a sample instead of one `DetMath.sin`,
/// within 1e-13 of it before rounding). Oscillators resynchronise at their first sample, so the
/// synth always generates whole chunks aligned to multiples of `chunkLength` from sample 0: the
/// value of sample n never depends on how the stream is cut into buffers (the same tone in
/// 512-frame and 4800-frame buffers is the same samples).
public struct ToneSynth: Sendable {
    public struct Spec: Hashable, Sendable {
        public var frequencyHz: Double
        public var amplitude: Double
        /// a₁, a₂, …: the weight of each harmonic (default `[1]`, a pure sine).
        public var harmonics: [Double]
        public var phaseRadians: Double
        /// τ of a pluck's exponential decay; `nil` for a steady tone.
        public var decaySeconds: Double?

        public init(frequencyHz: Double, amplitude: Double, harmonics: [Double] = [1], phaseRadians: Double = 0, decaySeconds: Double? = nil) {
            self.frequencyHz = frequencyHz
            self.amplitude = amplitude
            self.harmonics = harmonics
            self.phaseRadians = phaseRadians
            self.decaySeconds = decaySeconds
        }
    }

    public static let chunkLength = 1024
    /// At most this many harmonics (each costs an oscillator pass per sample).
    public static let maxHarmonics = 32

    public let spec: Spec
    public let sampleRateHz: Int
    private let oscillators: [SineOscillator]
    private var chunkStart: Int64 = -1
    private var chunk: [Double] = []

    public init(_ spec: Spec, sampleRateHz: Int) {
        precondition(spec.harmonics.count <= Self.maxHarmonics && sampleRateHz > 0, "ToneSynth: too many harmonics or no rate")
        self.spec = spec
        self.sampleRateHz = sampleRateHz
        oscillators = spec.harmonics.enumerated().map { k, a in
            SineOscillator(frequencyHz: Double(k + 1) * spec.frequencyHz, sampleRateHz: Double(sampleRateHz), amplitude: a,
                           phaseRadians: spec.phaseRadians)
        }
    }

    /// Samples `first ..< first + count` (mono).
    public mutating func samples(first: Int64, count: Int) -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(count)
        var n = first
        let end = first + Int64(count)
        while n < end {
            let start = (n / Int64(Self.chunkLength)) * Int64(Self.chunkLength)
            if start != chunkStart { fillChunk(start) }
            let stop = min(end, start + Int64(Self.chunkLength))
            for i in n ..< stop { out.append(Float(chunk[Int(i - start)])) }
            n = stop
        }
        return out
    }

    private mutating func fillChunk(_ start: Int64) {
        var sum = [Double](repeating: 0, count: Self.chunkLength)
        for oscillator in oscillators {
            let values = oscillator.samples(first: start, count: Self.chunkLength)
            for j in 0 ..< Self.chunkLength { sum[j] += values[j] }
        }
        let rate = Double(sampleRateHz)
        for j in 0 ..< Self.chunkLength {
            var v = spec.amplitude * sum[j]
            if let tau = spec.decaySeconds { v *= DetMath.exp(-Double(start + Int64(j)) / (rate * tau)) }
            sum[j] = v
        }
        chunk = sum
        chunkStart = start
    }
}

/// Seeded noise at a given RMS: uniform in [−a, a) with a = rms·√3 (a uniform variable's RMS is
/// a/√3). Sample n is a function of (seed, n) alone, `SeededRNG(seed: seed + n·γ).signed()`, so a
/// buffer can be made again from its position (its line form) whatever the buffer size.
public struct NoiseSynth: Sendable {
    public let rms: Double
    public let seed: UInt64

    public init(rms: Double, seed: UInt64) {
        self.rms = rms
        self.seed = seed
    }

    public func samples(first: Int64, count: Int) -> [Float] {
        let a = rms * 3.0.squareRoot()
        var out: [Float] = []
        out.reserveCapacity(count)
        for i in 0 ..< count {
            var rng = SeededRNG(seed: seed &+ UInt64(bitPattern: first + Int64(i)) &* 0x9E37_79B9_7F4A_7C15)
            out.append(Float(a * rng.signed()))
        }
        return out
    }
}
