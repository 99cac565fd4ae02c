/// Everything a scenario says before its first event.
public struct ScenarioHeader: Sendable {
    /// The scenario's path as given (normally relative to the repository, `Scenarios/chalk/x.scenario`).
    public var path: String
    public var domain: String = ""
    public var domainLocation: ScenarioLocation
    public var title: String?
    public var seed: UInt64 = 0
    public var start: Instant = .defaultStart
    public var zone: Zone = .utc
    /// `set KEY VALUE` lines: argument 0 is the key, argument 1 the value.
    public var settings: [EventLine] = []
    /// `set fault NAME` lines, in order.
    public var faults: [(name: String, location: ScenarioLocation)] = []
    /// The end of the run; timers due after it never fire. Without it the run ends at the last event.
    public var until: Instant?
    public var untilLocation: ScenarioLocation?

    public init(path: String) {
        self.path = path
        self.domainLocation = ScenarioLocation(path: path, line: 1, column: 1)
    }
}
