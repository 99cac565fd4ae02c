/// The one protocol every simulated app fits.
///
/// A domain is a pure reducer: `reduce(&state, event, &world)` is the only way its state changes,
/// and everything that would make it impure (time, randomness, timers, ids, outputs, faults) goes
/// through `world`. Given the same scenario, a domain produces the same trace, byte for byte, on
/// every machine.
///
/// Everything a domain accepts is declared once and typed: its event kinds (`events`, each a
/// closure that is both the declaration and the decoder, see `Fields`), its settings (`settings`,
/// read into a typed `Settings` value), its historical bugs (`Fault`, an enum), and the name of
/// every event it schedules or generates (`kind(of:)`). docs/writing-a-domain.md walks through one.
public protocol Domain: SendableMetatype {
    associatedtype State
    associatedtype Event
    /// The typed `set KEY VALUE` settings; `NoSettings` for none.
    associatedtype Settings = NoSettings
    /// Historical bugs that can be re-enabled (`set fault NAME`, `--fault NAME`); `NoFault` for none.
    associatedtype Fault: DomainFault = NoFault

    /// The scenario name, lowerCamelCase: `repCounter`.
    static var name: String { get }
    /// One line for `lockstep list`: what the app does and which seed article it comes from.
    static var summary: String { get }
    /// Every event kind a scenario may use, each declared and decoded by one closure.
    static var events: [EventKind<Event>] { get }
    /// The `set KEY VALUE` settings, declared and read by one closure.
    static var settings: SettingsReader<Settings> { get }
    /// Generators usable as `gen NAME ARGS`.
    static var generators: [Generator<Event>] { get }
    /// Write a state digest every this many steps (1 = every step). Large states choose more.
    static var digestInterval: Int { get }

    /// The trace name of an event: `timer:<kind>` for a timer, `<kind>` for a generated event. For
    /// a recorded kind it must be the kind's own name (`RegistryTests` checks every declared kind).
    static func kind(of event: Event) -> String

    /// Builds the initial state from the scenario's settings. May emit outputs and schedule timers.
    static func start(_ settings: Settings, _ world: inout World<Self>) throws(ScenarioError) -> State
    /// The reducer.
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Self>)
    /// Writes the state canonically (the bytes behind the digest and the trace's final summary).
    static func write(_ state: State, to out: inout CanonicalWriter)
    /// Called after a `zone` event has changed `world.zone` (travel, a settings change).
    static func zoneChanged(_ state: inout State, _ world: inout World<Self>)

    /// The event line (kind and fields, without the time) a scenario would write for `event`, so
    /// that reading it back gives the same event; `nil` when the event has no recorded form (a
    /// timer). `lockstep expand` and `shrink` use it to write a `gen` line's events out one by one;
    /// a domain whose generators make events it cannot write keeps its `gen` lines whole.
    static func text(of event: Event) -> String?

    /// Properties that must hold after every step (`Invariant`); checked by every run.
    static var invariants: [Invariant<Self>] { get }
    /// How `lockstep explore` makes random valid scenarios for this domain; `nil` for none.
    static var explorer: Explorer? { get }

    /// The domain as the CLI and the registry see it. Every domain declares it the same way,
    /// `public static let entry = DomainEntry(Self.self)`, so that its runner is specialised in the
    /// domain's own module (the engine is `@inlinable`) and the registry bakes in no layouts.
    static var entry: DomainEntry { get }
}

extension Domain {
    public static var generators: [Generator<Event>] { [] }
    public static var invariants: [Invariant<Self>] { [] }
    public static var explorer: Explorer? { nil }
    public static func text(of event: Event) -> String? { nil }
    public static var digestInterval: Int { 1 }
    public static func zoneChanged(_ state: inout State, _ world: inout World<Self>) {}
}

extension Domain where Settings == NoSettings {
    public static var settings: SettingsReader<NoSettings> { SettingsReader { _ throws(ScenarioError) in NoSettings() } }
}

/// A domain's historical bugs, as an enum: `world.isOn(.sharedDice)` is checked by the compiler,
/// and `set fault NAME` names a case (an unknown name is a line:column error listing the cases).
public protocol DomainFault: CaseIterable, RawRepresentable, Hashable, Sendable where RawValue == String {
    /// What the bug does, for `lockstep list` and `lockstep mutate`.
    var summary: String { get }
}

/// For domains without faults.
public enum NoFault: DomainFault {
    public init?(rawValue: String) { nil }
    public var rawValue: String { switch self {} }
    public var summary: String { switch self {} }
    public static var allCases: [NoFault] { [] }
}

/// Expands `gen NAME ARGS` into events, deterministically.
///
/// Its parameters are declared and read like an event's fields (`parameters`), then the events are
/// made. The declaration pass runs `parameters` only, never the events.
///
/// Two ways to make them. `stream:` hands each event to `emit` as it is made, and the runner
/// delivers it at once, so `gen ticks count=20000000` holds one event in memory, not twenty million;
/// use it for any generator whose count is large. `expand:` returns them all as an array, simpler
/// for generators of a few thousand events at most (a stroke, a week of responses).
public struct Generator<Event>: Sendable {
    /// Takes one generated event: the runner checks it (order, limits, `until`) and delivers it.
    public typealias Emit = (Generated<Event>) throws(ScenarioError) -> Void

    public let name: String
    public let summary: String
    /// The spec the runner validates `gen NAME` lines against (positional 0 is the generator name).
    public let spec: EventSpec
    public let declarationProblem: String?
    @usableFromInline let run: @Sendable (inout Fields, inout GeneratorContext, Emit) throws(ScenarioError) -> Void

    /// A generator that emits its events one at a time, in non-decreasing offset order.
    public init<Parameters>(_ name: String, _ summary: String,
                            parameters: @escaping @Sendable (inout Fields) throws(ScenarioError) -> Parameters,
                            stream: @escaping @Sendable (Parameters, inout GeneratorContext, Emit) throws(ScenarioError) -> Void) {
        self.name = name
        self.summary = summary
        var fields = Fields(declaring: "gen", summary)
        _ = try? fields.argument("name", .word, "the generator")
        var problem: String?
        do { _ = try parameters(&fields) } catch { problem = error.message }
        self.spec = fields.declared
        self.declarationProblem = problem
        self.run = { fields, context, emit throws(ScenarioError) in
            fields.nextPositional = 1
            try stream(try parameters(&fields), &context, emit)
        }
    }

    /// A generator that returns all its events at once, in non-decreasing offset order.
    public init<Parameters>(_ name: String, _ summary: String,
                            parameters: @escaping @Sendable (inout Fields) throws(ScenarioError) -> Parameters,
                            expand: @escaping @Sendable (Parameters, inout GeneratorContext) throws(ScenarioError) -> [Generated<Event>]) {
        self.init(name, summary, parameters: parameters, stream: { p, context, emit throws(ScenarioError) in
            for item in try expand(p, &context) { try emit(item) }
        })
    }

    /// The declared parameters (without the positional generator name).
    public var fields: [FieldSpec] { spec.fields }

    /// Reads the validated `gen` line in `fields` and hands its events to `emit`, in order.
    @inlinable
    public func generate(_ fields: inout Fields, _ context: inout GeneratorContext, _ emit: Emit) throws(ScenarioError) {
        try run(&fields, &context, emit)
    }
}

/// What a generator may use: its own random stream and its budget.
public struct GeneratorContext {
    /// A substream named after the generator and its ordinal in the scenario, so that adding a `gen`
    /// line does not change what earlier ones produce.
    public var rng: SeededRNG
    /// The most events this expansion may produce before the scenario's event limit is hit.
    public var maxEvents: Int
    /// The `gen` line, for errors found while expanding (the event budget is known only here).
    public let line: EventLine

    @inlinable public init(rng: SeededRNG, maxEvents: Int, line: EventLine) {
        self.rng = rng
        self.maxEvents = maxEvents
        self.line = line
    }

    /// An error at the `gen` line.
    public func error(_ message: String) -> ScenarioError { line.error(message) }

    /// An error at the value of parameter `key` of the `gen` line (at the line when it is absent).
    public func error(_ message: String, at key: StaticString) -> ScenarioError { line.error(message, at: key) }
}

/// One generated event; its trace name comes from the domain's `kind(of:)`.
public struct Generated<Event> {
    public var offset: Duration
    public var event: Event

    @inlinable public init(_ offset: Duration, _ event: Event) {
        self.offset = offset
        self.event = event
    }
}
