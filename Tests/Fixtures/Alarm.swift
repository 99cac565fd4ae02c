import LockstepCore

/// A daily alarm at a local wall-clock time: the smallest domain that depends on civil time.
///
/// It pins the calendar contract in goldens: the alarm stays at 08:00 local across DST changes, a
/// time inside a spring-forward gap fires at the next valid instant, a repeated hour fires once, and
/// a `zone` change (travel) moves the alarm to the new zone's 08:00.
public enum Alarm: Domain {
    public static let entry = DomainEntry(Self.self)
    public struct State {
        var hour = 8
        var minute = 0
        var next: (id: TimerID, at: Instant)?
        var rings = 0
        var snoozes = 0
    }

    public enum Event {
        case ring
        case snooze(minutes: Int)
        case snoozeOver
    }

    public static let name = "alarm"
    public static let summary = "Fixture: a daily alarm at local wall-clock time across DST and zone changes."
    public struct Settings: Sendable {
        var hour: Int
        var minute: Int
    }

    public enum Fault: String, DomainFault {
        case fixedInterval
        public var summary: String { "re-arms 24 h after the last ring instead of at the next local time (drifts by an hour at DST)" }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(hour: try s("hour", .int, default: 8, in: 0...23), minute: try s("minute", .int, default: 0, in: 0...59))
    }

    public static let events: [EventKind<Event>] = [
        EventKind("snooze", "Snoozes the alarm.") { f throws(ScenarioError) in .snooze(minutes: try f("minutes", .int, in: 1...60)) },
    ]

    public static func kind(of event: Event) -> String {
        switch event {
        case .ring: "alarm"
        case .snooze, .snoozeOver: "snooze"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<Alarm>) throws(ScenarioError) -> State {
        var state = State()
        state.hour = settings.hour
        state.minute = settings.minute
        arm(&state, after: world.now, &world)
        return state
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Alarm>) {
        switch event {
        case .ring:
            state.rings += 1
            world.emit(Record("ring").int("n", state.rings).word("local", world.zone.formatLocal(world.now)))
            if world.isOn(.fixedInterval) {
                let at = world.now + .hours(24)
                state.next = (world.schedule(at: at, .ring), at)
            } else {
                arm(&state, after: world.now, &world)
            }
        case .snooze(let minutes):
            state.snoozes += 1
            world.schedule(after: .minutes(Int64(minutes)), .snoozeOver)
            world.emit(Record("snoozed").int("minutes", minutes))
        case .snoozeOver:
            world.emit(Record("snooze-over").word("local", world.zone.formatLocal(world.now)))
        }
    }

    public static func zoneChanged(_ state: inout State, _ world: inout World<Alarm>) {
        if let next = state.next { world.cancel(next.id) }
        arm(&state, after: world.now, &world)
    }

    static func arm(_ state: inout State, after: Instant, _ world: inout World<Alarm>) {
        guard let at = world.zone.nextMatch(after: after, hour: state.hour, minute: state.minute) else {
            world.emit(Record("unarmed").string("reason", "no matching local time within the search horizon"))
            state.next = nil
            return
        }
        state.next = (world.schedule(at: at, .ring), at)
        world.emit(Record("armed").word("local", world.zone.formatLocal(at)).instant("utc", at))
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        out.write("time", .tuple([.int(state.hour), .int(state.minute)]))
        out.int("rings", state.rings)
        out.int("snoozes", state.snoozes)
        if let next = state.next { out.instant("next", next.at) } else { out.word("next", "none") }
    }
}
