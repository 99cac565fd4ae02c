import LockstepCore
import Platform

/// What the simulated actuator plays for one pattern started at an absolute time: every tap and
/// every continuous start/end, on absolute integer microseconds, with looping, playback rate and
/// an exclusive cut (a player stop, or backgrounding mid-pattern).
///
/// Choices:
/// - Looping: `loopEnd = duration + 200 ms` (the article's gap); at rate r one loop lasts
///   `loopEnd / r` of wall time, and every time inside a loop is scaled by 1/r too.
/// - Rounding: a scaled time is the Double quotient `µs / Double(r)` rounded to nearest, ties to
///   even (exact for 0.5×, 1×, 2×, whose quotients are whole).
/// - Intensity is the event's intensity times the intensity-control scale at that pattern time
///   (`CurveSampler`); sharpness-control curves are not applied (none of the built-ins has one).
/// - The cut is exclusive: nothing at or after it starts; a continuous event still playing ends
///   at the cut (`clipped`).
/// - Entries are ordered by time; equal times keep generation order (loop, event, start before end).
struct Timeline: Equatable, Sendable {
    /// The article's "short gap between repetitions".
    static let loopGapMicroseconds: Int64 = 200_000
    /// The long test plays for 15 s, then stops.
    static let longTestMicroseconds: Int64 = 15_000_000
    /// At most this many entries are rendered; `limitHit` says when the rest was dropped.
    static let maxEntries = 100_000
    /// At most this many loop iterations (an empty pattern renders nothing, so entries alone
    /// would not bound the work).
    static let maxLoops = 100_000
    /// Start and cut times must lie in 0…2^52 µs (about 142 years), so sums never overflow.
    static let maxAbsoluteMicroseconds: Int64 = 1 << 52
    static let allowedRates: ClosedRange<Float> = 0.5...2

    struct Entry: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case transient, continuousStart, continuousEnd }
        var timeMicroseconds: Int64
        var kind: Kind
        /// Event intensity × intensity-control scale.
        var intensity: Double
        var sharpness: Float
        var loopIndex: Int
        /// Index of the event in the pattern.
        var eventIndex: Int
        /// A `continuousEnd` moved earlier to the cut.
        var clipped: Bool
    }

    /// Why rendering stopped early.
    enum Cut: Equatable, Sendable {
        /// A player stop (or the end of the long test), exclusive.
        case stop(atMicroseconds: Int64)
        /// The app was backgrounded (`stopped(applicationSuspended)`), exclusive.
        case truncated(atMicroseconds: Int64)

        var microseconds: Int64 {
            switch self {
            case .stop(let t), .truncated(let t): t
            }
        }
    }

    enum Limit: Equatable, Sendable { case entries(Int), loops(Int) }

    enum Failure: Error, Equatable, Sendable {
        /// Not finite or outside 0.5…2 (the rate's text, e.g. "nan", "3.0").
        case rateOutOfRange(String)
        /// A looping player must be stopped; otherwise it never ends.
        case loopWithoutCut
        case timeOutOfRange(limitMicroseconds: Int64)
        case outOfBounds(PatternBounds.Violation)
    }

    var entries: [Entry]
    /// Absolute start of each loop iteration (one entry when not looping).
    var loopStartsMicroseconds: [Int64]
    /// Wall time of one loop iteration, nil when not looping.
    var periodMicroseconds: Int64?
    var cut: Cut?
    var limitHit: Limit?

    /// Renders `pattern` started at `startMicroseconds`.
    static func render(_ pattern: HapticPattern, startMicroseconds: Int64, looping: Bool = false, rate: Float = 1,
                       cut: Cut? = nil) throws(Failure) -> Timeline {
        guard rate.isFinite, allowedRates.contains(rate) else { throw .rateOutOfRange(rate.description) }
        if let v = PatternBounds.check(pattern) { throw .outOfBounds(v) }
        guard (0...maxAbsoluteMicroseconds).contains(startMicroseconds) else { throw .timeOutOfRange(limitMicroseconds: maxAbsoluteMicroseconds) }
        if let cut { guard (0...maxAbsoluteMicroseconds).contains(cut.microseconds) else { throw .timeOutOfRange(limitMicroseconds: maxAbsoluteMicroseconds) } }
        if looping && cut == nil { throw .loopWithoutCut }

        let r = Double(rate)
        func scaled(_ us: Int64) -> Int64 { Int64((Double(us) / r).rounded(.toNearestOrEven)) }
        func unscaled(_ us: Int64) -> Int64 { Int64((Double(us) * r).rounded(.toNearestOrEven)) }
        let period: Int64? = looping ? scaled(pattern.durationMicroseconds + loopGapMicroseconds) : nil
        let cutAt = cut?.microseconds ?? Int64.max

        var tagged: [(entry: Entry, seq: Int)] = []
        var starts: [Int64] = []
        var limitHit: Limit?
        var loop = 0
        outer: while true {
            if loop >= (looping ? maxLoops : 1) {
                if looping { limitHit = .loops(maxLoops) }
                break
            }
            let loopStart = startMicroseconds + Int64(loop) * (period ?? 0)
            guard loopStart < cutAt else { break }
            starts.append(loopStart)
            for (index, event) in pattern.events.enumerated() {
                let at = loopStart + scaled(event.timeMicroseconds)
                guard at < cutAt else { continue }
                func add(_ t: Int64, _ kind: Entry.Kind, patternTime: Int64, clipped: Bool) -> Bool {
                    guard tagged.count < maxEntries else { limitHit = .entries(maxEntries); return false }
                    let scale = CurveSampler.intensityScale(of: pattern, atPatternMicroseconds: patternTime)
                    tagged.append((Entry(timeMicroseconds: t, kind: kind, intensity: Double(event.intensity) * scale,
                                         sharpness: event.sharpness, loopIndex: loop, eventIndex: index, clipped: clipped), tagged.count))
                    return true
                }
                switch event.kind {
                case .transient:
                    guard add(at, .transient, patternTime: event.timeMicroseconds, clipped: false) else { break outer }
                case .continuous(let d):
                    guard add(at, .continuousStart, patternTime: event.timeMicroseconds, clipped: false) else { break outer }
                    let end = loopStart + scaled(event.timeMicroseconds + d)
                    let ok = end <= cutAt
                        ? add(end, .continuousEnd, patternTime: event.timeMicroseconds + d, clipped: false)
                        : add(cutAt, .continuousEnd, patternTime: unscaled(cutAt - loopStart), clipped: true)
                    guard ok else { break outer }
                }
            }
            loop += 1
        }
        tagged.sort { $0.entry.timeMicroseconds != $1.entry.timeMicroseconds ? $0.entry.timeMicroseconds < $1.entry.timeMicroseconds : $0.seq < $1.seq }
        return Timeline(entries: tagged.map(\.entry), loopStartsMicroseconds: starts, periodMicroseconds: period, cut: cut, limitHit: limitHit)
    }

    /// The article's long test: loop at `rate` from `startMicroseconds`, stop 15 s later (exclusive).
    static func longTest(_ pattern: HapticPattern, startMicroseconds: Int64, rate: Float = 1) throws(Failure) -> Timeline {
        guard (0...maxAbsoluteMicroseconds).contains(startMicroseconds) else { throw .timeOutOfRange(limitMicroseconds: maxAbsoluteMicroseconds) }
        return try render(pattern, startMicroseconds: startMicroseconds, looping: true, rate: rate,
                          cut: .stop(atMicroseconds: startMicroseconds + longTestMicroseconds))
    }
}
