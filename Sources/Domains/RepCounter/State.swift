import LockstepCore
import Platform

/// The Screen Time side: rules, the simulated center, the App Group records, the shield stores.
public struct ScreenTimeState: Sendable, Equatable {
    /// Rules sorted by name.
    public var rules: [Rule] = []
    public var center = DeviceActivityCenter()
    /// `ManagedSettingsStore` per rule (by rule name, sorted): whether its apps are shielded.
    public var shielded: [(rule: String, on: Bool)] = []
    /// App Group `spent.<rule>.<period>` records, sorted.
    public var spent: [String] = []
    /// Unlock records (one App Group key each; under `sharedUnlockArray`, one array).
    public var unlocks: [UnlockRecord] = []
    /// The app's copy of the unlock array, read when a set starts (only used by `sharedUnlockArray`).
    public var appSnapshot: [UnlockRecord]? = nil
    public var pendingUnlock: [String] = []
    public var os = OSRelease.pastActivity
    public var notificationsGranted = true
    public var boundaryTimer: TimerID? = nil
    public var boundaryAt: Instant? = nil
    public var notificationsRequested = 0

    public static func == (a: ScreenTimeState, b: ScreenTimeState) -> Bool {
        a.rules == b.rules && a.center == b.center && a.spent == b.spent && a.unlocks == b.unlocks
            && a.shielded.map(\.rule) == b.shielded.map(\.rule) && a.shielded.map(\.on) == b.shielded.map(\.on)
    }

    func rule(named name: String) -> Rule? { rules.first { $0.name == name } }
    func rule(id: SeededUUID) -> Rule? { rules.first { $0.id == id } }
    func isShielded(_ rule: String) -> Bool? { shielded.first { $0.rule == rule }?.on }
}

/// Everything the app holds.
public struct RepCounterState: Sendable {
    public var exercise: Exercise
    public var counter: RepCounterMachine
    public var frameTrace: FrameTrace
    public var lastFrameAt: Instant? = nil
    public var frames = 0
    public var idleFrames = 0
    // The current set.
    public var setActive = false
    public var setOrdinal = 0
    public var setRule: String? = nil
    public var lockedRate = 1.0
    /// Σ base × rate over counted reps (whole seconds at set end).
    public var setEarnedExact = 0.0
    // Economy.
    public var stepsToday = 0
    public var streakDays = 0
    public var stepsMode = false
    public var stepsPaidMinutes = 0
    public var stepsPaidDay = ""
    public var bankedSeconds = 0
    public var earnedTotalSeconds = 0
    public var screenTime = ScreenTimeState()
    /// For the invariants only (see `RepAudit`): never written by `write(_:to:)`, so no digest or golden depends on it.
    public var audit = RepAudit()
    /// `set plots true`: the running set's picture (`SetPlot`); like `audit`, never in the digest.
    public var plotsOn = false
    public var plot: SetPlot? = nil

    public init(exercise: Exercise, frameTrace: FrameTrace) {
        self.exercise = exercise
        self.counter = RepCounterMachine(model: exercise.model)
        self.frameTrace = frameTrace
    }

    /// The rate a set starting now would lock.
    public var currentRate: Double { Pricing.rate(steps: stepsToday, streakDays: streakDays, stepsMode: stepsMode) }
}
