import LockstepCore
import Platform

/// `countdownWidget`: countdowns (a launch, a flight) kept by an app, shown by two home-screen
/// widgets that read them from the App Group container, and followed on the Lock Screen as Live
/// Activities.
///
/// Not an app with a seed article: a fixture that exercises Platform's `WidgetCenter` and
/// `LiveActivityCenter` through the runner (issue #22), in the shape of an app domain. Its rules
/// are the ones the app notes state for WidgetKit and ActivityKit (pillTracker §7–8, sourdough
/// §15–16, the cross-cutting note on App Groups and foreground-only requests):
/// - the app writes every change to the App Group (`countdown.NAME` = the target, `version`,
///   `validUntil` = the latest target) and then calls `reloadTimelines(ofKind: "Countdown")`; a
///   removal calls `reloadAllTimelines()` (both kinds);
/// - the widgets never see the app's memory: their provider builds the timeline from the container
///   snapshot, one entry now and one at each upcoming target (so the "next" label changes as each
///   countdown ends), policy by the `policy` setting; with the container unavailable it answers the
///   placeholder and retries in an hour;
/// - following a countdown requests a Live Activity (tag = the countdown's name, stale at the
///   target); a request outside the foreground is refused, so the app keeps it pending and asks
///   again when it becomes active; the Lock Screen's `follow` intent may request from the
///   background, `extend` moves the target 10 minutes and updates the activity and the widget.
///
/// Choices (GAPs):
/// - Kinds `Countdown` (the next countdown and how many are upcoming) and `NextUp` (just the next
///   name). At most `maxEntries` (6) entries per timeline: now plus the next five distinct target
///   instants (countdowns ending together share one); later targets come with the atEnd refresh.
/// - `policy` setting: `atEnd` (default: ask again after the last target; `never` when nothing is
///   upcoming, since `atEnd` would then ask again at once), `hourly`
///   (`.after(now + 1 h)`), `never`, `snapshotEnd` (`.after(validUntil)` as the app last wrote it: in
///   the past once every countdown has ended, which WidgetKit answers by refreshing as soon as
///   its minimum interval allows).
/// - The app's launch creates the container (a widget before the first launch sees it
///   unavailable; after `widget containerUnavailable`, the next launch restores it).
/// - An intent pressed while the app is not running launches it in the background first.
/// - A countdown's target is 1 s ... 30 days ahead when added; at most `maxCountdowns` (8).
/// - The app changes countdowns only in the foreground (the user edits them); `follow` works in
///   any running phase (a background task may start following); intents run in the app's process.
public enum CountdownWidget: Domain {
    public static let entry = DomainEntry(Self.self)

    public static let name = "countdownWidget"
    public static let summary = "Fixture: countdowns in an App Group read by widget timelines, followed as Live Activities (issue #22)."

    public static let groupID = "group.app.countdown"
    public static let kinds = ["Countdown", "NextUp"]
    public static let maxCountdowns = 8
    public static let maxEntries = 6
    public static let maxLead = Duration.days(30)
    public static let extendBy = Duration.minutes(10)
    public static let maxNameBytes = 32

    public enum Policy: String, CaseIterable, Sendable { case atEnd, hourly, never, snapshotEnd }

    public enum Event: Sendable {
        case add(name: String, lead: Duration)
        case remove(name: String)
        case follow(name: String)
        case lifecycle(LifecycleLine)
        case widget(WidgetEvent)
        case activity(LiveActivityEvent)
    }

    public struct Settings: Sendable {
        var policy: Policy
        var budget: BudgetOverrides
    }

    public enum Fault: String, DomainFault {
        case noReloadOnChange, noForegroundSync, unavailableNoRetry, noStaleDate

        public var summary: String {
            switch self {
            case .noReloadOnChange: "the app saves a change without reloadTimelines: the widget keeps showing the old countdowns"
            case .noForegroundSync: "a follow refused in the background is never asked again: the Live Activity never appears"
            case .unavailableNoRetry: "with the container unavailable the provider answers an empty timeline and .never: the widget stays blank for good"
            case .noStaleDate: "activities carry no stale date: after the target the Lock Screen still shows a live countdown"
            }
        }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(policy: try s("policy", .choice(Policy.self), default: .atEnd, "the widgets' reload policy: atEnd | hourly | never | snapshotEnd"),
                 budget: try WidgetCenter<WidgetText>.budgetOverrides(&s))
    }

    static let countdownName = FieldKind.word.map("a countdown name (1...32 letters, digits, - or _)", placeholder: { "launch" }, text: { $0 }) { value, _ in
        isName(value) ? value : nil
    }

    static func isName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= maxNameBytes
            && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    public static let events: [EventKind<Event>] = [
        EventKind("add", "The user adds (or moves) a countdown in the app, ending `in` from now.") { f throws(ScenarioError) in
            let name = try f("name", countdownName)
            let lead = try f("in", .duration, "how far ahead the countdown ends (1s ... 30d)")
            if !f.isDeclaring, lead < .seconds(1) || lead > maxLead {
                throw f.error("in=\(lead) must be 1s ... 30d (maxLead)", at: "in")
            }
            return .add(name: name, lead: lead)
        },
        EventKind("remove", "The user removes a countdown in the app.") { f throws(ScenarioError) in .remove(name: try f("name", countdownName)) },
        EventKind("follow", "The app starts following a countdown on the Lock Screen (a Live Activity).") { f throws(ScenarioError) in
            .follow(name: try f("name", countdownName))
        },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        WidgetVocabulary.eventKind { .widget(.line($0)) },
    ] + LiveActivityVocabulary.eventKinds { .activity(.line($0)) }

    public static func kind(of event: Event) -> String {
        switch event {
        case .add: "add"
        case .remove: "remove"
        case .follow: "follow"
        case .lifecycle: LifecycleVocabulary.kind
        case .widget(let e): WidgetVocabulary.kind(of: e)
        case .activity(let e): LiveActivityVocabulary.kind(of: e)
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<CountdownWidget>) throws(ScenarioError) -> State {
        var widgets = WidgetCenter<WidgetText>(kinds: kinds, budgetOverrides: settings.budget, &world)
        // Before the app's first launch there is no container.
        widgets.setContainerAvailable(false, &world)
        return State(policy: settings.policy, widgets: widgets, now: world.now)
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<CountdownWidget>) {
        state.now = world.now
        switch event {
        case .add(let name, let lead):
            guard state.app.phase.isForeground else { return world.reject("add", "appNotForeground") { $0.word("name", name).word("phase", state.app.phase.word) } }
            let isNew = !state.countdowns.contains { $0.name == name }
            guard !isNew || state.countdowns.count < maxCountdowns else {
                return world.reject("add", "limit") { $0.word("name", name).int("maxCountdowns", maxCountdowns) }
            }
            state.setTarget(name, world.now + lead, &world)
            state.changed(reloadAll: false, &world)
            if let target = state.target(name), state.activities.activity(tag: name) != nil {
                state.activities.update(tag: name, content: State.activityContent(name, target), staleDate: state.staleDate(target, &world),
                                        &world, wake: State.wakeActivity)
            }
        case .remove(let name):
            guard state.app.phase.isForeground else { return world.reject("remove", "appNotForeground") { $0.word("name", name).word("phase", state.app.phase.word) } }
            guard state.target(name) != nil else { return world.reject("remove", "unknownCountdown") { $0.word("name", name) } }
            state.removeCountdown(name, &world)
            state.changed(reloadAll: true, &world)
            if state.activities.activity(tag: name) != nil {
                state.activities.end(tag: name, dismissal: .immediate, &world, wake: State.wakeActivity)
            }
        case .follow(let name):
            guard state.app.phase.isRunning else { return world.reject("follow", "appNotRunning") { $0.word("name", name).word("phase", state.app.phase.word) } }
            guard state.target(name) != nil else { return world.reject("follow", "unknownCountdown") { $0.word("name", name) } }
            state.request(name, from: .app(state.app), &world)
        case .lifecycle(let line):
            guard line.process == "app" else { return world.reject("lifecycle", "unknownProcess") { $0.word("process", line.process) } }
            let t = state.app.handle(line.event, &world)
            if t.ignored == nil, case .launch = line.event, !state.widgets.containerAvailable {
                state.widgets.setContainerAvailable(true, &world)
            }
            if t.ignored == nil, state.app.phase == .foregroundActive, !world.isOn(.noForegroundSync) { state.syncPending(&world) }
        case .widget(let e):
            state.widgetCall(e, &world)
        case .activity(let e):
            guard let intent = state.activities.handle(e, &world, wake: State.wakeActivity) else { return }
            // The intent runs in the app's process: the system launches it in the background if needed.
            if !state.app.phase.processExists { state.app.handle(.launch(.backgroundTask), &world) }
            state.runIntent(intent.action, tag: intent.tag, &world)
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) { state.write(to: &out) }
}
