import LockstepCore

/// One widget kind's state in a `WidgetCenter`: its timeline, the refresh it waits for, its budget.
public struct WidgetKindState<Content: WidgetContent>: Hashable, Sendable {
    public let kind: String
    /// The installed timeline (entries sorted); nil before the first (the placeholder shows).
    public internal(set) var timeline: EntryTimeline<Content>?
    /// When the installed timeline was made.
    public internal(set) var installedAt: Instant?
    /// Whether the installed timeline was made without the container (it could not be opened).
    public internal(set) var madeWithoutContainer = false
    /// When the policy refresh is due (after the floor and any lateness); nil when none is scheduled.
    public internal(set) var nextRefresh: Instant?
    /// When the policy asked for it (before the floor and lateness).
    public internal(set) var refreshRequested: Instant?
    /// Lateness waiting for the next scheduled refresh (`widget refresh late=`).
    public internal(set) var pendingLate: Duration?
    /// The lateness applied to the scheduled refresh.
    public internal(set) var appliedLate: Duration?
    /// The last policy refresh (for the minimum interval).
    public internal(set) var lastPolicyRefresh: Instant?
    /// The entry last recorded as shown (nil: the placeholder).
    public internal(set) var shownIndex: Int?
    /// Refreshes spent in the current budget day.
    public internal(set) var budget: BudgetLedger
    /// The budget day the ledger counts (whole days since the run's start).
    public internal(set) var budgetDay: Int64 = 0
    public internal(set) var generation = 0
    public internal(set) var counts = Counts()
    var refreshTimer: TimerID?
    var entryTimer: TimerID?

    public struct Counts: Hashable, Sendable {
        public var timelines = 0, snapshots = 0, placeholders = 0, appReloads = 0, policyRefreshes = 0
        public var deferred = 0, dropped = 0, pastReloads = 0, unavailableReads = 0
    }

    init(kind: String, budget: BudgetLedger) {
        self.kind = kind
        self.budget = budget
    }

    /// The entry shown at `instant` (nil: the placeholder).
    public func entry(at instant: Instant) -> TimelineEntry<Content>? { timeline?.entry(at: instant) }
}
