import LockstepCore

/// Where a Live Activity is in its life.
public enum LiveActivityPhase: String, Hashable, Sendable, CaseIterable {
    /// Running: on the Lock Screen and in the Dynamic Island, updatable.
    case active
    /// Ended (by the app, the 8 h limit or the user turning activities off), still on the Lock Screen
    /// until dismissed.
    case ended
    /// Gone from the Lock Screen.
    case dismissed
}

/// Why an activity ended.
public enum LiveActivityEndReason: String, Hashable, Sendable, CaseIterable {
    /// The app called `end`.
    case app
    /// The system ended it at `LiveActivityCenter.maxLifetime` (8 h).
    case lifetime
    /// The user turned Live Activities off (`activities enabled=false`).
    case disabled
    /// The user removed it from the Lock Screen (`activity dismiss`).
    case user
}

/// How long an ended activity stays on the Lock Screen (ActivityKit's `ActivityUIDismissalPolicy`).
public enum LiveActivityDismissal: Hashable, Sendable {
    /// Up to `LiveActivityCenter.endedLinger` (4 h), and never past 12 h from the start.
    case `default`
    /// Removed at once.
    case immediate
    /// At this instant, within the same bounds as `default`.
    case after(Instant)

    public var word: String {
        switch self {
        case .default: "default"
        case .immediate: "immediate"
        case .after: "after"
        }
    }
}

/// Who asks for a new activity: `request` works only from the foreground or a Live Activity intent.
public enum LiveActivityOrigin: Hashable, Sendable {
    /// The app, in this lifecycle phase.
    case app(LifecyclePhase)
    /// A `LiveActivityIntent` the user pressed (it runs in the app's process, foreground or not).
    case intent(action: String)

    public static func app(_ lifecycle: AppLifecycle) -> LiveActivityOrigin { .app(lifecycle.phase) }

    public var word: String {
        switch self {
        case .app: "app"
        case .intent: "intent"
        }
    }
}

/// One Live Activity.
public struct LiveActivity<Content: WidgetContent>: Hashable, Sendable {
    /// The center's serial, from 1.
    public let id: Int
    /// The attributes' identity (a plan ID): how the app finds its activity to update or end it.
    public let tag: String
    public let startedAt: Instant
    public internal(set) var content: Content
    /// When the content counts as out of date (shown dimmed); nil: never.
    public internal(set) var staleDate: Instant?
    public internal(set) var relevance: Int
    public internal(set) var phase: LiveActivityPhase = .active
    public internal(set) var endReason: LiveActivityEndReason?
    public internal(set) var endedAt: Instant?
    /// When an ended activity leaves the Lock Screen.
    public internal(set) var dismissAt: Instant?
    /// Whether the stale date passed for the current content (recorded once per content).
    public internal(set) var staleRecorded = false
    public internal(set) var updates = 0
    /// Bumped by each update, so an old content's stale timer is known stale.
    var generation = 0
    var staleTimer: TimerID?
    var lifetimeTimer: TimerID?
    var dismissTimer: TimerID?

    /// Whether the content shown at `instant` is stale.
    public func isStale(at instant: Instant) -> Bool { staleDate.map { $0 <= instant } ?? false }
}
