import LockstepCore
import Platform

/// Design lint for "patterns are short and sparse" and "every haptic has a meaning" (item 16).
///
/// GAP thresholds: a continuous event longer than 2 s, or more than 10 event starts inside any
/// 1 s window [t, t + 1 s), is "constant buzzing" (fatiguing, drains battery). Warnings, never
/// errors: a designer may overrule them.
enum PatternLint {
    static let maxContinuousMicroseconds: Int64 = 2_000_000
    static let densityWindowMicroseconds: Int64 = 1_000_000
    static let maxEventsPerWindow = 10

    enum Warning: Equatable, Sendable {
        case missingMeaning
        case longContinuous(eventIndex: Int, durationMicroseconds: Int64)
        /// The first window (starting at an event) holding more than 10 event starts.
        case tooDense(windowStartMicroseconds: Int64, eventCount: Int)
        /// The pattern is outside `PatternBounds`, so nothing else was checked.
        case outOfBounds(PatternBounds.Violation)
    }

    static func lint(_ item: BuiltInPattern) -> [Warning] { lint(item.pattern, meaning: item.meaning) }

    static func lint(_ pattern: HapticPattern, meaning: String?) -> [Warning] {
        var out: [Warning] = []
        if meaning?.contains(where: { !$0.isWhitespace }) != true { out.append(.missingMeaning) }
        if let v = PatternBounds.check(pattern) { return out + [.outOfBounds(v)] }
        for (i, e) in pattern.events.enumerated() {
            if case .continuous(let d) = e.kind, d > maxContinuousMicroseconds {
                out.append(.longContinuous(eventIndex: i, durationMicroseconds: d))
            }
        }
        // Two pointers over sorted start times: O(n log n), at most 10,000 events.
        let starts = pattern.events.map(\.timeMicroseconds).sorted()
        var hi = 0
        for lo in starts.indices {
            if hi < lo { hi = lo }
            while hi < starts.count, starts[hi] < starts[lo] + densityWindowMicroseconds { hi += 1 }
            if hi - lo > maxEventsPerWindow {
                out.append(.tooDense(windowStartMicroseconds: starts[lo], eventCount: hi - lo))
                break
            }
        }
        return out
    }
}
