/// The one protocol every simulated app fits.
///
/// A domain is a pure reducer: `reduce(&state, event, &world)` is the only way its state changes,
/// and everything that would make it impure (time, randomness, timers, ids, outputs, faults) goes
/// through `world`. Given the same scenario, a domain produces the same trace, byte for byte, on
/// every machine.
public protocol Domain: SendableMetatype {
    associatedtype State
    associatedtype Event

    /// The scenario name, lowerCamelCase: `repCounter`.
    static var name: String { get }
    /// One line for `lockstep list`: what the app does and which seed article it comes from.
    static var summary: String { get }
    /// Every event kind the scenario may use. The runner validates lines against these.
    static var eventKinds: [EventSpec] { get }
    /// Every `set KEY VALUE` key.
    static var configKeys: [ConfigSpec] { get }
    /// Historical bugs that can be re-enabled (`set fault NAME`).
    static var faults: [FaultSpec] { get }
    /// Generators usable as `gen NAME ARGS`.
    static var generators: [Generator<Event>] { get }
    /// Write a state digest every this many steps (1 = every step). Large states choose more.
    static var digestInterval: Int { get }

    /// Builds the initial state from the scenario's settings. May emit outputs and schedule timers.
    static func start(_ config: Config, _ world: inout World<Event>) throws(ScenarioError) -> State
    /// Turns a validated scenario line into a typed event.
    static func decode(_ line: EventLine) throws(ScenarioError) -> Event
    /// The reducer.
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Event>)
    /// Writes the state canonically (the bytes behind the digest and the trace's final summary).
    static func write(_ state: State, to out: inout CanonicalWriter)
    /// Called after a `zone` event has changed `world.zone` (travel, a settings change).
    static func zoneChanged(_ state: inout State, _ world: inout World<Event>)

    /// The domain as the CLI and the registry see it. Every domain declares it the same way,
    /// `public static let entry = DomainEntry(Self.self)`, so that its runner is specialised in the
    /// domain's own module (the engine is `@inlinable`) and the registry bakes in no layouts.
    static var entry: DomainEntry { get }
}

extension Domain {
    public static var configKeys: [ConfigSpec] { [] }
    public static var faults: [FaultSpec] { [] }
    public static var generators: [Generator<Event>] { [] }
    public static var digestInterval: Int { 1 }
    public static func zoneChanged(_ state: inout State, _ world: inout World<Event>) {}
}

/// Expands `gen NAME ARGS` into events, deterministically.
public struct Generator<Event> {
    public var name: String
    public var summary: String
    public var fields: [FieldSpec]
    /// Produces events with offsets from the `gen` line's time, in non-decreasing offset order.
    public var expand: (EventLine, inout GeneratorContext) throws(ScenarioError) -> [Generated<Event>]

    public init(_ name: String, _ summary: String, fields: [FieldSpec],
                expand: @escaping (EventLine, inout GeneratorContext) throws(ScenarioError) -> [Generated<Event>]) {
        self.name = name
        self.summary = summary
        self.fields = fields
        self.expand = expand
    }

    /// The spec the runner validates `gen NAME` lines against (positional 0 is the generator name).
    @usableFromInline var spec: EventSpec { EventSpec("gen", summary, positional: [FieldSpec("name", .word)], fields: fields) }
}

/// What a generator may use: its own random stream and its budget.
public struct GeneratorContext {
    /// A substream named after the generator and its ordinal in the scenario, so that adding a `gen`
    /// line does not change what earlier ones produce.
    public var rng: SeededRNG
    /// The most events this expansion may produce before the scenario's event limit is hit.
    public var maxEvents: Int

    @inlinable public init(rng: SeededRNG, maxEvents: Int) {
        self.rng = rng
        self.maxEvents = maxEvents
    }
}

/// One generated event.
public struct Generated<Event> {
    public var offset: Duration
    public var kind: String
    public var event: Event

    public init(_ offset: Duration, _ kind: String, _ event: Event) {
        self.offset = offset
        self.kind = kind
        self.event = event
    }
}
