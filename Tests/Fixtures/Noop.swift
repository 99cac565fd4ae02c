import LockstepCore

/// A domain that does nothing, so benchmarks measure the runner, not a reducer.
///
/// Accepts `tick` with any fields and `frame` with any joint fields (the repCounter recording shape),
/// so the same file can be used to measure parsing.
public enum Noop: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = Void
    public enum Event { case tick }

    public static let name = "noop"
    public static let summary = "Fixture: does nothing. Measures runner overhead and parsing."
    public static var eventKinds: [EventSpec] {
        [EventSpec("tick", "Any fields; ignored.", acceptsOtherKeys: true),
         EventSpec("frame", "Joint fields name=x,y,confidence; ignored.", acceptsOtherKeys: true)]
    }
    public static var generators: [Generator<Event>] {
        [Generator("ticks", "count ticks, interval seconds apart",
                   fields: [FieldSpec("count", .integer), FieldSpec("interval", .number)]) { line, context throws(ScenarioError) in
            let count = try line.int("count", in: 0...Int64(context.maxEvents))
            let interval = try line.double("interval", in: 0...3600)
            let step = Duration(nanoseconds: Int64((interval * 1e9).rounded()))
            return (0..<Int(count)).map { Generated(step * Int64($0), "tick", .tick) }
        }]
    }

    public static func start(_ config: Config, _ world: inout World<Event>) throws(ScenarioError) -> State {}
    public static func decode(_ line: EventLine) throws(ScenarioError) -> Event { .tick }
    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Event>) {}
    public static func write(_ state: State, to out: inout CanonicalWriter) {}
}
