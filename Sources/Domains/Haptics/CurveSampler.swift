import LockstepCore
import Platform

/// Values of parameter curves at a time, and the intensity-control curve sampled for goldens.
///
/// Choices (GAP): a curve interpolates linearly between its points (Apple's docs); after the
/// last point it holds the last value; between the curve's start and its first point it holds the
/// first value; before the curve starts it has no effect (scale 1.0). Computed in Double from the
/// Float points, so 6-decimal goldens are stable. Several intensity-control curves multiply.
enum CurveSampler {
    /// At most this many samples per call (30 s at 1 ms, with both ends).
    static let maxSamples = 30_001

    /// The curve's value at `patternMicroseconds` (from the pattern's start), or nil before the
    /// curve starts or when it has no points.
    static func value(of curve: HapticParameterCurve, atPatternMicroseconds patternMicroseconds: Int64) -> Double? {
        guard let first = curve.points.first, let last = curve.points.last else { return nil }
        // Double: no overflow whatever the Int64 inputs.
        let local = Double(patternMicroseconds) - Double(curve.relativeTimeMicroseconds)
        guard local >= 0 else { return nil }
        if local <= Double(first.timeMicroseconds) { return Double(first.value) }
        if local >= Double(last.timeMicroseconds) { return Double(last.value) }
        for k in 1..<curve.points.count {
            let a = curve.points[k - 1], b = curve.points[k]
            let t0 = Double(a.timeMicroseconds), t1 = Double(b.timeMicroseconds)
            guard local <= t1 else { continue }
            guard t1 > t0 else { return Double(b.value) }
            return Double(a.value) + (Double(b.value) - Double(a.value)) * (local - t0) / (t1 - t0)
        }
        return Double(last.value)
    }

    /// The factor the pattern's intensity-control curves apply to event intensity at
    /// `patternMicroseconds`: the product of every such curve's value (1.0 when none applies).
    static func intensityScale(of pattern: HapticPattern, atPatternMicroseconds patternMicroseconds: Int64) -> Double {
        var scale = 1.0
        for c in pattern.curves where c.parameter == .intensityControl {
            if let v = value(of: c, atPatternMicroseconds: patternMicroseconds) { scale *= v }
        }
        return scale
    }

    struct Sample: Equatable, Sendable {
        var timeMicroseconds: Int64
        var value: Double
    }

    enum Failure: Error, Equatable, Sendable {
        case stepNotPositive
        case tooManySamples(limit: Int)
        case outOfBounds(PatternBounds.Violation)
    }

    /// `intensityScale` every `stepMicroseconds` from 0 through the pattern's duration (inclusive).
    static func sample(_ pattern: HapticPattern, stepMicroseconds: Int64 = 10_000) throws(Failure) -> [Sample] {
        guard stepMicroseconds > 0 else { throw .stepNotPositive }
        if let v = PatternBounds.check(pattern) { throw .outOfBounds(v) }
        let duration = pattern.durationMicroseconds
        guard duration / stepMicroseconds + 1 <= Int64(maxSamples) else { throw .tooManySamples(limit: maxSamples) }
        var out: [Sample] = []
        var t: Int64 = 0
        while t <= duration {
            out.append(Sample(timeMicroseconds: t, value: intensityScale(of: pattern, atPatternMicroseconds: t)))
            t += stepMicroseconds
        }
        return out
    }
}
