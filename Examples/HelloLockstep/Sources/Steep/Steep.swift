import LockstepCore

/// `steep`: a tea timer. The user picks a tea; the app counts down that tea's steeping time and
/// says when the cup is ready. Starting a new brew replaces the one in progress.
///
/// The example domain of Lockstep's docs (docs/writing-a-domain.md builds it section by section),
/// not an app from an article: the three teas and their steeping times (green 2 min, black 4 min,
/// herbal 5 min), an extra-time setting, one brew at a time, cancel.
///
/// Choices:
/// - A brew started while another runs cancels the first one and says so (`replaced`).
/// - `cancel` with nothing brewing is refused with the standard record, never ignored silently.
/// - Cups are counted from the start of the run.
public enum Steep: Domain {
    /// How the CLI and the tests see the domain.
    public static let entry = DomainEntry(Self.self)

    public static let name = "steep"
    public static let summary = "Tea timer: one brew at a time, ready after the tea's steeping time."

    public enum Tea: String, CaseIterable, Sendable {
        case green, black, herbal

        /// Steeping times before `Settings.extra`.
        var steepTime: Duration {
            switch self {
            case .green: .minutes(2)
            case .black: .minutes(4)
            case .herbal: .minutes(5)
            }
        }
    }

    /// Recorded events and the events timers deliver, in one typed enum.
    public enum Event {
        case steep(Tea)
        case cancel
        /// Delivered by the brew's timer.
        case ready(Tea)
    }

    public struct State {
        var extra: Duration
        var brewing: (tea: Tea, timer: TimerID, readyAt: Instant)? = nil
        var cups = 0
    }

    /// What the app shows; the runner only ever sees the records.
    enum Output: RecordConvertible {
        case started(tea: Tea, readyAt: Instant)
        case replaced(tea: Tea)
        case cancelled(tea: Tea)
        case ready(tea: Tea, cups: Int)

        var record: Record {
            switch self {
            case .started(let tea, let at): Record("started").word("tea", tea.rawValue).instant("readyAt", at)
            case .replaced(let tea): Record("replaced").word("tea", tea.rawValue)
            case .cancelled(let tea): Record("cancelled").word("tea", tea.rawValue)
            case .ready(let tea, let cups): Record("ready").word("tea", tea.rawValue).int("cups", cups)
            }
        }
    }

    public static let events: [EventKind<Event>] = [
        EventKind("steep", "Starts a brew.") { f throws(ScenarioError) in
            .steep(try f("tea", .choice(Tea.self), "which tea"))
        },
        EventKind("cancel", "Stops the brew in progress.") { _ throws(ScenarioError) in .cancel },
    ]

    public struct Settings: Sendable {
        var extra: Duration
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(extra: try s("extra", .duration, default: .zero, in: .zero ... .minutes(10), "added to every steeping time"))
    }

    /// The bug `lockstep mutate` must see caught: the two "ready"s a user would hear.
    public enum Fault: String, DomainFault {
        case keepOldTimer

        public var summary: String { "a new brew does not cancel the old timer, so two cups are announced" }
    }

    public static func kind(of event: Event) -> String {
        switch event {
        case .steep: "steep"
        case .cancel: "cancel"
        case .ready: "ready"
        }
    }

    public static let generators: [Generator<Event>] = [
        Generator("morning", "cups brews of one tea, gap apart", parameters: { f throws(ScenarioError) in
            (cups: try f("cups", .int, in: 1...100), tea: try f("tea", .choice(Tea.self)),
             gap: try f("gap", .duration, in: .seconds(1) ... .days(1)))
        }, expand: { p, _ throws(ScenarioError) in
            (0..<p.cups).map { Generated(p.gap * Int64($0), .steep(p.tea)) }
        }),
    ]

    public static func start(_ settings: Settings, _ world: inout World<Steep>) throws(ScenarioError) -> State {
        State(extra: settings.extra)
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Steep>) {
        switch event {
        case .steep(let tea):
            if let old = state.brewing {
                if !world.isOn(.keepOldTimer) { world.cancel(old.timer) }
                world.emit(Output.replaced(tea: old.tea))
            }
            let readyAt = world.now + tea.steepTime + state.extra
            let timer = world.schedule(at: readyAt, .ready(tea))
            state.brewing = (tea, timer, readyAt)
            world.emit(Output.started(tea: tea, readyAt: readyAt))
        case .cancel:
            guard let brew = state.brewing else {
                world.reject("cancel", "not-brewing")
                return
            }
            world.cancel(brew.timer)
            state.brewing = nil
            world.emit(Output.cancelled(tea: brew.tea))
        case .ready(let tea):
            state.cups += 1
            state.brewing = nil
            world.emit(Output.ready(tea: tea, cups: state.cups))
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        out.write("extra", .duration(state.extra))
        out.int("cups", state.cups)
        if let brew = state.brewing {
            out.section("brewing") { w in
                w.word("tea", brew.tea.rawValue)
                w.instant("readyAt", brew.readyAt)
            }
        } else {
            out.word("brewing", "none")
        }
    }
}
