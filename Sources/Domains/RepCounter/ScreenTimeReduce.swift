import LockstepCore
import Platform

/// Which process writes the App Group (matters only under `sharedUnlockArray`).
enum WriterProcess { case app, monitor, shield }

extension RepCounter {
    /// Most rule registrations: one of the 20 slots always stays free for unlocks.
    public static let maxRuleRegistrations = DeviceActivityCenter.maxActivities - 1
    public static let maxHourlyWindowHours = 16

    static func screenTime(_ state: inout RepCounterState, _ event: RepEvent, _ world: inout World<RepCounter>) {
        switch event {
        case .rule(let spec): saveRule(&state, spec, &world)
        case .enable(let name, let on):
            guard var rule = state.screenTime.rule(named: name) else { return unknownRule("enable", name, &world) }
            guard rule.enabled != on else {
                world.emit(RepOutput.setting(name: "rule-enabled", value: .bool(on)))
                return
            }
            rule.enabled = on
            replaceRule(&state, rule)
            world.emit(RepOutput.setting(name: "rule-enabled", value: .bool(on)))
            if on { _ = registerRule(&state, rule, &world) } else { unregisterRule(&state, rule, &world) }
            apply(&state, rule.name, &world)
        case .deleteRule(let name):
            guard let rule = state.screenTime.rule(named: name) else { return unknownRule("deleteRule", name, &world) }
            // Forget the rule first: the stop's echo then finds no rule, and the store is cleared.
            state.screenTime.rules.removeAll { $0.name == name }
            world.emit(RepOutput.setting(name: "rule-deleted", value: .word(name)))
            unregisterRule(&state, rule, &world)
            state.screenTime.unlocks.removeAll { $0.rule == name }
            setShield(&state, name, false, "deleted", &world)
            state.screenTime.shielded.removeAll { $0.rule == name }
        case .usage(let app, let seconds):
            guard app >= 0, seconds > 0, seconds <= 86_400 else {
                world.reject("usage", "out-of-range") { $0.int("app", app).int("seconds", seconds).string("allowed", "app ≥ 0, seconds 1...86400") }
                return
            }
            let r = state.screenTime.center.recordUsage(app: app, seconds: seconds, now: world.now, zone: world.zone)
            world.emit(RepOutput.usage(app: app, seconds: seconds, countedBy: r.countedBy))
            deliver(&state, r.callbacks, &world)
        case .monitor(let kind, let activity, let ev):
            deliver(&state, [Callback(kind: kind, activity: activity, event: ev)], &world)
        case .shieldButton(let name): shieldButton(&state, name, &world)
        case .notificationAdded(let id):
            world.emit(RepOutput.notificationAdded(id: id))
            // Only now may the extension return `.close` (after which iOS may end it).
            world.emit(RepOutput.completion(response: "close"))
        case .notifications(let granted):
            state.screenTime.notificationsGranted = granted
            world.emit(RepOutput.setting(name: "notifications", value: .bool(granted)))
        case .os(let v):
            state.screenTime.os = v
            world.emit(RepOutput.setting(name: "os", value: .word(v.description)))
        case .spend(let name, let seconds):
            guard state.screenTime.rule(named: name) != nil else { return unknownRule("spend", name, &world) }
            guard seconds > 0, seconds <= state.bankedSeconds else {
                world.reject("spend", seconds > 0 ? "not-enough-banked" : "out-of-range") {
                    $0.word("rule", name).int("seconds", seconds).int("banked", state.bankedSeconds)
                }
                return
            }
            state.bankedSeconds -= seconds
            grant(&state, rule: name, seconds: seconds, process: .app, &world)
        case .boundary:
            state.screenTime.boundaryTimer = nil
            state.screenTime.boundaryAt = nil
            let callbacks = state.screenTime.center.crossBoundaries(now: world.now, zone: world.zone)
            deliver(&state, callbacks, &world)
            rescheduleBoundary(&state, &world)
        case .frame, .setStart, .setEnd, .health, .streak, .stepsMode: break
        }
    }

    static func unknownRule(_ event: String, _ name: String, _ world: inout World<RepCounter>) {
        world.reject(event, "unknown-rule") { $0.word("rule", name) }
    }

    static func replaceRule(_ state: inout RepCounterState, _ rule: Rule) {
        if let i = state.screenTime.rules.firstIndex(where: { $0.name == rule.name }) { state.screenTime.rules[i] = rule } else {
            let at = state.screenTime.rules.firstIndex { $0.name > rule.name } ?? state.screenTime.rules.count
            state.screenTime.rules.insert(rule, at: at)
        }
    }

    // MARK: Rules

    /// Validates a saved rule; nil with a reason when iOS could not enforce it.
    static func validate(_ spec: RuleSpec) -> Result<(apps: [Int], mode: RuleMode), RuleError> {
        guard !spec.apps.isEmpty, spec.apps.count <= 50,
              spec.apps.allSatisfy({ $0 >= 0 && $0 <= 1e9 && $0.rounded(.towardZero) == $0 }) else {
            return .failure(RuleError("bad-apps", "apps must be 1...50 whole-number tokens"))
        }
        let apps = Array(Set(spec.apps.map { Int($0) })).sorted()
        func minutes(_ hours: Double) -> Int? {
            let m = hours * 60
            guard m.isFinite, m >= 0, m <= 1440, m.rounded(.towardZero) == m else { return nil }
            return Int(m)
        }
        switch spec.mode {
        case .schedule:
            guard let w = spec.windowHours, let a = minutes(w.0), let b = minutes(w.1), a < b else {
                return .failure(RuleError("bad-window", "a schedule needs window=START,END in hours of one local day (0...24, whole minutes, START < END)"))
            }
            guard b - a >= DeviceActivityCenter.minimumIntervalMinutes else {
                return .failure(RuleError("interval-too-short", "the window is \(b - a) minutes; iOS refuses intervals under 15 minutes"))
            }
            return .success((apps, .schedule(startMinute: a, endMinute: b)))
        case .dailyBudget:
            guard let m = spec.minutes, m >= 1, m <= 1439, m.rounded(.towardZero) == m else {
                return .failure(RuleError("bad-minutes", "a daily budget needs minutes=1...1439"))
            }
            return .success((apps, .dailyBudget(minutes: Int(m))))
        case .hourlyBudget:
            guard let m = spec.minutes, m >= 1, m <= 59, m.rounded(.towardZero) == m else {
                return .failure(RuleError("bad-minutes", "an hourly budget needs minutes=1...59"))
            }
            guard let w = spec.windowHours, w.0.rounded(.towardZero) == w.0, w.1.rounded(.towardZero) == w.1,
                  w.0 >= 0, w.1 <= 24, w.0 < w.1 else {
                return .failure(RuleError("bad-window", "an hourly budget needs window=START,END in whole hours, 0 ≤ START < END ≤ 24"))
            }
            guard w.1 - w.0 <= Double(maxHourlyWindowHours) else {
                return .failure(RuleError("window-too-long", "the window is \(Int(w.1 - w.0)) hours; hourly windows are capped at 16 hours (one daily registration per hour)"))
            }
            return .success((apps, .hourlyBudget(minutesPerHour: Int(m), startHour: Int(w.0), endHour: Int(w.1))))
        }
    }

    /// The activities a rule needs: name, schedule, events.
    static func activities(_ rule: Rule, os: OSRelease) -> [(String, ActivitySchedule, [ActivityEvent])] {
        let past = os >= .pastActivity
        switch rule.mode {
        case .schedule(let a, let b):
            return [(ActivityName.make(.schedule, rule: rule.id), .daily(startMinute: a, endMinute: b), [])]
        case .dailyBudget(let m):
            // 00:00–23:59, as DeviceActivitySchedule spells a whole day.
            return [(ActivityName.make(.budget, rule: rule.id), .daily(startMinute: 0, endMinute: 1439),
                     [ActivityEvent(name: "allowance", apps: rule.apps, thresholdSeconds: m * 60, includesPastActivity: past)])]
        case .hourlyBudget(let m, let h0, let h1):
            return (h0..<h1).map { h in
                (ActivityName.make(.budget, rule: rule.id, slot: h), .daily(startMinute: h * 60, endMinute: h * 60 + 59),
                 [ActivityEvent(name: "allowance", apps: rule.apps, thresholdSeconds: m * 60, includesPastActivity: past)])
            }
        }
    }

    static func saveRule(_ state: inout RepCounterState, _ spec: RuleSpec, _ world: inout World<RepCounter>) {
        let checked: (apps: [Int], mode: RuleMode)
        switch validate(spec) {
        case .failure(let e):
            world.reject("rule", e.reason) { $0.word("rule", spec.name).string("detail", e.message) }
            return
        case .success(let v): checked = v
        }
        let old = state.screenTime.rule(named: spec.name)
        var rule = Rule(name: spec.name, id: old?.id ?? world.uuid(), apps: checked.apps, mode: checked.mode, enabled: spec.enabled)
        let needed = rule.enabled ? activities(rule, os: state.screenTime.os).count : 0
        let others = state.screenTime.rules.filter { $0.name != rule.name && $0.enabled }
            .reduce(0) { $0 + activities($1, os: state.screenTime.os).count }
        guard others + needed <= maxRuleRegistrations else {
            world.reject("rule", "activity-limit") {
                $0.word("rule", spec.name).string("detail", "it needs \(needed) registrations and other rules use \(others); rules may use \(maxRuleRegistrations) of 20 (one slot stays free for unlocks)")
            }
            return
        }
        let change: String
        if let old {
            // Only what iOS enforces triggers a re-registration (a rename of the card would not).
            if old.sameEnforcement(as: rule) && old.enabled == rule.enabled {
                change = "unchanged"
            } else {
                change = "enforcement"
            }
            rule.id = old.id
        } else {
            change = "new"
        }
        replaceRule(&state, rule)
        world.emit(RepOutput.ruleSaved(name: rule.name, id: rule.id, mode: rule.mode.word, registrations: needed, change: change))
        if change != "unchanged" {
            if let old { unregisterRule(&state, old, &world) }
            if rule.enabled { _ = registerRule(&state, rule, &world) }
        }
        apply(&state, rule.name, &world)
    }

    @discardableResult
    static func registerRule(_ state: inout RepCounterState, _ rule: Rule, _ world: inout World<RepCounter>) -> Bool {
        for (name, schedule, events) in activities(rule, os: state.screenTime.os) {
            do {
                let callbacks = try state.screenTime.center.startMonitoring(name, schedule, events: events, now: world.now,
                                                                            zone: world.zone, os: state.screenTime.os)
                world.emit(RepOutput.register(name: name, schedule: schedule, events: events))
                deliver(&state, callbacks, &world)
            } catch {
                world.emit(RepOutput.registerFailed(name: name, error: error))
                rescheduleBoundary(&state, &world)
                return false
            }
        }
        rescheduleBoundary(&state, &world)
        return true
    }

    static func unregisterRule(_ state: inout RepCounterState, _ rule: Rule, _ world: inout World<RepCounter>) {
        let names = state.screenTime.center.registry.map(\.name).filter {
            guard let d = ActivityName.decode($0) else { return false }
            return d.rule == rule.id && (d.kind == .schedule || d.kind == .budget)
        }
        let r = state.screenTime.center.stopMonitoring(names)
        for n in r.removed { world.emit(RepOutput.unregister(name: n)) }
        deliver(&state, r.callbacks, &world)
        rescheduleBoundary(&state, &world)
    }

    static func rescheduleBoundary(_ state: inout RepCounterState, _ world: inout World<RepCounter>) {
        let next = state.screenTime.center.nextBoundary(after: world.now, zone: world.zone)
        if next == state.screenTime.boundaryAt, let id = state.screenTime.boundaryTimer, world.isPending(id) { return }
        if let id = state.screenTime.boundaryTimer { world.cancel(id) }
        state.screenTime.boundaryTimer = nil
        state.screenTime.boundaryAt = next
        if let next { state.screenTime.boundaryTimer = world.schedule(at: next, .boundary) }
    }

    // MARK: The monitor extension

    /// Hands each callback to the monitor; every one ends in `apply` (callbacks are not transitions).
    static func deliver(_ state: inout RepCounterState, _ callbacks: [Callback], _ world: inout World<RepCounter>) {
        var queue = callbacks
        var handled = 0
        while !queue.isEmpty && handled < 1_000 {
            handled += 1
            let c = queue.removeFirst()
            world.emit(RepOutput.callback(c))
            queue += monitor(&state, c, &world)
        }
        if !queue.isEmpty { world.emit(RepOutput.warning("callback limit of 1000 in one step reached; \(queue.count) dropped")) }
    }

    /// A callback the monitor does not act on.
    static func ignore(_ c: Callback, _ reason: String, _ world: inout World<RepCounter>) {
        world.reject("callback", reason) { $0.word("kind", c.kind.rawValue).string("activity", c.activity) }
    }

    /// One monitor callback; returns callbacks it caused (echoes of its own stopMonitoring).
    static func monitor(_ state: inout RepCounterState, _ c: Callback, _ world: inout World<RepCounter>) -> [Callback] {
        guard let d = ActivityName.decode(c.activity) else {
            ignore(c, "malformed-name", &world)
            return []
        }
        guard let rule = state.screenTime.rule(id: d.rule) else {
            ignore(c, "no-such-rule", &world)
            return []
        }
        switch c.kind {
        case .intervalDidStart:
            if d.kind == .grant || d.kind == .warning {
                ignore(c, "\(d.kind.rawValue)-start", &world)
                return []
            }
            if world.isOn(.echoLiftsShield) && d.kind == .budget {
                setShield(&state, rule.name, false, "interval-start-lifts", &world)
                return []
            }
            apply(&state, rule.name, &world)
            return []
        case .eventDidReachThreshold:
            var echoes: [Callback] = []
            switch d.kind {
            case .budget:
                let period = periodKey(rule, world.now, world.zone)
                let key = "spent.\(rule.name).\(period)"
                if !state.screenTime.spent.contains(key) {
                    let at = state.screenTime.spent.firstIndex { $0 > key } ?? state.screenTime.spent.count
                    state.screenTime.spent.insert(key, at: at)
                }
                world.emit(RepOutput.spent(rule: rule.name, period: period))
                if world.isOn(.echoLiftsShield) {
                    setShield(&state, rule.name, true, "threshold-shields", &world)
                    return []
                }
            case .grant:
                removeUnlock(&state, activity: c.activity, reason: "used-up", process: .monitor, &world)
                let r = state.screenTime.center.stopMonitoring([c.activity])
                for n in r.removed { world.emit(RepOutput.unregister(name: n)) }
                echoes = r.callbacks
                rescheduleBoundary(&state, &world)
            case .schedule, .warning: break
            }
            apply(&state, rule.name, &world)
            return echoes
        case .intervalDidEnd:
            if d.kind == .grant { removeUnlock(&state, activity: c.activity, reason: "backstop", process: .monitor, &world) }
            apply(&state, rule.name, &world)
            return []
        case .intervalWillStartWarning, .eventWillReachThresholdWarning:
            ignore(c, "warning-only", &world)
            return []
        }
    }

    static func periodKey(_ rule: Rule, _ now: Instant, _ zone: Zone) -> String {
        if case .hourlyBudget = rule.mode { return LocalClock.hourKey(now, zone) }
        return LocalClock.dayKey(now, zone)
    }

    // MARK: Policy

    /// The pure policy: should the rule's apps be open now? (GAP: the article gives it in prose.)
    public static func shouldBeOpen(_ rule: Rule, now: Instant, zone: Zone, spent: [String], unlocks: [UnlockRecord]) -> (open: Bool, reason: String) {
        if !rule.enabled { return (true, "disabled") }
        if unlocks.contains(where: { $0.rule == rule.name && $0.isActive(now) }) { return (true, "unlocked") }
        switch rule.mode {
        case .schedule(let a, let b):
            let m = TimeOfDay(at: now, in: zone).minutesSinceMidnight
            return a <= m && m < b ? (false, "in-window") : (true, "outside-window")
        case .dailyBudget:
            return spent.contains("spent.\(rule.name).\(LocalClock.dayKey(now, zone))") ? (false, "spent") : (true, "allowance-left")
        case .hourlyBudget(_, let h0, let h1):
            let h = TimeOfDay(at: now, in: zone).hour
            if h < h0 || h >= h1 { return (true, "outside-window") }
            return spent.contains("spent.\(rule.name).\(LocalClock.hourKey(now, zone))") ? (false, "spent") : (true, "allowance-left")
        }
    }

    /// `ShieldEngine.apply`: the rule as it is now, through the policy, into its store.
    static func apply(_ state: inout RepCounterState, _ name: String, _ world: inout World<RepCounter>) {
        guard let rule = state.screenTime.rule(named: name) else { return }
        let p = shouldBeOpen(rule, now: world.now, zone: world.zone, spent: state.screenTime.spent, unlocks: state.screenTime.unlocks)
        setShield(&state, name, !p.open, p.reason, &world)
    }

    static func setShield(_ state: inout RepCounterState, _ name: String, _ on: Bool, _ reason: String, _ world: inout World<RepCounter>) {
        if let i = state.screenTime.shielded.firstIndex(where: { $0.rule == name }) { state.screenTime.shielded[i].on = on } else {
            let at = state.screenTime.shielded.firstIndex { $0.rule > name } ?? state.screenTime.shielded.count
            state.screenTime.shielded.insert((name, on), at: at)
        }
        world.emit(RepOutput.apply(rule: name, shielded: on, reason: reason))
    }

    // MARK: Grants and unlock records

    static func unlockKey(_ activity: String) -> String {
        guard let d = ActivityName.decode(activity) else { return "unlock.invalid" }
        return "unlock.\(d.rule.description).\(d.slot)"
    }

    /// Earned time: a one-shot activity registered BEFORE anything is stored or lifted.
    static func grant(_ state: inout RepCounterState, rule name: String, seconds: Int, process: WriterProcess, _ world: inout World<RepCounter>) {
        guard let rule = state.screenTime.rule(named: name) else { return unknownRule("grant", name, &world) }
        var slot = 0
        while slot < 1_000 && state.screenTime.center.contains(ActivityName.make(.grant, rule: rule.id, slot: slot)) { slot += 1 }
        let activity = ActivityName.make(.grant, rule: rule.id, slot: slot)
        let backstop = Duration.seconds(Int64(Pricing.backstopSeconds(unlockSeconds: seconds)))
        let schedule = ActivitySchedule.once(start: world.now, end: world.now + backstop)
        let event = ActivityEvent(name: "bought", apps: rule.apps, thresholdSeconds: seconds, includesPastActivity: false)
        let record = UnlockRecord(key: unlockKey(activity), rule: name, activity: activity, seconds: seconds,
                                  start: world.now, end: world.now + backstop)
        if world.isOn(.grantAfterLift) {
            storeUnlock(&state, record, process: process, &world)
            apply(&state, name, &world)
        }
        let callbacks: [Callback]
        do {
            callbacks = try state.screenTime.center.startMonitoring(activity, schedule, events: [event], now: world.now,
                                                                    zone: world.zone, os: state.screenTime.os)
        } catch {
            world.emit(RepOutput.registerFailed(name: activity, error: error))
            if !world.isOn(.grantAfterLift) {
                state.bankedSeconds += seconds
                world.reject("grant", error.reason) {
                    $0.word("rule", name).int("seconds", seconds).string("kept", "nothing stored, nothing lifted; the seconds stay banked")
                }
                world.emit(RepOutput.banked(seconds: seconds, total: state.bankedSeconds))
            }
            return
        }
        world.emit(RepOutput.register(name: activity, schedule: schedule, events: [event]))
        deliver(&state, callbacks, &world)
        rescheduleBoundary(&state, &world)
        if !world.isOn(.grantAfterLift) {
            storeUnlock(&state, record, process: process, &world)
            apply(&state, name, &world)
        }
    }

    static func storeUnlock(_ state: inout RepCounterState, _ record: UnlockRecord, process: WriterProcess, _ world: inout World<RepCounter>) {
        if world.isOn(.sharedUnlockArray) {
            // Read-modify-write of one array; the app's copy was read when the set started.
            var base = process == .app ? (state.screenTime.appSnapshot ?? state.screenTime.unlocks) : state.screenTime.unlocks
            base.append(record)
            state.screenTime.unlocks = base
            if process == .app { state.screenTime.appSnapshot = base }
            world.emit(RepOutput.storeWrite(key: "unlocks", records: base.count))
        } else {
            state.screenTime.unlocks.append(record)
            world.emit(RepOutput.unlockStored(key: record.key, seconds: record.seconds, until: record.end))
        }
    }

    static func removeUnlock(_ state: inout RepCounterState, activity: String, reason: String, process: WriterProcess, _ world: inout World<RepCounter>) {
        let key = unlockKey(activity)
        guard state.screenTime.unlocks.contains(where: { $0.key == key }) else { return }
        state.screenTime.unlocks.removeAll { $0.key == key }
        if world.isOn(.sharedUnlockArray) {
            world.emit(RepOutput.storeWrite(key: "unlocks", records: state.screenTime.unlocks.count))
        } else {
            world.emit(RepOutput.unlockRemoved(key: key, reason: reason))
        }
    }

    // MARK: The shield button

    static func shieldButton(_ state: inout RepCounterState, _ name: String, _ world: inout World<RepCounter>) {
        guard state.screenTime.rule(named: name) != nil else { return unknownRule("shieldButton", name, &world) }
        // The pending unlock goes into the App Group first, whatever happens next.
        state.screenTime.pendingUnlock = [name]
        world.emit(RepOutput.pendingUnlock(rules: [name]))
        if state.bankedSeconds >= 60 {
            let seconds = state.bankedSeconds
            state.bankedSeconds = 0
            grant(&state, rule: name, seconds: seconds, process: .shield, &world)
            world.emit(RepOutput.completion(response: "close"))
            return
        }
        if state.screenTime.os >= .shieldOpensApp {
            world.emit(RepOutput.completion(response: "openParentalControlsApp"))
            world.emit(RepOutput.appOpened(screen: "workout", rule: name))
            return
        }
        guard state.screenTime.notificationsGranted else {
            world.emit(RepOutput.completion(response: "close"))
            world.emit(RepOutput.warning("iOS \(state.screenTime.os) with notifications off: the shield has no way back into the app"))
            return
        }
        state.screenTime.notificationsRequested += 1
        let id = "unlock.\(name).\(state.screenTime.notificationsRequested)"
        world.emit(RepOutput.notificationRequested(id: id))
        // The request is handed to UNUserNotificationCenter; its add completes a moment later.
        world.schedule(after: .milliseconds(50), .notificationAdded(id: id))
    }
}

struct RuleError: Error {
    /// The `reason=` of the rejection (kebab-case); `message` is its `detail=`.
    var reason: String
    var message: String
    init(_ reason: String, _ message: String) { self.reason = reason; self.message = message }
}
