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

    @inlinable
    public init(index: Int, time: Instant, elapsed: Duration, kind: StepKind, digest: UInt64?,
                outputs: [Record], artifacts: [Artifact]) {
        self.index = index
        self.time = time
        self.elapsed = elapsed
        self.kind = kind
        self.digest = digest
        self.outputs = outputs
        self.artifacts = artifacts
    }
}

/// The discrete-event core shared by the scenario runner and `Simulation`.
///
/// Owns the domain state and the world, delivers events, fires timers in order (time, then recorded
/// before timer at the same instant, then scheduling order), digests the state after each step, and
/// enforces the timer limits. It knows nothing about files or trace formats.
///
/// Everything here is `@inlinable` on purpose: the engine is generic over the domain, and domains
/// live in other modules. Inlinable code is specialised where the domain is concrete (the registry),
/// which removes the generic-metadata lookups that otherwise dominate the per-event cost.
public struct Engine<D: Domain> {
    public var state: D.State
    public var world: World<D>
    @inlinable public var stepCount: Int { _stepCount }
    @inlinable public var outputCount: Int { _outputCount }
    /// Why the run stopped early (a limit), if it did.
    @inlinable public var stopReason: String? { _stopReason }
    public let digestInterval: Int
    @usableFromInline let limits: ScenarioLimits
    @usableFromInline var canonical = CanonicalWriter()
    @usableFromInline var _stepCount = 0
    @usableFromInline var _outputCount = 0
    @usableFromInline var _stopReason: String?
    @usableFromInline var timerFirings = 0
    @usableFromInline var firingsAtInstant = 0
    @usableFromInline var lastFiringInstant = Instant(nanosecondsSinceEpoch: .min)
    /// `D.invariants`, read once (the property may build its array on every call).
    @usableFromInline let invariants: [Invariant<D>]
    @usableFromInline var _invariantViolations = 0
    @usableFromInline var _firstViolation: InvariantViolation?
    /// How many steps broke an invariant, and the first (see `Invariant`).
    @inlinable public var invariantViolations: Int { _invariantViolations }
    @inlinable public var firstViolation: InvariantViolation? { _firstViolation }

    /// Creates the world and calls the domain's `start`; its outputs become step 0.
    @inlinable
    public init<O: StepObserver>(settings: D.Settings, faults: [D.Fault], start: Instant, zone: Zone, seed: UInt64,
                                 limits: ScenarioLimits = .standard, observer: inout O) throws(ScenarioError) {
        var world = World<D>(start: start, zone: zone, seed: seed, faults: faults, maxPendingTimers: limits.maxPendingTimers)
        self.invariants = D.invariants
        self.state = try D.start(settings, &world)
        self.world = world
        self.limits = limits
        self.digestInterval = max(1, D.digestInterval)
        finishStep(kind: .start, observer: &observer)
    }

    /// The digest of the current state.
    @inlinable
    public mutating func digest() -> UInt64 {
        canonical.reset()
        D.write(state, to: &canonical)
        return canonical.digest
    }

    /// The current state written canonically.
    @inlinable
    public mutating func canonicalState() -> CanonicalWriter {
        canonical.reset()
        D.write(state, to: &canonical)
        return canonical
    }

    @inlinable public var isStopped: Bool { _stopReason != nil }

    /// Delivers one generated (or simulated) event at `time`, named by the domain's `kind(of:)`.
    @inlinable
    public mutating func deliver<O: StepObserver>(_ event: D.Event, at time: Instant, observer: inout O) {
        deliver(event, kind: D.kind(of: event), at: time, observer: &observer)
    }

    /// Delivers one recorded event at `time` (which must not be before `world.now`), named as its line.
    @inlinable
    public mutating func deliver<O: StepObserver>(_ event: D.Event, kind: String, at time: Instant, observer: inout O) {
        precondition(time >= world._now, "the clock only moves forward")
        world._now = time
        D.reduce(&state, event, &world)
        finishStep(kind: .event(kind), observer: &observer)
    }

    /// Changes the device zone (a `zone` line) and lets the domain react.
    @inlinable
    public mutating func changeZone<O: StepObserver>(_ zone: Zone, at time: Instant, observer: inout O) {
        world._now = time
        let before = world._zone
        world._zone = zone
        world.emit(Record("lockstep.zone").word("from", before.name).word("to", zone.name)
            .word("offset", Zone.offsetString(seconds: zone.offsetSeconds(at: time))))
        D.zoneChanged(&state, &world)
        finishStep(kind: .event("zone"), observer: &observer)
    }

    /// Moves the clock forward without an event (the end of a `Simulation.advance`).
    @inlinable
    public mutating func advanceClock(to time: Instant) {
        if time > world._now { world._now = time }
    }

    /// Fires every timer due strictly before `time` (recorded events at an instant go before timers).
    @inlinable
    public mutating func fireTimers<O: StepObserver>(before time: Instant, observer: inout O) {
        fire(observer: &observer) { $0 < time }
    }

    /// Fires every timer due at or before `time` (the end of the run).
    @inlinable
    public mutating func fireTimers<O: StepObserver>(through time: Instant, observer: inout O) {
        fire(observer: &observer) { $0 <= time }
    }

    @inlinable
    mutating func fire<O: StepObserver>(observer: inout O, due: (Instant) -> Bool) {
        guard world.timers.pendingCount > 0 else { return }  // most steps: nothing pending
        while _stopReason == nil, let next = world.timers.nextTime(), due(next) {
            guard let entry = world.timers.pop() else { break }
            if entry.at == lastFiringInstant {
                firingsAtInstant += 1
            } else {
                firingsAtInstant = 1
                lastFiringInstant = entry.at
            }
            timerFirings += 1
            world._now = entry.at
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
    @inlinable
    public mutating func stop<O: StepObserver>(_ limit: String, _ value: Int, observer: inout O) {
        world.emit(Record("lockstep.limit").word("name", limit).int("value", value))
        _stopReason = "limit \(limit)=\(value)"
        finishStep(kind: .event("lockstep.stop"), observer: &observer)
    }

    @inlinable
    mutating func finishStep<O: StepObserver>(kind: StepKind, observer: inout O) {
        let index = _stepCount
        if !invariants.isEmpty { checkInvariants(index: index, kind: kind) }
        let digest: UInt64? = index % digestInterval == 0 ? self.digest() : nil
        observer.observe(StepReport(index: index, time: world._now, elapsed: world._now - world.start, kind: kind,
                                    digest: digest, outputs: world._outputs, artifacts: world._artifacts))
        _stepCount += 1
        _outputCount += world._outputs.count
        if !world._outputs.isEmpty { world._outputs.removeAll(keepingCapacity: true) }
        if !world._artifacts.isEmpty { world._artifacts.removeAll(keepingCapacity: true) }
    }

    /// Checks every invariant after a step; each broken one becomes a record of this step.
    @inlinable
    mutating func checkInvariants(index: Int, kind: StepKind) {
        var broken = false
        let step = InvariantStep(now: world._now, zone: world._zone, kind: kind, index: index)
        for invariant in invariants {
            guard let message = invariant.check(state, world._outputs, step) else { continue }
            broken = true
            world._outputs.append(Record(InvariantViolation.recordName).word("name", invariant.name).string("broken", message))
            if _firstViolation == nil {
                _firstViolation = InvariantViolation(name: invariant.name, step: index, elapsed: world._now - world.start, message: message)
            }
        }
        if broken { _invariantViolations += 1 }
    }
}
