/// A scenario's event lines written out flat: every `include` followed, every `gen` line replaced by
/// the events it makes, and every line at its time since the start.
///
/// Running the flat lines gives the same steps as running the scenario (`ExpandTests` replays every
/// scenario of the project both ways and compares the traces): included lines keep their text and
/// get their resolved time; a generator's events are written with `Domain.text(of:)` and made from
/// the same random substream the run uses (`Runner.generatorRNG`). Times are written as since-start
/// seconds, so any subset of the lines is still a valid scenario in the same order: `shrink` can
/// remove single generated events, which it cannot do to a `gen` line.
public enum Expander {
    /// The scenario's event lines (after the header has been read from `reader`), flat. At most
    /// `maxLines` lines (an error naming the limit when a `gen` line makes more).
    @inlinable
    public static func expand<D: Domain>(_ domain: D.Type, reader: any ScenarioSource, header: ScenarioHeader,
                                         options: RunOptions, maxLines: Int) throws(ScenarioError) -> [String] {
        let limits = options.limits
        let specs = D.events.map(\.spec)
        let validator = LineValidator(specs: specs, source: reader, limits: limits)
        let generators = D.generators
        var fields = Fields(reading: [], path: header.path)
        var lines: [String] = []
        var ordinal: UInt64 = 0
        let folder = Expander.folder(of: header.path)

        func add(_ time: Instant, _ body: String, at location: ScenarioLocation) throws(ScenarioError) {
            guard lines.count < maxLines else {
                throw location.error("expanding makes more than \(maxLines) event lines (the limit maxExpandedLines)")
            }
            lines.append(Expander.seconds((time - header.start).nanoseconds) + " " + body)
        }

        while try reader.next(into: &fields.line) {
            let line = fields.line
            guard line.kind == "gen" else {
                // A `file` field of a line from an included file in another folder names a file
                // relative to that folder; written into the scenario it would name another one.
                if line.path != header.path, Expander.folder(of: line.path) != folder, line.kind != "zone",
                   let i = try? validator.spec(for: line) {
                    let fileFields = specs[i].fields.filter { $0.type == .file }.map(\.name)
                    if line.keyedArguments.contains(where: { fileFields.contains($0.key) }) {
                        throw line.location.error("cannot expand: this included line names a file relative to \(Expander.folder(of: line.path))/, not to the scenario's folder")
                    }
                }
                try add(line.time, line.bodyText, at: line.location)
                continue
            }
            let generator = try Runner.generatorOf(&fields.line, in: generators, validator: validator)
            let location = fields.line.location
            var context = GeneratorContext(rng: Runner.generatorRNG(seed: header.seed, name: generator.name, ordinal: ordinal),
                                           maxEvents: limits.maxEvents - reader.eventCount + 1, line: fields.line)
            ordinal += 1
            var genFields = Fields(reading: [generator.spec], path: header.path)
            genFields.line = fields.line
            let lineTime = line.time
            var produced = 0
            var last = lineTime
            try generator.generate(&genFields, &context) { item throws(ScenarioError) in
                produced += 1
                guard let body = D.text(of: item.event) else {
                    throw location.error("cannot expand generator '\(generator.name)': domain \(D.name) has no line form for its '\(D.kind(of: item.event))' events (Domain.text(of:))")
                }
                guard let t = lineTime.addingInRange(item.offset) else {
                    throw location.error("generator '\(generator.name)' produced an event \(item.offset) s after the line, outside the supported range \(Instant.supportedRangeText)")
                }
                try add(t, body, at: location)
                last = t
            }
            try reader.noteGenerated(count: produced, last: last, at: location)
        }
        return lines
    }

    /// Seconds as the scenario format reads them, exact and short: `0`, `0.033333333`, `12.5`.
    @inlinable
    public static func seconds(_ nanoseconds: Int64) -> String {
        var text = Duration.formatSeconds(nanoseconds)
        guard text.contains(".") else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// The folder part of a path (`""` for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
