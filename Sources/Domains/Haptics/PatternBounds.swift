import LockstepCore
import Platform

/// The limits every pattern must respect before it is rendered, sampled, exported or linted.
///
/// WHY: `HapticPattern` can be built in code with any Int64 time or Float value; checking the
/// bounds once up front means later arithmetic (durations, loop periods, sums) can never overflow
/// or trap, and an exported AHAP file always reads back in (the same limits apply on import).
enum PatternBounds {
    /// No time (event time, duration, curve start, control-point time) may exceed 30 s.
    static let maxTimeMicroseconds: Int64 = 30_000_000
    /// Events plus curves ("Pattern" entries in AHAP).
    static let maxEntries = 10_000
    /// Control points per curve (Core Haptics' own limit for a parameter curve).
    static let maxControlPoints = 16

    /// Why a pattern is outside the bounds; `path` names the field (`events[2].duration`).
    enum Violation: Error, Equatable, Sendable {
        case tooManyEntries(limit: Int)
        case negativeTime(path: String)
        case timeOverLimit(path: String, limitMicroseconds: Int64)
        case nonFinite(path: String)
        case emptyCurve(path: String)
        case tooManyControlPoints(path: String, limit: Int)
        case pointsNotAscending(path: String)
    }

    /// The first violation in document order, or nil when the pattern is within bounds.
    static func check(_ pattern: HapticPattern) -> Violation? {
        guard pattern.events.count + pattern.curves.count <= maxEntries else { return .tooManyEntries(limit: maxEntries) }
        for (i, e) in pattern.events.enumerated() {
            if let v = checkTime(e.timeMicroseconds, path: "events[\(i)].time") { return v }
            if case .continuous(let d) = e.kind, let v = checkTime(d, path: "events[\(i)].duration") { return v }
            if !e.intensity.isFinite { return .nonFinite(path: "events[\(i)].intensity") }
            if !e.sharpness.isFinite { return .nonFinite(path: "events[\(i)].sharpness") }
        }
        for (i, c) in pattern.curves.enumerated() {
            let base = "curves[\(i)]"
            if let v = checkTime(c.relativeTimeMicroseconds, path: base + ".relativeTime") { return v }
            guard !c.points.isEmpty else { return .emptyCurve(path: base + ".points") }
            guard c.points.count <= maxControlPoints else { return .tooManyControlPoints(path: base + ".points", limit: maxControlPoints) }
            for (j, p) in c.points.enumerated() {
                if let v = checkTime(p.timeMicroseconds, path: base + ".points[\(j)].time") { return v }
                if !p.value.isFinite { return .nonFinite(path: base + ".points[\(j)].value") }
                if j > 0, p.timeMicroseconds <= c.points[j - 1].timeMicroseconds { return .pointsNotAscending(path: base + ".points[\(j)].time") }
            }
        }
        return nil
    }

    private static func checkTime(_ t: Int64, path: String) -> Violation? {
        if t < 0 { return .negativeTime(path: path) }
        if t > maxTimeMicroseconds { return .timeOverLimit(path: path, limitMicroseconds: maxTimeMicroseconds) }
        return nil
    }
}
