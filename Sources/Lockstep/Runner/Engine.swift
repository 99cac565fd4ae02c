/// Receives each finished step. The trace writer is one; `Simulation` collects steps in memory.
public protocol StepObserver {
    mutating func observe(_ step: StepReport)
}

/// One finished step, handed to an observer. Arrays are the world's buffers, valid during the call.
public struct StepReport {
    public var index: Int
    public var time: Instant
    public var elapsed: Duration
    public var kind: StepKind
    public var digest: UInt64?
    public var outputs: [Record]
    public var artifacts: [Artifact]
}

/// The discrete-event core shared by the scenario runner and `Simulation`.
///
/// Owns the domain state and the world, delivers events, fires timers in order (time, then recorded
/// before timer at the same instant, then scheduling order), digests the state after each step, and
/// enforces the timer limits. It knows nothing about files or trace formats.
public struct Engine<D: Domain> {
    public var state: D.State
    public var world: World<D.Event>
    public private(set) var stepCount = 0
    public private(set) var outputCount = 0
    /// Why the run stopped early (a limit), if it did.
    public private(set) var stopReason: String?
    public let digestInterval: Int
    let limits: ScenarioLimits
    var canonical = CanonicalWriter()
    var timerFirings = 0
    var firingsAtInstant = 0
    var lastFiringInstant = Instant(nanosecondsSinceEpoch: .min)

    /// Creates the world and calls the domain's `start`; its outputs become step 0.
    public init<O: StepObserver>(config: Config, start: Instant, zone: Zone, seed: UInt64, limits: ScenarioLimits = .standard,
                                 observer: inout O) throws(ScenarioError) {
        var world = World<D.Event>(start: start, zone: zone, seed: seed, faults: config.faults,
                                   maxPendingTimers: limits.maxPendingTimers)
        self.state = try D.start(config, &world)
        self.world = world
        self.limits = limits
        self.digestInterval = max(1, D.digestInterval)
        finishStep(kind: .start, observer: &observer)
    }

    /// The digest of the current state.
    public mutating func digest() -> UInt64 {
        canonical.reset()
        D.write(state, to: &canonical)
        return canonical.digest
    }

    /// The current state written canonically.
    public mutating func canonicalState() -> CanonicalWriter {
        canonical.reset()
        D.write(state, to: &canonical)
        return canonical
    }

    public var isStopped: Bool { stopReason != nil }

    /// Delivers one recorded or generated event at `time` (which must not be before `world.now`).
    public mutating func deliver<O: StepObserver>(_ event: D.Event, kind: String, at time: Instant, observer: inout O) {
        precondition(time >= world.now, "the clock only moves forward")
        world.now = time
        D.reduce(&state, event, &world)
        finishStep(kind: .event(kind), observer: &observer)
    }

    /// Changes the device zone (a `zone` line) and lets the domain react.
    public mutating func changeZone<O: StepObserver>(_ zone: Zone, at time: Instant, observer: inout O) {
        world.now = time
        let before = world.zone
        world.zone = zone
        world.emit(Record("lockstep.zone").word("from", before.name).word("to", zone.name)
            .word("offset", Zone.offsetString(seconds: zone.offsetSeconds(at: time))))
        D.zoneChanged(&state, &world)
        finishStep(kind: .event("zone"), observer: &observer)
    }

    /// Fires every timer due strictly before `time` (recorded events at an instant go before timers).
    public mutating func fireTimers<O: StepObserver>(before time: Instant, observer: inout O) {
        fire(observer: &observer) { $0 < time }
    }

    /// Fires every timer due at or before `time` (the end of the run).
    public mutating func fireTimers<O: StepObserver>(through time: Instant, observer: inout O) {
        fire(observer: &observer) { $0 <= time }
    }

    private mutating func fire<O: StepObserver>(observer: inout O, due: (Instant) -> Bool) {
        // Most steps have no timer pending. Asking the queue for its next time costs several generic
        // metadata lookups (the engine runs unspecialised, its domain being in another module), which
        // was most of the runner's per-event cost; the count alone is cheap and says the same.
        guard world.timers.pendingCount > 0 else { return }
        while stopReason == nil, let next = world.timers.nextTime(), due(next) {
            guard let entry = world.timers.pop() else { break }
            if entry.at == lastFiringInstant {
                firingsAtInstant += 1
            } else {
                firingsAtInstant = 1
                lastFiringInstant = entry.at
            }
            timerFirings += 1
            world.now = entry.at
            if firingsAtInstant > limits.maxTimerFiringsPerInstant {
                stop("maxTimerFiringsPerInstant", limits.maxTimerFiringsPerInstant, observer: &observer)
                return
            }
            if timerFirings > limits.maxTimerFirings {
                stop("maxTimerFirings", limits.maxTimerFirings, observer: &observer)
                return
            }
            D.reduce(&state, entry.event, &world)
            finishStep(kind: .timer(entry.kind), observer: &observer)
        }
    }

    /// Stops the run at a limit; the limit shows in the trace as its own step.
    public mutating func stop<O: StepObserver>(_ limit: String, _ value: Int, observer: inout O) {
        world.emit(Record("lockstep.limit").word("name", limit).int("value", value))
        stopReason = "limit \(limit)=\(value)"
        finishStep(kind: .event("lockstep.stop"), observer: &observer)
    }

    mutating func finishStep<O: StepObserver>(kind: StepKind, observer: inout O) {
        let index = stepCount
        let digest: UInt64? = index % digestInterval == 0 ? self.digest() : nil
        observer.observe(StepReport(index: index, time: world.now, elapsed: world.now - world.start, kind: kind,
                                    digest: digest, outputs: world.outputs, artifacts: world.artifacts))
        stepCount += 1
        outputCount += world.outputs.count
        if !world.outputs.isEmpty { world.outputs.removeAll(keepingCapacity: true) }
        if !world.artifacts.isEmpty { world.artifacts.removeAll(keepingCapacity: true) }
    }
}
