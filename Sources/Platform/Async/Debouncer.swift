import LockstepCore

/// A debounce on the virtual clock: act once the input has been quiet for `quiet` (a search field
/// that queries 300 ms after the last keystroke, `.task(id:)` plus `Task.sleep` plus cancel).
///
/// Each `poke` restarts the wait: it cancels the armed World timer, takes a new generation and
/// schedules the domain's `wake(token)` event `quiet` after now. When that event arrives the domain
/// calls `fire(token, &world)`, which returns true only for the current generation and only once.
///
/// What a scenario sees, with `quiet` 300 ms and pokes at 0, 100 and 250 ms: three
/// `debounce.poke name=search generation=1|2|3 fireAt=…` records (each a step of its own input),
/// then one `timer:debounce` step at 550 ms (the domain names its wake event
/// `Debouncer.timerKind`) with `debounce.fire name=search generation=3 pokes=3`. The timers of
/// generations 1 and 2 were cancelled, so they never appear. A fire for an old generation (only a
/// domain that schedules its own events can deliver one) is dropped with
/// `rejected input=debounce reason=stale`.
public struct Debouncer: Hashable, Sendable, CanonicallyWritable {
    /// The trace kind a domain gives its wake event in `kind(of:)`.
    public static var timerKind: String { "debounce" }

    /// The debounce's name in records.
    public var name: String { generation.name }
    /// How long the input must be quiet before the fire.
    public let quiet: Duration
    public private(set) var generation: TaskGeneration
    /// Pokes since the last fire (how many inputs the fire stands for).
    public private(set) var pokesSinceFire = 0
    public private(set) var fires = 0
    /// When the armed fire is due; nil when nothing is armed.
    public private(set) var fireAt: Instant?
    private var timer: TimerID?

    /// A debounce named `name` that fires `quiet` after the last poke (a negative interval is zero).
    public init(_ name: String, quiet: Duration) {
        self.generation = TaskGeneration(name)
        self.quiet = quiet < .zero ? .zero : quiet
    }

    /// The input changed now: (re)arms the fire `quiet` from now and returns its generation.
    @discardableResult
    public mutating func poke<D: Domain>(_ world: inout World<D>, wake: (GenerationToken) -> D.Event) -> GenerationToken {
        if let timer { world.cancel(timer) }
        let token = generation.restart()
        pokesSinceFire += 1
        timer = world.schedule(after: quiet, wake(token))
        fireAt = world.now.addingInRange(quiet)
        world.emit(Record("debounce.poke").word("name", name).int("generation", token.rawValue)
            .with("fireAt", fireAt.map { .instant($0) } ?? .word("none")))
        return token
    }

    /// Drops the armed fire (the field was cleared, the view went away); later fires are stale.
    public mutating func cancel<D: Domain>(_ world: inout World<D>) {
        if let timer { world.cancel(timer) }
        timer = nil
        fireAt = nil
        generation.invalidate()
        world.emit(Record("debounce.cancel").word("name", name).int("pokes", pokesSinceFire))
        pokesSinceFire = 0
    }

    /// The wake event for `token` arrived: true (with `debounce.fire`) when it is the armed,
    /// current generation; false (with `rejected input=debounce reason=stale`) otherwise.
    public mutating func fire<D: Domain>(_ token: GenerationToken, _ world: inout World<D>) -> Bool {
        guard timer != nil, generation.isCurrent(token) else {
            world.reject("debounce", "stale") {
                $0.word("name", self.name).int("generation", token.rawValue).int("current", self.generation.current.rawValue)
            }
            return false
        }
        timer = nil
        fireAt = nil
        fires += 1
        world.emit(Record("debounce.fire").word("name", name).int("generation", token.rawValue).int("pokes", pokesSinceFire))
        pokesSinceFire = 0
        return true
    }

    /// `debounce name=search quiet=0.3s generation=3 fireAt=…|none pokes=… fires=…`.
    public func write(to out: inout CanonicalWriter) {
        out.record(Record("debounce").word("name", name).duration("quiet", quiet).int("generation", generation.current.rawValue)
            .with("fireAt", fireAt.map { .instant($0) } ?? .word("none")).int("pokes", pokesSinceFire).int("fires", fires))
    }
}
