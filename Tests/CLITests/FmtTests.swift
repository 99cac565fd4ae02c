import Registry
import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// Every `.scenario` and `.events` file of this repository (Scenarios/, Bench/, Examples/), as paths
/// relative to the package root, sorted.
enum RepositoryScenarioFiles {
    static var root: String { LintCommandTests.packageRoot }

    static let all: [String] = {
        var found: [String] = []
        for folder in ["Scenarios", "Bench", "Examples"] {
            for suffix in [".scenario", ".events"] {
                // Not an example package's own build folder (its checkouts hold other copies).
                found += FileIO.walk(root + "/" + folder, suffix: suffix).map { String($0.dropFirst(root.count + 1)) }
                    .filter { !$0.contains("/.build/") }
            }
        }
        return found.sorted()
    }()

    /// Only the scenarios under Scenarios/ (the ones with goldens).
    static var checked: [String] { all.filter { $0.hasPrefix("Scenarios/") && $0.hasSuffix(".scenario") } }

    static func bytes(_ relative: String) throws -> [UInt8] { try FileIO.read(root + "/" + relative) }
}

@Suite struct ScenarioLayoutTests {
    static func format(_ text: String) throws(ScenarioError) -> String {
        String(decoding: try ScenarioLayout.format(Array(text.utf8), path: "t.scenario"), as: UTF8.self)
    }

    /// Worked out by hand from the rules in ScenarioLayout's doc comment.
    @Test func canonicalLayout() throws {
        let messy = "\n\n  # heading   \r\nlockstep   1\r\ndomain\tcounter\ntitle  \"two  spaces\"   \n\n\n\n"
            + "0 add n=3\n+0.5\t remind   after=10  label=\"a  b\"\n  +1h30m add n=-1   \n# between\n"
            + "@2026-01-01T00:00:05Z add n=1\n10 roll\n\nuntil   60\n\n\n"
        let expected = """
            # heading
            lockstep 1
            domain counter
            title "two  spaces"

            0      add n=3
            +0.5   remind after=10 label="a  b"
            +1h30m add n=-1
            # between
            @2026-01-01T00:00:05Z add n=1
            10                    roll

            until 60

            """
        #expect(try ScenarioLayoutTests.format(messy) == expected)
        #expect(try ScenarioLayoutTests.format(expected) == expected)
    }

    /// Values are kept as written: quotes, escapes, number spellings, tuples, `#` inside strings.
    @Test func valueTextIsNeverRewritten() throws {
        let text = "lockstep 1\ndomain noop\n\n0      tick a=\"x\" b=\"\\u{41}\" c=1.50 d=0x1F e=1,2,3 f=\"a#b\" g=+2h30m h=-inf\n"
        #expect(try ScenarioLayoutTests.format(text) == text)
    }

    @Test func blockWidthIsTheWidestTimeAndAtLeastSix() throws {
        let text = "lockstep 1\ndomain noop\n\n1 tick\n123456789.5 tick\n\n2 tick\n"
        #expect(try ScenarioLayoutTests.format(text) == "lockstep 1\ndomain noop\n\n1           tick\n123456789.5 tick\n\n2      tick\n")
    }

    @Test func emptyAndCommentOnlyFiles() throws {
        #expect(try ScenarioLayoutTests.format("") == "")
        #expect(try ScenarioLayoutTests.format("\n \n\t\n") == "")
        #expect(try ScenarioLayoutTests.format("# only\n\n\n# two") == "# only\n\n# two\n")
    }

    /// A file that does not lex gives the reader's own located message.
    @Test func lexicalErrorsAreLocated() {
        let cases: [(String, String)] = [
            ("lockstep 1\ndomain noop\n0 tick a=\"open\n", "t.scenario:3:10: unterminated string: no closing quote on this line"),
            ("lockstep 1\n0 add n=1 # one\n", "t.scenario:2:11: unexpected '#': a value is a number, a word, a \"string\" or a tuple 1,2,3"),
            ("lockstep 1\n5x add n=1\n", "t.scenario:2:2: malformed time '5x': unknown unit; use d, h, m, s, ms, us or ns"),
            ("lockstep 1\n!oops\n", "t.scenario:2:1: unexpected '!': a line is a header, an event starting with a time, or a # comment"),
            ("\u{FEFF}lockstep 1\n", "t.scenario:1:1: byte-order mark (U+FEFF) at the start of the line; save the file as UTF-8 without a BOM"),
        ]
        for (text, message) in cases {
            #expect(throws: ScenarioError.self) { try ScenarioLayoutTests.format(text) }
            do { _ = try ScenarioLayoutTests.format(text); Issue.record("no error for \(text)") } catch {
                #expect(error.description == message)
            }
        }
    }

    /// A comment line need not be UTF-8 (the reader never decodes it); fmt keeps its bytes.
    @Test func commentBytesAreKept() throws {
        let bytes: [UInt8] = Array("# a ".utf8) + [0xFF] + Array("  \nlockstep 1\n".utf8)
        let out = try ScenarioLayout.format(bytes, path: "t.scenario")
        #expect(out == Array("# a ".utf8) + [0xFF] + Array("\nlockstep 1\n".utf8))
    }

    /// fmt(fmt(x)) == fmt(x) for every scenario and included file in the repository, and the layout
    /// keeps every token (the same lines, without blank ones, split the same way).
    @Test(arguments: RepositoryScenarioFiles.all)
    func idempotentOnRepositoryFile(_ relative: String) throws {
        let bytes = try RepositoryScenarioFiles.bytes(relative)
        let once = try ScenarioLayout.format(bytes, path: relative)
        let twice = try ScenarioLayout.format(once, path: relative)
        #expect(once == twice, "\(relative): formatting twice differs from once")
        let before = try ScenarioLayout.lines(bytes, path: relative).filter { $0 != .blank }
        let after = try ScenarioLayout.lines(once, path: relative).filter { $0 != .blank }
        #expect(before == after, "\(relative): formatting changed a token")
    }

    @Test func thereAreRepositoryFiles() {
        #expect(RepositoryScenarioFiles.all.count > 100)
        #expect(RepositoryScenarioFiles.all.contains { $0.hasSuffix(".events") })
    }

    /// Formatting never changes what a scenario means: its trace, run in-process with the formatted
    /// bytes, is the trace of the file as it is (every scenario under Scenarios/).
    @Test(arguments: RepositoryScenarioFiles.checked)
    func sameTraceAfterFormatting(_ scenario: String) throws {
        let project = Project(root: RepositoryScenarioFiles.root, domains: allDomains)
        let bytes = try RepositoryScenarioFiles.bytes(scenario)
        let formatted = try ScenarioLayout.format(bytes, path: scenario)
        guard formatted != bytes else { return }
        let original = try project.run(scenario).trace
        let replayed = try project.run(scenario, bytes: formatted).trace
        #expect(TraceDiff.compare(expected: original, actual: replayed) == nil, "\(scenario): the formatted file replays differently")
    }

    /// The same for included files: each folder of Scenarios/ that holds an `.events` file is copied
    /// with its `.events` files formatted, and each scenario in it must replay to the same trace.
    @Test func includedFilesKeepTheirMeaning() throws {
        let root = RepositoryScenarioFiles.root
        let events = RepositoryScenarioFiles.all.filter { $0.hasPrefix("Scenarios/") && $0.hasSuffix(".events") }
        #expect(!events.isEmpty)
        let domains = Set(events.map { $0.split(separator: "/")[1] })
        for domain in domains.sorted() {
            let temp = try TempDirectory()
            try temp.write("Package.swift", "// swift-tools-version:6.0\n")
            try FileManager.default.copyItem(atPath: root + "/Scenarios/\(domain)", toPath: temp.path + "/Scenarios/\(domain)")
            var formattedAny = false
            for file in FileIO.walk(temp.path + "/Scenarios/\(domain)", suffix: ".events") {
                let bytes = try FileIO.read(file)
                let formatted = try ScenarioLayout.format(bytes, path: file)
                if formatted != bytes { formattedAny = true; try FileIO.writeAtomically(formatted, to: file) }
            }
            guard formattedAny else { continue }
            let original = Project(root: root, domains: allDomains)
            let copy = Project(root: temp.path, domains: allDomains)
            for scenario in RepositoryScenarioFiles.checked where scenario.hasPrefix("Scenarios/\(domain)/") {
                let a = try original.run(scenario).trace
                let b = try copy.run(scenario).trace
                #expect(TraceDiff.compare(expected: a, actual: b) == nil, "\(scenario) replays differently with its included files formatted")
            }
        }
    }
}

@Suite struct FmtCommandTests {
    static let messy = "lockstep 1\ndomain counter\n\n0 add n=3\n+1   add  n=4\n"
    static let tidy = "lockstep 1\ndomain counter\n\n0      add n=3\n+1     add n=4\n"

    @Test func rewritesFilesAndIsIdempotent() throws {
        let project = try TempProject()
        try project.dir.write("Scenarios/counter/cli-fmt-messy.scenario", FmtCommandTests.messy)
        try project.dir.write("Scenarios/counter/rec/cli-fmt-part.events", "0 add n=1\n +1\tadd n=2\n")
        let first = project.run(["fmt"])
        #expect(first.code == 0, "\(first.err)")
        #expect(first.out.contains("formatted Scenarios/counter/cli-fmt-messy.scenario"))
        #expect(first.out.contains("formatted Scenarios/counter/rec/cli-fmt-part.events"))
        #expect(try project.dir.read("Scenarios/counter/cli-fmt-messy.scenario") == FmtCommandTests.tidy)
        #expect(try project.dir.read("Scenarios/counter/rec/cli-fmt-part.events") == "0      add n=1\n+1     add n=2\n")
        // The two scenarios of TempProject use a 4-wide time column, so they are reformatted too.
        #expect(project.lastLine(first.out) == "4 files, 4 reformatted, 0 not readable as scenarios")
        let second = project.run(["fmt"])
        #expect(second.code == 0)
        #expect(project.lastLine(second.out) == "4 files, 0 reformatted, 0 not readable as scenarios")
        #expect(project.run(["fmt", "--check"]).code == 0)
    }

    @Test func checkListsFilesWithAHintAndWritesNothing() throws {
        let project = try TempProject()
        try project.dir.write("Scenarios/counter/cli-fmt-check.scenario", FmtCommandTests.messy)
        let result = project.run(["fmt", "--check", "Scenarios/counter/cli-fmt-check.scenario"])
        #expect(result.code == 1)
        #expect(result.out == """
            would reformat Scenarios/counter/cli-fmt-check.scenario
              line 4: - 0 add n=3
              line 4: + 0      add n=3
            1 files, 1 would be reformatted, 0 not readable as scenarios
            run 'lockstep fmt Scenarios/counter/cli-fmt-check.scenario' to rewrite them

            """)
        #expect(try project.dir.read("Scenarios/counter/cli-fmt-check.scenario") == FmtCommandTests.messy)
    }

    @Test func aFileThatDoesNotLexIsReportedAndLeftUntouched() throws {
        let project = try TempProject()
        let broken = "lockstep 1\ndomain counter\n\n0   add n=1 # note\n"
        try project.dir.write("Scenarios/counter/cli-fmt-broken.scenario", broken)
        try project.dir.write("Scenarios/counter/cli-fmt-fine.scenario", FmtCommandTests.messy)
        let result = project.run(["fmt", "Scenarios/counter/cli-fmt-broken.scenario", "Scenarios/counter/cli-fmt-fine.scenario"])
        #expect(result.code == 2)
        #expect(result.err.contains("Scenarios/counter/cli-fmt-broken.scenario:4:13: unexpected '#'"))
        #expect(try project.dir.read("Scenarios/counter/cli-fmt-broken.scenario") == broken)
        // The other file is still formatted.
        #expect(try project.dir.read("Scenarios/counter/cli-fmt-fine.scenario") == FmtCommandTests.tidy)
        #expect(project.lastLine(result.out) == "2 files, 1 reformatted, 1 not readable as scenarios")
    }

    @Test func usageErrors() throws {
        let project = try TempProject()
        #expect(project.run(["fmt", "--nope"]).code == 2)
        let missing = project.run(["fmt", "Scenarios/counter/cli-fmt-nothere.scenario"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("no such file or folder"))
        try project.dir.write("Scenarios/counter/cli-fmt-notes.txt", "x")
        #expect(project.run(["fmt", "Scenarios/counter/cli-fmt-notes.txt"]).err.contains("is not a .scenario or .events file"))
    }
}

@Suite struct NewCommandTests {
    /// For every registered domain: the skeleton is written, runs as it is (step 0 only), is already
    /// in fmt's layout, and names every event kind, setting, generator and fault.
    @Test(arguments: allDomains.map(\.name))
    func skeletonRunsForDomain(_ name: String) throws {
        let project = try TempProject()
        let result = project.run(["new", name, "cli-new-skeleton"])
        #expect(result.code == 0, "\(result.err)")
        let display = "Scenarios/\(name)/cli-new-skeleton.scenario"
        #expect(result.out.hasPrefix("wrote \(display)\n"))
        let text = try project.dir.read(display)
        let domain = try #require(allDomains.first { $0.name == name })
        for e in domain.eventKinds { #expect(text.contains("# 0      \(e.kind)"), "\(name): event \(e.kind)") }
        for c in domain.configKeys { #expect(text.contains("# set \(c.name) "), "\(name): setting \(c.name)") }
        for g in domain.generators { #expect(text.contains("# 0      gen \(g.name)"), "\(name): generator \(g.name)") }
        for f in domain.faults { #expect(text.contains("# set fault \(f.name)"), "\(name): fault \(f.name)") }
        let run = project.run(["run", display])
        #expect(run.code == 0, "\(name): \(run.err)")
        #expect(run.out.contains("domain \(name)\n"))
        #expect(try ScenarioLayout.format(Array(text.utf8), path: display) == Array(text.utf8), "\(name): the skeleton is not in fmt layout")
    }

    @Test func refusesToOverwriteAndBadNames() throws {
        let project = try TempProject()
        #expect(project.run(["new", "counter", "cli-new-once.scenario"]).code == 0)
        let again = project.run(["new", "counter", "cli-new-once"])
        #expect(again.code == 2)
        #expect(again.err.contains("already exists; not overwritten"))
        let unknown = project.run(["new", "countr", "x"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("unknown domain 'countr'"))
        for bad in ["../x", "a b", "", "-x", String(repeating: "a", count: 101)] {
            #expect(project.run(["new", "counter", bad]).code == 2, "accepted name '\(bad)'")
        }
        #expect(!FileIO.exists(project.root + "/Scenarios/x.scenario"))
        #expect(project.run(["new", "counter"]).code == 2)
    }
}
