import LockstepCore

/// What a render record says about one output buffer: its peak, its NaN count and its digest.
///
/// The digest is FNV-1a 64 over 64-bit words, each two consecutive samples' Float32 bit patterns
/// (the earlier sample in the low half; a last odd sample alone, high half zero), the words
/// alternating between two FNV lanes that are folded at the end (`lane0`, then `lane1` xored in and
/// multiplied once more). Two lanes and two samples a word make it one multiply per two samples
/// off the critical path: a byte-wise FNV made the digest the render's bottleneck (four serial
/// multiplies a sample). Every step is a bijection of its lane, so any one changed sample changes
/// the digest.
struct BufferStats: Equatable {
    var outPeak: Float = 0
    var nans = 0
    var digest: UInt64 = FNV1a64.offsetBasis

    init(_ samples: UnsafeBufferPointer<Float>) {
        var lane0 = FNV1a64.offsetBasis, lane1 = FNV1a64.offsetBasis
        // Four running peaks (one would be a serial chain of max); a NaN never raises a peak (the
        // comparison is false) and is counted instead, branch-free.
        var peaks: (Float, Float, Float, Float) = (0, 0, 0, 0)
        var nans = 0
        @inline(__always) func look(_ o: Float, _ peak: inout Float) -> UInt64 {
            let a = abs(o)
            peak = a > peak ? a : peak
            nans &+= o.isNaN ? 1 : 0
            return UInt64(o.bitPattern)
        }
        let n = samples.count
        var i = 0
        while i + 4 <= n {
            let w0 = look(samples[i], &peaks.0) | look(samples[i + 1], &peaks.1) << 32
            let w1 = look(samples[i + 2], &peaks.2) | look(samples[i + 3], &peaks.3) << 32
            lane0 = (lane0 ^ w0) &* FNV1a64.prime
            lane1 = (lane1 ^ w1) &* FNV1a64.prime
            i += 4
        }
        // The tail: zero to three samples, continuing the word order.
        if i + 2 <= n {
            lane0 = (lane0 ^ (look(samples[i], &peaks.0) | look(samples[i + 1], &peaks.1) << 32)) &* FNV1a64.prime
            i += 2
            if i < n { lane1 = (lane1 ^ look(samples[i], &peaks.2)) &* FNV1a64.prime }
        } else if i < n {
            lane0 = (lane0 ^ look(samples[i], &peaks.0)) &* FNV1a64.prime
        }
        outPeak = max(max(peaks.0, peaks.1), max(peaks.2, peaks.3))
        self.nans = nans
        digest = (lane0 ^ lane1) &* FNV1a64.prime
    }

    /// The stats of `input[i] × volume` without building the output, and the input's peak. Needs
    /// finite input and a finite `volume ≥ 0`: then no output is NaN, and since rounding is
    /// monotonic the output peak is the input peak × volume, rounded once. Four samples at a time
    /// in SIMD registers: their product's two 64-bit halves are exactly the digest's two words
    /// (little-endian: the earlier sample in the low half), and for finite floats the largest
    /// magnitude is the largest of the bit patterns with the sign cleared.
    init(scaling input: UnsafeBufferPointer<Float>, by volume: Float, inputPeak: inout Float) {
        precondition(volume.isFinite && volume >= 0, "BufferStats(scaling:): volume must be finite and ≥ 0")
        var lane0 = FNV1a64.offsetBasis, lane1 = FNV1a64.offsetBasis
        var peakBits = SIMD4<UInt32>(repeating: 0)
        let magnitude = SIMD4<UInt32>(repeating: 0x7FFF_FFFF)
        let scale = SIMD4<Float>(repeating: volume)
        let n = input.count
        var i = 0
        if let base = input.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 4 <= n {
                let x = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<Float>.self)
                peakBits = pointwiseMax(peakBits, unsafeBitCast(x, to: SIMD4<UInt32>.self) & magnitude)
                let words = unsafeBitCast(x * scale, to: SIMD2<UInt64>.self)
                lane0 = (lane0 ^ words[0]) &* FNV1a64.prime
                lane1 = (lane1 ^ words[1]) &* FNV1a64.prime
                i += 4
            }
        }
        // The tail: zero to three samples, continuing the word order.
        @inline(__always) func out(_ k: Int) -> UInt64 {
            peakBits[0] = max(peakBits[0], input[k].bitPattern & 0x7FFF_FFFF)
            return UInt64((input[k] * volume).bitPattern)
        }
        if i + 2 <= n {
            lane0 = (lane0 ^ (out(i) | out(i + 1) << 32)) &* FNV1a64.prime
            i += 2
            if i < n { lane1 = (lane1 ^ out(i)) &* FNV1a64.prime }
        } else if i < n {
            lane0 = (lane0 ^ out(i)) &* FNV1a64.prime
        }
        let inPeak = Float(bitPattern: peakBits.max())
        inputPeak = inPeak
        outPeak = inPeak * volume
        nans = 0
        digest = (lane0 ^ lane1) &* FNV1a64.prime
    }
}
