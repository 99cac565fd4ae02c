import LockstepCore
import LockstepRunner

/// `summary.txt` in a `check --artifacts DIR` folder: every checked scenario's verdict in the
/// order `check` printed them, so `lockstep report DIR` can say what passed as well as what failed.
///
/// ```
/// lockstep-artifacts 1
/// ok Scenarios/chalk/materials.scenario
/// FAIL Scenarios/chalk/session.scenario
/// ```
/// The first line names the format (a folder without it is not read as one); each further line is a
/// label (`ok`, `FAIL`, `MISSING`, `ERROR`), one space and the scenario's path. A failure's files are
/// in `DIR/<domain>/<name>/` (`ScenarioSelection.name(of:)`).
public struct ArtifactsSummary: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var label: String
        public var scenario: String
        public var passed: Bool { label == "ok" }
        public init(label: String, scenario: String) { self.label = label; self.scenario = scenario }
    }

    public static let fileName = "summary.txt"
    static let magic = "lockstep-artifacts 1"
    static let labels: Set<String> = ["ok", "FAIL", "MISSING", "ERROR"]
    /// More lines than any project's scenarios; a longer file is refused, not truncated.
    public static let maxEntries = 1_000_000

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public init(_ results: [CheckResult]) {
        entries = results.map { Entry(label: $0.label, scenario: $0.scenario) }
    }

    public var text: String {
        var s = ArtifactsSummary.magic + "\n"
        for e in entries { s += e.label + " " + e.scenario + "\n" }
        return s
    }

    /// Reads `DIR/summary.txt`; nil when the folder has none (not an artifacts folder). A malformed
    /// file is an error naming its line and column.
    public static func read(directory: String) throws(FileIO.Failure) -> ArtifactsSummary? {
        let path = directory + "/" + fileName
        guard FileIO.exists(path) else { return nil }
        let bytes = try FileIO.read(path, maxBytes: 64 << 20, limitName: "the summary's 64 MiB")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == magic else {
            throw FileIO.Failure(path: path, message: "1:1: expected '\(magic)' (a 'lockstep check --artifacts' summary)")
        }
        var entries: [Entry] = []
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            guard entries.count < maxEntries else {
                throw FileIO.Failure(path: path, message: "\(i + 1):1: more than \(maxEntries) scenarios (maxEntries)")
            }
            guard let space = line.firstIndex(of: " "), labels.contains(String(line[..<space])) else {
                throw FileIO.Failure(path: path, message: "\(i + 1):1: expected 'ok|FAIL|MISSING|ERROR SCENARIO', found '\(line.prefix(60))'")
            }
            let scenario = String(line[line.index(after: space)...])
            guard !scenario.isEmpty, !scenario.contains(".."), !scenario.hasPrefix("/") else {
                throw FileIO.Failure(path: path, message: "\(i + 1):\(line.distance(from: line.startIndex, to: space) + 2): a scenario path under Scenarios/, found '\(scenario.prefix(60))'")
            }
            entries.append(Entry(label: String(line[..<space]), scenario: scenario))
        }
        return ArtifactsSummary(entries: entries)
    }
}
