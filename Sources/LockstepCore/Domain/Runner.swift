/// How a run is asked for.
public struct RunOptions: Sendable {
    public var limits: ScenarioLimits = .standard
    /// Faults switched on from the command line (`--fault NAME`), on top of the scenario's own.
    public var extraFaults: [String] = []
    public var format: TraceFormat = .text

    public init(limits: ScenarioLimits = .standard, extraFaults: [String] = [], format: TraceFormat = .text) {
        self.limits = limits
        self.extraFaults = extraFaults
        self.format = format
    }
}

/// What a finished run reports.
public struct RunSummary: Sendable {
    public var steps: Int
    public var outputs: Int
    public var endElapsed: Duration
    public var pendingTimers: Int
    public var stopReason: String?
    public var finalDigest: UInt64
    /// Artifacts by name (the last one written under each name), sorted by name.
    public var artifacts: [Artifact]
    public var events: Int
    /// Inputs the domain refused or ignored (`World.reject`).
    public var rejections: Int
    /// Steps that broke an invariant, and the first violation (`Invariant`).
    public var invariantViolations: Int = 0
    public var firstViolation: InvariantViolation?
    /// Whether the scenario switches a fault on in its own header: its golden pins a historical bug
    /// on purpose, so a broken invariant there is part of what it shows, not a failure of `check`.
    public var violationsPinned = false

    @inlinable
    public init(steps: Int, outputs: Int, endElapsed: Duration, pendingTimers: Int, stopReason: String?,
                finalDigest: UInt64, artifacts: [Artifact], events: Int, rejections: Int = 0) {
        self.steps = steps
        self.outputs = outputs
        self.endElapsed = endElapsed
        self.pendingTimers = pendingTimers
        self.stopReason = stopReason
        self.finalDigest = finalDigest
        self.artifacts = artifacts
        self.events = events
        self.rejections = rejections
    }
}

/// Type-erased trace output so the registry can hold one non-generic entry per domain.
public struct AnyTraceOutput: TraceOutput {
    public var base: any TraceOutput
    public init(_ base: any TraceOutput) { self.base = base }
    public mutating func write(_ bytes: [UInt8]) { base.write(bytes) }
}

/// Writes each step to the trace and keeps the artifacts.
@usableFromInline
struct TraceObserver<Output: TraceOutput>: StepObserver {
    @usableFromInline var writer: TraceWriter<Output>
    @usableFromInline var artifacts: [Artifact] = []

    @inlinable init(writer: TraceWriter<Output>) { self.writer = writer }

    @inlinable mutating func observe(_ step: StepReport) {
        writer.step(index: step.index, elapsedNanoseconds: step.elapsed.nanoseconds, kind: step.kind,
                    digest: step.digest, outputs: step.outputs)
        for a in step.artifacts {
            if let i = artifacts.firstIndex(where: { $0.name == a.name }) { artifacts[i] = a } else { artifacts.append(a) }
        }
    }
}

/// Replays a scenario through its domain and writes the trace.
public enum Runner {
    /// Kinds the runner owns. A domain may not declare them (`RegistryTests` fails naming the
    /// domain): a domain event named `zone` would never be reached, and one named `start` would give
    /// traces with two different `start` steps.
    public static let reservedKinds: [String] = ["start", "zone", "gen", "include", "until", "set", "lockstep", "domain",
                                                 "title", "seed", "timer", "lockstep.stop"]

    /// Runs the rest of `reader` (whose header has been read) through domain `D`.
    @inlinable
    public static func run<D: Domain, Output: TraceOutput>(
        _ domain: D.Type, reader: any ScenarioSource, header: ScenarioHeader,
        options: RunOptions, output: inout Output
    ) throws(ScenarioError) -> RunSummary {
        let limits = options.limits
        let kinds = D.events
        let specs = kinds.map(\.spec)
        let validator = LineValidator(specs: specs, source: reader, limits: limits)
        let setup = try makeSetup(D.self, header: header, options: options, source: reader)
        let generators = D.generators

        var observer = TraceObserver(writer: TraceWriter(output: output, format: options.format))
        observer.writer.header(TraceHeader(
            scenario: header.path, domain: D.name, title: header.title, seed: header.seed, start: header.start,
            zone: header.zone.name, faults: setup.faults.map(\.rawValue).sorted(), digestInterval: max(1, D.digestInterval)))
        defer { output = observer.writer.output }

        var engine = try Engine<D>(settings: setup.settings, faults: setup.faults, start: header.start, zone: header.zone,
                                   seed: header.seed, limits: limits, observer: &observer)
        var fields = Fields(reading: specs, path: header.path)
        var lastTime = header.start
        var generatorOrdinal: UInt64 = 0
        var rounds = 0
        while !engine.isStopped, try reader.next(into: &fields.line) {
            rounds += 1
            // The reader enforces the event limit with a located error; reaching this is a reader bug.
            guard rounds <= limits.maxEvents + 1 else {
                throw fields.line.location.error("more than \(limits.maxEvents) events (the limit maxEvents)")
            }
            let time = fields.line.time
            engine.fireTimers(before: time, observer: &observer)
            if engine.isStopped { break }
            lastTime = time
            switch fields.line.kind {
            case "zone":
                let line = fields.line
                guard line.args.count == 1, line.args[0].isPositional else {
                    throw line.location.error("expected 'zone NAME' (an IANA name such as Europe/Berlin)")
                }
                let name = try line.text(at: 0)
                let zone: Zone
                do { zone = try Zone.named(name) } catch { throw line.location(ofArg: 0).error(error.message) }
                engine.changeZone(zone, at: time, observer: &observer)
            case "gen":
                let generator = try generatorOf(&fields.line, in: generators, validator: validator)
                let name = generator.name
                let location = fields.line.location
                var context = GeneratorContext(
                    rng: generatorRNG(seed: header.seed, name: name, ordinal: generatorOrdinal),
                    maxEvents: limits.maxEvents - reader.eventCount + 1, line: fields.line)
                generatorOrdinal += 1
                var genFields = Fields(reading: [generator.spec], path: header.path)
                genFields.line = fields.line
                // Each event is checked and delivered as it is made (streaming: memory does not
                // grow with the count). An error stops the run, so nothing half-delivered is kept.
                let budget = context.maxEvents
                var produced = 0
                var previous = Duration.zero
                let lineTime = time
                try generator.generate(&genFields, &context) { item throws(ScenarioError) in
                    produced += 1
                    guard produced <= budget else {
                        throw location.error("generator '\(name)' made more than \(budget) events; the scenario's event limit of \(limits.maxEvents) allows \(budget) more")
                    }
                    // After the domain stops the run, the rest are counted but neither checked nor delivered.
                    if engine.isStopped { return }
                    guard item.offset >= previous else {
                        throw location.error("generator '\(name)' produced events out of order (a bug in the generator)")
                    }
                    previous = item.offset
                    guard let t = lineTime.addingInRange(item.offset) else {
                        throw location.error("generator '\(name)' produced an event \(item.offset) s after the line, outside the supported range \(Instant.supportedRangeText) (the limit ScenarioLimits.timeRange)")
                    }
                    if let until = reader.until, t > until {
                        throw location.error("generator '\(name)' runs past 'until'")
                    }
                    engine.fireTimers(before: t, observer: &observer)
                    if engine.isStopped { return }
                    engine.deliver(item.event, at: t, observer: &observer)
                    lastTime = t
                }
                try reader.noteGenerated(count: produced, last: lastTime, at: location)
            default:
                let specIndex = try validator.spec(for: fields.line)
                let kind = fields.line.kind
                try validator.validate(&fields.line, specAt: specIndex, what: "'\(kind)'")
                fields.specIndex = specIndex
                let event = try kinds[specIndex].decode(&fields)
                engine.deliver(event, kind: kind, at: time, observer: &observer)
            }
        }
        let end = reader.until ?? lastTime
        if !engine.isStopped { engine.fireTimers(through: end, observer: &observer) }
        let finalState = engine.canonicalState()
        let summary = RunSummary(
            steps: engine.stepCount, outputs: engine.outputCount, endElapsed: end - header.start,
            pendingTimers: engine.world.pendingTimerCount, stopReason: engine.stopReason,
            finalDigest: finalState.digest, artifacts: observer.artifacts.sorted { $0.name < $1.name },
            events: reader.eventCount, rejections: engine.world.rejectionCount)
        var result = summary
        result.invariantViolations = engine.invariantViolations
        result.firstViolation = engine.firstViolation
        result.violationsPinned = !header.faults.isEmpty
        observer.writer.footer(summary, state: finalState)
        return result
    }

    /// The generator a `gen NAME ...` line names, its parameters checked against its spec.
    @inlinable
    package static func generatorOf<Event>(_ line: inout EventLine, in generators: [Generator<Event>],
                                          validator: LineValidator) throws(ScenarioError) -> Generator<Event> {
        guard let first = line.args.first, first.isPositional, first.kind == .word else {
            throw line.location.error("expected 'gen NAME key=value ...'")
        }
        let name = line.rawText(0)
        guard let generator = generators.first(where: { $0.name == name }) else {
            let known = generators.map(\.name).sorted().joined(separator: ", ")
            throw line.location(ofArg: 0).error("unknown generator '\(name)'; this domain has: \(known.isEmpty ? "none" : known)")
        }
        try validator.validate(&line, against: generator.spec, what: "generator '\(name)'")
        return generator
    }

    /// A generator's random stream: named after it and its ordinal among the run's `gen` lines, so
    /// adding a `gen` line does not change what earlier ones produce.
    @inlinable
    public static func generatorRNG(seed: UInt64, name: String, ordinal: UInt64) -> SeededRNG {
        SeededRNG.substream(seed: seed, label: "gen:" + name, index: ordinal)
    }

    /// Validates `set` lines and faults against the domain's declarations and reads the settings.
    public static func makeSetup<D: Domain>(_ domain: D.Type, header: ScenarioHeader, options: RunOptions,
                                            source: (any ScenarioSource)?) throws(ScenarioError) -> (settings: D.Settings, faults: [D.Fault]) {
        let declared = D.settings
        let validator = LineValidator(specs: [], source: source, limits: options.limits)
        var lines: [EventLine] = []
        for var line in header.settings {
            let key = line.rawText(0)
            guard let spec = declared.spec.fields.first(where: { $0.name == key }) else {
                let known = declared.spec.fields.map(\.name).sorted().joined(separator: ", ")
                throw line.location(ofArg: 0).error("unknown setting '\(key)' for domain \(D.name); known: \(known.isEmpty ? "none" : known), and 'fault NAME'")
            }
            try validator.check(&line, 1, FieldSpec(key, spec.type), what: "'set \(key)'")
            lines.append(line)
        }
        let settings = try declared.read(lines, domain: header.domainLocation)
        var faults: [D.Fault] = []
        // Built only for an error message: every run passes here, and the list costs a key path
        // and a join.
        func known() -> String { D.Fault.allCases.map { $0.rawValue }.joined(separator: ", ") }
        for (name, location) in header.faults {
            guard let fault = D.Fault(rawValue: name) else {
                throw location.error("unknown fault '\(name)' for domain \(D.name); known: \(known().isEmpty ? "none" : known())")
            }
            if !faults.contains(fault) { faults.append(fault) }
        }
        for name in options.extraFaults {
            guard let fault = D.Fault(rawValue: name) else {
                throw ScenarioError(path: header.path, line: 0, column: 0,
                                    message: "unknown fault '\(name)' for domain \(D.name); known: \(known().isEmpty ? "none" : known())")
            }
            if !faults.contains(fault) { faults.append(fault) }
        }
        return (settings, faults.sorted { $0.rawValue < $1.rawValue })
    }
}
