import LockstepCore

/// The smallest domain, for tests that call Platform services on a `World` directly (no runner).
/// Its events are plain integers; timers it schedules are named `bare`.
enum Bare: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    typealias Event = Int
    static let name = "bare"
    static let summary = "Test: a world for Platform services."
    static let events: [EventKind<Int>] = []
    static func kind(of event: Int) -> String { "bare" }
    static func start(_ settings: NoSettings, _ world: inout World<Bare>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Int, _ world: inout World<Bare>) {}
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}
