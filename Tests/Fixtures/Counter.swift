import LockstepCore

/// A small domain that touches every part of the core: settings, typed events, timers and
/// cancellation, named random substreams, seeded UUIDs, a generator and a fault.
///
/// Not an app: it exists to pin the runner's behaviour in goldens under `Scenarios/counter/`.
public enum Counter: Domain {
    public static let entry = DomainEntry(Self.self)
    public struct State {
        var total: Int64 = 0
        var step: Int64 = 1
        var label = "count"
        var reminders: [(label: String, id: TimerID)] = []
        var rolls: [Int] = []
        var dice: SeededRNG
    }

    public enum Event {
        case add(Int64)
        case remind(after: Duration, label: String)
        case cancel(label: String)
        case roll(sides: Int)
        case newID
        case reminderDue(label: String)
    }

    enum Output: RecordConvertible {
        case total(Int64)
        case scheduled(label: String, at: Instant)
        case cancelled(label: String, found: Bool)
        case rolled(value: Int, sides: Int)
        case id(SeededUUID)
        case reminder(label: String)

        var record: Record {
            switch self {
            case .total(let t): Record("total").int64("value", t)
            case .scheduled(let label, let at): Record("scheduled").string("label", label).instant("at", at)
            case .cancelled(let label, let found): Record("cancelled").string("label", label).bool("found", found)
            case .rolled(let value, let sides): Record("rolled").int("value", value).int("sides", sides)
            case .id(let uuid): Record("id").word("uuid", uuid.description)
            case .reminder(let label): Record("reminder").string("label", label)
            }
        }
    }

    public static let name = "counter"
    public static let summary = "Fixture: a counter with timers, dice and ids. Exercises the core."
    public static var eventKinds: [EventSpec] {
        [EventSpec("add", "Adds n times the step.", fields: [FieldSpec("n", .integer)]),
         EventSpec("remind", "A reminder after a delay.", fields: [FieldSpec("after", .number, "seconds"), FieldSpec("label", .string)]),
         EventSpec("cancel", "Cancels a reminder.", fields: [FieldSpec("label", .string)]),
         EventSpec("roll", "Rolls a die.", fields: [.optional("sides", .integer, "default 6")]),
         EventSpec("id", "Makes a seeded UUID.")]
    }
    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("step", .integer, default: "1", "added per unit"),
         ConfigSpec("label", .word, default: "count", "name shown in the state")]
    }
    public static var faults: [FaultSpec] {
        [FaultSpec("offByOne", "add counts one more than asked (a classic)"),
         FaultSpec("sharedDice", "every roll restarts the dice stream, so all rolls are equal")]
    }
    public static var generators: [Generator<Event>] {
        [Generator("adds", "count add events of n, interval seconds apart",
                   fields: [FieldSpec("count", .integer), FieldSpec("n", .integer), FieldSpec("interval", .number)]) { line, context throws(ScenarioError) in
            let count = try line.int("count", in: 0...10_000)
            let n = try line.int("n", in: -1_000...1_000)
            let interval = Duration(nanoseconds: Int64((try line.double("interval", in: 0...86_400) * 1e9).rounded()))
            return (0..<count).map { Generated(interval * $0, "add", .add(n)) }
        }]
    }

    public static func start(_ config: Config, _ world: inout World<Event>) throws(ScenarioError) -> State {
        var state = State(dice: world.rng("dice"))
        state.step = try config.int("step", default: 1, in: -100...100)
        state.label = try config.word("label", default: "count")
        return state
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> Event {
        switch line.kind {
        case "add": return .add(try line.int("n", in: -1_000_000...1_000_000))
        case "remind":
            let seconds = try line.double("after", in: 0...86_400 * 365)
            return .remind(after: Duration(nanoseconds: Int64((seconds * 1e9).rounded())), label: try line.string("label"))
        case "cancel": return .cancel(label: try line.string("label"))
        case "roll": return .roll(sides: Int(try line.int("sides", in: 2...1_000, default: 6)))
        case "id": return .newID
        default: throw line.error("counter has no decoder for kind '\(line.kind)' (its EventSpec and decode disagree)")
        }
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Event>) {
        switch event {
        case .add(let n):
            state.total += n * state.step + (world.fault("offByOne") ? 1 : 0)
            world.emit(Output.total(state.total))
        case .remind(let after, let label):
            let id = world.schedule(after: after, "reminder", .reminderDue(label: label))
            state.reminders.append((label, id))
            world.emit(Output.scheduled(label: label, at: world.now + after))
        case .cancel(let label):
            if let i = state.reminders.firstIndex(where: { $0.label == label }) {
                world.cancel(state.reminders[i].id)
                state.reminders.remove(at: i)
                world.emit(Output.cancelled(label: label, found: true))
            } else {
                world.emit(Output.cancelled(label: label, found: false))
            }
        case .roll(let sides):
            if world.fault("sharedDice") { state.dice = world.rng("dice") }
            let value = state.dice.int(below: sides) + 1
            state.rolls.append(value)
            world.emit(Output.rolled(value: value, sides: sides))
        case .newID:
            world.emit(Output.id(world.uuid()))
        case .reminderDue(let label):
            state.reminders.removeAll { $0.label == label }
            world.emit(Output.reminder(label: label))
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        out.word("label", state.label)
        out.write("total", .int(state.total))
        out.write("step", .int(state.step))
        out.write("rolls", .tuple(state.rolls.map { .int($0) }))
        out.write("diceDraws", .int(Int64(state.dice.drawCount)))
        out.list("reminders", state.reminders) { w, _, r in w.string("label", r.label) }
    }
}
