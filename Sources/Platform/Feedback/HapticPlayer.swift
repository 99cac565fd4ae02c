/// A Core Haptics pattern player (`CHHapticPatternPlayer` / `CHHapticAdvancedPatternPlayer`) as
/// data: pattern, loop settings, rate, start/stop times and validity — enough for a renderer to
/// compute exactly what was played.

/// Stable player identity, numbered 1, 2, … in creation order per engine.
public struct HapticPlayerID: Hashable, Sendable, Comparable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: HapticPlayerID, rhs: HapticPlayerID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a pattern cannot be turned into a player (bounds keep every time sum overflow-free).
public enum HapticPatternProblem: Hashable, Sendable {
    case tooManyEvents(limit: Int)
    case tooManyCurves(limit: Int)
    case tooManyCurvePoints(limit: Int)
    /// A time, duration or curve point outside 0…`HapticPlayer.maxPatternTimeMicroseconds`.
    case timeOutOfRange
}

/// Why an advanced player's playback rate was refused (the UI's 0.5×…2× range).
public enum HapticPlaybackRateProblem: String, Hashable, Sendable, CaseIterable {
    case notANumber, belowMinimum, aboveMaximum
}

public struct HapticPlayer: Hashable, Sendable {
    /// The article's gap between loop repetitions: `loopEnd = duration + 0.2 s`.
    public static let defaultLoopGapMicroseconds: Int64 = 200_000
    public static let minimumPlaybackRate: Float = 0.5
    public static let maximumPlaybackRate: Float = 2.0
    /// Pattern bounds (one hour of time, a few thousand events): keeps arithmetic in range.
    public static let maxPatternTimeMicroseconds: Int64 = 3_600_000_000
    public static let maxPatternEvents = 4_096
    public static let maxPatternCurves = 64
    public static let maxCurvePoints = 1_024
    /// `loopEnd` must be in 1…this (two hours), so a loop always advances.
    public static let maxLoopEndMicroseconds: Int64 = 7_200_000_000

    public let id: HapticPlayerID
    public let pattern: HapticPattern
    /// `makeAdvancedPlayer` (loop/rate capable) versus `makePlayer`.
    public let isAdvanced: Bool
    /// `pattern.durationMicroseconds`, computed once after validation.
    public let patternDurationMicroseconds: Int64
    public let loopEnabled: Bool
    /// Pattern time at which a loop repeats (pattern clock, before the rate applies).
    public let loopEndMicroseconds: Int64
    public let playbackRate: Float
    /// The latest `start(atTime:)`, absolute; nil if never started.
    public internal(set) var startedAtMicroseconds: Int64?
    /// Where the latest run was cut short (stop, engine stop, reset), absolute; nil otherwise.
    public internal(set) var stoppedAtMicroseconds: Int64?
    /// False after a haptic server reset; an invalid player can never play again.
    public internal(set) var valid = true
    /// False once the caller dropped its reference; the engine then forgets it when silent.
    public internal(set) var retainedByCaller = true

    init(id: HapticPlayerID, pattern: HapticPattern, durationMicroseconds: Int64, isAdvanced: Bool,
         loopEnabled: Bool, loopEndMicroseconds: Int64, playbackRate: Float) {
        self.id = id
        self.pattern = pattern
        self.patternDurationMicroseconds = durationMicroseconds
        self.isAdvanced = isAdvanced
        self.loopEnabled = loopEnabled
        self.loopEndMicroseconds = loopEndMicroseconds
        self.playbackRate = playbackRate
    }

    /// Pattern time → wall time at this rate (rounded to the nearest microsecond, ties away).
    public func wallMicroseconds(forPatternMicroseconds patternTime: Int64) -> Int64 {
        if playbackRate == 1 { return patternTime }
        return Int64((Double(patternTime) / Double(playbackRate)).rounded())
    }

    /// Wall period of one loop: `loopEnd / rate`.
    public var wallLoopPeriodMicroseconds: Int64 { wallMicroseconds(forPatternMicroseconds: loopEndMicroseconds) }

    /// When the latest run ends by itself (exclusive); nil while looping or never started.
    public var naturalEndMicroseconds: Int64? {
        guard let start = startedAtMicroseconds, !loopEnabled else { return nil }
        return SaturatingTime.add(start, wallMicroseconds(forPatternMicroseconds: patternDurationMicroseconds))
    }

    /// Started, not cut short, and before its natural end.
    public func isSounding(atMicroseconds t: Int64) -> Bool {
        guard valid, let start = startedAtMicroseconds, stoppedAtMicroseconds == nil, t >= start else { return false }
        if let end = naturalEndMicroseconds { return t < end }
        return true
    }

    /// Where a renderer must stop rendering the latest run: the cut, else the natural end
    /// (nil: still looping or never started).
    public var renderEndMicroseconds: Int64? { stoppedAtMicroseconds ?? naturalEndMicroseconds }

    /// Cuts the current run at `t`.
    mutating func end(at t: Int64, cause: HapticPlayerStopCause) -> HapticPlayerStop? {
        guard let start = startedAtMicroseconds else { return nil }
        stoppedAtMicroseconds = t
        return HapticPlayerStop(playerID: id, startedAtMicroseconds: start, stoppedAtMicroseconds: t,
                                loopEnabled: loopEnabled, cause: cause)
    }

    /// Checks bounds first, because `HapticPattern.durationMicroseconds` adds without overflow checks.
    static func validate(_ pattern: HapticPattern) -> HapticPatternProblem? {
        let range: ClosedRange<Int64> = 0...maxPatternTimeMicroseconds
        if pattern.events.count > maxPatternEvents { return .tooManyEvents(limit: maxPatternEvents) }
        if pattern.curves.count > maxPatternCurves { return .tooManyCurves(limit: maxPatternCurves) }
        for event in pattern.events {
            guard range.contains(event.timeMicroseconds) else { return .timeOutOfRange }
            if case .continuous(let duration) = event.kind, !range.contains(duration) { return .timeOutOfRange }
        }
        for curve in pattern.curves {
            if curve.points.count > maxCurvePoints { return .tooManyCurvePoints(limit: maxCurvePoints) }
            guard range.contains(curve.relativeTimeMicroseconds) else { return .timeOutOfRange }
            for point in curve.points where !range.contains(point.timeMicroseconds) { return .timeOutOfRange }
        }
        return nil
    }

    /// Nil when the rate is inside 0.5…2.
    static func problem(withRate rate: Float) -> HapticPlaybackRateProblem? {
        if rate.isNaN { return .notANumber }
        if rate < minimumPlaybackRate { return .belowMinimum }
        if rate > maximumPlaybackRate { return .aboveMaximum }
        return nil
    }
}
