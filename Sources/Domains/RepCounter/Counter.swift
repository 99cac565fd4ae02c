import LockstepCore

/// The counter's phase: the hysteresis state.
public enum Phase: String, Sendable {
    case extended, contracted
}

/// What one frame did to the counter (at most one message, plus a "visible again" note).
public enum CounterOutcome: Sendable, Equatable {
    case none
    case counted(Int)
    /// Came back above `extended` sooner than `minRepInterval` after the last counted rep.
    case tooFast
    /// Dipped past the half line and came back to `extended` without reaching `contracted`.
    case goDeeper
    /// The ninth consecutive frame without the exercise's joints.
    case cannotSeeYou
}

/// One step's result.
public struct CounterStep: Sendable, Equatable {
    public var outcome: CounterOutcome = .none
    /// The first valid frame after `cannotSeeYou`.
    public var visibleAgain = false
}

/// The single hysteresis state machine that scores all five exercises (pure, allocation-free).
public struct RepCounterMachine: Sendable, Equatable {
    public var model: ExerciseModel
    public var smoothed: Double?
    public var phase: Phase = .extended
    public var dippedPastHalfLine = false
    public var reps = 0
    public var lastRepAt: Instant?
    public var missingFrames = 0
    public var visible = true
    /// Counted as "too fast" and as "go deeper", for the set summary.
    public var tooFast = 0
    public var goDeeper = 0

    public init(model: ExerciseModel) { self.model = model }

    /// Feeds one frame's raw signal (nil: the exercise's joints are missing) captured at `now`.
    public mutating func step(_ raw: Double?, at now: Instant) -> CounterStep {
        var result = CounterStep()
        guard let raw, raw.isFinite else {
            missingFrames += 1
            if missingFrames == RepConstants.maxSilentMissingFrames + 1 {
                visible = false
                result.outcome = .cannotSeeYou
            }
            return result
        }
        if !visible { visible = true; result.visibleAgain = true }
        missingFrames = 0
        let s: Double
        if let prev = smoothed { s = prev + RepConstants.smoothingAlpha * (raw - prev) } else { s = raw }
        smoothed = s
        switch phase {
        case .extended:
            if s < model.contracted {
                phase = .contracted
                dippedPastHalfLine = false
            } else if s < model.halfLine {
                dippedPastHalfLine = true
            } else if s >= model.extended && dippedPastHalfLine {
                dippedPastHalfLine = false
                goDeeper += 1
                result.outcome = .goDeeper
            }
        case .contracted:
            if s >= model.extended {
                phase = .extended
                if let last = lastRepAt, now - last < model.minRepInterval {
                    // The article returns before `lastRepAt = now`: a too-fast rep does not move the floor.
                    tooFast += 1
                    result.outcome = .tooFast
                } else {
                    lastRepAt = now
                    reps += 1
                    result.outcome = .counted(reps)
                }
            }
        }
        return result
    }
}
