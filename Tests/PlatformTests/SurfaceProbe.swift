import LockstepCore
import LockstepRunner
import Platform

/// A domain that speaks the `widget`, `activities`, `activity` and `lifecycle` vocabularies, for
/// tests of `WidgetCenter` and `LiveActivityCenter` through the runner (timers included).
///
/// - `put value=V` writes `count=V` into the App Group store (as the app).
/// - `policy mode=atEnd|after|never|past [in=DURATION]` chooses the provider's answer.
/// - `reload` / `reloadAll`: the app reloads the `Count` kind / every kind.
/// - `begin tag=T [stale=DURATION]`, `bump tag=T [stale=]`, `stop tag=T [immediate=true]`: the app's
///   Live Activity calls; an intent `start` requests from the intent, any other intent updates.
enum SurfaceProbe: Domain {
    static let entry = DomainEntry(Self.self)

    struct Settings: Sendable { var budget: BudgetOverrides }

    struct Provider: WidgetProvider {
        var policy: String
        var inDuration: Duration
        func placeholder(in context: WidgetContext) -> WidgetText { WidgetText("count=?") }
        func snapshot(in context: WidgetContext, container: KeyValueSnapshot?) -> TimelineEntry<WidgetText> {
            TimelineEntry(date: context.now, content: WidgetText("count=\(container?.string("count") ?? "none")"))
        }
        func timeline(in context: WidgetContext, container: KeyValueSnapshot?) -> EntryTimeline<WidgetText> {
            guard let container else { return .unavailable(placeholder: placeholder(in: context), now: context.now) }
            let c = container.string("count") ?? "none"
            let now = context.now
            let entries = [0, 1, 2].map { h in TimelineEntry(date: now + .hours(Int64(h)), content: WidgetText("count=\(c) h=\(h)")) }
            switch policy {
            case "after": return EntryTimeline(entries: entries, policy: .after(now + inDuration))
            case "never": return EntryTimeline(entries: entries, policy: .never)
            case "past": return EntryTimeline(entries: entries, policy: .after(now - .minutes(10)))
            default: return EntryTimeline(entries: entries, policy: .atEnd)
            }
        }
    }

    struct State {
        var app = AppLifecycle()
        var store = KeyValueStore(.appGroup("group.probe"))
        var widgets: WidgetCenter<WidgetText>
        var activities = LiveActivityCenter<WidgetText>()
        var policy = "atEnd"
        var inDuration = Duration.minutes(30)
        var provider: Provider { Provider(policy: policy, inDuration: inDuration) }
    }

    enum Event: Sendable {
        case put(String)
        case policy(String, Duration)
        case reload, reloadAll
        case start(String, Duration?), bump(String, Duration?), stop(String, Bool)
        case lifecycle(LifecycleLine)
        case widget(WidgetEvent)
        case activity(LiveActivityEvent)
    }

    static let name = "surfaceProbe"
    static let summary = "test"
    static let settings = SettingsReader<Settings> { s throws(ScenarioError) in Settings(budget: try WidgetCenter<WidgetText>.budgetOverrides(&s)) }

    static let events: [EventKind<Event>] = [
        EventKind("put", "app writes count") { f throws(ScenarioError) in .put(try f("value", .word)) },
        EventKind("policy", "provider policy") { f throws(ScenarioError) in
            .policy(try f("mode", .word), try f("in", .duration, default: .minutes(30), "after: how far ahead"))
        },
        EventKind("reload", "app reloads Count") { _ throws(ScenarioError) in .reload },
        EventKind("reloadAll", "app reloads all") { _ throws(ScenarioError) in .reloadAll },
        EventKind("begin", "app requests") { f throws(ScenarioError) in .start(try f("tag", .word), try f.optional("stale", .duration, "stale after")) },
        EventKind("bump", "app updates") { f throws(ScenarioError) in .bump(try f("tag", .word), try f.optional("stale", .duration, "stale after")) },
        EventKind("stop", "app ends") { f throws(ScenarioError) in .stop(try f("tag", .word), try f("immediate", .bool, default: false, "dismiss now")) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        WidgetVocabulary.eventKind { .widget(.line($0)) },
    ] + LiveActivityVocabulary.eventKinds { .activity(.line($0)) }

    static func kind(of event: Event) -> String {
        switch event {
        case .put: "put"
        case .policy: "policy"
        case .reload: "reload"
        case .reloadAll: "reloadAll"
        case .start: "begin"
        case .bump: "bump"
        case .stop: "stop"
        case .lifecycle: LifecycleVocabulary.kind
        case .widget(let e): WidgetVocabulary.kind(of: e)
        case .activity(let e): LiveActivityVocabulary.kind(of: e)
        }
    }

    static func start(_ settings: Settings, _ world: inout World<SurfaceProbe>) throws(ScenarioError) -> State {
        State(widgets: WidgetCenter(kinds: ["Count", "Other"], budgetOverrides: settings.budget, &world))
    }

    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<SurfaceProbe>) {
        let wakeW: (WidgetTimer) -> Event = { .widget(.timer($0)) }
        let wakeA: (LiveActivityTimer) -> Event = { .activity(.timer($0)) }
        func stale(_ d: Duration?) -> Instant? { d.map { world.now + $0 } }
        switch event {
        case .put(let v): state.store.write("count", v, &world)
        case .policy(let mode, let d):
            state.policy = mode
            state.inDuration = d
        case .reload: state.widgets.reloadTimelines(ofKind: "Count", app: state.app, provider: state.provider, store: &state.store, &world, wake: wakeW)
        case .reloadAll: state.widgets.reloadAll(app: state.app, provider: state.provider, store: &state.store, &world, wake: wakeW)
        case .start(let tag, let s):
            state.activities.request(tag: tag, content: WidgetText("started"), staleDate: stale(s), from: .app(state.app), &world, wake: wakeA)
        case .bump(let tag, let s):
            state.activities.update(tag: tag, content: WidgetText("bumped"), staleDate: stale(s), &world, wake: wakeA)
        case .stop(let tag, let immediate):
            state.activities.end(tag: tag, dismissal: immediate ? .immediate : .default, &world, wake: wakeA)
        case .lifecycle(let line): state.app.handle(line.event, &world)
        case .widget(let e): state.widgets.handle(e, provider: state.provider, store: &state.store, &world, wake: wakeW)
        case .activity(let e):
            guard let intent = state.activities.handle(e, &world, wake: wakeA) else { return }
            let tag = intent.tag ?? "intent"
            if intent.action == "start" {
                state.activities.request(tag: tag, content: WidgetText("from-intent"), staleDate: nil, from: .intent(action: intent.action), &world, wake: wakeA)
            } else {
                state.activities.update(tag: tag, content: WidgetText(intent.action), staleDate: nil, &world, wake: wakeA)
            }
        }
    }

    static func write(_ state: State, to out: inout CanonicalWriter) {
        state.app.write(to: &out)
        state.widgets.write(to: &out)
        state.activities.write(to: &out)
    }
}

/// Runs `events` through `SurfaceProbe` and returns the trace's record lines (indent removed)
/// whose names start with one of `prefixes`.
func runSurface(_ events: String, settings: String = "", prefixes: [String] = ["widget.", "activity.", "activities.", "budget.", "rejected"]) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain surfaceProbe\n" + settings + "\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(SurfaceProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { l in prefixes.contains { l.hasPrefix("  " + $0) } }.map { String($0.dropFirst(2)) }
}

/// The located error of a scenario, or nil when it runs.
func surfaceError(_ events: String) -> String? {
    do { _ = try runSurface(events); return nil } catch { return error.description }
}
