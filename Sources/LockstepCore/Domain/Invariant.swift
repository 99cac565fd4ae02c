/// A property of a domain that must hold after every step, whatever the inputs.
///
/// Checked by the engine after each step (recorded event, timer, zone change), on the state and the
/// step's outputs. A violation is written into that step as a `lockstep.invariant` record
/// (`name=… broken="…"`), so the trace shows where it broke, and `lockstep check` fails the
/// scenario even when its golden was recorded with the violation: a golden cannot pin a broken
/// invariant. The one exception is a scenario that switches a fault on in its own header (`set
/// fault X`), whose golden pins a historical bug on purpose (see `RunSummary.violationsPinned`).
///
/// An invariant is pure, cheap, and says why it must hold in its `summary` (the article's reason).
/// It sees the state after the step, the step's outputs and the step itself (`InvariantStep`: its
/// instant, the device's zone, its kind); a rule about history ("never decreases") keeps what it
/// needs in the state, in fields the domain's `write` leaves out so no digest or golden depends on
/// them.
public struct Invariant<D: Domain>: Sendable {
    public let name: String
    public let summary: String
    @usableFromInline let _check: @Sendable (_ state: D.State, _ outputs: [Record], _ step: InvariantStep) -> String?

    /// `nil` when the invariant holds; otherwise what is broken, in a few words with the values.
    /// `step` defaults to `InvariantStep.detached`, for a test that calls a check outside a run.
    @inlinable
    public func check(_ state: D.State, _ outputs: [Record], _ step: InvariantStep = .detached) -> String? {
        _check(state, outputs, step)
    }

    /// An invariant of the state and the step's outputs only (most are).
    public init(_ name: String, _ summary: String, check: @escaping @Sendable (_ state: D.State, _ outputs: [Record]) -> String?) {
        self.name = name
        self.summary = summary
        self._check = { state, outputs, _ in check(state, outputs) }
    }

    /// An invariant that also needs the step: a rule about "now" (a widget shows today's item, a
    /// reminder fires at its wall-clock time in the current zone) or about one kind of step.
    public init(_ name: String, _ summary: String,
                checkStep: @escaping @Sendable (_ state: D.State, _ outputs: [Record], _ step: InvariantStep) -> String?) {
        self.name = name
        self.summary = summary
        self._check = checkStep
    }
}

/// The step an invariant is checked after.
public struct InvariantStep: Sendable {
    /// The step's instant on the virtual clock (the event's or the timer's time).
    public var now: Instant
    /// The device's zone after the step (a `zone` step has already changed it).
    public var zone: Zone
    /// The step's kind as in the trace: `start`, an event kind, `timer:<kind>`, `zone`.
    public var kind: StepKind
    /// The step index, as in the trace.
    public var index: Int

    /// A step outside any run: the epoch, UTC, `start`, index 0. For tests that call `check` directly.
    public static let detached = InvariantStep(now: Instant(nanosecondsSinceEpoch: 0), zone: .utc, kind: .start, index: 0)

    @inlinable public init(now: Instant, zone: Zone, kind: StepKind, index: Int) {
        self.now = now
        self.zone = zone
        self.kind = kind
        self.index = index
    }
}

/// An invariant's name and reason, for `lockstep list` and the registry's checks.
public struct InvariantInfo: Sendable, Hashable {
    public var name: String
    public var summary: String

    public init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }
}

/// The first invariant a run broke.
public struct InvariantViolation: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// The step index (as in the trace) and its elapsed time.
    public var step: Int
    public var elapsed: Duration
    public var message: String

    public init(name: String, step: Int, elapsed: Duration, message: String) {
        self.name = name
        self.step = step
        self.elapsed = elapsed
        self.message = message
    }

    public var description: String { "invariant \(name) broken at step \(step): \(message)" }

    /// The record a violation adds to its step's outputs.
    public static let recordName = "lockstep.invariant"
}
