import Foundation
import Testing
@testable import LockstepCore
@testable import LockstepRunner
@testable import LockstepTools

private let scenarioText = """
    lockstep 1
    domain counter
    seed 42
    0 add n=3
    +0.5 remind after=2 label="tea"
    +1 roll sides=20
    +1 add n=1
    until 5

    """

private func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

private func bytes(_ lines: [String]) -> [UInt8] { Array(lines.joined(separator: "\n").utf8) }

/// A real trace of `scenarioText`.
private func realTrace() throws -> [UInt8] {
    let tree = try TempScenarioTree()
    return try tree.run(try tree.scenario("g.scenario", scenarioText)).trace
}

@Suite("Trace diff")
struct GoldenTraceDiffTests {
    @Test func identical() throws {
        let trace = try realTrace()
        #expect(TraceDiff.compare(expected: trace, actual: trace) == nil)
    }

    @Test("one changed output line: its line, its step, expected and actual, context")
    func changedOutput() throws {
        let actual = try realTrace()
        var golden = lines(actual)
        let index = try #require(golden.firstIndex(of: "  total value=3"))
        golden[index] = "  total value=4"
        let d = try #require(TraceDiff.compare(expected: bytes(golden), actual: actual))
        #expect(d.line == index + 1)
        #expect(d.expected == "  total value=4")
        #expect(d.actual == "  total value=3")
        #expect(d.stepLine == golden[index - 1])  // the step line just above: "1 0.000000000 add #…"
        #expect(d.stepLine?.hasPrefix("1 0.000000000 add #") == true)
        #expect(d.reason == "first divergence at line \(index + 1)")
        #expect(d.context == Array(golden[(index - 3)..<index]))
        let text = d.description
        #expect(text.contains("- expected (line \(index + 1)):   total value=4"))
        #expect(text.contains("+ actual   (line \(index + 1)):   total value=3"))
        #expect(text.contains("in step: 1 0.000000000 add #"))
    }

    @Test("a digest-only change says so")
    func digestOnly() throws {
        let actual = try realTrace()
        var golden = lines(actual)
        let index = try #require(golden.firstIndex { $0.hasPrefix("3 ") })
        let hash = try #require(golden[index].lastIndex(of: "#"))
        golden[index] = String(golden[index][..<hash]) + "#0123456789abcdef"
        let d = try #require(TraceDiff.compare(expected: bytes(golden), actual: actual))
        #expect(d.line == index + 1)
        #expect(d.reason.contains("different state digest"))
        #expect(d.stepLine == lines(actual)[index])
        #expect(d.expected == golden[index])
    }

    @Test("a truncated golden is a mismatch with a reason")
    func truncated() throws {
        let actual = try realTrace()
        let all = lines(actual)
        // Cut at a line boundary in the middle of the steps.
        let cut = Array(all.prefix(14))
        let d = try #require(TraceDiff.compare(expected: bytes(cut) + [10], actual: actual))
        #expect(d.line == 15)
        #expect(d.expected == nil)
        #expect(d.actual == all[14])
        #expect(d.reason.contains("truncated"))
        // Cut in the middle of a line.
        let partial = Array(actual.prefix(actual.count / 2))
        let p = try #require(TraceDiff.compare(expected: partial, actual: actual))
        #expect(p.reason.contains("truncated"), "\(p.reason)")
        // Nothing at all.
        let empty = try #require(TraceDiff.compare(expected: [], actual: actual))
        #expect(empty.line == 1)
        #expect(empty.reason.contains("truncated"))
    }

    @Test("a golden in an unknown format is a mismatch with a reason")
    func unknownVersion() throws {
        let actual = try realTrace()
        var golden = lines(actual)
        golden[0] = "lockstep-trace 9"
        let d = try #require(TraceDiff.compare(expected: bytes(golden), actual: actual))
        #expect(d.line == 1)
        #expect(d.reason.contains("unknown trace format 'lockstep-trace 9'"))
        #expect(d.reason.contains("'lockstep-trace 1'"))
        let junk = try #require(TraceDiff.compare(expected: [0xFF, 0xFE, 10, 0, 1, 2], actual: actual))
        #expect(junk.reason.contains("not a Lockstep trace"))
    }

    @Test("an output the run no longer makes is reported at that line, even when the digest also changed")
    func removedOutput() throws {
        let actual = try realTrace()
        var golden = lines(actual)
        let step = try #require(golden.firstIndex { $0.hasPrefix("1 ") })
        golden.insert("  extra line=1", at: step + 2)
        let hash = try #require(golden[step].lastIndex(of: "#"))
        golden[step] = String(golden[step][..<hash]) + "#0000000000000000"
        let d = try #require(TraceDiff.compare(expected: bytes(golden), actual: actual))
        #expect(d.line == step + 3)
        #expect(d.expected == "  extra line=1")
        #expect(d.actual == lines(actual)[step + 2])
        #expect(d.stepLine == lines(actual)[step])
        // The run ending early is reported as such.
        let short = Array(actual.prefix(actual.count - 1)) + Array("\nmore\n".utf8)
        let s = try #require(TraceDiff.compare(expected: short, actual: actual))
        #expect(s.actual == nil)
        #expect(s.reason.contains("the run ends"))
    }
}

@Suite("Golden check and record")
struct GoldenCheckTests {
    @Test("check: missing, passed, differs, invalid")
    func check() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", scenarioText)
        let project = tree.project()
        let result = try tree.run(display)
        guard case .missingGolden(let path) = GoldenCheck.compare(project, result) else {
            Issue.record("expected a missing golden"); return
        }
        #expect(path == "Golden/lockstep-unit-tmp/g.golden")
        let written = try GoldenCheck.record(project, result)
        #expect(written == ["Golden/lockstep-unit-tmp/g.golden"])
        #expect(tree.read("Golden/lockstep-unit-tmp/g.golden") == result.trace)
        #expect(GoldenCheck.compare(project, result).passed)
        #expect(GoldenCheck.check(project, display).passed)
        // A behaviour change is a divergence at the first differing step.
        try tree.scenario("g.scenario", scenarioText.replacingOccurrences(of: "0 add n=3", with: "0 add n=4"))
        guard case .differs(let d) = GoldenCheck.check(project, display) else {
            Issue.record("expected a divergence"); return
        }
        // The state digest on the step line differs too, but the changed output is what is shown.
        #expect(d.expected == "  total value=3")
        #expect(d.actual == "  total value=4")
        #expect(d.stepLine?.hasPrefix("1 0.000000000 add #") == true)
        #expect(d.reason.contains("state digest differs too"))
        // A broken scenario is invalid, not a diff.
        try tree.scenario("g.scenario", scenarioText.replacingOccurrences(of: "+1 add n=1", with: "+1 add n=x"))
        guard case .invalid(let error) = GoldenCheck.check(project, display) else {
            Issue.record("expected an invalid scenario"); return
        }
        #expect(error.line == 7)
    }

    @Test("record replaces the golden atomically and leaves no temporary files")
    func atomic() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", scenarioText)
        let project = tree.project()
        let goldenPath = tree.root + "/Golden/lockstep-unit-tmp/g.golden"
        _ = try GoldenCheck.record(project, try tree.run(display))
        let before = try FileManager.default.attributesOfItem(atPath: goldenPath)[.systemFileNumber] as? Int
        try tree.scenario("g.scenario", scenarioText.replacingOccurrences(of: "0 add n=3", with: "0 add n=5"))
        let second = try tree.run(display)
        _ = try GoldenCheck.record(project, second)
        let after = try FileManager.default.attributesOfItem(atPath: goldenPath)[.systemFileNumber] as? Int
        #expect(tree.read("Golden/lockstep-unit-tmp/g.golden") == second.trace)
        // A new inode: the file was renamed into place, not rewritten where a reader could see half of it.
        #expect(before != nil && before != after)
        let entries = try FileManager.default.contentsOfDirectory(atPath: tree.root + "/Golden/lockstep-unit-tmp")
        #expect(entries == ["g.golden"])
    }

    @Test("a failing scenario writes nothing: the golden stays as it was")
    func failingRecordWritesNothing() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", scenarioText)
        let project = tree.project()
        let ctx = CommandContext(project: project, environment: [:])
        #expect(LockstepCommand.record([display], ctx) == ExitCode.ok)
        let golden = try #require(tree.read("Golden/lockstep-unit-tmp/g.golden"))
        #expect(golden == (try tree.run(display)).trace)
        // Break the scenario late, after several steps would already have run.
        try tree.scenario("g.scenario", scenarioText.replacingOccurrences(of: "+1 add n=1", with: "+1 add n=1 oops=2"))
        let failing = CommandContext(project: project, environment: [:])
        #expect(LockstepCommand.record([display], failing) == ExitCode.badInput)
        #expect(failing.errText.contains("\(display):7:12: unknown field 'oops'"))
        #expect(tree.read("Golden/lockstep-unit-tmp/g.golden") == golden)
        let entries = try FileManager.default.contentsOfDirectory(atPath: tree.root + "/Golden/lockstep-unit-tmp")
        #expect(entries == ["g.golden"])
        // A scenario that never had a golden gets none when it fails.
        try tree.scenario("new.scenario", "lockstep 1\ndomain counter\n0 add n=1\n1 add\n")
        #expect(LockstepCommand.record([TempScenarioTree.folder + "/new.scenario"], CommandContext(project: project, environment: [:])) == ExitCode.badInput)
        #expect(!tree.exists("Golden/lockstep-unit-tmp/new.golden"))
        // And under CI=true record is refused outright.
        #expect(LockstepCommand.record([display], CommandContext(project: project, environment: ["CI": "true"])) == ExitCode.badInput)
        #expect(tree.read("Golden/lockstep-unit-tmp/g.golden") == golden)
    }
}
