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
        var reminders = PendingReminders()
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

    public struct Settings: Sendable {
        var step: Int64
        var label: String
    }

    public enum Fault: String, DomainFault {
        case offByOne, sharedDice

        public var summary: String {
            switch self {
            case .offByOne: "add counts one more than asked (a classic)"
            case .sharedDice: "every roll restarts the dice stream, so all rolls are equal"
            }
        }
    }

    public static let name = "counter"
    public static let summary = "Fixture: a counter with timers, dice and ids. Exercises the core."

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(step: try s("step", .integer, default: 1, in: -100...100, "added per unit"),
                 label: try s("label", .word, default: "count", "name shown in the state"))
    }

    public static let events: [EventKind<Event>] = [
        EventKind("add", "Adds n times the step.") { f throws(ScenarioError) in
            .add(try f("n", .integer, in: -1_000_000...1_000_000))
        },
        EventKind("remind", "A reminder after a delay.") { f throws(ScenarioError) in
            .remind(after: try f("after", .duration, in: .zero ... .days(365), "delay: 90, 90s, 1h30m"),
                    label: try f("label", .string))
        },
        EventKind("cancel", "Cancels a reminder.") { f throws(ScenarioError) in .cancel(label: try f("label", .string)) },
        EventKind("roll", "Rolls a die.") { f throws(ScenarioError) in .roll(sides: try f("sides", .int, default: 6, in: 2...1_000)) },
        EventKind("id", "Makes a seeded UUID.") { _ throws(ScenarioError) in .newID },
    ]

    public static let generators: [Generator<Event>] = [
        Generator("adds", "count add events of n, interval apart", parameters: { f throws(ScenarioError) in
            (count: try f("count", .int, in: 0...10_000), n: try f("n", .integer, in: -1_000...1_000),
             interval: try f("interval", .duration, in: .zero ... .days(1)))
        }, expand: { p, _ throws(ScenarioError) in
            (0..<p.count).map { Generated(p.interval * Int64($0), .add(p.n)) }
        }),
    ]

    /// The core's invariant and explorer machinery, exercised on the smallest domain.
    public static let invariants: [Invariant<Counter>] = [
        Invariant("totalIsMultipleOfStep", "every add adds n times the step, so the total is a multiple of a non-zero step") { state, _ in
            guard state.step != 0, state.total % state.step != 0 else { return nil }
            return "total \(state.total) is not a multiple of step \(state.step)"
        },
        Invariant("rollWithinSides", "a die of s sides shows 1...s") { _, outputs in
            for r in outputs where r.name == "rolled" {
                guard case .int(let value)? = r.fields.first(where: { $0.key == "value" })?.value,
                      case .int(let sides)? = r.fields.first(where: { $0.key == "sides" })?.value else { continue }
                if value < 1 || value > sides { return "rolled \(value) on a die of \(sides) sides" }
            }
            return nil
        },
    ]

    /// Adds mostly, with rolls, reminders and cancels mixed in, at 0.1 to 2 s apart.
    public static let explorer: Explorer? = Explorer(header: { rng in
        ["set step \(rng.int(in: 2...9))"]
    }, next: { rng, _ in
        let gap = "+\(rng.int(in: 1...20))00ms"
        switch rng.int(below: 10) {
        case 0..<6: return "\(gap) add n=\(rng.int(in: -50...50))"
        case 6: return "\(gap) roll sides=\(rng.int(in: 2...20))"
        case 7: return "\(gap) remind after=\(rng.int(in: 1...30))s label=\"r\(rng.int(below: 3))\""
        case 8: return "\(gap) cancel label=\"r\(rng.int(below: 3))\""
        default: return "\(gap) id"
        }
    })

    public static func kind(of event: Event) -> String {
        switch event {
        case .add: "add"
        case .remind: "remind"
        case .cancel: "cancel"
        case .roll: "roll"
        case .newID: "id"
        case .reminderDue: "reminder"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<Counter>) throws(ScenarioError) -> State {
        State(step: settings.step, label: settings.label, dice: world.rng("dice"))
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Counter>) {
        switch event {
        case .add(let n):
            state.total += n * state.step + (world.isOn(.offByOne) ? 1 : 0)
            world.emit(Output.total(state.total))
        case .remind(let after, let label):
            let id = world.schedule(after: after, .reminderDue(label: label))
            state.reminders.append(label, id)
            world.emit(Output.scheduled(label: label, at: world.now + after))
        case .cancel(let label):
            if let id = state.reminders.removeOldest(label) {
                world.cancel(id)
                world.emit(Output.cancelled(label: label, found: true))
            } else {
                world.emit(Output.cancelled(label: label, found: false))
            }
        case .roll(let sides):
            if world.isOn(.sharedDice) { state.dice = world.rng("dice") }
            let value = state.dice.int(below: sides) + 1
            state.rolls.append(value)
            world.emit(Output.rolled(value: value, sides: sides))
        case .newID:
            world.emit(Output.id(world.uuid()))
        case .reminderDue(let label):
            state.reminders.removeAll(label)
            world.emit(Output.reminder(label: label))
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        out.word("label", state.label)
        out.write("total", .int(state.total))
        out.write("step", .int(state.step))
        out.write("rolls", .tuple(state.rolls.map { .int($0) }))
        out.write("diceDraws", .int(Int64(state.dice.drawCount)))
        out.list("reminders", state.reminders.labels) { w, _, label in w.string("label", label) }
    }
}

/// The counter's pending reminders in the order they were set, several possibly under one label.
///
/// `cancel` removes the oldest reminder of a label and a firing removes every reminder of its
/// label, each in time proportional to what it removes (amortised), not to how many are pending:
/// a label's reminders are queued by label, and removed ones leave a hole in the set-order list
/// until holes outnumber the reminders (then the list is compacted). The state writer still lists
/// every pending reminder at each step.
struct PendingReminders {
    /// Set order; nil where a reminder was removed.
    private var entries: [(label: String, id: TimerID)?] = []
    /// Each label's reminders, as indices into `entries`, oldest first from `head`.
    private var byLabel: [String: (indices: [Int], head: Int)] = [:]
    private(set) var count = 0
    /// Elements visited by compaction and queue trimming: the work beyond O(1) per call, counted so
    /// a test can prove the cost is linear without timing anything.
    private(set) var extraWork = 0

    mutating func append(_ label: String, _ id: TimerID) {
        byLabel[label, default: ([], 0)].indices.append(entries.count)
        entries.append((label, id))
        count += 1
    }

    /// Removes the oldest reminder set under `label` and returns its timer, or nil if there is none.
    mutating func removeOldest(_ label: String) -> TimerID? {
        guard var queue = byLabel[label] else { return nil }
        let i = queue.indices[queue.head]
        queue.head += 1
        if queue.head == queue.indices.count {
            byLabel[label] = nil
        } else {
            if queue.head * 2 > queue.indices.count {
                extraWork += queue.head
                queue.indices.removeFirst(queue.head)
                queue.head = 0
            }
            byLabel[label] = queue
        }
        let id = entries[i]!.id
        remove(at: i)
        compactIfSparse()
        return id
    }

    /// Removes every reminder set under `label`.
    mutating func removeAll(_ label: String) {
        guard let queue = byLabel.removeValue(forKey: label) else { return }
        for i in queue.indices[queue.head...] { remove(at: i) }
        compactIfSparse()
    }

    /// The labels of the pending reminders, in set order.
    var labels: [String] { entries.compactMap { $0?.label } }

    private mutating func remove(at i: Int) {
        entries[i] = nil
        count -= 1
    }

    /// Drops the holes once they outnumber the reminders, so the list stays within twice its count.
    private mutating func compactIfSparse() {
        guard entries.count > 64, entries.count > 2 * count else { return }
        extraWork += entries.count
        let kept = entries.compactMap { $0 }
        entries = kept
        byLabel = [:]
        for (i, r) in kept.enumerated() { byLabel[r.label, default: ([], 0)].indices.append(i) }
    }
}
