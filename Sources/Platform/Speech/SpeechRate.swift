/// The speaking speed model of the simulated synthesizer (GAP: Apple documents the utterance rate
/// only as 0…1 with 0.5 as the default, never as words per minute).
///
/// The rate is held in thousandths so every duration is integer arithmetic:
/// `wpm(r) = 60 + 240·r` for `r ≤ 0.5` and `180 + 720·(r − 0.5)` above it, which gives
/// 0 → 60, 0.25 → 120, 0.5 (default) → 180, 0.75 → 360, 1 → 540 words per minute.
/// `msPerWord = round(60,000 / wpm)`: 1000, 500, 333, 167, 111 ms.
public struct SpeechRate: Hashable, Sendable, Comparable {
    /// Thousandths of the 0…1 rate range, clamped to 0…1000.
    public let milli: Int

    public static let minimum = SpeechRate(milli: 0)
    public static let `default` = SpeechRate(milli: 500)
    public static let maximum = SpeechRate(milli: 1000)

    public init(milli: Int) { self.milli = min(max(milli, 0), 1000) }

    /// From the API's Double; nil for a non-finite value (the caller rejects it). Out-of-range
    /// finite values clamp, as `AVSpeechUtterance.rate` does.
    public init?(_ rate: Double) {
        guard rate.isFinite else { return nil }
        let clamped = min(max(rate, 0), 1)
        self.init(milli: Int((clamped * 1000).rounded(.toNearestOrAwayFromZero)))
    }

    /// Words per minute, in thousandths (integer so the model has no rounding drift).
    public var wordsPerMinuteMilli: Int {
        milli <= 500 ? 60_000 + 240 * milli : 180_000 + 720 * (milli - 500)
    }

    /// Milliseconds each word takes: round(60,000 / wpm), half away from zero.
    public var millisecondsPerWord: Int64 {
        let numerator = Int64(60_000) * 1000 * 2
        let denominator = Int64(wordsPerMinuteMilli)
        return (numerator + denominator) / (2 * denominator)
    }

    public static func < (a: SpeechRate, b: SpeechRate) -> Bool { a.milli < b.milli }
}
