import LockstepCore

/// One tap callback's frames: copied out of the engine's buffer at once (the real one is reused
/// after the block returns), in an explicit format, with its place in the stream.
public struct PCMBuffer: Hashable, Sendable {
    public var format: PCMFormat
    /// Interleaved Float32 samples: `frameCount × channels`.
    public var samples: [Float]
    /// The stream position of the first frame (frames since the source started).
    public var firstFrame: Int64
    /// Where the frames came from, for records: `tone`, `noise`, `silence`, `pluck`, `wav`, `pcm`.
    public var source: String
    /// How to make this one buffer again (its single-buffer line form), when it was generated.
    public var origin: PCMOrigin?

    /// The most frames one buffer may hold (Apple documents tap buffers of roughly 100–400 ms; a
    /// second at 384 kHz is far beyond that).
    public static let maxFrames = 384_000

    public init(format: PCMFormat, samples: [Float], firstFrame: Int64, source: String, origin: PCMOrigin? = nil) {
        precondition(samples.count % max(format.channels, 1) == 0, "PCMBuffer: samples must be whole frames")
        self.format = format
        self.samples = samples
        self.firstFrame = firstFrame
        self.source = source
        self.origin = origin
    }

    public var frameCount: Int { samples.count / max(format.channels, 1) }

    /// Channel `c` as its own array (what `floatChannelData[c]` points at).
    public func channel(_ c: Int) -> [Float] {
        let n = format.channels
        guard c >= 0, c < n else { return [] }
        if n == 1 { return samples }
        var out: [Float] = []
        out.reserveCapacity(frameCount)
        var i = c
        while i < samples.count { out.append(samples[i]); i += n }
        return out
    }

    /// Whether every sample is finite (NaN and ±Inf poison sums; a domain refuses such a buffer).
    public var isFinite: Bool { samples.allSatisfy(\.isFinite) }
}

/// What a consumer expects, and the record it writes when a buffer does not match: a tap installed
/// with one format never silently reads another.
public struct PCMInput: Hashable, Sendable {
    public var expected: PCMFormat

    public init(expected: PCMFormat) { self.expected = expected }

    /// `nil` when `buffer` can be consumed; otherwise the refusal record (`pcm.rejected`).
    public func refusal(_ buffer: PCMBuffer) -> Record? {
        if buffer.format != expected {
            return Record("pcm.rejected").word("reason", "formatMismatch").word("expected", expected.description)
                .word("got", buffer.format.description).int("frames", buffer.frameCount)
        }
        if !buffer.isFinite {
            return Record("pcm.rejected").word("reason", "nonFinite").int("frames", buffer.frameCount)
        }
        return nil
    }
}

/// What made a generated buffer, so that `lockstep expand` can write it as one line
/// (`toneBuffer`, `noiseBuffer`, `silenceBuffer`, `wavBuffer`) that makes the same samples.
public enum PCMOrigin: Hashable, Sendable {
    case tone(ToneSynth.Spec)
    /// Sample n of the line's noise is a function of (seed, n) alone.
    case noise(rms: Double, seed: UInt64)
    case silence
    /// The WAV file's path as the scenario wrote it.
    case wav(path: String)
}
