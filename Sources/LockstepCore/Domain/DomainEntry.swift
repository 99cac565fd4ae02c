/// A domain as the CLI and the golden tests see it: its declarations and a way to run it, without
/// generics. Each domain builds its own (`public static let entry = DomainEntry(Self.self)`), which
/// specialises the runner inside the domain's module; `Sources/Registry` lists the entries.
public struct DomainEntry: Sendable {
    public struct GeneratorInfo: Sendable {
        public var name: String
        public var summary: String
        public var fields: [FieldSpec]

        @inlinable public init(name: String, summary: String, fields: [FieldSpec]) {
            self.name = name
            self.summary = summary
            self.fields = fields
        }
    }

    public let name: String
    public let summary: String
    public let eventKinds: [EventSpec]
    public let configKeys: [ConfigSpec]
    public let faults: [FaultSpec]
    public let generators: [GeneratorInfo]
    /// The domain's invariants (names and reasons), checked by every run.
    public let invariants: [InvariantInfo]
    /// How `lockstep explore` makes random walks, if the domain has one.
    public let explorer: Explorer?
    /// Contract breaches found in the declarations, each a sentence naming the domain and what is
    /// wrong (a declaration that throws, a kind that `kind(of:)` names differently, a reserved kind).
    /// `RegistryTests` requires this to be empty for every registered domain.
    public let problems: [String]
    @usableFromInline let runner: @Sendable (any ScenarioSource, ScenarioHeader, RunOptions, inout AnyTraceOutput) throws(ScenarioError) -> RunSummary
    @usableFromInline let expander: @Sendable (any ScenarioSource, ScenarioHeader, RunOptions, Int) throws(ScenarioError) -> [String]

    @inlinable
    public init<D: Domain>(_ domain: D.Type) {
        name = D.name
        summary = D.summary
        let kinds = D.events
        eventKinds = kinds.map(\.spec)
        configKeys = D.settings.keys
        faults = D.Fault.allCases.map { FaultSpec($0.rawValue, $0.summary) }
        generators = D.generators.map { GeneratorInfo(name: $0.name, summary: $0.summary, fields: $0.fields) }
        invariants = D.invariants.map { InvariantInfo(name: $0.name, summary: $0.summary) }
        explorer = D.explorer
        problems = DomainEntry.problems(D.self, kinds)
        runner = { reader, header, options, output throws(ScenarioError) in
            try Runner.run(D.self, reader: reader, header: header, options: options, output: &output)
        }
        expander = { reader, header, options, maxLines throws(ScenarioError) in
            try Expander.expand(D.self, reader: reader, header: header, options: options, maxLines: maxLines)
        }
    }

    /// The event lines of a scenario whose header has been read, flat (see `Expander`).
    public func expand(reader: any ScenarioSource, header: ScenarioHeader, options: RunOptions,
                       maxLines: Int) throws(ScenarioError) -> [String] {
        try expander(reader, header, options, maxLines)
    }

    /// Runs a scenario whose header has been read.
    public func run(reader: any ScenarioSource, header: ScenarioHeader, options: RunOptions,
                    output: inout AnyTraceOutput) throws(ScenarioError) -> RunSummary {
        try runner(reader, header, options, &output)
    }

    public static func problems<D: Domain>(_ domain: D.Type, _ kinds: [EventKind<D.Event>]) -> [String] {
        var found: [String] = []
        var seen: [String] = []
        for k in kinds {
            let name = k.spec.kind
            if Runner.reservedKinds.contains(name) {
                found.append("\(D.name): event kind '\(name)' is reserved by the runner (\(Runner.reservedKinds.joined(separator: ", ")))")
            }
            if seen.contains(name) { found.append("\(D.name): event kind '\(name)' is declared twice") }
            seen.append(name)
            if let problem = k.declarationProblem {
                found.append("\(D.name): the declaration of '\(name)' throws (\(problem)); read every field before checking")
            } else if let event = k.placeholderEvent(), D.kind(of: event) != name {
                found.append("\(D.name): kind(of:) names a '\(name)' event '\(D.kind(of: event))'")
            }
        }
        if let problem = D.settings.declarationProblem {
            found.append("\(D.name): the settings declaration throws (\(problem)); read every setting before checking")
        }
        for g in D.generators {
            if let problem = g.declarationProblem {
                found.append("\(D.name): the parameters of generator '\(g.name)' throw (\(problem)); read every field before checking")
            }
        }
        if D.Fault.allCases.count > 64 { found.append("\(D.name): more than 64 faults (the limit)") }
        var invariantNames: [String] = []
        for i in D.invariants {
            if invariantNames.contains(i.name) { found.append("\(D.name): invariant '\(i.name)' is declared twice") }
            if i.summary.isEmpty { found.append("\(D.name): invariant '\(i.name)' has no summary (say why it must hold)") }
            invariantNames.append(i.name)
        }
        return found
    }
}
