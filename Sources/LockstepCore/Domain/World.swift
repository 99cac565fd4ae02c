/// Everything impure a domain may touch, made deterministic: the virtual clock and zone, seeded
/// randomness and ids, timers, faults, and the output sink.
///
/// A reducer receives `inout World` and must use nothing else for time, randomness or output.
public struct World<D: Domain> {
    public typealias Event = D.Event

    /// The current virtual instant. Only the runner moves it, and only forward.
    @inlinable public var now: Instant { _now }
    /// The scenario's start.
    public let start: Instant
    /// The device's time zone; `zone` events change it mid-run.
    @inlinable public var zone: Zone { _zone }
    /// The scenario seed every random stream derives from.
    public let seed: UInt64
    /// Faults switched on for this run, by name, sorted (the trace header lists them).
    public let faults: [String]
    /// The same faults, typed.
    public let activeFaults: [D.Fault]
    /// Inputs refused or ignored so far (`reject`); the trace footer shows the count.
    @inlinable public var rejectionCount: Int { _rejections }
    /// Outputs of the current step.
    @inlinable public var outputs: [Record] { _outputs }
    /// Artifacts of the current step.
    @inlinable public var artifacts: [Artifact] { _artifacts }

    // Storage the runner mutates. `@usableFromInline` so the engine's inlinable code (specialised in
    // each domain's module, which is what makes the runner fast) can reach it; domains cannot.
    @usableFromInline var _now: Instant
    @usableFromInline var _zone: Zone
    @usableFromInline var _outputs: [Record] = []
    @usableFromInline var _artifacts: [Artifact] = []
    @usableFromInline var timers = TimerQueue<Event>()
    @usableFromInline var nextTimerID: UInt64 = 1
    @usableFromInline var uuidRNG: SeededRNG
    @usableFromInline let maxPendingTimers: Int
    @usableFromInline var _rejections = 0

    @inlinable
    public init(start: Instant, zone: Zone = .utc, seed: UInt64 = 0, faults: [D.Fault] = [],
                maxPendingTimers: Int = ScenarioLimits.standard.maxPendingTimers) {
        self._now = start
        self.start = start
        self._zone = zone
        self.seed = seed
        self.activeFaults = faults
        self.faults = faults.map(\.rawValue).sorted()
        self.uuidRNG = SeededRNG.substream(seed: seed, label: "uuid", index: 0)
        self.maxPendingTimers = maxPendingTimers
    }

    /// Time since the scenario's start.
    @inlinable public var elapsed: Duration { now - start }

    // MARK: Randomness and ids

    /// A fresh generator for the named substream `(label, index)`. The same arguments always give the
    /// same generator, whatever else has been drawn; keep it in state to continue a sequence.
    @inlinable public func rng(_ label: String, _ index: UInt64 = 0) -> SeededRNG {
        SeededRNG.substream(seed: seed, label: label, index: index)
    }

    /// The next seeded UUID (version 4).
    @inlinable public mutating func uuid() -> SeededUUID { SeededUUID.v4(&uuidRNG) }

    // MARK: Faults

    /// Whether the historical bug `fault` is switched on for this run.
    @inlinable public func isOn(_ fault: D.Fault) -> Bool { activeFaults.contains(fault) }

    // MARK: Output

    /// Writes a record for this step. A record named `rejected` (however it was built) counts as a
    /// rejection in the trace footer.
    @inlinable public mutating func emit(_ record: Record) {
        if record.name == "rejected" { _rejections += 1 }
        _outputs.append(record)
    }
    @inlinable public mutating func emit<O: RecordConvertible>(_ output: O) { emit(output.record) }

    /// Refuses or ignores an input, in the one standard shape every domain shares:
    /// `rejected input=<what> reason=<why> ...details`. Silence is a bug: every input a domain does
    /// not act on goes through here, and the trace footer counts them.
    ///
    /// `input` names what was refused (an event kind, `notification`, `callback`); `reason` is a
    /// short word (`out-of-order`, `not-running`, `unknown-rule`).
    @inlinable public mutating func reject(_ input: String, _ reason: String, _ details: (Record) -> Record = { $0 }) {
        emit(details(Record("rejected").word("input", input).word("reason", reason)))
    }

    /// Attaches a binary artifact (a PNG canvas, a LUT) to this step. The trace shows its size and
    /// digest; `record` writes it next to the golden and `check` compares it byte for byte.
    @inlinable public mutating func artifact(_ name: String, _ bytes: [UInt8]) {
        _artifacts.append(Artifact(name: name, bytes: bytes))
        emit(Record("artifact").word("name", name).int("bytes", bytes.count).digest("digest", FNV1a64.hash(bytes)))
    }

    // MARK: Timers

    /// Schedules `event` to arrive `delay` from now. It appears in the trace as `timer:<kind>`, with
    /// the kind the domain's `kind(of:)` gives the event. A delay that would land after
    /// 2200-01-01T00:00:00Z (`ScenarioLimits.timeRange`), however large, drops the timer with a
    /// `lockstep.limit name=timeRange` record; it never traps.
    @inlinable @discardableResult
    public mutating func schedule(after delay: Duration, _ event: Event) -> TimerID {
        guard let at = now.adding(delay) else {
            // Int64 overflow: past the range when the delay is positive, long past when negative.
            if delay.nanoseconds < 0 { return schedule(at: Instant(nanosecondsSinceEpoch: .min), event) }
            let id = TimerID(rawValue: nextTimerID)
            nextTimerID += 1
            emit(Record("lockstep.limit").word("name", "timeRange").instant("value", Instant.latestSupported)
                .word("dropped", D.kind(of: event)).duration("after", delay))
            return id
        }
        return schedule(at: at, event)
    }

    /// Schedules `event` at an absolute instant. An instant in the past fires now, with a record; one
    /// after 2200-01-01T00:00:00Z (`ScenarioLimits.timeRange`) is dropped, with a record.
    @inlinable @discardableResult
    public mutating func schedule(at instant: Instant, _ event: Event) -> TimerID {
        let kind = D.kind(of: event)
        let id = TimerID(rawValue: nextTimerID)
        nextTimerID += 1
        guard instant <= Instant.latestSupported else {
            emit(Record("lockstep.limit").word("name", "timeRange").instant("value", Instant.latestSupported)
                .word("dropped", kind).instant("requested", instant))
            return id
        }
        var at = instant
        if at < now {
            emit(Record("lockstep.late-timer").word("kind", kind).instant("requested", at).instant("firing", now))
            at = now
        }
        guard timers.pendingCount < maxPendingTimers else {
            emit(Record("lockstep.limit").word("name", "maxPendingTimers").int("value", maxPendingTimers)
                .word("dropped", kind))
            return id
        }
        timers.insert(.init(at: at, id: id, kind: kind, event: event))
        return id
    }

    /// Cancels a pending timer. Returns false if it already fired, was cancelled, or never existed.
    @inlinable @discardableResult
    public mutating func cancel(_ id: TimerID) -> Bool { timers.cancel(id) }

    @inlinable public func isPending(_ id: TimerID) -> Bool { timers.isPending(id) }

    /// Number of timers waiting to fire.
    @inlinable public var pendingTimerCount: Int { timers.pendingCount }
}

/// A binary output stored next to the golden.
public struct Artifact: Sendable, Hashable {
    /// File suffix after the scenario name, e.g. `canvas.png`.
    public var name: String
    public var bytes: [UInt8]

    @inlinable public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
