import LockstepCore

/// The two `BGTaskScheduler` request kinds: `BGAppRefreshTaskRequest` and `BGProcessingTaskRequest`.
public enum BackgroundTaskKind: String, Hashable, Sendable, CaseIterable {
    case appRefresh
    case processing

    /// The `UIBackgroundModes` value the app must declare for this kind: Background fetch is
    /// `fetch`, Background processing is `processing`.
    public var requiredMode: String {
        switch self {
        case .appRefresh: "fetch"
        case .processing: "processing"
        }
    }

    /// How many requests of this kind may be pending at once, all identifiers together. Apple's
    /// `BGTaskScheduler` documentation: "a total of 1 refresh task and 10 processing tasks scheduled
    /// at any time"; more fails with `tooManyPendingTaskRequests`. A resubmit of a pending
    /// identifier replaces it and so never counts twice.
    public var pendingLimit: Int {
        switch self {
        case .appRefresh: 1
        case .processing: 10
        }
    }

    /// How long a launched task may run before the system calls its expiration handler, on the
    /// virtual clock. App refresh: 30 s, the figure Apple gives for a refresh task's runtime (WWDC
    /// 2019 "Advances in App Background Execution"). Processing: 300 s, a pinned choice; the
    /// documentation only says "several minutes", so a test that needs another value says so.
    public var runBudget: Duration {
        switch self {
        case .appRefresh: .seconds(30)
        case .processing: .seconds(300)
        }
    }
}

/// One submitted request: what the app asked for (`BGTaskRequest`).
public struct BackgroundTaskRequest: Hashable, Sendable {
    public var identifier: String
    public var kind: BackgroundTaskKind
    /// A floor, not a schedule: the task never starts before it, and nothing says it starts at it.
    /// nil is "as soon as the system likes".
    public var earliestBeginDate: Instant?

    public init(_ identifier: String, kind: BackgroundTaskKind, earliestBeginDate: Instant? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
    }
}

/// A launched task the app has not completed yet.
public struct RunningBackgroundTask: Hashable, Sendable {
    public var identifier: String
    public var kind: BackgroundTaskKind
    public var startedAt: Instant
    /// `startedAt + kind.runBudget`, unless a scenario expired it sooner.
    public var expiresAt: Instant
}

/// What `submit` did. `notPermitted` and `tooManyPendingTaskRequests` are
/// `BGTaskScheduler.Error.Code` cases; the app sees them as a thrown error.
public enum BackgroundTaskSubmitResult: Hashable, Sendable {
    case submitted
    /// A request with the same identifier was pending and is replaced (the new floor wins).
    case replaced(previous: BackgroundTaskRequest)
    case notPermitted(missing: String)
    case tooManyPendingTaskRequests(limit: Int)
    /// The identifier is empty or longer than `BackgroundTaskScheduler.maxIdentifierBytes`.
    case invalidIdentifier

    public var isAccepted: Bool {
        switch self {
        case .submitted, .replaced: true
        default: false
        }
    }
}

/// Why a scenario's `bgtask fire` or `bgtask expire`, or the app's `setTaskCompleted`, did nothing.
public enum BackgroundTaskRefusal: String, Hashable, Sendable, CaseIterable {
    /// No pending request has this identifier (never submitted, cancelled, or already fired).
    case notPending
    /// The scenario fired a task before its earliest begin date, which the system never does.
    case beforeEarliestBeginDate
    /// A task with this identifier is already running.
    case alreadyRunning
    /// No launched task with this identifier is running (complete or expire of nothing).
    case notRunning
}
