/// A domain as the CLI and the golden tests see it: its declarations and a way to run it, without
/// generics. `Sources/Domains/All` lists one entry per domain.
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
    @usableFromInline let runner: @Sendable (any ScenarioSource, ScenarioHeader, RunOptions, inout AnyTraceOutput) throws(ScenarioError) -> RunSummary

    @inlinable
    public init<D: Domain>(_ domain: D.Type) {
        name = D.name
        summary = D.summary
        eventKinds = D.eventKinds
        configKeys = D.configKeys
        faults = D.faults
        generators = D.generators.map { GeneratorInfo(name: $0.name, summary: $0.summary, fields: $0.fields) }
        runner = { reader, header, options, output throws(ScenarioError) in
            try Runner.run(D.self, reader: reader, header: header, options: options, output: &output)
        }
    }

    /// Runs a scenario whose header has been read.
    public func run(reader: any ScenarioSource, header: ScenarioHeader, options: RunOptions,
                    output: inout AnyTraceOutput) throws(ScenarioError) -> RunSummary {
        try runner(reader, header, options, &output)
    }
}
