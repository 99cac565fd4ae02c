import LockstepCore
import Platform

/// Every input the rep counter and its Screen Time side react to.
public enum RepEvent: Sendable {
    /// One camera frame's joints (the line's time is the capture timestamp).
    case frame(Pose)
    /// A set begins: the exercise (nil: keep the current one) and the rule its time unlocks (nil: bank it).
    case setStart(exercise: Exercise?, rule: String?)
    case setEnd
    /// Today's HealthKit step samples (the running set; the predicate decides which count).
    case health([StepSample])
    case streak(days: Int)
    case stepsMode(Bool)
    /// A rule saved in the app.
    case rule(RuleSpec)
    case enable(rule: String, on: Bool)
    case deleteRule(String)
    /// Foreground use of an app (opaque token) for `seconds` ending now.
    case usage(app: Int, seconds: Int)
    /// A raw DeviceActivityMonitor callback (names may be malformed on purpose).
    case monitor(kind: CallbackKind, activity: String, event: String?)
    /// The shield's button for a rule (shield action extension).
    case shieldButton(rule: String)
    case notifications(granted: Bool)
    case os(OSRelease)
    /// Spends banked seconds on a rule as a grant (the app's "unlock now" with time in the bank).
    case spend(rule: String, seconds: Int)
    /// Timer: a monitored interval starts or ends.
    case boundary
    /// Timer: the fallback notification request was added.
    case notificationAdded(id: String)
}

/// How much of each frame the trace shows.
public enum FrameTrace: String, CaseIterable, Sendable {
    /// One `pose` record per frame (raw, smoothed, phase, sides): the readable default.
    case every
    /// Only phase flips and messages: for hour-long recordings.
    case changes
}
