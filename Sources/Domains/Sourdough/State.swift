import LockstepCore
import Platform

/// The setup as validated.
public struct Setup: Hashable, Sendable {
    public var temperatureC = 23.0
    public var starter = "main"
    public var ripe = false
    public var quiet = QuietHours.standard
    public var coldProofMaxMinutes: Int? = nil
    public var coldProofStepMinutes: Int? = nil
}

/// The plan the app holds: the promise, its steps, what re-planning flagged.
public struct BakePlan: Hashable, Sendable {
    public var id: String
    /// The ready time as the user asked for it (absolute minutes) and as the plan now ends.
    public var promisedReady: Int
    public var steps: [PlannedStep]
    public var costUnits: Int
    public var driftMinutes = 0
    public var flagged: [PlanAction] = []
    /// Minutes added to the running step by +15 / Need more time.
    public var extendedMinutes = 0
    /// The starter correction the plan was solved with.
    public var correction = 1.0
    /// The running step of the last re-plan (-1 for a full solve): later steps are the re-planned ones.
    public var replannedFrom = -1

    public var ready: Int { steps.last!.end }
    /// The step running at `minute` (start ≤ minute < end), if any.
    public func running(at minute: Int) -> Int? {
        steps.firstIndex { $0.start <= minute && minute < $0.end }
    }
}

public struct SourdoughState: Sendable {
    public var setup = Setup()
    public var starters: [String: StarterCorrection] = [:]
    public var plan: BakePlan? = nil
    /// The last request, re-solved on setup and zone changes while no step has started.
    public var request: ReadyInput? = nil
    public var planCount = 0
    public var centre = NotificationCentre()
    public var life = AppLifecycle()
    /// ActivityKit (Platform): the bake's Live Activity, tagged with the plan id.
    public var activities = LiveActivityCenter<WidgetText>()
    /// How far ahead of its next action the last activity was requested (seconds).
    public var lastRequestLeadSeconds: Int64? = nil
    /// The App Group container the widget reads, and WidgetKit (Platform; set by `start`).
    public var store = KeyValueStore(.appGroup(NextActionsWidget.groupID))
    public var widgets: WidgetCenter<WidgetText>? = nil
    /// The snapshot last written: the next seven actions as `MINUTE Www HH:MM label`.
    public var widgetSnapshot: [String] = []
    /// The last accepted learning sample: the stored (uncorrected) baseline, the correction before
    /// and after, for the invariant that learning compares with the uncorrected prediction.
    public var lastSample: (actual: Double, baseline: Double, before: Double, after: Double)? = nil
    /// The uncorrected predictions stored with the plan (minutes), for later learning.
    public var baselinePeakMinutes = 0.0
    public var baselineBulkMinutes = 0.0

    public var correction: StarterCorrection { starters[setup.starter] ?? StarterCorrection() }
}
