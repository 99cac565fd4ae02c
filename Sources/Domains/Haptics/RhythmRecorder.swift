import LockstepCore
import Platform

/// "Record a rhythm": tap times become a pattern of transients (item 11).
///
/// The article's rule exactly: offsets from the first tap, kept while `<= maxDuration`
/// (inclusive), in tap order (no sorting), each a tap at intensity 0.9, sharpness 0.5. Times are
/// integer microseconds so 11.2 − 10.0 is exactly 1.2 s.
///
/// Two APIs: `pattern(fromTapTimes:)` is the domain's — it rejects taps that go back in time (only
/// possible with a wall clock that jumped; GAP: reject rather than sort); `rawPattern(fromTapTimes:)`
/// is the article's code unguarded, which the wall-clock fault uses to show the negative offsets.
enum RhythmRecorder {
    static let maxDurationMicroseconds: Int64 = 4_000_000
    static let maxTaps = 1_000
    static let tapIntensity: Float = 0.9
    static let tapSharpness: Float = 0.5

    enum Failure: Error, Equatable, Sendable {
        case tooManyTaps(limit: Int)
        /// The tap at `index` is earlier than the one before it.
        case nonMonotonicTaps(index: Int)
    }

    /// Offsets from the first tap kept by the `<= maxDuration` filter, unsorted; a difference
    /// beyond Int64 saturates (never traps).
    static func rawOffsets(fromTapTimes tapTimesMicroseconds: [Int64], maxDurationMicroseconds: Int64 = maxDurationMicroseconds) throws(Failure) -> [Int64] {
        guard tapTimesMicroseconds.count <= maxTaps else { throw .tooManyTaps(limit: maxTaps) }
        guard let first = tapTimesMicroseconds.first else { return [] }
        return tapTimesMicroseconds.map { t in
            let (d, overflow) = t.subtractingReportingOverflow(first)
            return overflow ? (t < first ? Int64.min : Int64.max) : d
        }.filter { $0 <= maxDurationMicroseconds }
    }

    /// The article's code unguarded: negative offsets pass the filter.
    static func rawPattern(fromTapTimes tapTimesMicroseconds: [Int64], maxDurationMicroseconds: Int64 = maxDurationMicroseconds) throws(Failure) -> HapticPattern {
        let offsets = try rawOffsets(fromTapTimes: tapTimesMicroseconds, maxDurationMicroseconds: maxDurationMicroseconds)
        return HapticPattern(events: offsets.map { tap(at: $0, intensity: tapIntensity, sharpness: tapSharpness) })
    }

    /// The domain's recorder: taps must not go back in time (equal times are allowed); empty → empty pattern.
    static func pattern(fromTapTimes tapTimesMicroseconds: [Int64], maxDurationMicroseconds: Int64 = maxDurationMicroseconds) throws(Failure) -> HapticPattern {
        guard tapTimesMicroseconds.count <= maxTaps else { throw .tooManyTaps(limit: maxTaps) }
        for i in tapTimesMicroseconds.indices.dropFirst() where tapTimesMicroseconds[i] < tapTimesMicroseconds[i - 1] {
            throw .nonMonotonicTaps(index: i)
        }
        return try rawPattern(fromTapTimes: tapTimesMicroseconds, maxDurationMicroseconds: maxDurationMicroseconds)
    }
}
