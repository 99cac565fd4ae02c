import LockstepCore

/// Scenario text written inline, as tests write it: a domain's few lines run through the real
/// reader, validator and runner, giving the trace, its output records, or the located error.
///
/// `body` follows `lockstep 1` and `domain NAME`; it may start with `set` and other header lines.
/// Errors name the file `t.scenario` (line 3 is the body's first line).
public enum InlineScenario {
    public static let display = "t.scenario"

    /// The whole trace.
    public static func trace<D: Domain>(_ domain: D.Type, _ body: String) throws(ScenarioError) -> String {
        let text = "lockstep 1\ndomain \(D.name)\n" + body
        let reader = try ScenarioReader(display: display, bytes: Array(text.utf8), files: nil)
        let header = try reader.readHeader()
        var out = MemoryOutput()
        _ = try Runner.run(D.self, reader: reader, header: header, options: RunOptions(), output: &out)
        return out.text
    }

    /// The output records of every step (the indented lines), without the final state section.
    public static func records<D: Domain>(_ domain: D.Type, _ body: String) throws(ScenarioError) -> [String] {
        let lines = try trace(domain, body).split(separator: "\n", omittingEmptySubsequences: false)
        // The steps sit between the header's `---` and the footer's.
        return lines.drop { $0 != "---" }.dropFirst().prefix { $0 != "---" }
            .filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    /// The whole trace, or `error: t.scenario:LINE:COLUMN: message`: one string a test can compare
    /// whichever way the scenario went.
    public static func traceOrError<D: Domain>(_ domain: D.Type, _ body: String) -> String {
        do { return try trace(domain, body) } catch { return "error: \(error.description)" }
    }

    /// The error text (`t.scenario:LINE:COLUMN: message`) of a scenario that must not run, or nil.
    public static func error<D: Domain>(_ domain: D.Type, _ body: String) -> String? {
        do {
            _ = try trace(domain, body)
            return nil
        } catch {
            return error.description
        }
    }
}
