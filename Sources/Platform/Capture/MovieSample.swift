import LockstepCore

/// A track of the movie. The set is fixed when the writer is made: muting a take means not
/// creating the audio track, so it cannot change mid-recording.
public enum MovieTrack: String, Hashable, Sendable, CaseIterable {
    case video, audio
}

/// One sample buffer appended to the writer: its track, presentation timestamp and duration, in
/// integer nanoseconds.
public struct MovieSample: Hashable, Sendable {
    public var track: MovieTrack
    public var ptsNanoseconds: Int64
    /// How long it lasts; the movie ends at the latest sample's end.
    public var durationNanoseconds: Int64

    public init(track: MovieTrack, ptsNanoseconds: Int64, durationNanoseconds: Int64) {
        self.track = track
        self.ptsNanoseconds = ptsNanoseconds
        self.durationNanoseconds = durationNanoseconds
    }

    /// Frame `k` of a fixed-rate stream: its PTS and, as its duration, the distance to frame
    /// `k + 1` (so 60 frames at 30 fps end at exactly 2 s, not 1.999999999 s).
    public static func videoFrame(_ k: Int64, clock: CameraFrameClock) -> MovieSample {
        let pts = clock.ptsNanoseconds(ofFrame: k)
        return MovieSample(track: .video, ptsNanoseconds: pts, durationNanoseconds: clock.ptsNanoseconds(ofFrame: k + 1) - pts)
    }

    /// A video frame whose PTS the camera stamped, lasting `durationNanoseconds`.
    public static func video(ptsNanoseconds: Int64, durationNanoseconds: Int64) -> MovieSample {
        MovieSample(track: .video, ptsNanoseconds: ptsNanoseconds, durationNanoseconds: durationNanoseconds)
    }

    /// An audio buffer of `sampleCount` samples at `sampleRateHz`: `⌊count · 10⁹ / rate⌋` ns long
    /// (0 for a non-positive rate, which `append` refuses).
    public static func audio(ptsNanoseconds: Int64, sampleCount: Int, sampleRateHz: Int) -> MovieSample {
        let duration = sampleRateHz > 0 && sampleCount >= 0 ? Int64(sampleCount) * 1_000_000_000 / Int64(sampleRateHz) : 0
        return MovieSample(track: .audio, ptsNanoseconds: ptsNanoseconds, durationNanoseconds: duration)
    }
}

/// What the writer is set up with (`AVAssetWriterInput` output settings).
public struct MovieWriterSettings: Hashable, Sendable {
    /// The highest bitrate accepted: 1 Gbit/s, far above any phone's encoder.
    public static let maxBitsPerSecond: Int64 = 1_000_000_000

    /// The seed's `videoBitrate`: 10 Mbit/s.
    public var videoBitsPerSecond: Int64
    /// Used only with an audio track: 128 kbit/s AAC unless given (the seed names no audio rate).
    public var audioBitsPerSecond: Int64
    public var hasAudioTrack: Bool

    public init(videoBitsPerSecond: Int64 = 10_000_000, audioBitsPerSecond: Int64 = 128_000, hasAudioTrack: Bool) {
        self.videoBitsPerSecond = min(max(videoBitsPerSecond, 1), MovieWriterSettings.maxBitsPerSecond)
        self.audioBitsPerSecond = min(max(audioBitsPerSecond, 1), MovieWriterSettings.maxBitsPerSecond)
        self.hasAudioTrack = hasAudioTrack
    }

    /// The tracks' rates summed: what the byte estimate multiplies.
    public var totalBitsPerSecond: Int64 { videoBitsPerSecond + (hasAudioTrack ? audioBitsPerSecond : 0) }

    /// The documented bitrate rule: `⌈total bits/s × duration ns / (8 · 10⁹)⌉` bytes, no container
    /// overhead (so 100 MiB at 10 Mbit/s video alone is 83.886080 s, the seed's figure), computed
    /// at full width.
    public func estimatedBytes(durationNanoseconds: Int64) -> Int64 {
        guard durationNanoseconds > 0 else { return 0 }
        let product = UInt64(totalBitsPerSecond).multipliedFullWidth(by: UInt64(durationNanoseconds))
        let divisor: UInt64 = 8_000_000_000
        guard product.high < divisor else { return Int64.max }
        let (q, r) = divisor.dividingFullWidth(product)
        let bytes = r > 0 ? q + 1 : q
        return bytes > UInt64(Int64.max) ? Int64.max : Int64(bytes)
    }
}

/// `AVAssetWriter.Status`, with Apple's raw values.
public enum MovieWriterStatus: String, Hashable, Sendable, CaseIterable {
    case unknown, writing, completed, failed, cancelled

    public var rawCode: Int {
        switch self {
        case .unknown: 0
        case .writing: 1
        case .completed: 2
        case .failed: 3
        case .cancelled: 4
        }
    }
}

/// Why a writer failed outright. Every one loses the whole file: that is why a take must be
/// finished (through the same path as the user's stop) before storage runs out or the session dies.
public enum MovieWriterFailure: String, Hashable, Sendable, CaseIterable {
    /// The disk filled while writing.
    case diskFull
    /// Media services were reset under the writer.
    case mediaServicesReset
    case unknown
}

/// The finished movie, as far as a golden needs it.
public struct MovieFile: Hashable, Sendable, RecordConvertible {
    public var startPTSNanoseconds: Int64
    public var endPTSNanoseconds: Int64
    public var durationNanoseconds: Int64
    public var videoFrames: Int
    public var audioBuffers: Int
    public var hasAudioTrack: Bool
    public var videoBitsPerSecond: Int64
    /// By `MovieWriterSettings.estimatedBytes`.
    public var estimatedBytes: Int64

    /// `writer.finished start=… end=… duration=… frames=60 audioBuffers=0 audio=false bitrate=10000000 bytes=2500000`.
    public var record: Record {
        Record("writer.finished").duration("start", Duration(nanoseconds: startPTSNanoseconds))
            .duration("end", Duration(nanoseconds: endPTSNanoseconds)).duration("duration", Duration(nanoseconds: durationNanoseconds))
            .int("frames", videoFrames).int("audioBuffers", audioBuffers).bool("audio", hasAudioTrack)
            .int64("bitrate", videoBitsPerSecond).int64("bytes", estimatedBytes)
    }
}
