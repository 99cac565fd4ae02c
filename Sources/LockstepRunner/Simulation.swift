import LockstepCore

/// Runs a domain from Swift, for unit tests: send typed events at virtual times, advance the clock,
/// and inspect outputs and state. Uses the same engine as the scenario runner, so ordering, timers,
/// digests and limits behave exactly as they do in a golden.
///
/// ```swift
/// var sim = try Simulation<Counter>(seed: 42)
/// sim.send(.add(3), at: .seconds(1))
/// #expect(sim.outputs.last == Record("total").int64("value", 3))
/// ```
public struct Simulation<D: Domain> {
    /// Collects every step.
    public struct Log: StepObserver {
        public var steps: [StepReport] = []
        public mutating func observe(_ step: StepReport) { steps.append(step) }
    }

    public private(set) var engine: Engine<D>
    public private(set) var log = Log()
    private var consumedSteps = 0

    /// Starts the domain. `settings` are `set` lines as text (`["step 2", "fault offByOne"]`).
    public init(seed: UInt64 = 0, start: Instant = .defaultStart, zone: Zone = .utc, settings: [String] = [],
                limits: ScenarioLimits = .standard) throws(ScenarioError) {
        var text = "lockstep 1\ndomain \(D.name)\n"
        for s in settings { text += "set \(s)\n" }
        let reader = try ScenarioReader(display: "<simulation>", bytes: Array(text.utf8), files: nil, limits: limits)
        let header = try reader.readHeader()
        let setup = try Runner.makeSetup(D.self, header: header, options: RunOptions(limits: limits), source: nil)
        var log = Log()
        engine = try Engine<D>(settings: setup.settings, faults: setup.faults, start: start, zone: zone, seed: seed,
                               limits: limits, observer: &log)
        self.log = log
    }

    /// Starts the domain with typed settings and faults (no scenario text involved).
    public init(settings: D.Settings, faults: [D.Fault] = [], seed: UInt64 = 0, start: Instant = .defaultStart,
                zone: Zone = .utc, limits: ScenarioLimits = .standard) throws(ScenarioError) {
        var log = Log()
        engine = try Engine<D>(settings: settings, faults: faults, start: start, zone: zone, seed: seed, limits: limits,
                               observer: &log)
        self.log = log
    }

    public var state: D.State { engine.state }
    public var world: World<D> { engine.world }
    public var now: Instant { engine.world.now }

    /// Every output record so far, in order.
    public var outputs: [Record] { log.steps.flatMap(\.outputs) }
    /// Steps so far (step 0 is the start).
    public var steps: [StepReport] { log.steps }

    /// Outputs produced since the last call (handy for "this event caused exactly these records").
    public mutating func takeOutputs() -> [Record] {
        let new = log.steps[consumedSteps...].flatMap(\.outputs)
        consumedSteps = log.steps.count
        return new
    }

    /// Delivers `event` at `elapsed` since the start, firing due timers first (recorded before timer
    /// at the same instant, as in scenarios). Times before `now` are a programming error in the test.
    /// The step is named by the domain's `kind(of:)`, as a scenario line of that kind would be.
    public mutating func send(_ event: D.Event, at elapsed: Duration) {
        guard let time = engine.world.start.addingInRange(elapsed) else {
            preconditionFailure("Simulation.send: \(elapsed) s after the start is outside \(Instant.supportedRangeText)")
        }
        precondition(time >= engine.world.now, "Simulation.send: time goes backwards")
        engine.fireTimers(before: time, observer: &log)
        engine.deliver(event, at: time, observer: &log)
    }

    /// Delivers `event` now.
    public mutating func send(_ event: D.Event) {
        send(event, at: engine.world.now - engine.world.start)
    }

    /// Fires every timer due up to and including `elapsed` since the start, and moves the clock there.
    public mutating func advance(to elapsed: Duration) {
        guard let time = engine.world.start.addingInRange(elapsed) else {
            preconditionFailure("Simulation.advance: \(elapsed) s after the start is outside \(Instant.supportedRangeText)")
        }
        engine.fireTimers(through: time, observer: &log)
        engine.advanceClock(to: time)
    }

    /// Advances by `delta`.
    public mutating func advance(by delta: Duration) {
        guard let time = engine.world.now.addingInRange(delta) else {
            preconditionFailure("Simulation.advance: \(delta) s from now is outside \(Instant.supportedRangeText)")
        }
        advance(to: time - engine.world.start)
    }

    /// Changes the device zone, as a `zone` scenario line does.
    public mutating func changeZone(_ zone: Zone) {
        engine.changeZone(zone, at: engine.world.now, observer: &log)
    }

    /// The digest of the current state.
    public mutating func digest() -> UInt64 { engine.digest() }
}
