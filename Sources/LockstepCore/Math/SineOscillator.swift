/// A sampled sine, `amplitude · sin(2π · frequencyHz · n / sampleRateHz)` for n = first, first+1, …,
/// at a few nanoseconds a sample instead of one `DetMath.sin` (≈ 25 ns) each.
///
/// How: blocks of `blockLength` samples. Within a block, sample `base + j` is
/// `sin(a + j·w) = sin a · cos jw + cos a · sin jw`, from a table of `(cos jw, sin jw)` built once
/// with `DetMath` (w = 2π·f/r). Each block's `(cos a, sin a)` comes from the previous block's by one
/// complex rotation through `(cos Bw, sin Bw)`, and every `resyncBlocks` blocks it is recomputed
/// exactly with `DetMath` from the same argument expression the direct formula uses, so rounding
/// error cannot build up across a long run.
///
/// Error bound (tested against `DetMath.sin` in `SineOscillatorTests`): each rotation adds at most a
/// few ulps of 1, and at most `resyncBlocks − 1` rotations separate a block from an exact one, so
/// `|value − amplitude · DetMath.sin(2π·f·n/r)| ≤ |amplitude| · maxAbsoluteError` with
/// `maxAbsoluteError = 1e-13`, plus the rounding of the phase `2π·f·n/r`, which both compute in
/// three operations (the oscillator at its exact points): at most `|2π·f·n/r| · 2^-50`, about
/// 1e-11 at n = 96,000, f = 20 kHz. Far below a `Float`'s resolution, so most samples round to the
/// same `Float` as the direct formula's; a few land on the other side of a rounding boundary.
///
/// Pure and deterministic: IEEE-754 multiply and add only, no libm.
public struct SineOscillator: Sendable {
    /// Samples per block: the table's length.
    public static let blockLength = 32
    /// Blocks between exact recomputations (1024 samples).
    public static let resyncBlocks = 32
    /// The bound the tests hold the oscillator to, for amplitude 1.
    public static let maxAbsoluteError = 1e-13

    public let frequencyHz: Double
    public let sampleRateHz: Double
    public let amplitude: Double
    /// Added to every sample's phase, in radians (0 keeps the bits of the phase-free formula:
    /// `x + 0.0` is `x`).
    public let phaseRadians: Double
    /// `cos jw` and `sin jw` for j in 0..<blockLength.
    private let tableCos: [Double], tableSin: [Double]
    /// `(cos Bw, sin Bw)`: one block's rotation.
    private let blockStep: (cos: Double, sin: Double)

    /// `sampleRateHz` must be finite and positive, `frequencyHz` and `amplitude` finite.
    public init(frequencyHz: Double, sampleRateHz: Double, amplitude: Double, phaseRadians: Double = 0) {
        precondition(frequencyHz.isFinite && amplitude.isFinite && sampleRateHz.isFinite && sampleRateHz > 0 && phaseRadians.isFinite,
                     "SineOscillator: frequency, amplitude, phase and rate must be finite, the rate positive")
        self.frequencyHz = frequencyHz
        self.sampleRateHz = sampleRateHz
        self.amplitude = amplitude
        self.phaseRadians = phaseRadians
        let w = 2 * Double.pi * frequencyHz / sampleRateHz
        tableCos = (0..<Self.blockLength).map { j in DetMath.cos(Double(j) * w) }
        tableSin = (0..<Self.blockLength).map { j in DetMath.sin(Double(j) * w) }
        let bw = Double(Self.blockLength) * w
        blockStep = (DetMath.cos(bw), DetMath.sin(bw))
    }

    /// The direct formula's phase of sample `n`, written exactly as `LiveMic` always wrote it.
    @inline(__always)
    private func phase(_ n: Int64) -> Double { 2 * Double.pi * frequencyHz * Double(n) / sampleRateHz + phaseRadians }

    /// Samples `first ..< first + count` as `Float`s, each written `channels` times in a row
    /// (interleaved frames of one tone). `channels ≥ 1`; see `fill` for the range.
    public func floats(first: Int64, count: Int, channels: Int = 1) -> [Float] {
        precondition(channels >= 1 && count >= 0 && count <= Int.max / channels, "SineOscillator.floats: bad count or channels")
        if count == 0 { return [] }  // an empty buffer may have no base address
        return [Float](unsafeUninitializedCapacity: count * channels) { buffer, initialized in
            fill(first: first, count: count, channels: channels, into: buffer.baseAddress!)
            initialized = count * channels
        }
    }

    /// Samples `first ..< first + count` in full `Double` precision (what `floats` rounds).
    public func samples(first: Int64, count: Int) -> [Double] {
        precondition(count >= 0, "SineOscillator.samples: negative count")
        if count == 0 { return [] }
        return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(first: first, count: count, channels: 1, into: buffer.baseAddress!)
            initialized = count
        }
    }

    /// Writes samples `first ..< first + count`, each `channels` times, from `base` on (trivial
    /// types: the memory may be uninitialised). `first ≥ 0`, `count ≥ 0`, `first + count ≤ 2^53`
    /// (sample indices exact in a `Double`). The inner loop is a plain pointer loop so that it
    /// vectorises.
    @inline(__always)
    private func fill<T: BinaryFloatingPoint>(first: Int64, count: Int, channels: Int, into base: UnsafeMutablePointer<T>) {
        precondition(first >= 0 && count >= 0 && first <= (1 << 53) - Int64(count), "SineOscillator: bad sample range")
        var c = 0.0, s = 0.0
        var k = 0
        var block = 0
        let amplitude = amplitude
        tableCos.withUnsafeBufferPointer { tc in
            tableSin.withUnsafeBufferPointer { ts in
                let tc = tc.baseAddress!, ts = ts.baseAddress!
                // Blocks are counted from `first`: block b starts at first + b·B, and every
                // resyncBlocks-th one starts from the exact DetMath values.
                while k < count {
                    let length = min(Self.blockLength, count - k)
                    if block % Self.resyncBlocks == 0 {
                        let a = phase(first + Int64(k))
                        c = DetMath.cos(a)
                        s = DetMath.sin(a)
                    }
                    let dst = base + k * channels
                    if channels == 1 {
                        for j in 0..<length { dst[j] = T(amplitude * (s * tc[j] + c * ts[j])) }
                    } else {
                        for j in 0..<length {
                            let v = T(amplitude * (s * tc[j] + c * ts[j]))
                            for ch in 0..<channels { dst[j &* channels &+ ch] = v }
                        }
                    }
                    // Rotate (c, s) by B·w to the next block's start.
                    let nextCos = c * blockStep.cos - s * blockStep.sin
                    s = s * blockStep.cos + c * blockStep.sin
                    c = nextCos
                    block += 1
                    k += length
                }
            }
        }
    }
}
