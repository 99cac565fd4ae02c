import LockstepCore

/// A domain that does nothing, so benchmarks measure the runner, not a reducer.
///
/// Accepts `tick` with any fields and `frame` with any joint fields (the repCounter recording shape),
/// so the same file can be used to measure parsing.
public enum Noop: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = Void
    public enum Event { case tick, frame }

    public static let name = "noop"
    public static let summary = "Fixture: does nothing. Measures runner overhead and parsing."
    public static let events: [EventKind<Event>] = [
        EventKind("tick", "Any fields; ignored.") { f throws(ScenarioError) in f.acceptOtherKeys(); return .tick },
        EventKind("frame", "Joint fields name=x,y,confidence; ignored.") { f throws(ScenarioError) in f.acceptOtherKeys(); return .frame },
    ]
    public static let generators: [Generator<Event>] = [
        Generator("ticks", "count ticks, interval apart", parameters: { f throws(ScenarioError) in
            (count: try f("count", .int, in: 0...ScenarioLimits.standard.maxEvents), interval: try f("interval", .duration, in: .zero ... .hours(1)))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.count <= context.maxEvents else {
                throw context.error("count=\(p.count) is more than the \(context.maxEvents) events the scenario's event limit allows")
            }
            // The last offset, (count − 1) × interval, can pass Int64 nanoseconds (292 years) within the
            // declared ranges: refuse it before multiplying (Duration's * traps; multiplied(by:) is checked).
            guard p.interval.multiplied(by: Int64(max(p.count - 1, 0))) != nil else {
                throw context.error("count=\(p.count) ticks interval=\(p.interval)s apart would last more than 292 years (Int64 nanoseconds)")
            }
            // Streamed: twenty million ticks never sit in memory at once.
            for i in 0..<p.count { try emit(Generated(p.interval * Int64(i), .tick)) }
        }),
    ]

    public static func kind(of event: Event) -> String {
        switch event {
        case .tick: "tick"
        case .frame: "frame"
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<Noop>) throws(ScenarioError) -> State {}
    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Noop>) {}
    public static func write(_ state: State, to out: inout CanonicalWriter) {}
}
