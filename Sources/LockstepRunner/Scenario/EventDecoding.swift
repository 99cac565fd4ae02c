import LockstepCore

/// Reads scenario event lines into a domain's typed events by the path a run takes: the scenario
/// reader (lexer, times, limits, includes), the line validator (kinds, keys, types, `file` fields)
/// and the kind's decoder. For tests of `Domain.text(of:)`: the line a domain writes for an event
/// must read back as that same event.
///
/// ```swift
/// let back = try EventDecoding.roundTrip(Counter.self, [.add(-3), .remind(after: .seconds(90), label: "a \"b\"")])
/// #expect(back.map(EventDecoding.structure) == events.map(EventDecoding.structure))
/// ```
public enum EventDecoding {
    /// The events of `lines` (`TIME KIND FIELDS...`; no `gen` or `zone` lines), read as scenario
    /// `display` of domain `D` after the `header` lines (`set KEY VALUE`). `files` resolves `file`
    /// fields (a `Project`'s `files`; nil: lines that name no files).
    public static func events<D: Domain>(_ domain: D.Type, lines: [String], header: [String] = [],
                                         files: ScenarioFiles? = nil, display: String = "Scenarios/decode.scenario",
                                         limits: ScenarioLimits = .standard) throws(ScenarioError) -> [D.Event] {
        var text = "lockstep 1\ndomain \(D.name)\n"
        for h in header { text += h + "\n" }
        text += "\n"
        for l in lines { text += l + "\n" }
        let reader = try ScenarioReader(display: display, bytes: Array(text.utf8), files: files, limits: limits)
        let scenario = try reader.readHeader()
        let kinds = D.events
        let specs = kinds.map(\.spec)
        let validator = LineValidator(specs: specs, source: reader, limits: limits)
        var fields = Fields(reading: specs, path: scenario.path)
        var events: [D.Event] = []
        while try reader.next(into: &fields.line) {
            let kind = fields.line.kind
            guard kind != "gen", kind != "zone" else {
                throw fields.line.location.error("EventDecoding reads event lines only, not '\(kind)' lines")
            }
            let specIndex = try validator.spec(for: fields.line)
            try validator.validate(&fields.line, specAt: specIndex, what: "'\(kind)'")
            fields.specIndex = specIndex
            events.append(try kinds[specIndex].decode(&fields))
        }
        return events
    }

    /// The events the `gen NAME ...` line `genLine` (without its time) makes, as a run at seed
    /// `seed` makes them (the generator's own random substream, as `Runner` and `Expander` derive it).
    public static func generated<D: Domain>(_ domain: D.Type, _ genLine: String, header: [String] = [], seed: UInt64 = 0,
                                            limits: ScenarioLimits = .standard) throws(ScenarioError) -> [D.Event] {
        var text = "lockstep 1\ndomain \(D.name)\nseed \(seed)\n"
        for h in header { text += h + "\n" }
        text += "\n0 " + genLine + "\n"
        let reader = try ScenarioReader(display: "Scenarios/generated.scenario", bytes: Array(text.utf8), files: nil, limits: limits)
        let scenario = try reader.readHeader()
        let validator = LineValidator(specs: D.events.map(\.spec), source: reader, limits: limits)
        var fields = Fields(reading: [], path: scenario.path)
        guard try reader.next(into: &fields.line), fields.line.kind == "gen" else {
            throw ScenarioError(path: scenario.path, line: 0, column: 0, message: "EventDecoding.generated needs one 'gen' line")
        }
        let generator = try Runner.generatorOf(&fields.line, in: D.generators, validator: validator)
        var context = GeneratorContext(rng: Runner.generatorRNG(seed: scenario.seed, name: generator.name, ordinal: 0),
                                       maxEvents: limits.maxEvents, line: fields.line)
        var genFields = Fields(reading: [generator.spec], path: scenario.path)
        genFields.line = fields.line
        var events: [D.Event] = []
        try generator.generate(&genFields, &context) { item throws(ScenarioError) in events.append(item.event) }
        return events
    }

    /// Each event written with `D.text(of:)` (all at time 0) and read back with `events`. An event
    /// whose `text(of:)` is nil is an error naming it.
    public static func roundTrip<D: Domain>(_ domain: D.Type, _ original: [D.Event], header: [String] = [],
                                            files: ScenarioFiles? = nil) throws(ScenarioError) -> [D.Event] {
        var lines: [String] = []
        for (i, event) in original.enumerated() {
            guard let body = D.text(of: event) else {
                throw ScenarioError(path: "<roundTrip>", line: i + 1, column: 1,
                                    message: "\(D.name) has no line form for event \(i + 1), \(structure(event))")
            }
            lines.append("0 " + body)
        }
        return try events(D.self, lines: lines, header: header, files: files)
    }

    /// The events that do not read back the same through `roundTrip`, each as `event N: wrote … read …`;
    /// empty when every one does. A count that differs is one entry too.
    public static func roundTripDifferences<D: Domain>(_ domain: D.Type, _ original: [D.Event], header: [String] = [],
                                                       files: ScenarioFiles? = nil) throws(ScenarioError) -> [String] {
        let back = try roundTrip(D.self, original, header: header, files: files)
        var differences: [String] = []
        if back.count != original.count { differences.append("\(original.count) events written, \(back.count) read back") }
        for (i, (a, b)) in zip(original, back).enumerated() where structure(a) != structure(b) {
            differences.append("event \(i + 1): wrote \(D.text(of: a) ?? "?"), read back \(structure(b))")
        }
        return differences
    }

    /// Every stored value of `value`, nested, as text (`dump`): two events are the same when their
    /// structures are equal. Doubles are written by their shortest round-trip text, so equal text is
    /// equal bits (`0.0` and `-0.0` differ), except that every NaN reads `nan`.
    public static func structure(_ value: Any) -> String {
        var out = ""
        dump(value, to: &out)
        return out
    }
}
