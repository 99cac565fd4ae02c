import LockstepCore
import Platform

/// The sequence editor and the custom pattern creator: the two ways a user makes a pattern that is
/// not recorded from taps or imported.
///
/// The article names both and gives neither any logic; the note proposes the rule used here:
/// - A **sequence** is its items' patterns back to back, each starting `gap` (default 0.2 s, the
///   loop gap) after the previous one's duration: offset k = Σ_{j<k} (duration_j + gap).
/// - An item's intensity-control curves end where the item ends. A curve holds its last value
///   after its last point (`CurveSampler`), so the explosion's curve, which ends at 0, would mute
///   everything after it; each such curve that does not end at 1 gets two more points: its last
///   value at the item's end and 1 at the next item's start. So the gap must be at least 1 µs
///   (the vocabulary asks for 1 ms…5 s): with none, an event on the boundary would need both the
///   old value and 1. The fault `curveLeaksIntoNextItem` leaves the points out.
/// - A **custom pattern** is the creator's draft of events, saved in time order (stable: equal
///   times keep the order they were added). Intensity and sharpness are the sliders' 0…1.
///
/// Limits: at most `maxItems` items in a sequence, `maxDraftEvents` in a draft; the result must
/// pass `PatternBounds` (30 s, 16 control points per curve), or the save is refused by name.
enum PatternComposer {
    static let maxItems = 16
    static let maxDraftEvents = 256
    static let defaultGapMicroseconds: Int64 = 200_000

    enum Failure: Error, Equatable, Sendable {
        case tooManyItems(limit: Int)
        case gapNotPositive
        case curveTooLong(item: Int, limit: Int)
        case outOfBounds(PatternBounds.Violation)
    }

    /// `patterns` back to back with `gap` between them.
    static func sequence(_ patterns: [HapticPattern], gapMicroseconds gap: Int64, restoreCurves: Bool = true) throws(Failure) -> HapticPattern {
        guard patterns.count <= maxItems else { throw .tooManyItems(limit: maxItems) }
        guard gap > 0 else { throw .gapNotPositive }
        var events: [HapticEvent] = []
        var curves: [HapticParameterCurve] = []
        var offset: Int64 = 0
        for (k, p) in patterns.enumerated() {
            if let v = PatternBounds.check(p) { throw .outOfBounds(v) }
            let duration = p.durationMicroseconds
            for e in p.events {
                var shifted = e
                shifted.timeMicroseconds += offset
                events.append(shifted)
            }
            let isLast = k == patterns.count - 1
            for c in p.curves {
                var shifted = c
                shifted.relativeTimeMicroseconds += offset
                if restoreCurves, !isLast, c.parameter == .intensityControl, let last = c.points.last, last.value != 1 {
                    guard c.points.count + 2 <= PatternBounds.maxControlPoints else { throw .curveTooLong(item: k, limit: PatternBounds.maxControlPoints) }
                    // Points are relative to the curve's start; the item ends at `duration` from its own start.
                    let end = duration - c.relativeTimeMicroseconds
                    if end > last.timeMicroseconds { shifted.points.append(HapticCurvePoint(timeMicroseconds: end, value: last.value)) }
                    shifted.points.append(HapticCurvePoint(timeMicroseconds: max(end, last.timeMicroseconds) + gap, value: 1))
                }
                curves.append(shifted)
            }
            offset += duration + gap
        }
        let result = HapticPattern(events: events, curves: curves)
        if let v = PatternBounds.check(result) { throw .outOfBounds(v) }
        return result
    }

    /// The creator's draft as a pattern: events in time order, ties in the order they were added.
    static func pattern(fromDraft draft: [HapticEvent]) throws(Failure) -> HapticPattern {
        let ordered = draft.enumerated().sorted { a, b in
            a.element.timeMicroseconds != b.element.timeMicroseconds ? a.element.timeMicroseconds < b.element.timeMicroseconds : a.offset < b.offset
        }.map(\.element)
        let result = HapticPattern(events: ordered)
        if let v = PatternBounds.check(result) { throw .outOfBounds(v) }
        return result
    }
}
