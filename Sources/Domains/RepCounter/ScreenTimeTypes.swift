import LockstepCore
import Platform

/// How a rule locks its apps.
public enum RuleMode: Sendable, Equatable {
    /// Shielded inside a daily local window [start, end) in minutes of the day.
    case schedule(startMinute: Int, endMinute: Int)
    /// Open until `minutes` of use in a local day, then shielded for the rest of the day.
    case dailyBudget(minutes: Int)
    /// Open until `minutesPerHour` of use in each local hour of a window of whole hours [start, end).
    case hourlyBudget(minutesPerHour: Int, startHour: Int, endHour: Int)

    public var word: String {
        switch self {
        case .schedule: "schedule"
        case .dailyBudget: "dailyBudget"
        case .hourlyBudget: "hourlyBudget"
        }
    }
}

/// The `mode=` of a saved rule, as a scenario spells it.
public enum RuleModeName: String, CaseIterable, Sendable {
    case schedule, dailyBudget, hourlyBudget
}

/// A rule as the user saved it. Apps are opaque FamilyControls tokens, modelled as integers.
public struct Rule: Sendable, Equatable {
    public var name: String
    public var id: SeededUUID
    public var apps: [Int]
    public var mode: RuleMode
    public var enabled: Bool

    /// What iOS enforces: a save re-registers only when this changes.
    func sameEnforcement(as other: Rule) -> Bool { apps == other.apps && mode == other.mode }
}

/// A rule as written in a scenario (validated by the reducer, so bad values become records).
public struct RuleSpec: Sendable, Equatable {
    public var name: String
    public var apps: [Double]
    public var mode: RuleModeName
    public var minutes: Double?
    public var windowHours: (Double, Double)?
    public var enabled: Bool

    public static func == (a: RuleSpec, b: RuleSpec) -> Bool {
        a.name == b.name && a.apps == b.apps && a.mode == b.mode && a.minutes == b.minutes
            && a.windowHours?.0 == b.windowHours?.0 && a.windowHours?.1 == b.windowHours?.1 && a.enabled == b.enabled
    }
}

/// When a monitored activity's interval runs.
public enum ActivitySchedule: Sendable, Equatable {
    /// Repeats every local day over [startMinute, endMinute).
    case daily(startMinute: Int, endMinute: Int)
    /// A one-shot interval (grants).
    case once(start: Instant, end: Instant)
}

/// A usage threshold inside an activity.
public struct ActivityEvent: Sendable, Equatable {
    public var name: String
    public var apps: [Int]
    public var thresholdSeconds: Int
    public var includesPastActivity: Bool
    /// Usage counted towards the threshold in the current interval.
    public var countedSeconds = 0
    public var fired = false
}

/// One monitored activity in the simulated DeviceActivityCenter.
public struct Registration: Sendable, Equatable {
    public var name: String
    public var schedule: ActivitySchedule
    public var events: [ActivityEvent]
    public var registeredAt: Instant
    /// Whether `intervalDidStart` has been delivered without a matching `intervalDidEnd`.
    public var inInterval = false
}

/// The DeviceActivityMonitor callbacks.
public enum CallbackKind: String, CaseIterable, Sendable {
    case intervalDidStart, intervalDidEnd, eventDidReachThreshold, intervalWillStartWarning, eventWillReachThresholdWarning
}

/// A callback the center delivers to the monitor extension.
public struct Callback: Sendable, Equatable {
    public var kind: CallbackKind
    public var activity: String
    public var event: String?
}

/// An unlock bought with reps (or banked time): open until its threshold of use or its backstop end.
public struct UnlockRecord: Sendable, Equatable {
    public var key: String
    public var rule: String
    public var activity: String
    public var seconds: Int
    public var start: Instant
    public var end: Instant

    func isActive(_ now: Instant) -> Bool { now < end }
}

/// The two iOS releases whose APIs the app's paths depend on.
extension OSRelease {
    /// `includesPastActivity` exists from 17.4.
    public static let pastActivity = OSRelease(17, 4)
    /// From 26.5 the shield's button can open the parental-controls app.
    public static let shieldOpensApp = OSRelease(26, 5)
}

/// Errors `startMonitoring` throws.
public enum MonitoringError: String, Sendable, Error {
    case excessiveActivities, intervalTooShort

    /// The `reason=` of a refused grant.
    var reason: String {
        switch self {
        case .excessiveActivities: "activity-limit"
        case .intervalTooShort: "interval-too-short"
        }
    }
}
