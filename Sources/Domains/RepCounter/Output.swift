import LockstepCore
import Platform

/// Every record the repCounter domain writes. Signals print with 6 decimals (degrees or torso
/// lengths), rates with 2, money in whole seconds.
public enum RepOutput: RecordConvertible {
    // Counter
    case pose(raw: Double, smoothed: Double, phase: Phase, sides: SignalSides)
    case phaseChanged(phase: Phase, smoothed: Double)
    case missing(frames: Int, sides: SignalSides)
    case counted(reps: Int)
    case hint(String)
    case cannotSeeYou(frames: Int)
    case visibleAgain
    // Sets and pricing
    case setStarted(ordinal: Int, exercise: Exercise, rule: String?, rate: Double, steps: Int, streak: Int)
    case setEnded(ordinal: Int, exercise: Exercise, reps: Int, tooFast: Int, goDeeper: Int, rate: Double, earned: Int, to: String)
    case health(included: Int, excluded: Int, steps: Int, mode: String)
    case stepsPayout(entitled: Int, paidNow: Int, paidToday: Int)
    case banked(seconds: Int, total: Int)
    case setting(name: String, value: Value)
    // Screen Time
    case ruleSaved(name: String, id: SeededUUID, mode: String, registrations: Int, change: String)
    case register(name: String, schedule: ActivitySchedule, events: [ActivityEvent])
    case registerFailed(name: String, error: MonitoringError)
    case unregister(name: String)
    case callback(Callback)
    case apply(rule: String, shielded: Bool, reason: String)
    case spent(rule: String, period: String)
    case unlockStored(key: String, seconds: Int, until: Instant)
    case unlockRemoved(key: String, reason: String)
    case storeWrite(key: String, records: Int)
    case usage(app: Int, seconds: Int, countedBy: Int)
    case pendingUnlock(rules: [String])
    case completion(response: String)
    case notificationRequested(id: String)
    case notificationAdded(id: String)
    case appOpened(screen: String, rule: String)
    case warning(String)

    public var record: Record {
        switch self {
        case .pose(let raw, let smoothed, let phase, let sides):
            Record("pose").fixed("raw", raw, 6).fixed("smoothed", smoothed, 6).word("phase", phase.rawValue).word("sides", sides.rawValue)
        case .phaseChanged(let phase, let smoothed):
            Record("phase").word("to", phase.rawValue).fixed("smoothed", smoothed, 6)
        case .missing(let n, let sides):
            Record("missing").int("frames", n).word("sides", sides.rawValue)
        case .counted(let reps): Record("counted").int("reps", reps)
        case .hint(let text): Record("form-hint").string("text", text)
        case .cannotSeeYou(let n): Record("cannot-see-you").int("missingFrames", n)
        case .visibleAgain: Record("visible-again")
        case .setStarted(let o, let e, let rule, let rate, let steps, let streak):
            Record("set-start").int("set", o).word("exercise", e.rawValue).word("rule", rule ?? "none").fixed("rate", rate, 2)
                .int("steps", steps).int("streak", streak)
        case .setEnded(let o, let e, let reps, let tooFast, let goDeeper, let rate, let earned, let to):
            Record("set-end").int("set", o).word("exercise", e.rawValue).int("reps", reps).int("tooFast", tooFast)
                .int("goDeeper", goDeeper).fixed("rate", rate, 2).int("earnedSeconds", earned).word("to", to)
        case .health(let inc, let exc, let steps, let mode):
            Record("health").int("included", inc).int("excluded", exc).int("steps", steps).word("mode", mode)
        case .stepsPayout(let e, let p, let t): Record("steps-payout").int("entitledMinutes", e).int("paidNow", p).int("paidToday", t)
        case .banked(let s, let total): Record("banked").int("seconds", s).int("total", total)
        case .setting(let name, let value): Record(name).with("value", value)
        case .ruleSaved(let name, let id, let mode, let regs, let change):
            Record("rule-saved").word("name", name).word("id", id.description).word("mode", mode).int("registrations", regs).word("change", change)
        case .register(let name, let schedule, let events):
            RepOutput.schedule(Record("register").string("name", name), schedule)
                .with("events", events.isEmpty ? .word("none") : .tuple(events.map {
                    .word("\($0.name):\($0.thresholdSeconds)s:apps\($0.apps.map(String.init).joined(separator: "+")):past-\($0.includesPastActivity)")
                }))
        case .registerFailed(let name, let error): Record("register-failed").string("name", name).word("error", error.rawValue)
        case .unregister(let name): Record("unregister").string("name", name)
        case .callback(let c):
            Record("callback").word("kind", c.kind.rawValue).string("activity", c.activity).word("event", c.event ?? "none")
        case .apply(let rule, let shielded, let reason): Record("apply").word("rule", rule).bool("shielded", shielded).word("reason", reason)
        case .spent(let rule, let period): Record("spent").word("rule", rule).word("period", period)
        case .unlockStored(let key, let s, let until): Record("unlock-stored").word("key", key).int("seconds", s).instant("until", until)
        case .unlockRemoved(let key, let reason): Record("unlock-removed").word("key", key).word("reason", reason)
        case .storeWrite(let key, let n): Record("store-write").word("key", key).int("records", n)
        case .usage(let app, let s, let n): Record("usage").int("app", app).int("seconds", s).int("countedBy", n)
        case .pendingUnlock(let rules): Record("pending-unlock").with("rules", .tuple(rules.map { .word($0) }))
        case .completion(let r): Record("completion").word("response", r)
        case .notificationRequested(let id): Record("notification-requested").word("id", id)
        case .notificationAdded(let id): Record("notification-added").word("id", id)
        case .appOpened(let screen, let rule): Record("app-opened").word("screen", screen).word("rule", rule)
        case .warning(let text): Record("warning").string("text", text)
        }
    }

    /// Joint names of a bit mask, in Vision's order.
    static func jointList(_ mask: UInt32) -> Value {
        .tuple(JointName.allCases.filter { mask & (1 << UInt32($0.index)) != 0 }.map { .word($0.name) })
    }

    static func schedule(_ r: Record, _ s: ActivitySchedule) -> Record {
        switch s {
        case .daily(let a, let b):
            r.word("repeats", "daily").word("interval", "\(ZeroPad.two(a / 60)):\(ZeroPad.two(a % 60))-\(ZeroPad.two(b / 60)):\(ZeroPad.two(b % 60))")
        case .once(let a, let b): r.word("repeats", "once").instant("from", a).instant("to", b)
        }
    }
}
