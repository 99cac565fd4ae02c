import LockstepCore

/// The system's side of an app's widgets (WidgetKit's `WidgetCenter` and the timeline machinery),
/// one value in the domain's state covering every widget kind the app declares.
///
/// - **Calls.** The system calls the domain's `WidgetProvider`: `placeholder`, `snapshot`,
///   `timeline`. A timeline call reads the App Group container as the widget process
///   (`AppGroupStore.snapshot(by: processName)`), unless the container is unavailable
///   (`widget.container-unavailable`, and the provider gets nil).
/// - **Installing.** A timeline keeps its first `EntryTimeline.maxEntries` entries
///   (`widget.limit`), is sorted by date if it was not (`widget.entries-sorted`), and is recorded
///   in full (`widget.timeline`, one `widget.entry` each). The entry shown at an instant is the last
///   at or before it; before the first, the placeholder (`widget.shown ... entry=placeholder`). A
///   timer at each later entry's date records the change (`widget.shown`).
/// - **Policy.** `atEnd` asks again at the last entry's date, `after(d)` at d, `never` only when
///   the app reloads. A date already past is `widget.reload-in-past` and comes due now. A policy
///   refresh never comes sooner than `minRefreshInterval` after the previous policy refresh of the
///   kind (so a provider that keeps answering "in the past" cannot spin; `floor=` in the record).
///   `widget refresh late=D` delays the scheduled refresh by D (`late=` in the records).
/// - **Budget.** Each kind has `refreshBudget` refreshes per day (days counted from the run's
///   start; `set limit.widgetRefreshes N` overrides). Policy refreshes spend it, and so do app
///   reloads made while the app is not in the foreground; reloads from the foreground are free
///   (WidgetKit's documented exemption). A refused policy refresh is deferred to the next budget
///   day (`widget.refresh-deferred reason=budget`); a refused app reload is dropped
///   (`widget.reload-dropped reason=budget`): the widget keeps its timeline.
///
/// The center schedules `WidgetTimer`s through the domain's `wake` closure; the domain names the
/// event `WidgetVocabulary.timerKind` and passes it back to `handle(_:…)`.
public struct WidgetCenter<Content: WidgetContent>: Hashable, Sendable, CanonicallyWritable {
    /// Refreshes per kind per day. WidgetKit documents "typically 40 to 70" for a frequently viewed
    /// widget; the low end, so a domain that fits it fits every device.
    public static var refreshBudget: BudgetLimit { BudgetLimit("widgetRefreshes", 40, "widget timeline refreshes per kind per day (WidgetKit: 40 to 70)") }
    /// WidgetKit does not refresh a widget more often than about every 5 minutes.
    public static var minRefreshInterval: Duration { .minutes(5) }
    /// Kinds an app may declare here (a bound on records and state).
    public static var maxKinds: Int { 16 }
    /// Longest kind name (bytes).
    public static var maxKindBytes: Int { 64 }
    /// Lateness a scenario may inject (a day: beyond it the budget day would roll anyway).
    public static var maxLate: Duration { .hours(24) }

    public private(set) var kinds: [WidgetKindState<Content>]
    /// Whether the widget process can open the App Group container.
    public private(set) var containerAvailable = true
    /// The widget process's name in the App Group's records.
    public let processName: String
    public private(set) var refusals = 0

    /// - Parameters:
    ///   - kinds: 1...`maxKinds` distinct kind names (`NextDose`).
    ///   - budgetOverrides: a scenario's `limit.widgetRefreshes` (`WidgetCenter.budgetOverrides`).
    public init<D: Domain>(kinds: [String], processName: String = "widget", budgetOverrides: BudgetOverrides = BudgetOverrides(),
                           _ world: inout World<D>) {
        precondition((1...WidgetCenter.maxKinds).contains(kinds.count) && Set(kinds).count == kinds.count)
        precondition(kinds.allSatisfy { !$0.isEmpty && $0.utf8.count <= WidgetCenter.maxKindBytes })
        var states: [WidgetKindState<Content>] = []
        for k in kinds {
            var ledger = BudgetLedger([WidgetCenter.refreshBudget])
            if let v = budgetOverrides.value(WidgetCenter.refreshBudget.name) {
                ledger.setLimit(WidgetCenter.refreshBudget.name, v, &world, by: "scenario")
            }
            states.append(WidgetKindState(kind: k, budget: ledger))
        }
        self.kinds = states
        self.processName = processName
    }

    /// Declares `limit.widgetRefreshes` in a domain's `SettingsReader`.
    public static func budgetOverrides(_ settings: inout Fields) throws(ScenarioError) -> BudgetOverrides {
        try BudgetLedger.overrides(&settings, for: [refreshBudget])
    }

    public func state(_ kind: String) -> WidgetKindState<Content>? { kinds.first { $0.kind == kind } }
    /// The entry `kind` shows at `instant` (nil: the placeholder, or an unknown kind).
    public func entry(_ kind: String, at instant: Instant) -> TimelineEntry<Content>? { state(kind)?.entry(at: instant) }

    // MARK: The app's calls

    /// `WidgetCenter.shared.reloadTimelines(ofKind:)`: asks the provider for a new timeline now.
    /// Free from the foreground; from the background it spends the kind's budget (dropped when none
    /// is left). `app` is the app's lifecycle (the caller's process).
    public mutating func reloadTimelines<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        ofKind kind: String, app: AppLifecycle, provider: P, store: inout S, _ world: inout World<D>,
        wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        reload(kind, reason: .app, app: app, provider: provider, store: &store, &world, wake: wake)
    }

    /// `WidgetCenter.shared.reloadAllTimelines()`: every kind, in declaration order, each as
    /// `reloadTimelines(ofKind:)`.
    public mutating func reloadAll<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        app: AppLifecycle, provider: P, store: inout S, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        world.emit(Record("widget.reload-all").int("kinds", kinds.count).word("phase", app.phase.word))
        for k in kinds.map(\.kind) { reload(k, reason: .reloadAll, app: app, provider: provider, store: &store, &world, wake: wake) }
    }

    /// Makes the container openable or not (the app's first launch creates it).
    public mutating func setContainerAvailable<D: Domain>(_ available: Bool, _ world: inout World<D>) {
        containerAvailable = available
        world.emit(Record("widget.container").bool("available", available))
    }

    private mutating func reload<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        _ kind: String, reason: WidgetReloadReason, app: AppLifecycle, provider: P, store: inout S, _ world: inout World<D>,
        wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        guard let k = known(kind, "reload", &world) else { return }
        kinds[k].counts.appReloads += 1
        let foreground = app.phase.isForeground
        world.emit(Record("widget.reload").word("kind", kind).word("by", reason.rawValue).word("phase", app.phase.word)
            .bool("budgeted", !foreground))
        if !foreground {
            guard spend(k, &world) else {
                kinds[k].counts.dropped += 1
                world.emit(Record("widget.reload-dropped").word("kind", kind).word("reason", "budget")
                    .int("limit", kinds[k].budget.limit(WidgetCenter.refreshBudget.name) ?? 0))
                return
            }
        }
        runTimeline(k, reason: reason, provider: provider, store: &store, &world, wake: wake)
    }

    // MARK: The system's calls

    /// Applies a scripted `widget` line or one of the center's timers.
    public mutating func handle<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        _ event: WidgetEvent, provider: P, store: inout S, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        switch event {
        case .line(let line): handle(line, provider: provider, store: &store, &world, wake: wake)
        case .timer(let timer): fire(timer, provider: provider, store: &store, &world, wake: wake)
        }
    }

    public mutating func handle<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        _ line: WidgetLine, provider: P, store: inout S, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        switch line {
        case .call(.placeholder, let kind):
            guard let k = known(kind, "placeholder", &world) else { return }
            kinds[k].counts.placeholders += 1
            let content = provider.placeholder(in: WidgetContext(kind: kind, call: .placeholder, reason: .system, now: world.now))
            world.emit(Record("widget.placeholder").word("kind", kind).string("content", content.text))
        case .call(.snapshot, let kind):
            guard let k = known(kind, "snapshot", &world) else { return }
            kinds[k].counts.snapshots += 1
            let context = WidgetContext(kind: kind, call: .snapshot, reason: .system, now: world.now)
            let container = read(k, .snapshot, store: &store, &world)
            let entry = provider.snapshot(in: context, container: container)
            world.emit(Record("widget.snapshot").word("kind", kind).instant("date", entry.date).string("content", entry.content.text))
        case .call(.timeline, let kind):
            guard let k = known(kind, "timeline", &world) else { return }
            runTimeline(k, reason: .system, provider: provider, store: &store, &world, wake: wake)
        case .refreshLate(let late, let kind):
            let targets: [Int]
            if let kind {
                guard let k = known(kind, "refresh", &world) else { return }
                targets = [k]
            } else {
                targets = Array(kinds.indices)
            }
            for k in targets { makeLate(k, by: late, &world, wake: wake) }
        case .containerUnavailable(let on):
            setContainerAvailable(!on, &world)
        case .shown(let kind):
            let targets: [Int]
            if let kind {
                guard let k = known(kind, "shown", &world) else { return }
                targets = [k]
            } else {
                targets = Array(kinds.indices)
            }
            for k in targets { world.emit(shownRecord(k, kinds[k].timeline?.index(at: world.now))) }
        }
    }

    /// A timer of this center arrived.
    public mutating func fire<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        _ timer: WidgetTimer, provider: P, store: inout S, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        switch timer {
        case .entry(let kind, let generation, let index):
            guard let k = current(kind, generation, "entry", &world) else { return }
            kinds[k].entryTimer = nil
            kinds[k].shownIndex = index
            world.emit(shownRecord(k, index))
            armEntryTimer(k, after: index, &world, wake: wake)
        case .refresh(let kind, let generation):
            guard let k = current(kind, generation, "refresh", &world) else { return }
            kinds[k].refreshTimer = nil
            let due = kinds[k].refreshRequested ?? world.now
            let late = kinds[k].appliedLate
            guard spend(k, &world) else {
                let until = budgetDayStart(kinds[k].budgetDay + 1, &world)
                kinds[k].counts.deferred += 1
                world.emit(Record("widget.refresh-deferred").word("kind", kind).word("reason", "budget").instant("until", until)
                    .int("limit", kinds[k].budget.limit(WidgetCenter.refreshBudget.name) ?? 0))
                kinds[k].nextRefresh = until
                kinds[k].refreshTimer = world.schedule(at: until, wake(.refresh(kind: kind, generation: kinds[k].generation)))
                return
            }
            var r = Record("widget.refresh").word("kind", kind).instant("due", due).duration("lateBy", world.now - due)
            if let late { r = r.duration("late", late) }
            world.emit(r)
            kinds[k].counts.policyRefreshes += 1
            kinds[k].lastPolicyRefresh = world.now
            kinds[k].appliedLate = nil
            runTimeline(k, reason: .policy, provider: provider, store: &store, &world, wake: wake)
        }
    }

    // MARK: Internals

    private mutating func read<S: AppGroupStore, D: Domain>(_ k: Int, _ call: WidgetCall, store: inout S, _ world: inout World<D>) -> S.Snapshot? {
        guard containerAvailable else {
            kinds[k].counts.unavailableReads += 1
            world.emit(Record("widget.container-unavailable").word("kind", kinds[k].kind).word("call", call.rawValue))
            return nil
        }
        return store.snapshot(by: processName, &world)
    }

    private mutating func runTimeline<P: WidgetProvider, S: AppGroupStore, D: Domain>(
        _ k: Int, reason: WidgetReloadReason, provider: P, store: inout S, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event
    ) where P.Content == Content, P.Container == S.Snapshot {
        let context = WidgetContext(kind: kinds[k].kind, call: .timeline, reason: reason, now: world.now)
        let container = read(k, .timeline, store: &store, &world)
        let timeline = provider.timeline(in: context, container: container)
        kinds[k].madeWithoutContainer = container == nil
        install(timeline, k, reason: reason, &world, wake: wake)
    }

    /// Installs `timeline` for kind index `k`: records it, arms the entry and refresh timers.
    private mutating func install<D: Domain>(_ given: EntryTimeline<Content>, _ k: Int, reason: WidgetReloadReason,
                                             _ world: inout World<D>, wake: (WidgetTimer) -> D.Event) {
        let kind = kinds[k].kind
        var timeline = given
        if timeline.entries.count > EntryTimeline<Content>.maxEntries {
            world.emit(Record("widget.limit").word("kind", kind).word("name", "maxEntries").int("limit", EntryTimeline<Content>.maxEntries)
                .int("given", timeline.entries.count))
            timeline.entries = Array(timeline.entries.prefix(EntryTimeline<Content>.maxEntries))
        }
        if !timeline.isSorted {
            // Stable: entries of equal dates keep their order, so the later one still wins.
            timeline.entries = timeline.entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
            world.emit(Record("widget.entries-sorted").word("kind", kind).int("entries", timeline.entries.count))
        }
        if let t = kinds[k].refreshTimer { world.cancel(t) }
        if let t = kinds[k].entryTimer { world.cancel(t) }
        kinds[k].refreshTimer = nil
        kinds[k].entryTimer = nil
        kinds[k].generation += 1
        kinds[k].timeline = timeline
        kinds[k].installedAt = world.now
        kinds[k].counts.timelines += 1
        var r = Record("widget.timeline").word("kind", kind).word("reason", reason.rawValue).int("entries", timeline.entries.count)
        r = timeline.policy.describe(r)
        world.emit(r)
        for (i, e) in timeline.entries.enumerated() {
            world.emit(Record("widget.entry").word("kind", kind).int("i", i).instant("date", e.date).string("content", e.content.text))
        }
        let shown = timeline.index(at: world.now)
        kinds[k].shownIndex = shown
        world.emit(shownRecord(k, shown))
        armEntryTimer(k, after: shown ?? -1, &world, wake: wake)
        scheduleRefresh(k, &world, wake: wake)
    }

    /// Arms the timer of the first entry after index `after` dated later than now.
    private mutating func armEntryTimer<D: Domain>(_ k: Int, after: Int, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event) {
        guard let timeline = kinds[k].timeline else { return }
        var i = after + 1
        while i < timeline.entries.count && timeline.entries[i].date <= world.now { i += 1 }
        guard i < timeline.entries.count else { return }
        kinds[k].entryTimer = world.schedule(at: timeline.entries[i].date,
                                             wake(.entry(kind: kinds[k].kind, generation: kinds[k].generation, index: i)))
    }

    private mutating func scheduleRefresh<D: Domain>(_ k: Int, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event) {
        guard let timeline = kinds[k].timeline else { return }
        let kind = kinds[k].kind
        var requested: Instant
        switch timeline.policy {
        case .never:
            kinds[k].nextRefresh = nil
            kinds[k].refreshRequested = nil
            return
        case .atEnd: requested = timeline.entries.last?.date ?? world.now
        case .after(let d): requested = d
        }
        if requested < world.now {
            kinds[k].counts.pastReloads += 1
            world.emit(Record("widget.reload-in-past").word("kind", kind).word("policy", timeline.policy.word)
                .instant("requested", requested).instant("now", world.now))
            requested = world.now
        }
        var at = requested
        var floored = false
        if let last = kinds[k].lastPolicyRefresh, let floor = last.addingInRange(WidgetCenter.minRefreshInterval), floor > at {
            at = floor
            floored = true
        }
        let late = kinds[k].pendingLate
        if let late { at = at.addingInRange(late) ?? at }
        kinds[k].pendingLate = nil
        kinds[k].appliedLate = late
        var r = Record("widget.refresh-scheduled").word("kind", kind).instant("at", at)
        if floored || late != nil { r = r.instant("requested", requested) }
        if floored { r = r.word("floor", "minRefreshInterval") }
        if let late { r = r.duration("late", late) }
        kinds[k].refreshRequested = requested
        kinds[k].nextRefresh = at
        world.emit(r)
        kinds[k].refreshTimer = world.schedule(at: at, wake(.refresh(kind: kind, generation: kinds[k].generation)))
    }

    /// `widget refresh late=D`: the scheduled refresh moves D later; with none scheduled, the next one will.
    private mutating func makeLate<D: Domain>(_ k: Int, by late: Duration, _ world: inout World<D>, wake: (WidgetTimer) -> D.Event) {
        let kind = kinds[k].kind
        guard let timer = kinds[k].refreshTimer, let next = kinds[k].nextRefresh else {
            kinds[k].pendingLate = late
            world.emit(Record("widget.refresh-late").word("kind", kind).duration("late", late).word("applies", "next"))
            return
        }
        world.cancel(timer)
        let base = next - (kinds[k].appliedLate ?? .zero)
        let at = base.addingInRange(late) ?? base
        kinds[k].appliedLate = late
        kinds[k].nextRefresh = at
        world.emit(Record("widget.refresh-late").word("kind", kind).duration("late", late).instant("due", base).instant("at", at))
        kinds[k].refreshTimer = world.schedule(at: at, wake(.refresh(kind: kind, generation: kinds[k].generation)))
    }

    /// Spends one refresh of kind `k`'s budget, starting a new budget day first when one began.
    private mutating func spend<D: Domain>(_ k: Int, _ world: inout World<D>) -> Bool {
        let day = (world.now - world.start).nanoseconds / Duration.days(1).nanoseconds
        if day > kinds[k].budgetDay {
            kinds[k].budgetDay = day
            kinds[k].budget.reset(WidgetCenter.refreshBudget.name, &world)
        }
        return kinds[k].budget.spend(WidgetCenter.refreshBudget.name, 1, &world)
    }

    private func budgetDayStart<D: Domain>(_ day: Int64, _ world: inout World<D>) -> Instant {
        world.start.addingInRange(Duration.days(1) * day) ?? Instant.latestSupported
    }

    private func shownRecord(_ k: Int, _ index: Int?) -> Record {
        let r = Record("widget.shown").word("kind", kinds[k].kind)
        guard let index, let e = kinds[k].timeline?.entries[index] else { return r.word("entry", "placeholder") }
        return r.int("i", index).instant("date", e.date).string("content", e.content.text)
    }

    private mutating func known<D: Domain>(_ kind: String, _ op: String, _ world: inout World<D>) -> Int? {
        if let k = kinds.firstIndex(where: { $0.kind == kind }) { return k }
        refusals += 1
        let names = kinds.map(\.kind).joined(separator: ",")
        world.emit(Record("widget.refused").word("op", op).word("reason", "unknownKind").string("kind", kind).string("known", names))
        return nil
    }

    private mutating func current<D: Domain>(_ kind: String, _ generation: Int, _ timer: String, _ world: inout World<D>) -> Int? {
        guard let k = kinds.firstIndex(where: { $0.kind == kind }), kinds[k].generation == generation else {
            world.reject("widget", "stale") { $0.word("timer", timer).string("kind", kind).int("generation", generation) }
            return nil
        }
        return k
    }

    /// `widgets { … }`: container availability, then per kind its timeline, refresh and budget.
    public func write(to out: inout CanonicalWriter) {
        out.section("widgets") { w in
            w.bool("containerAvailable", containerAvailable)
            w.int("refusals", refusals)
            for s in kinds {
                var r = Record("kind").word("name", s.kind).int("generation", s.generation)
                    .int("entries", s.timeline?.entries.count ?? 0)
                if let t = s.timeline { r = t.policy.describe(r) }
                r = r.with("nextRefresh", s.nextRefresh.map { .instant($0) } ?? .word("none"))
                    .with("shown", s.shownIndex.map { .int(Int64($0)) } ?? .word("placeholder"))
                    .int("used", s.budget.used(WidgetCenter.refreshBudget.name) ?? 0).int("budgetDay", Int(s.budgetDay))
                w.record(r)
                let c = s.counts
                w.record(Record("counts").word("kind", s.kind).int("timelines", c.timelines).int("snapshots", c.snapshots)
                    .int("placeholders", c.placeholders).int("appReloads", c.appReloads).int("policyRefreshes", c.policyRefreshes)
                    .int("deferred", c.deferred).int("dropped", c.dropped).int("pastReloads", c.pastReloads)
                    .int("unavailableReads", c.unavailableReads))
            }
        }
    }
}
