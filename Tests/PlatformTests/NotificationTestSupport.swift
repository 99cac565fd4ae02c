import LockstepCore
import LockstepRunner
import Platform

/// A minimal domain around a `NotificationCentre`, so tests can move the virtual clock and see
/// timer-driven deliveries exactly as a domain would.
enum CentreHarness: Domain {
    static let entry = DomainEntry(Self.self)
    struct State {
        var centre = NotificationCentre()
        var deliveries: [NotificationDelivery] = []
        var appActive = false
    }

    enum Event {
        case wake
        case run((inout State, inout World<CentreHarness>) -> Void)
    }

    static let name = "centreHarness"
    static let summary = "Test harness for NotificationCentre."
    static let events: [EventKind<Event>] = []

    static func kind(of event: Event) -> String {
        switch event {
        case .wake: NotificationCentre.timerKind
        case .run: "event"
        }
    }

    static func start(_ settings: NoSettings, _ world: inout World<CentreHarness>) throws(ScenarioError) -> State { State() }

    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<CentreHarness>) {
        switch event {
        case .wake: state.deliveries += state.centre.deliverDue(&world, appIsActive: state.appActive, wake: .wake)
        case .run(let body): body(&state, &world)
        }
    }

    static func zoneChanged(_ state: inout State, _ world: inout World<CentreHarness>) {
        state.centre.zoneChanged(&world, wake: .wake)
    }

    static func write(_ state: State, to out: inout CanonicalWriter) { state.centre.write(to: &out) }
}

/// Test conveniences.
extension Simulation where D == CentreHarness {
    static func at(_ iso: String, zone: String = "UTC") throws -> Simulation<CentreHarness> {
        try Simulation<CentreHarness>(start: t(iso), zone: try Zone.named(zone))
    }

    mutating func run(_ body: @escaping (inout CentreHarness.State, inout World<CentreHarness>) -> Void) {
        send(.run(body))
    }

    mutating func add(_ id: String, _ trigger: NotificationTrigger, category: String = "", auth: NotificationAuthorization? = .granted) {
        run { s, w in
            if let auth, s.centre.authorization == .notDetermined { s.centre.requestAuthorization(answer: auth, &w) }
            s.centre.add(NotificationRequest(identifier: id, content: NotificationContent(title: id, body: "", categoryIdentifier: category),
                                             trigger: trigger), &w, wake: .wake)
        }
    }

    /// Advances to an absolute instant.
    mutating func advance(toISO iso: String) throws {
        advance(to: t(iso) - world.start)
    }

    var deliveredUTC: [String] { state.deliveries.map { "\($0.identifier)@\($0.at)" } }
}

func daily(_ hour: Int, _ minute: Int, zone: String? = nil) throws -> NotificationTrigger {
    .calendar(CalendarComponents(hour: hour, minute: minute, zone: try zone.map { try Zone.named($0) }), repeats: true)
}

/// An ISO-8601 instant (test input; a malformed literal is a test bug).
func t(_ iso: String) -> Instant {
    switch CivilTime.parseISO8601(Substring(iso), requireUTC: false) {
    case .success(let i): return i
    case .failure(let e): fatalError("bad test instant \(iso): \(e)")
    }
}
