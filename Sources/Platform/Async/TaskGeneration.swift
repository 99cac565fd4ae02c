import LockstepCore

/// Generation tokens for restartable work: SwiftUI's `.task(id:)` (a new id cancels the old task),
/// a search that restarts on every keystroke, a player tick that a pause must cancel.
///
/// Cancellation in real code is cooperative: the old task may still finish and write its result
/// after the new one started, which is the classic stale-result bug. The model makes that explicit:
/// each start takes a token (`restart()`), the result carries it, and `accept(token, &world)` lets
/// through only the current generation; a stale one is dropped with
/// `rejected input=result reason=stale task=NAME generation=2 current=3`, never silently.
public struct TaskGeneration: Hashable, Sendable, CanonicallyWritable {
    /// The task's name in records (`task=search`).
    public let name: String
    /// The latest generation handed out; 0 before the first start.
    public private(set) var current = GenerationToken(rawValue: 0)
    /// Results dropped as stale so far.
    public private(set) var staleDrops = 0
    /// Results accepted so far.
    public private(set) var accepted = 0

    public init(_ name: String) { self.name = name }

    /// Starts a new run: returns its token and makes every earlier token stale.
    public mutating func restart() -> GenerationToken {
        current = GenerationToken(rawValue: current.rawValue + 1)
        return current
    }

    /// Makes every token stale without starting a new run (the view went away, a pause).
    public mutating func invalidate() { current = GenerationToken(rawValue: current.rawValue + 1) }

    /// Whether `token` is from the latest run (and a run has started).
    public func isCurrent(_ token: GenerationToken) -> Bool { token == current && token.rawValue > 0 }

    /// Whether a result carrying `token` may be applied. A stale one is refused with a record.
    public mutating func accept<D: Domain>(_ token: GenerationToken, _ world: inout World<D>) -> Bool {
        if isCurrent(token) {
            accepted += 1
            return true
        }
        staleDrops += 1
        world.reject("result", "stale") {
            $0.word("task", self.name).int("generation", token.rawValue).int("current", self.current.rawValue)
        }
        return false
    }

    /// `generation task=NAME current=3 accepted=… staleDrops=…`.
    public func write(to out: inout CanonicalWriter) {
        out.record(Record("generation").word("task", name).int("current", current.rawValue).int("accepted", accepted)
            .int("staleDrops", staleDrops))
    }
}
