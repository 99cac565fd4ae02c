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
/// It sees only the state after the step and the step's outputs; a rule about history ("never
/// decreases") keeps what it needs in the state, in fields the domain's `write` leaves out so no
/// digest or golden depends on them.
public struct Invariant<D: Domain>: Sendable {
    public let name: String
    public let summary: String
    /// `nil` when the invariant holds; otherwise what is broken, in a few words with the values.
    public let check: @Sendable (_ state: D.State, _ outputs: [Record]) -> String?

    public init(_ name: String, _ summary: String, check: @escaping @Sendable (_ state: D.State, _ outputs: [Record]) -> String?) {
        self.name = name
        self.summary = summary
        self.check = check
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
