import LockstepCore
import Platform

/// `sourdough`: Proofday, an iPhone sourdough planner. The user says when the bread should be
/// ready; the app plans backwards when to feed the starter, mix, fold, shape and bake, scaling the
/// fermentation by kitchen temperature and a learned per-starter factor, keeping every hands-on
/// moment out of quiet hours; it refuses impossible times with a reason and the nearest feasible
/// time, re-plans while the dough is out, and drives notifications, a Live Activity and a widget.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "Planning sourdough backwards in Swift, with
/// quiet hours". Modelled: the temperature factor `2^((24 − clamp(T, 16…30)) / 7)` with a clamp
/// warning; the starter correction EMA (α 0.3, clamp 0.6…1.6, samples 0.25…4 of the *uncorrected*
/// baseline); variants on the 5-minute grid (15-minute lattice for windows over 2 h, bulk never
/// flexes); the per-minute prices (cold proof 0.05, levain 0.15, autolyse 0.2, cool 0.3, bench
/// rest 0.5, default 1; feed-ratio switch 20; violation 10,000); quiet hours as points (edges
/// allowed) and spans (no overlap); the backward shortest path with its tie rules; refusals in the
/// order passed / minimums / target in quiet hours / first violating action of the soft plan, and
/// the nearest feasible time on a 15-minute walk up to 48 h each way; forward re-planning in soft
/// mode with drift 1 per minute, keeping the promise and flagging; time-interval notifications,
/// all rescheduled after any change, with Done / +15 / Snooze 5 handled in the background; the
/// Live Activity rules (request only from the foreground or an intent, 7 h start window, 8 h
/// lifetime, stale date next + 30 min, relevance 100); a widget snapshot of the next seven actions.
///
/// Choices where the article is silent (GAPs), following the app note's Addendum A1–A11:
/// - The recipe is the Addendum's fixture "Beginner Country Loaf" (12 steps, the 12th `ready` of
///   zero length); peaks 1:2:2 = 7 h and 1:5:5 = 9 h at 24 °C; preheat 45/50/60 priced 0.05 per
///   minute off 50; only levain and bulk scale with temperature and correction.
/// - Time axis: absolute minutes; quiet nights are built per local date in the device zone, so a
///   spring-forward night is 7 h and the same wall-clock layout needs a different cold proof.
///   A wall time in a DST gap resolves as `Zone.resolve` does (to the transition), not the
///   Addendum's "offset before" (no fixture needs either). Costs are integer units of 0.01.
/// - Lattices are anchored at the ideal; lengths round half up to the grid; a requested ready time
///   off the grid is rounded up; `earliest` is now rounded up.
/// - Nearest time: later candidate first at equal distance; candidates at or before now skipped.
/// - Re-plan: Done ends the running step at now (rounded up), +15 / Need more time extend its
///   planned end; ties on cost go to the smaller drift, then the earlier end. The running step is
///   not re-checked. Every violating point and span is flagged (the +45 case flags the shape span
///   and the fridge move).
/// - A setup change re-solves the whole request while no step has started, else re-plans forward
///   from the running step; a zone change or significant time change does the same with the
///   promise kept as an absolute instant (Addendum A3).
/// - Notification ids are `<planID>/<step>/<point>` with plan ids `p1`, `p2`, … (readable and
///   deterministic, instead of a seeded UUID); actions at or before now are not scheduled; the
///   `ready` moment notifies too; Snooze 5 re-posts the same id 300 s later without re-planning.
/// - Learning uses the uncorrected prediction stored for the current setup (1:2:2 peak, bulk);
///   an explicit `baseline=` overrides it.
/// - Quiet hours with equal start and end mean none. Ready times more than 14 days ahead are
///   refused (`too-far`): the solve window is bounded.
/// - The Live Activity runs on Platform's `LiveActivityCenter` (tag = plan id, content
///   `next=LABEL at=Www HH:MM ready=Www HH:MM`); the app's guard (enabled, next action < 7 h)
///   says `activity.skipped`, the system's refusals (not foreground) are the center's. Lock
///   Screen intents are `activity intent name=done|plus15 [tag=PLAN]`: they run in the app
///   process (launching it in the background if needed) and may start an activity; any other
///   name, or a tag of another plan, is refused. After `activities enabled=true` a foreground app
///   syncs at once.
/// - The widget runs on Platform's `WidgetCenter` (`NextActionsWidget`: kind `NextActions`, the
///   App Group key `nextActions`, one timeline entry per action as it comes due).
/// - A new plan request replaces the current plan (one bake at a time). The App Attest "Crumb
///   Check" server is not modelled.
public enum Sourdough: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = SourdoughState
    public typealias Event = SourdoughEvent

    public static let name = "sourdough"
    public static let summary = "Proofday: backward sourdough planning on a 5-minute grid around quiet hours, refusals with the nearest time, re-planning, notifications, Live Activity and widget (seed 003, \"Planning sourdough backwards in Swift, with quiet hours\")."

    /// How far ahead a ready time may be.
    public static let maxReadyAheadMinutes = 14 * 24 * 60

    public static let events: [EventKind<SourdoughEvent>] = [
        EventKind("configure", "The setup screen: kitchen temperature, starter, ripeness, quiet hours.") { f throws(ScenarioError) in
            let t = try f("temp", .number, "kitchen temperature, °C")
            let starter = try f("starter", .word, default: "main", "starter id")
            let ripe = try f("ripe", .bool, default: false, "starter already ripe (no levain build)")
            let quiet = try f("quiet", .string, default: "23:00-07:00", "quiet hours HH:MM-HH:MM, local")
            let cpMax = try f.optional("coldProofMax", .int, in: 720...2880, "cold-proof maximum, minutes (at least the 720 ideal)")
            let cpStep = try f.optional("coldProofStep", .int, in: 5...60, "cold-proof lattice step, minutes")
            if !f.isDeclaring, let s = cpStep, s % 5 != 0 { throw f.error("coldProofStep must be a multiple of 5", at: "coldProofStep") }
            return .configure(SetupInput(temperatureC: t, starter: starter, ripe: ripe, quiet: quiet,
                                         coldProofMaxMinutes: cpMax, coldProofStepMinutes: cpStep))
        },
        EventKind("plan", "Plan backwards to a ready time: ready=\"YYYY-MM-DD HH:MM\" (local) or readyIn=DURATION.") { f throws(ScenarioError) in
            let local = try f.optional("ready", .string, "local wall-clock ready time, \"YYYY-MM-DD HH:MM\"")
            let after = try f.optional("readyIn", .duration, "ready this long from now")
            if f.isDeclaring { return .plan(.after(.zero)) }
            switch (local, after) {
            case (let text?, nil):
                guard let ldt = ReadyText.parse(text) else {
                    throw f.error("ready=\"\(text)\" is not a local time \"YYYY-MM-DD HH:MM\"", at: "ready")
                }
                return .plan(.local(ldt, text: text))
            case (nil, let d?): return .plan(.after(d))
            case (nil, nil): throw f.error("plan needs ready=\"YYYY-MM-DD HH:MM\" or readyIn=DURATION")
            default: throw f.error("give ready or readyIn, not both", atAnyOf: ["ready", "readyIn"])
            }
        },
        EventKind("done", "Done: the running step ends now.") { _ throws(ScenarioError) in .done },
        EventKind("plus15", "+15 min on the running step.") { _ throws(ScenarioError) in .plus15 },
        EventKind("needMore", "Need more time: the running step ends later.") { f throws(ScenarioError) in
            .needMore(minutes: try f("minutes", .int, in: -10_000...10_000, "extra minutes"))
        },
        EventKind("logPeak", "The starter peaked after `actual` minutes.") { f throws(ScenarioError) in
            .logPeak(actualMinutes: try f("actual", .number, "minutes"), baselineMinutes: try f.optional("baseline", .number, "minutes"))
        },
        EventKind("logBulkEnd", "The bulk ended after `actual` minutes (aliquot jar).") { f throws(ScenarioError) in
            .logBulkEnd(actualMinutes: try f("actual", .number, "minutes"), baselineMinutes: try f.optional("baseline", .number, "minutes"))
        },
        EventKind("respond", "The user answers a delivered notification: done | plus15 | snooze5 | default | dismiss.") { f throws(ScenarioError) in
            .respond(id: try f("id", .word, "request identifier"), action: try f("action", .word, "action identifier"))
        },
        EventKind("timeChange", "significantTimeChangeNotification.") { _ throws(ScenarioError) in .timeChange },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        WidgetVocabulary.eventKind { .widget(.line($0)) },
    ] + LiveActivityVocabulary.eventKinds { .activity(.line($0)) }

    public static func kind(of event: SourdoughEvent) -> String {
        switch event {
        case .configure: "configure"
        case .plan: "plan"
        case .done: "done"
        case .plus15: "plus15"
        case .needMore: "needMore"
        case .logPeak: "logPeak"
        case .logBulkEnd: "logBulkEnd"
        case .respond: "respond"
        case .timeChange: "timeChange"
        case .activity(let e): LiveActivityVocabulary.kind(of: e)
        case .widget(let e): WidgetVocabulary.kind(of: e)
        case .lifecycle: LifecycleVocabulary.kind
        case .notificationDue: NotificationCentre.timerKind
        }
    }

    public struct Settings: Sendable {
        var permission: NotificationAuthorization
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(permission: try s("permission", .choice(NotificationPermissionAnswer.self), default: .granted,
                                   "the answer to the notification prompt").authorization)
    }

    public static let generators: [Generator<SourdoughEvent>] = SourdoughGenerators.all

    public static func start(_ settings: Settings, _ world: inout World<Sourdough>) throws(ScenarioError) -> SourdoughState {
        var s = SourdoughState()
        _ = s.life.handle(.launch(.user, .foreground), &world)
        _ = s.life.handle(.becomeActive, &world)
        s.centre.requestAuthorization(answer: settings.permission, &world)
        s.centre.setCategories([Notifier.category], &world)
        s.widgets = WidgetCenter<WidgetText>(kinds: [NextActionsWidget.kind], &world)
        return s
    }

    public static func write(_ s: SourdoughState, to out: inout CanonicalWriter) {
        s.life.write(to: &out)
        s.centre.write(to: &out)
        out.section("setup") { w in
            w.fixed("temp", s.setup.temperatureC, 2)
            w.word("starter", s.setup.starter)
            w.bool("ripe", s.setup.ripe)
            w.word("quiet", s.setup.quiet.text)
        }
        out.section("starters") { w in
            for id in s.starters.keys.sorted() {
                let c = s.starters[id]!
                w.record(Record("starter").word("id", id).fixed("value", c.value, 6).int("samples", c.sampleCount))
            }
        }
        if let p = s.plan {
            out.section("plan") { w in
                w.word("id", p.id)
                w.int("promised", p.promisedReady)
                w.int("cost", p.costUnits)
                w.int("drift", p.driftMinutes)
                w.int("extended", p.extendedMinutes)
                for st in p.steps {
                    w.record(Record("step").word("kind", st.variant.kind.rawValue).int("start", st.start)
                        .int("minutes", st.variant.durationMinutes).word("variant", st.variant.ratio ?? st.variant.preheatMinutes.map { "P\($0)" } ?? "-"))
                }
                w.int("flagged", p.flagged.count)
            }
        } else {
            out.word("plan", "none")
        }
        s.activities.write(to: &out)
        s.store.write(to: &out)
        s.widgets?.write(to: &out)
    }
}
