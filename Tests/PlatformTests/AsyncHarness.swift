import LockstepCore
import LockstepRunner
import Platform

/// A small domain around the async helpers, so tests see timer-driven timeouts and debounce fires
/// exactly as a domain would, through the real engine.
enum AsyncHarness: Domain {
    static let entry = DomainEntry(Self.self)
    struct State {
        var requests = PendingRequests<String>("runner", capacity: 4)
        var search = Debouncer("search", quiet: .milliseconds(300))
        var fired: [(GenerationToken, Instant)] = []
        var timedOut: [RequestID] = []
    }

    enum Event {
        case timeout(RequestID)
        case debounce(GenerationToken)
        case run((inout State, inout World<AsyncHarness>) -> Void)
    }

    static let name = "asyncHarness"
    static let summary = "Test harness for PendingRequests and Debouncer."
    static let events: [EventKind<Event>] = []

    static func kind(of event: Event) -> String {
        switch event {
        case .timeout: PendingRequests<String>.timerKind
        case .debounce: Debouncer.timerKind
        case .run: "event"
        }
    }

    static func start(_ settings: NoSettings, _ world: inout World<AsyncHarness>) throws(ScenarioError) -> State { State() }

    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<AsyncHarness>) {
        switch event {
        case .timeout(let id):
            if state.requests.timeOut(id, &world) != nil { state.timedOut.append(id) }
        case .debounce(let token):
            if state.search.fire(token, &world) { state.fired.append((token, world.now)) }
        case .run(let body): body(&state, &world)
        }
    }

    static func write(_ state: State, to out: inout CanonicalWriter) {
        state.requests.write(to: &out)
        state.search.write(to: &out)
    }
}

extension Simulation where D == AsyncHarness {
    mutating func run(_ body: @escaping (inout AsyncHarness.State, inout World<AsyncHarness>) -> Void) {
        send(.run(body))
    }

    /// Outputs as trace text, from the first step on.
    var lines: [String] { outputs.map(\.description) }
}
