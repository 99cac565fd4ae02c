import LockstepCore

/// How a rep is priced: base seconds × a rate from steps and streak, capped at ×2.
public enum Pricing {
    /// Steps multiplier tiers (inclusive thresholds, GAP), highest first.
    public static let stepTiers: [(steps: Int, multiplier: Double)] = [(15_000, 1.6), (8_000, 1.3), (3_000, 1.15)]
    public static let streakBonusPerDay = 0.05
    public static let maxStreakDays = 8
    public static let maxRate = 2.0

    public static func stepMultiplier(_ steps: Int) -> Double {
        for tier in stepTiers where steps >= tier.steps { return tier.multiplier }
        return 1.0
    }

    /// GAP: additive, `min(2, stepMultiplier + 0.05 × min(streak, 8))` (the article: "adds 0.05").
    /// In steps mode the steps are dropped from the multiplier (one walk is paid once).
    public static func rate(steps: Int, streakDays: Int, stepsMode: Bool) -> Double {
        let m = stepsMode ? 1.0 : stepMultiplier(steps)
        let bonus = streakBonusPerDay * Double(min(max(streakDays, 0), maxStreakDays))
        return min(maxRate, m + bonus)
    }

    /// Seconds for `reps` clean reps of `exercise` at `rate`, rounded to whole seconds (GAP: ties to even).
    public static func earnedSeconds(reps: Int, exercise: Exercise, rate: Double) -> Int {
        Int((Double(reps * exercise.model.baseSeconds) * rate).rounded(.toNearestOrEven))
    }

    // MARK: Steps mode

    public static let stepsPerUnit = 1_000
    public static let minutesPerUnit = 3
    public static let maxStepMinutesPerDay = 30

    /// Minutes the day's total entitles to (whole thousands, capped at 30 a day).
    public static func entitledMinutes(steps: Int) -> Int {
        min(maxStepMinutesPerDay, max(0, steps) / stepsPerUnit * minutesPerUnit)
    }

    /// What a new running total pays now: never negative (a falling total takes nothing back).
    public static func stepPayout(steps: Int, paidToday: Int) -> (entitled: Int, payNow: Int) {
        let entitled = entitledMinutes(steps: steps)
        return (entitled, max(0, entitled - paidToday))
    }

    /// Backstop end of a grant: 4 × the unlock, clamped to 30 minutes…22 hours.
    public static func backstopSeconds(unlockSeconds: Int) -> Int {
        min(max(4 * unlockSeconds, 30 * 60), 22 * 3_600)
    }
}

/// One HealthKit step sample: a count and the `HKMetadataKeyWasUserEntered` value (nil: key absent,
/// as on iPhone and Watch samples).
public struct StepSample: Sendable, Equatable {
    public var count: Int
    public var wasUserEntered: Bool?

    public init(count: Int, wasUserEntered: Bool?) {
        self.count = count
        self.wasUserEntered = wasUserEntered
    }
}

/// The predicate that keeps hand-typed steps out.
public enum StepPredicate {
    /// The negated match `NOT (wasUserEntered IN [true])`: samples without the key are kept.
    public static func negatedMatch(_ s: StepSample) -> Bool { !(s.wasUserEntered == true) }
    /// The 1.x bug: a not-equal match only considers samples that carry the key, so iPhone and Watch
    /// samples (no key) are dropped and the total is zero for everyone.
    public static func notEqualMatch(_ s: StepSample) -> Bool {
        guard let v = s.wasUserEntered else { return false }
        return v != true
    }

    public static func total(_ samples: [StepSample], notEqual: Bool) -> Int {
        var sum = 0
        for s in samples where notEqual ? notEqualMatch(s) : negatedMatch(s) { sum += s.count }
        return sum
    }
}
