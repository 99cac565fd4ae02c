import Fixtures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LockstepCore
import LockstepRunner
import LockstepTools
import Registry
import Testing

/// `check`'s selection (domains, --filter, --shard), its reports (--quiet, --json, --junit), failure
/// artifacts, parallel replay and colour. Each report is read back by an independent reader: JUnit
/// by Foundation's XMLParser, JSON Lines by the strict JSONDocument parser, PNGs by the decoder.
@Suite struct CheckReportingTests {
    /// A project with `n` more counter scenarios `cli-sNN` besides TempProject's two, all recorded.
    static func project(extra n: Int) throws -> TempProject {
        let p = try TempProject()
        for i in 0..<n {
            try p.dir.write("Scenarios/counter/cli-s\(i < 10 ? "0" : "")\(i).scenario",
                            "lockstep 1\ndomain counter\nseed \(i)\n\n0 add n=\(i)\n")
        }
        let recorded = p.run(["record", "--all"])
        #expect(recorded.code == ExitCode.ok, "\(recorded.err)")
        return p
    }

    func run(_ p: TempProject, _ args: [String], environment: [String: String] = [:],
             style: TerminalStyle = .plain) -> (code: Int32, out: String, err: String) {
        let ctx = CommandContext(project: Project(root: p.root, domains: allDomains), environment: environment, style: style)
        let code = LockstepCommand.main(args, ctx)
        return (code, ctx.outText, ctx.errText)
    }

    /// Well-formedness by Foundation's XML parser, and the `file` of every test case with its verdict.
    func readJUnit(_ path: String) throws -> [(file: String, verdict: String)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let reader = JUnitReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        return reader.cases
    }

    @Test func shardsAreDisjointAndTogetherEveryScenario() throws {
        let p = try CheckReportingTests.project(extra: 22)
        let all = Set(p.run(["check", "--json"]).out.split(separator: "\n").compactMap { line -> String? in
            (try? JSONDocument.parse(Array(line.utf8)))?["scenario"]?.string
        })
        #expect(all.count == 24)
        var union: [String] = []
        var sizes: [Int] = []
        for i in 1...3 {
            let junit = p.root + "/shard\(i).xml"
            let result = run(p, ["check", "--shard", "\(i)/3", "--junit", junit])
            #expect(result.code == ExitCode.ok, "\(result.out)\(result.err)")
            let cases = try readJUnit(junit)
            #expect(result.out.hasPrefix("selected \(cases.count) of 24 scenarios (Scenarios/ --shard \(i)/3)\n"))
            union += cases.map(\.file)
            sizes.append(cases.count)
        }
        #expect(union.count == all.count, "a scenario is in two shards: \(union.sorted())")
        #expect(Set(union) == all)
        #expect(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
        // By hash, not position: a new scenario moves no other scenario between shards.
        let before = (1...3).map { i in Set(all.filter { (try? Shard(index: i, count: 3))!.contains($0) }) }
        try p.dir.write("Scenarios/counter/cli-aaa-new.scenario", "lockstep 1\ndomain counter\n\n0 add n=1\n")
        for i in 1...3 {
            let listed = try ScenarioSelection(arguments: [], shard: Shard(index: i, count: 3))
                .listing(Project(root: p.root, domains: allDomains)).scenarios
            #expect(before[i - 1].isSubset(of: Set(listed)))
        }
    }

    @Test func shardAndFilterUsageErrors() throws {
        let p = try TempProject()
        for bad in ["0/3", "4/3", "1/0", "x", "1/3/2"] {
            let result = run(p, ["check", "--shard", bad])
            #expect(result.code == ExitCode.badInput, "\(bad)")
            #expect(result.err.contains("--shard"), "\(result.err)")
        }
        #expect(run(p, ["check", "--filter", "[ab"]).err.contains("without a closing ']'"))
        let none = run(p, ["check", "--filter", "nothing-like-this"])
        #expect(none.code == ExitCode.badInput)
        #expect(none.err.contains("no scenarios under Scenarios/ --filter nothing-like-this"), "\(none.err)")
    }

    @Test func domainNameAndFilterSelect() throws {
        let p = try CheckReportingTests.project(extra: 3)
        let domain = run(p, ["check", "counter"])
        #expect(domain.code == ExitCode.ok)
        #expect(domain.out.contains("5 passed, 0 failed"))
        let filtered = run(p, ["check", "--filter", "cli-s0[02]"])
        #expect(filtered.out.contains("ok    Scenarios/counter/cli-s00.scenario\nok    Scenarios/counter/cli-s02.scenario\n"))
        #expect(filtered.out.contains("2 passed, 0 failed"))
        // The name under Scenarios/ matches too, and two filters are "or".
        let both = run(p, ["check", "--filter", "counter/cli-a*", "--filter", "*rolls"])
        #expect(both.out.contains("2 passed, 0 failed"), "\(both.out)")
        let typo = run(p, ["check", "countr"])
        #expect(typo.code == ExitCode.badInput)
        #expect(typo.err.contains("countr: no such scenario, folder or domain; did you mean 'counter'"), "\(typo.err)")
    }

    /// Breaks the golden of cli-adds (a changed line), returning the project.
    static func failing() throws -> TempProject {
        let p = try CheckReportingTests.project(extra: 2)
        let golden = "Golden/counter/cli-adds.golden"
        let text = try p.dir.read(golden)
        try p.dir.write(golden, text.replacingOccurrences(of: "value=6", with: "value=7 <&\"\u{1}>"))
        #expect(try p.dir.read(golden) != text, "the golden should have a value=6 to break")
        return p
    }

    @Test func quietPrintsOnlyFailuresAndTheSummary() throws {
        let p = try CheckReportingTests.failing()
        let result = run(p, ["check", "--quiet"])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.hasPrefix("FAIL  Scenarios/counter/cli-adds.scenario\n"), "\(result.out)")
        #expect(!result.out.contains("ok    "))
        #expect(!result.out.contains("vocabulary:"))
        #expect(result.out.hasSuffix("failed:\n  Scenarios/counter/cli-adds.scenario\n3 passed, 1 failed\n"))
    }

    @Test func junitIsWellFormedAndCarriesTheReport() throws {
        let p = try CheckReportingTests.failing()
        let path = p.root + "/report.xml"
        let text = run(p, ["check", "--junit", path])
        #expect(text.code == ExitCode.mismatch)
        let cases = try readJUnit(path)
        #expect(cases.count == 4)
        #expect(cases.filter { $0.verdict == "failure" }.map(\.file) == ["Scenarios/counter/cli-adds.scenario"])
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains("tests=\"4\" failures=\"1\" errors=\"0\""))
        // The golden's odd characters are escaped (the diff itself spells the control character \x01).
        #expect(xml.contains("value=7 &lt;&amp;&quot;\\x01&gt;"), "\(xml)")
        // Characters XML 1.0 cannot carry at all are spelled out, never written raw.
        #expect(JUnitReport.escape("a\u{1}b\u{FFFE}<'\t") == "a\\u{1}b\\u{FFFE}&lt;&apos;\t")
        // The same report as the text output, as the failure's body.
        #expect(xml.contains("FAIL  Scenarios/counter/cli-adds.scenario\n  first divergence"))
    }

    @Test func jsonLinesOneRecordPerScenarioThenTheSummary() throws {
        let p = try CheckReportingTests.failing()
        let result = run(p, ["check", "--json"])
        #expect(result.code == ExitCode.mismatch)
        let records = try result.out.split(separator: "\n").map { try JSONDocument.parse(Array($0.utf8)) }
        #expect(records.count == 5)
        let statuses = records.dropLast().map { "\($0["scenario"]?.string ?? "?") \($0["status"]?.string ?? "?")" }
        #expect(statuses == ["Scenarios/counter/cli-adds.scenario failed", "Scenarios/counter/cli-rolls.scenario passed",
                             "Scenarios/counter/cli-s00.scenario passed", "Scenarios/counter/cli-s01.scenario passed"].sorted()
                || statuses.count == 4)
        #expect(records.dropLast().filter { $0["status"]?.string == "failed" }.count == 1)
        #expect(records.first { $0["status"]?.string == "failed" }?["report"]?.string?.contains("first divergence") == true)
        let summary = try #require(records.last?["summary"])
        #expect(summary["passed"]?.numberText == "3")
        #expect(summary["failed"]?.numberText == "1")
        #expect(summary["errors"]?.numberText == "0")
    }

    @Test func parallelOutputIsTheSameBytesAsSerial() throws {
        let p = try CheckReportingTests.failing()
        let serial = run(p, ["check", "--jobs", "1"])
        for jobs in ["2", "3", "8"] {
            let parallel = run(p, ["check", "--jobs", jobs])
            #expect(parallel.out == serial.out, "--jobs \(jobs)")
            #expect(parallel.code == serial.code)
        }
        #expect(run(p, ["check", "--jobs", "0"]).code == ExitCode.badInput)
    }

    @Test func orderedParallelDeliversInOrder() {
        var seen: [Int] = []
        OrderedParallel.run(count: 200, jobs: 4, work: { i in i * i }, deliver: { i, v in
            #expect(v == i * i)
            seen.append(i)
        })
        #expect(seen == Array(0..<200))
    }

    // MARK: artifacts

    static let canvasScenario = """
        lockstep 1
        domain canvas
        set width 3
        set height 2

        0 dot x=0 y=0 colour=255,0,0
        1 save

        """

    @Test func artifactsOnFailureHoldTracesAndAPNGDifference() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/canvas/cli-art.scenario", CheckReportingTests.canvasScenario)
        try p.dir.write("Scenarios/canvas/cli-art-ok.scenario", CheckReportingTests.canvasScenario)
        #expect(p.run(["record", "--all"]).code == ExitCode.ok)
        // Change one pixel of the stored picture: the run's picture no longer matches it.
        let stored = "Golden/canvas/cli-art.save1.png"
        let image = try PNG.decode(try FileIO.read(p.root + "/" + stored))
        var rgba = image.rgba
        rgba[4 * 5] = 7  // pixel (2, 1)
        try FileIO.writeAtomically(PNG.encode(try PNGImage(width: 3, height: 2, rgba: rgba)), to: p.root + "/" + stored)

        let dir = p.root + "/artifacts"
        let result = run(p, ["check", "canvas"], environment: [FailureArtifacts.environmentKey: dir])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.contains("  artifacts: \(dir)/canvas/cli-art\n"), "\(result.out)")
        let folder = dir + "/canvas/cli-art"
        let report = String(decoding: try FileIO.read(folder + "/report.txt"), as: UTF8.self)
        #expect(report.hasPrefix("FAIL  Scenarios/canvas/cli-art.scenario\n  artifact save1.png:"), "\(report)")
        #expect(try FileIO.read(folder + "/expected.golden") == FileIO.read(p.root + "/Golden/canvas/cli-art.golden"))
        #expect(try FileIO.read(folder + "/actual.golden") == FileIO.read(p.root + "/Golden/canvas/cli-art.golden"))
        #expect(try FileIO.read(folder + "/expected.save1.png") == FileIO.read(p.root + "/" + stored))
        #expect(try PNG.decode(FileIO.read(folder + "/actual.save1.png")).pixel(x: 0, y: 0) == (255, 0, 0, 255))
        let difference = try PNG.decode(FileIO.read(folder + "/difference.save1.png"))
        #expect(difference.pixel(x: 2, y: 1) == (255, 0, 0, 255))
        #expect(difference.pixel(x: 1, y: 1) != (255, 0, 0, 255))
        // The passing scenario wrote nothing.
        #expect(!FileIO.exists(dir + "/canvas/cli-art-ok"))
    }

    @Test func differenceImageKnownValues() throws {
        // Expected: black then white. Actual: black then blue. Unchanged black fades to grey 192
        // (192 + luma 0 / 4); the changed pixel is red.
        let a = PNG.encode(try PNGImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255]))
        let b = PNG.encode(try PNGImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 0, 0, 255, 255]))
        let d = try PNG.decode(try #require(FailureArtifacts.differenceImage(a, b)))
        #expect(d.pixel(x: 0, y: 0) == (192, 192, 192, 255))
        #expect(d.pixel(x: 1, y: 0) == (255, 0, 0, 255))
        // White unchanged: 192 + 255 / 4 = 255.
        let same = try PNG.decode(try #require(FailureArtifacts.differenceImage(a, a)))
        #expect(same.pixel(x: 1, y: 0) == (255, 255, 255, 255))
        let wider = PNG.encode(try PNGImage(width: 3, height: 1, fill: (0, 0, 0, 255)))
        #expect(FailureArtifacts.differenceImage(a, wider) == nil)
    }

    // MARK: colour

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        #expect(TerminalStyle(isTerminal: true, environment: [:]).colour)
        #expect(!TerminalStyle(isTerminal: false, environment: [:]).colour)
        #expect(!TerminalStyle(isTerminal: true, environment: ["NO_COLOR": "1"]).colour)
        #expect(TerminalStyle(isTerminal: true, environment: ["NO_COLOR": ""]).colour)  // empty means unset
        #expect(!TerminalStyle(isTerminal: true, environment: ["TERM": "dumb"]).colour)

        let p = try CheckReportingTests.failing()
        let plain = run(p, ["check"])
        #expect(!plain.out.contains("\u{1B}["))
        let coloured = run(p, ["check"], style: TerminalStyle(colour: true))
        #expect(coloured.out.contains("\u{1B}[1;31mFAIL \u{1B}[0m Scenarios/counter/cli-adds.scenario"))
        #expect(coloured.out.contains("\u{1B}[32mok   \u{1B}[0m Scenarios/counter/cli-rolls.scenario"))
        #expect(coloured.out.contains("\u{1B}[31m  - expected"), "\(coloured.out)")
        #expect(coloured.out.contains("\u{1B}[32m  + actual"))
        // Without the escapes, the coloured output is the plain one.
        #expect(coloured.out.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain.out)
    }

    // MARK: names

    @Test func didYouMean() {
        #expect(DidYouMean.suggestions(for: "chekc", among: ["check", "record", "diff"]) == ["check"])
        #expect(DidYouMean.suggestions(for: "mutat", among: ["mutate", "bench"]) == ["mutate"])
        #expect(DidYouMean.suggestions(for: "xyz", among: ["check", "record"]) == [])
        #expect(DidYouMean.hint(for: "quite", among: ["quiet", "json"], quote: { "--" + $0 }) == "; did you mean --quiet?")
        let p = try? TempProject()
        #expect(p?.run(["chek"]).err.hasPrefix("lockstep: unknown command 'chek'; did you mean 'check'?") == true)
        #expect(p?.run(["help", "check"]).out == p?.run(["check", "--help"]).out)
    }

    @Test func globs() throws {
        #expect(try Glob("*undo*").matches("chalk/zoom-then-undo"))
        #expect(try Glob("chalk/*").matches("chalk/a/b"))
        #expect(try !Glob("chalk/?").matches("chalk/ab"))
        #expect(try Glob("s[0-2]").matches("s1"))
        #expect(try !Glob("s[!0-2]").matches("s1"))
        #expect(try Glob("a*b*c").matches("aXbYc"))
        #expect(try !Glob("a*b*c").matches("aXbY"))
        // Bounded work on a pattern that is exponential for naive backtracking.
        #expect(try !Glob(String(repeating: "a*", count: 40) + "b").matches(String(repeating: "a", count: 200)))
    }
}

/// Collects `<testcase file=…>` and whether it holds a `<failure>` or `<error>`.
final class JUnitReader: NSObject, XMLParserDelegate {
    var cases: [(file: String, verdict: String)] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "testcase" { cases.append((attributes["file"] ?? "?", "passed")) }
        if name == "failure" || name == "error", !cases.isEmpty { cases[cases.count - 1].verdict = name }
    }
}
