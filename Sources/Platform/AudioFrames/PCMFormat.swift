import LockstepCore

/// The format of PCM frames as a tap delivers them: an integer sample rate and a channel count.
/// Samples are Float32, interleaved frame by frame (channel 0 of frame n is `samples[n·channels]`).
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    public var sampleRateHz: Int
    public var channels: Int

    public static let sampleRateRange = 1 ... 384_000
    public static let channelRange = 1 ... 8

    public init(sampleRateHz: Int, channels: Int) {
        self.sampleRateHz = sampleRateHz
        self.channels = channels
    }

    /// `48000Hz/1ch`, as records show it.
    public var description: String { "\(sampleRateHz)Hz/\(channels)ch" }

    /// The time of frame `n` after the stream's start, rounded down to whole nanoseconds (exact
    /// in integers: `⌊n · 10⁹ / rate⌋`).
    public func nanoseconds(ofFrame n: Int64) -> Int64 {
        // n · 10⁹ can pass 2^63 for long streams; the full-width product cannot overflow.
        let product = n.multipliedFullWidth(by: 1_000_000_000)
        return Int64(sampleRateHz).dividingFullWidth(product).quotient
    }
}
