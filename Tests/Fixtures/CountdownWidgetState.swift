import LockstepCore
import Platform

extension CountdownWidget {
    /// A countdown as the app keeps it.
    struct Countdown: Hashable, Sendable {
        var name: String
        var target: Instant
    }

    public struct State {
        var policy: Policy
        var app = AppLifecycle()
        var store = KeyValueStore(.appGroup(CountdownWidget.groupID))
        var widgets: WidgetCenter<WidgetText>
        var activities = LiveActivityCenter<WidgetText>()
        /// By name.
        var countdowns: [Countdown] = []
        /// Follows refused because the app was not in the foreground, asked again when it is active.
        var pending: [String] = []
        /// The app's writes to the container so far, and the one each kind's installed timeline read
        /// (nil: none read yet), for `widgetFresh`.
        var storeVersion = 0
        var widgetVersion: [Int?] = Array(repeating: nil, count: CountdownWidget.kinds.count)
        /// App reloads dropped for the budget (the widget may then be legitimately behind).
        var droppedReloads = 0
        /// The instant of the event being reduced (for the invariants, which see only the state).
        var now: Instant

        init(policy: Policy, widgets: WidgetCenter<WidgetText>, now: Instant) {
            self.now = now
            self.policy = policy
            self.widgets = widgets
        }

        static let wakeWidget: @Sendable (WidgetTimer) -> Event = { .widget(.timer($0)) }
        static let wakeActivity: @Sendable (LiveActivityTimer) -> Event = { .activity(.timer($0)) }

        func target(_ name: String) -> Instant? { countdowns.first { $0.name == name }?.target }

        func provider(_ world: World<CountdownWidget>) -> Provider {
            Provider(policy: policy, noRetry: world.isOn(.unavailableNoRetry))
        }

        static func activityContent(_ name: String, _ target: Instant) -> WidgetText {
            WidgetText("\(name) ends=\(CivilTime.iso8601UTC(target))")
        }

        func staleDate(_ target: Instant, _ world: inout World<CountdownWidget>) -> Instant? {
            world.isOn(.noStaleDate) ? nil : target
        }

        // MARK: The app's writes

        mutating func setTarget(_ name: String, _ target: Instant, _ world: inout World<CountdownWidget>) {
            if let i = countdowns.firstIndex(where: { $0.name == name }) {
                countdowns[i].target = target
            } else {
                countdowns.append(Countdown(name: name, target: target))
                countdowns.sort { $0.name < $1.name }
            }
            store.write(Provider.keyPrefix + name, CivilTime.iso8601UTC(target), &world)
            world.emit(Record("countdown").word("name", name).instant("target", target).int("count", countdowns.count))
        }

        mutating func removeCountdown(_ name: String, _ world: inout World<CountdownWidget>) {
            countdowns.removeAll { $0.name == name }
            pending.removeAll { $0 == name }
            store.remove(Provider.keyPrefix + name, &world)
            world.emit(Record("countdown.removed").word("name", name).int("count", countdowns.count))
        }

        /// After a change: the version and `validUntil` keys, then the reload (unless the fault).
        mutating func changed(reloadAll: Bool, _ world: inout World<CountdownWidget>) {
            storeVersion += 1
            store.write("version", String(storeVersion), &world)
            let latest = countdowns.map(\.target).max()
            store.write("validUntil", latest.map { CivilTime.iso8601UTC($0) } ?? CivilTime.iso8601UTC(world.now), &world)
            guard !world.isOn(.noReloadOnChange) else { return }
            let before = widgets.kinds.map(\.counts)
            let provider = provider(world)
            if reloadAll {
                widgets.reloadAll(app: app, provider: provider, store: &store, &world, wake: State.wakeWidget)
            } else {
                widgets.reloadTimelines(ofKind: CountdownWidget.kinds[0], app: app, provider: provider, store: &store, &world, wake: State.wakeWidget)
            }
            noteReads(before)
        }

        /// Which kinds installed a timeline read from the container since `before`.
        mutating func noteReads(_ before: [WidgetKindState<WidgetText>.Counts]) {
            for (k, s) in widgets.kinds.enumerated() {
                droppedReloads += s.counts.dropped - before[k].dropped
                if s.counts.timelines > before[k].timelines, s.counts.unavailableReads == before[k].unavailableReads {
                    widgetVersion[k] = storeVersion
                }
            }
        }

        mutating func widgetCall(_ e: WidgetEvent, _ world: inout World<CountdownWidget>) {
            let before = widgets.kinds.map(\.counts)
            widgets.handle(e, provider: provider(world), store: &store, &world, wake: State.wakeWidget)
            noteReads(before)
        }

        // MARK: Live Activities

        /// Requests the activity of `name`; a refusal for the phase is kept pending.
        mutating func request(_ name: String, from origin: LiveActivityOrigin, _ world: inout World<CountdownWidget>) {
            guard let target = target(name) else { return }
            if activities.activity(tag: name) != nil {
                world.emit(Record("follow").word("name", name).word("result", "alreadyRunning"))
                return
            }
            guard target > world.now else { return world.reject("follow", "ended") { $0.word("name", name).instant("target", target) } }
            let id = activities.request(tag: name, content: State.activityContent(name, target), staleDate: staleDate(target, &world),
                                        from: origin, &world, wake: State.wakeActivity)
            if id == nil, case .app(let phase) = origin, !phase.isForeground, activities.areActivitiesEnabled {
                if !pending.contains(name) { pending.append(name) }
                world.emit(Record("follow.pending").word("name", name).int("pending", pending.count))
            } else {
                pending.removeAll { $0 == name }
            }
        }

        /// On becoming active: asks again for every follow refused in the background.
        mutating func syncPending(_ world: inout World<CountdownWidget>) {
            guard !pending.isEmpty else { return }
            let names = pending
            pending = []
            world.emit(Record("follow.sync").int("pending", names.count))
            for name in names { request(name, from: .app(app), &world) }
        }

        /// A Live Activity intent the user pressed: `follow` requests, `extend` moves the target.
        mutating func runIntent(_ action: String, tag: String?, _ world: inout World<CountdownWidget>) {
            guard let name = tag, target(name) != nil else {
                return world.reject("intent", "unknownCountdown") { $0.word("action", action).word("tag", tag ?? "none") }
            }
            switch action {
            case "follow":
                request(name, from: .intent(action: action), &world)
            case "extend":
                let moved = (target(name) ?? world.now) + CountdownWidget.extendBy
                setTarget(name, moved, &world)
                changed(reloadAll: false, &world)
                if activities.activity(tag: name) != nil {
                    activities.update(tag: name, content: State.activityContent(name, moved), staleDate: staleDate(moved, &world),
                                      &world, wake: State.wakeActivity)
                }
            default:
                world.reject("intent", "unknownIntent") { $0.word("action", action).word("known", "follow,extend") }
            }
        }

        func write(to out: inout CanonicalWriter) {
            out.section("countdowns") { w in
                for c in countdowns { w.record(Record("countdown").word("name", c.name).instant("target", c.target)) }
                w.string("pending", pending.joined(separator: ","))
                w.int("storeVersion", storeVersion)
            }
            app.write(to: &out)
            store.write(to: &out)
            widgets.write(to: &out)
            activities.write(to: &out)
        }
    }
}
