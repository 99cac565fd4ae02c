import LockstepCore
import LockstepRunner
import SpeckMatch
import Testing

/// Runs scenario text through the speckMatch domain: the trace, or the located error.
func speckMatchTrace(_ body: String, faults: String = "") throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain speckMatch\n" + faults + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(SpeckMatch.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

/// The output records (indented lines) of a run, without the final state section.
func speckMatchRecords(_ body: String, faults: String = "") throws(ScenarioError) -> [String] {
    let trace = try speckMatchTrace(body, faults: faults)
    let events = trace.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("state") && !$0.hasPrefix("---end") }
    return events.filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
}

/// The error text of a scenario that must not run.
func speckMatchError(_ body: String) -> String? {
    do { _ = try speckMatchTrace(body); return nil } catch { return error.description }
}
