import LockstepCore

/// ActivityKit as a deterministic model: one value in the domain's state holding the app's Live
/// Activities.
///
/// - `request` works only when `areActivitiesEnabled`, from the foreground (the app's
///   `AppLifecycle` phase) or from a Live Activity intent, and while fewer than `maxActive` are
///   running; otherwise `activity.refused op=request reason=disabled|notForeground|limit|badTag`.
/// - An activity runs at most `maxLifetime` (8 h): then the system ends it (`activity.ended
///   reason=lifetime`). An ended activity stays on the Lock Screen up to `endedLinger` (4 h) and
///   never past `lockScreenLifetime` (12 h) from its start, then `activity.dismissed`.
/// - Content carries a stale date: when it passes, `activity.stale` (the system shows it dimmed);
///   an update with new content starts over.
/// - `update` and `end` find the running activity by its tag (the attributes' identity); none is
///   `activity.refused op=update|end reason=notActive`. Updates work from the background (the
///   app runs code then: a notification action, a background task, an intent).
/// - Turning activities off ends and removes every running one (`reason=disabled`).
///
/// GAPs (ActivityKit documents no exact figure): `maxActive` 5; a request with a stale date
/// already past is accepted and recorded stale at once; of two activities with one tag, `update`
/// and `end` take the newest.
public struct LiveActivityCenter<Content: WidgetContent>: Hashable, Sendable, CanonicallyWritable {
    public static var maxLifetime: Duration { .hours(8) }
    public static var lockScreenLifetime: Duration { .hours(12) }
    public static var endedLinger: Duration { .hours(4) }
    public static var maxActive: Int { 5 }
    /// Activities kept (ended and dismissed ones beyond this are forgotten, oldest first).
    public static var maxKept: Int { 32 }
    public static var maxTagBytes: Int { 64 }

    public private(set) var enabled: Bool
    public private(set) var activities: [LiveActivity<Content>] = []
    public private(set) var nextID = 1
    public private(set) var counts = Counts()

    public struct Counts: Hashable, Sendable {
        public var requested = 0, refused = 0, updates = 0, ended = 0, systemEnded = 0, dismissed = 0, stale = 0, intents = 0
    }

    public init(enabled: Bool = true) { self.enabled = enabled }

    /// `ActivityAuthorizationInfo().areActivitiesEnabled`.
    public var areActivitiesEnabled: Bool { enabled }
    /// Running activities, oldest first.
    public var active: [LiveActivity<Content>] { activities.filter { $0.phase == .active } }
    /// The newest running activity with `tag`.
    public func activity(tag: String) -> LiveActivity<Content>? { activities.last { $0.tag == tag && $0.phase == .active } }
    public func activity(id: Int) -> LiveActivity<Content>? { activities.first { $0.id == id } }
    /// Activities on the Lock Screen now (running or ended, not dismissed).
    public var onLockScreen: [LiveActivity<Content>] { activities.filter { $0.phase != .dismissed } }

    // MARK: The app's calls

    /// `Activity.request(attributes:content:pushType: nil)`. Returns the new activity's id, or nil
    /// (with the refusal record).
    @discardableResult
    public mutating func request<D: Domain>(tag: String, content: Content, staleDate: Instant?, relevance: Int = 0,
                                            from origin: LiveActivityOrigin, _ world: inout World<D>,
                                            wake: (LiveActivityTimer) -> D.Event) -> Int? {
        func refuse(_ reason: String, _ details: (Record) -> Record = { $0 }) -> Int? {
            counts.refused += 1
            world.emit(details(Record("activity.refused").word("op", "request").word("reason", reason).string("tag", tag)
                .word("origin", origin.word)))
            return nil
        }
        guard enabled else { return refuse("disabled") }
        if case .app(let phase) = origin, !phase.isForeground { return refuse("notForeground") { $0.word("phase", phase.word) } }
        guard !tag.isEmpty, tag.utf8.count <= LiveActivityCenter.maxTagBytes else {
            return refuse("badTag") { $0.int("maxTagBytes", LiveActivityCenter.maxTagBytes) }
        }
        guard active.count < LiveActivityCenter.maxActive else {
            return refuse("limit") { $0.int("limit", LiveActivityCenter.maxActive).int("active", self.active.count) }
        }
        let id = nextID
        nextID += 1
        var activity = LiveActivity<Content>(id: id, tag: tag, startedAt: world.now, content: content, staleDate: staleDate, relevance: relevance)
        var r = Record("activity.request").int("id", id).string("tag", tag).word("origin", origin.word)
        if case .intent(let action) = origin { r = r.word("intent", action) }
        r = r.string("content", content.text).with("staleDate", staleDate.map { .instant($0) } ?? .word("none")).int("relevance", relevance)
        world.emit(r)
        counts.requested += 1
        activity.lifetimeTimer = world.schedule(at: world.now.addingInRange(LiveActivityCenter.maxLifetime) ?? Instant.latestSupported,
                                                wake(.lifetime(id: id)))
        if let staleDate {
            activity.staleTimer = world.schedule(at: max(staleDate, world.now), wake(.stale(id: id, generation: 0)))
        }
        activities.append(activity)
        prune()
        return id
    }

    /// `activity.update(content)` of the newest running activity with `tag`. False (with
    /// `activity.refused op=update reason=notActive`) when none runs.
    @discardableResult
    public mutating func update<D: Domain>(tag: String, content: Content, staleDate: Instant?, relevance: Int? = nil,
                                           _ world: inout World<D>, wake: (LiveActivityTimer) -> D.Event) -> Bool {
        guard let i = activities.lastIndex(where: { $0.tag == tag && $0.phase == .active }) else {
            counts.refused += 1
            world.emit(Record("activity.refused").word("op", "update").word("reason", "notActive").string("tag", tag))
            return false
        }
        if let t = activities[i].staleTimer { world.cancel(t) }
        activities[i].staleTimer = nil
        activities[i].generation += 1
        activities[i].content = content
        activities[i].staleDate = staleDate
        activities[i].staleRecorded = false
        if let relevance { activities[i].relevance = relevance }
        activities[i].updates += 1
        counts.updates += 1
        world.emit(Record("activity.update").int("id", activities[i].id).string("tag", tag).string("content", content.text)
            .with("staleDate", staleDate.map { .instant($0) } ?? .word("none")).int("updates", activities[i].updates))
        if let staleDate {
            activities[i].staleTimer = world.schedule(at: max(staleDate, world.now),
                                                      wake(.stale(id: activities[i].id, generation: activities[i].generation)))
        }
        return true
    }

    /// `activity.end(content, dismissalPolicy:)` of the newest running activity with `tag`.
    @discardableResult
    public mutating func end<D: Domain>(tag: String, content: Content? = nil, dismissal: LiveActivityDismissal = .default,
                                        _ world: inout World<D>, wake: (LiveActivityTimer) -> D.Event) -> Bool {
        guard let i = activities.lastIndex(where: { $0.tag == tag && $0.phase == .active }) else {
            counts.refused += 1
            world.emit(Record("activity.refused").word("op", "end").word("reason", "notActive").string("tag", tag))
            return false
        }
        if let content { activities[i].content = content }
        finish(i, .app, dismissal, &world, wake: wake)
        return true
    }

    /// The Settings switch; turning it off ends and removes every running activity.
    public mutating func setEnabled<D: Domain>(_ on: Bool, _ world: inout World<D>, wake: (LiveActivityTimer) -> D.Event) {
        enabled = on
        world.emit(Record("activities.enabled").bool("enabled", on).int("active", active.count))
        guard !on else { return }
        for i in activities.indices where activities[i].phase == .active { finish(i, .disabled, .immediate, &world, wake: wake) }
    }

    // MARK: Lines and timers

    /// Applies a line or a timer. Returns the intent the user pressed (for the domain to run), if any.
    @discardableResult
    public mutating func handle<D: Domain>(_ event: LiveActivityEvent, _ world: inout World<D>,
                                           wake: (LiveActivityTimer) -> D.Event) -> (action: String, tag: String?)? {
        switch event {
        case .line(.enabled(let on)):
            setEnabled(on, &world, wake: wake)
        case .line(.intent(let action, let tag)):
            counts.intents += 1
            if let tag, activity(tag: tag) == nil {
                // A button on an ended activity (still on the Lock Screen) still runs the intent;
                // the record says no running activity has the tag.
                world.emit(Record("activity.intent").word("action", action).string("tag", tag).bool("running", false))
            } else {
                var r = Record("activity.intent").word("action", action)
                if let tag { r = r.string("tag", tag).bool("running", true) }
                world.emit(r)
            }
            return (action, tag)
        case .line(.dismiss(let tag)):
            let pick = activities.lastIndex { $0.phase != .dismissed && (tag == nil || $0.tag == tag) }
            guard let i = pick else {
                counts.refused += 1
                world.emit(Record("activity.refused").word("op", "dismiss").word("reason", "noneShown").string("tag", tag ?? "any"))
                return nil
            }
            if activities[i].phase == .active {
                finish(i, .user, .immediate, &world, wake: wake)
            } else {
                dismiss(i, &world)
            }
        case .timer(.lifetime(let id)):
            guard let i = index(id, "lifetime", &world) else { return nil }
            activities[i].lifetimeTimer = nil
            guard activities[i].phase == .active else { return nil }
            counts.systemEnded += 1
            finish(i, .lifetime, .default, &world, wake: wake)
        case .timer(.stale(let id, let generation)):
            guard let i = index(id, "stale", &world) else { return nil }
            guard activities[i].generation == generation, activities[i].phase == .active, !activities[i].staleRecorded else {
                world.reject("activity", "stale-timer") { $0.int("id", id).int("generation", generation) }
                return nil
            }
            activities[i].staleTimer = nil
            activities[i].staleRecorded = true
            counts.stale += 1
            world.emit(Record("activity.stale").int("id", id).string("tag", activities[i].tag)
                .with("staleDate", activities[i].staleDate.map { .instant($0) } ?? .word("none")).string("content", activities[i].content.text))
        case .timer(.dismiss(let id)):
            guard let i = index(id, "dismiss", &world) else { return nil }
            activities[i].dismissTimer = nil
            guard activities[i].phase == .ended else { return nil }
            dismiss(i, &world)
        }
        return nil
    }

    // MARK: Internals

    private mutating func finish<D: Domain>(_ i: Int, _ reason: LiveActivityEndReason, _ dismissal: LiveActivityDismissal,
                                            _ world: inout World<D>, wake: (LiveActivityTimer) -> D.Event) {
        for t in [activities[i].staleTimer, activities[i].lifetimeTimer].compactMap({ $0 }) { world.cancel(t) }
        activities[i].staleTimer = nil
        activities[i].lifetimeTimer = nil
        activities[i].phase = .ended
        activities[i].endReason = reason
        activities[i].endedAt = world.now
        counts.ended += 1
        let a = activities[i]
        let cap = a.startedAt.addingInRange(LiveActivityCenter.lockScreenLifetime) ?? Instant.latestSupported
        let linger = world.now.addingInRange(LiveActivityCenter.endedLinger) ?? Instant.latestSupported
        var at: Instant
        switch dismissal {
        case .immediate: at = world.now
        case .default: at = min(linger, cap)
        case .after(let d): at = min(max(d, world.now), min(linger, cap))
        }
        at = max(at, world.now)
        world.emit(Record("activity.ended").int("id", a.id).string("tag", a.tag).word("reason", reason.rawValue)
            .duration("age", world.now - a.startedAt).word("dismissal", dismissal.word).instant("dismissAt", at)
            .string("content", a.content.text))
        activities[i].dismissAt = at
        if at == world.now {
            dismiss(i, &world)
        } else {
            activities[i].dismissTimer = world.schedule(at: at, wake(.dismiss(id: a.id)))
        }
    }

    private mutating func dismiss<D: Domain>(_ i: Int, _ world: inout World<D>) {
        if let t = activities[i].dismissTimer { world.cancel(t) }
        activities[i].dismissTimer = nil
        activities[i].phase = .dismissed
        counts.dismissed += 1
        world.emit(Record("activity.dismissed").int("id", activities[i].id).string("tag", activities[i].tag)
            .duration("age", world.now - activities[i].startedAt))
        prune()
    }

    private mutating func index<D: Domain>(_ id: Int, _ timer: String, _ world: inout World<D>) -> Int? {
        if let i = activities.firstIndex(where: { $0.id == id }) { return i }
        world.reject("activity", "stale-timer") { $0.word("timer", timer).int("id", id) }
        return nil
    }

    /// Forgets the oldest dismissed activities beyond `maxKept`.
    private mutating func prune() {
        while activities.count > LiveActivityCenter.maxKept, let i = activities.firstIndex(where: { $0.phase == .dismissed }) {
            activities.remove(at: i)
        }
    }

    /// `activities { … }`: the switch, the counters, each kept activity.
    public func write(to out: inout CanonicalWriter) {
        out.section("activities") { w in
            w.bool("enabled", enabled)
            w.int("nextID", nextID)
            w.record(Record("counts").int("requested", counts.requested).int("refused", counts.refused).int("updates", counts.updates)
                .int("ended", counts.ended).int("systemEnded", counts.systemEnded).int("dismissed", counts.dismissed)
                .int("stale", counts.stale).int("intents", counts.intents))
            for a in activities {
                w.record(Record("activity").int("id", a.id).string("tag", a.tag).word("phase", a.phase.rawValue)
                    .instant("startedAt", a.startedAt).string("content", a.content.text)
                    .with("staleDate", a.staleDate.map { .instant($0) } ?? .word("none")).bool("stale", a.staleRecorded)
                    .int("updates", a.updates).word("endReason", a.endReason?.rawValue ?? "none")
                    .with("dismissAt", a.dismissAt.map { .instant($0) } ?? .word("none")))
            }
        }
    }
}
