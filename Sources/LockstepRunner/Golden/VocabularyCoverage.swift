import LockstepCore

/// Which declared words of each domain (event kinds, settings, generators) some scenario with a
/// golden uses, so nothing a domain accepts goes unpinned. `lockstep check` prints the summary line;
/// `RegistryTests` fails on any gap and names it.
///
/// Faults are not counted here: `lockstep mutate` replays every fault against every scenario of its
/// domain and fails unless some golden catches it, which is the stronger check.
public struct VocabularyCoverage: Sendable {
    public struct Word: Hashable, Sendable, CustomStringConvertible {
        public var domain: String
        /// `event`, `set` or `gen`.
        public var role: String
        public var name: String
        public var description: String { role == "event" ? "\(domain) \(name)" : "\(domain) \(role) \(name)" }
    }

    public private(set) var declared: [Word] = []
    public private(set) var used: Set<Word> = []
    /// Scenarios that could not be read (they fail `check` on their own).
    public private(set) var unreadable: [String] = []

    public var missing: [Word] { declared.filter { !used.contains($0) } }

    /// Reads the scenarios of `project` that have a golden (header and event lines, includes
    /// followed; nothing is run).
    public static func measure(_ project: Project) -> VocabularyCoverage {
        var coverage = VocabularyCoverage()
        for d in project.domains {
            coverage.declared += d.eventKinds.map { Word(domain: d.name, role: "event", name: $0.kind) }
            coverage.declared += d.configKeys.map { Word(domain: d.name, role: "set", name: $0.name) }
            coverage.declared += d.generators.map { Word(domain: d.name, role: "gen", name: $0.name) }
        }
        for scenario in project.allScenarios() where FileIO.exists(project.root + "/" + project.goldenPath(forScenario: scenario)) {
            do { try coverage.read(scenario, project) } catch { coverage.unreadable.append(scenario) }
        }
        return coverage
    }

    mutating func read(_ scenario: String, _ project: Project) throws(ScenarioError) {
        let reader = try ScenarioReader(display: scenario, diskPath: project.diskPath(forDisplay: scenario), files: project.files,
                                        limits: project.limits)
        let header = try reader.readHeader()
        let domain = header.domain
        for line in header.settings { used.insert(Word(domain: domain, role: "set", name: line.rawText(0))) }
        var line = EventLine(path: scenario, buffer: [])
        var kinds: Set<String> = []
        while try reader.next(into: &line) {
            if line.kind == "gen", !line.args.isEmpty {
                used.insert(Word(domain: domain, role: "gen", name: line.rawText(0)))
            } else {
                kinds.insert(line.kind)
            }
        }
        for k in kinds { used.insert(Word(domain: domain, role: "event", name: k)) }
    }

    /// `vocabulary: 120/124 declared event kinds, settings and generators used by a scenario with a golden; not used: ...`.
    public var summaryLine: String {
        let gaps = missing
        var text = "vocabulary: \(declared.count - gaps.count)/\(declared.count) declared event kinds, settings and generators used by a scenario with a golden"
        if !gaps.isEmpty { text += "; not used: " + gaps.map(\.description).joined(separator: ", ") }
        return text
    }
}
