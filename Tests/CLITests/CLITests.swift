import Registry
import Fixtures
import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// A Lockstep project in a temporary folder (Package.swift, Scenarios/, Golden/), driven through
/// `LockstepCommand.main` in-process. Scenario names are unique (`cli-...`) because relative paths
/// are looked up in the working directory first, which is this package's root during tests.
final class TempProject {
    let dir: TempDirectory
    var root: String { dir.path }

    /// `set step 2` and `add n=3` give a total of 2 × 3 = 6; then two more adds: 6 + 2 × 4 = 14, 14 + 2 × (-5) = 4.
    static let addsScenario = """
        # Counter arithmetic for the CLI tests.
        lockstep 1
        domain counter
        seed 7
        set step 2

        0    add n=3
        +1   add n=4
        +1   add n=-5

        """

    static let rollsScenario = """
        lockstep 1
        domain counter
        seed 1

        0    roll
        +1   id

        """

    init() throws {
        dir = try TempDirectory()
        try dir.write("Package.swift", "// swift-tools-version:6.0\n")
        try dir.write("Scenarios/counter/cli-adds.scenario", TempProject.addsScenario)
        try dir.write("Scenarios/counter/cli-rolls.scenario", TempProject.rollsScenario)
        try FileIO.makeDirectories(root + "/Golden")
    }

    func run(_ args: [String], ci: Bool = false) -> (code: Int32, out: String, err: String) {
        let ctx = CommandContext(project: Project(root: root, domains: allDomains), environment: ci ? ["CI": "true"] : [:])
        let code = LockstepCommand.main(args, ctx)
        return (code, ctx.outText, ctx.errText)
    }

    func lastLine(_ text: String) -> String { String(text.split(separator: "\n").last ?? "") }
}

@Suite struct CLIHelpTests {
    @Test func everyCommandHasHelp() throws {
        let project = try TempProject()
        #expect(LockstepCommand.commands.count >= 9)
        for command in LockstepCommand.commands {
            for flag in ["--help", "-h"] {
                let result = project.run([command.name, flag])
                #expect(result.code == ExitCode.ok, "\(command.name) \(flag)")
                #expect(result.out.hasPrefix("usage: \(command.usage)\n"), "\(command.name): \(result.out)")
                #expect(result.err.isEmpty)
            }
        }
        let overview = project.run(["--help"])
        #expect(overview.code == ExitCode.ok)
        for command in LockstepCommand.commands { #expect(overview.out.contains("  \(command.usage)\n")) }
    }

    /// The version is CHANGELOG.md's latest heading, printed alone, by either spelling.
    @Test func versionIsPrinted() throws {
        let project = try TempProject()
        for spelling in ["--version", "version"] {
            let result = project.run([spelling])
            #expect(result.code == ExitCode.ok)
            #expect(result.out == "lockstep 0.13.0\n")
            #expect(result.err.isEmpty)
        }
        #expect(project.run(["--version", "extra"]).code == ExitCode.badInput)
        #expect(project.run(["--help"]).out.contains("lockstep --version"))
        let changelog = String(decoding: try FileIO.read(LintCommandTests.packageRoot + "/CHANGELOG.md"), as: UTF8.self)
        #expect(changelog.contains("\n## \(LockstepCommand.version)"), "CHANGELOG.md has no heading for \(LockstepCommand.version)")
    }

    @Test func implementedCommandsDescribeThemselves() throws {
        let project = try TempProject()
        #expect(project.run(["lint", "--help"]).out.contains("unordered-iteration"))
        #expect(project.run(["bisect", "--help"]).out.contains("LOCKSTEP_BUILD_COMMAND"))
    }

    @Test func unknownCommandOrOptionIsUsage() throws {
        let project = try TempProject()
        let unknown = project.run(["frobnicate"])
        #expect(unknown.code == ExitCode.badInput)
        #expect(unknown.err.contains("unknown command 'frobnicate'"))
        #expect(project.run([]).code == ExitCode.badInput)
        for command in LockstepCommand.commands {
            let result = project.run([command.name, "--no-such-option"])
            #expect(result.code == ExitCode.badInput, "\(command.name)")
        }
        #expect(project.run(["check", "--no-such-option"]).err.contains("unknown option --no-such-option"))
        #expect(project.run(["run"]).code == ExitCode.badInput)  // missing scenario
        #expect(project.run(["diff", "only-one-file"]).code == ExitCode.badInput)
    }
}

@Suite struct CLICheckRecordTests {
    @Test func checkPassesAfterRecordAndFailsOnAChangedGolden() throws {
        let project = try TempProject()
        let recorded = project.run(["record", "--all"])
        #expect(recorded.code == ExitCode.ok, "\(recorded.err)")
        #expect(project.lastLine(recorded.out) == "2 recorded (2 new), 0 unchanged, 0 errors")
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        // The arithmetic of the scenario, computed by hand (see TempProject.addsScenario).
        #expect(golden.contains("  total value=6\n") && golden.contains("  total value=14\n") && golden.contains("  total value=4\n"))

        let passing = project.run(["check"])
        #expect(passing.code == ExitCode.ok)
        #expect(project.lastLine(passing.out) == "2 passed, 0 failed")

        try project.dir.write("Golden/counter/cli-adds.golden", golden.replacingOccurrences(of: "total value=14", with: "total value=15"))
        let failing = project.run(["check"])
        #expect(failing.code == ExitCode.mismatch)
        #expect(project.lastLine(failing.out) == "1 passed, 1 failed")
        #expect(failing.out.contains("FAIL  Scenarios/counter/cli-adds.scenario"))
        #expect(failing.out.contains("total value=15") && failing.out.contains("total value=14"))

        // Checking one path only checks that scenario.
        let one = project.run(["check", "Scenarios/counter/cli-rolls.scenario"])
        #expect(one.code == ExitCode.ok)
        #expect(project.lastLine(one.out) == "1 passed, 0 failed")
    }

    /// `record` says what it did per scenario, and re-recording everything is asked for, not implied.
    @Test func recordReportsNewChangedUnchangedAndNeedsAll() throws {
        let project = try TempProject()
        let bare = project.run(["record"])
        #expect(bare.code == ExitCode.badInput)
        #expect(bare.err.contains("say --all"), "\(bare.err)")
        #expect(!FileIO.exists(project.root + "/Golden/counter/cli-adds.golden"))

        let first = project.run(["record", "--all"])
        #expect(first.out.contains("recorded Golden/counter/cli-adds.golden: new\n"), "\(first.out)")
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        // Two lines of the golden edited by hand: the re-record says how many lines it moved back.
        try project.dir.write("Golden/counter/cli-adds.golden", golden.replacingOccurrences(of: "total value=14", with: "total value=15")
            .replacingOccurrences(of: "total value=6\n", with: "total value=7\n"))
        let second = project.run(["record", "Scenarios/counter/cli-adds.scenario", "Scenarios/counter/cli-rolls.scenario"])
        #expect(second.out.contains("recorded Golden/counter/cli-adds.golden: changed (2 lines)\n"), "\(second.out) \(second.err)")
        #expect(second.out.contains("unchanged Scenarios/counter/cli-rolls.scenario\n"))
        #expect(project.lastLine(second.out) == "1 recorded (0 new), 1 unchanged, 0 errors")
    }

    /// The end of `check` names every failure again; a selection with no scenarios is an error.
    @Test func checkListsFailuresAtTheEndAndRefusesToCheckNothing() throws {
        let project = try TempProject()
        _ = project.run(["record", "--all"])
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        try project.dir.write("Golden/counter/cli-adds.golden", golden.replacingOccurrences(of: "total value=14", with: "total value=15"))
        let failing = project.run(["check"])
        #expect(failing.out.hasSuffix("failed:\n  Scenarios/counter/cli-adds.scenario\n1 passed, 1 failed\n"), "\(failing.out)")
        try FileManager.default.createDirectory(atPath: project.root + "/Scenarios/empty", withIntermediateDirectories: true)
        let nothing = project.run(["check", "Scenarios/empty"])
        #expect(nothing.code == ExitCode.badInput)
        #expect(nothing.err.contains("no scenarios under Scenarios/empty"), "\(nothing.err)")
    }

    @Test func recordIsRefusedUnderCI() throws {
        let project = try TempProject()
        try project.dir.write("Golden/counter/cli-adds.golden", "keep me\n")
        let refused = project.run(["record"], ci: true)
        #expect(refused.code == ExitCode.badInput)
        #expect(refused.err.contains("CI=true"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == "keep me\n")
        #expect(!FileIO.exists(project.root + "/Golden/counter/cli-rolls.golden"))
    }

    @Test func recordMissingWritesOnlyMissingGoldens() throws {
        let project = try TempProject()
        try project.dir.write("Golden/counter/cli-adds.golden", "keep me\n")
        let result = project.run(["record", "--missing"])
        #expect(result.code == ExitCode.ok)
        #expect(result.out.contains("recorded Golden/counter/cli-rolls.golden"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == "keep me\n")
        #expect(try project.dir.read("Golden/counter/cli-rolls.golden").hasPrefix("lockstep-trace 1\n"))
        #expect(project.lastLine(result.out) == "1 recorded (1 new), 0 unchanged, 1 kept (a golden exists), 0 errors")
    }

    /// A folder where a golden belongs is not a golden: `--missing` must not keep it silently.
    @Test func recordMissingReportsAFolderWhereAGoldenBelongs() throws {
        let project = try TempProject()
        try FileManager.default.createDirectory(atPath: project.root + "/Golden/counter/cli-adds.golden", withIntermediateDirectories: true)
        let result = project.run(["record", "--missing"])
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.contains("Golden/counter/cli-adds.golden: a directory, not a regular file"), "\(result.err)")
        #expect(project.lastLine(result.out) == "1 recorded (1 new), 0 unchanged, 0 kept (a golden exists), 1 errors")
    }

    @Test func missingGoldenFailsUnderCI() throws {
        let project = try TempProject()
        _ = project.run(["record", "Scenarios/counter/cli-adds.scenario"])
        let ci = project.run(["check"], ci: true)
        #expect(ci.code == ExitCode.mismatch)
        #expect(ci.out.contains("missing golden Golden/counter/cli-rolls.golden"))
        #expect(project.lastLine(ci.out) == "1 passed, 1 failed")
        let local = project.run(["check"])
        #expect(local.code == ExitCode.mismatch)
        #expect(local.out.contains("MISSING Scenarios/counter/cli-rolls.scenario"))
    }

    @Test func malformedScenarioIsExitTwoWithPosition() throws {
        let project = try TempProject()
        // Line 4, column 3: the event kind, which the counter domain does not know.
        try project.dir.write("Scenarios/counter/cli-bad.scenario", "lockstep 1\ndomain counter\n\n0 frobnicate n=3\n")
        let check = project.run(["check", "Scenarios/counter/cli-bad.scenario"])
        #expect(check.code == ExitCode.badInput)
        #expect(check.out.contains("Scenarios/counter/cli-bad.scenario:4:3: "), "\(check.out)")
        let run = project.run(["run", "Scenarios/counter/cli-bad.scenario"])
        #expect(run.code == ExitCode.badInput)
        #expect(run.err.hasPrefix("Scenarios/counter/cli-bad.scenario:4:3: "), "\(run.err)")
        // A wrong type: the value of n, line 4, column 9 (`0 add n=` is 8 characters).
        try project.dir.write("Scenarios/counter/cli-bad.scenario", "lockstep 1\ndomain counter\n\n0 add n=\"three\"\n")
        let typed = project.run(["run", "Scenarios/counter/cli-bad.scenario"])
        #expect(typed.code == ExitCode.badInput)
        #expect(typed.err.hasPrefix("Scenarios/counter/cli-bad.scenario:4:"), "\(typed.err)")
        // A bad header line too: an unknown domain, line 2.
        try project.dir.write("Scenarios/counter/cli-bad.scenario", "lockstep 1\ndomain nosuch\n")
        #expect(project.run(["run", "Scenarios/counter/cli-bad.scenario"]).err.contains("cli-bad.scenario:2:8: "))
    }
}

@Suite struct CLIRunDiffTests {
    @Test func runPrintsTheTraceAndJSONLines() throws {
        let project = try TempProject()
        let text = project.run(["run", "Scenarios/counter/cli-adds.scenario"])
        #expect(text.code == ExitCode.ok)
        #expect(text.out.hasPrefix("lockstep-trace 1\n"))
        #expect(text.out.contains("  total value=14\n"))

        let json = project.run(["run", "Scenarios/counter/cli-adds.scenario", "--json"])
        #expect(json.code == ExitCode.ok)
        let lines = json.out.split(separator: "\n")
        #expect(lines.count >= 4)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(object is [String: Any], "\(line)")
        }
        #expect(json.out.contains("14"))
    }

    @Test func diffOfTwoTraces() throws {
        let project = try TempProject()
        let trace = project.run(["run", "Scenarios/counter/cli-adds.scenario"]).out
        try project.dir.write("a.trace", trace)
        try project.dir.write("b.trace", trace.replacingOccurrences(of: "total value=4\n", with: "total value=5\n"))
        let same = project.run(["diff", project.root + "/a.trace", project.root + "/a.trace"])
        #expect(same.code == ExitCode.ok)
        #expect(same.out == "identical\n")
        let different = project.run(["diff", project.root + "/a.trace", project.root + "/b.trace"])
        #expect(different.code == ExitCode.mismatch)
        #expect(different.out.contains("- expected") && different.out.contains("total value=4"))
        #expect(different.out.contains("+ actual") && different.out.contains("total value=5"))
        #expect(project.run(["diff", project.root + "/a.trace", project.root + "/missing.trace"]).code == ExitCode.badInput)
    }

    /// Linting nothing is not a pass: a project without the default folders is told how to name its own.
    @Test func lintOnAProjectWithoutSources() throws {
        let project = try TempProject()
        let result = project.run(["lint"])
        #expect(result.code == ExitCode.badInput)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("lockstep lint: no .swift files in Sources/Domains, Sources/Platform; "), "\(result.err)")
        #expect(result.err.contains("lintFolders"))
    }
}

/// `lockstep list` shows what the domain's declarations say, derived from the decoding closures: the
/// expected text is written out by hand from Tests/Fixtures/Counter.swift.
@Suite struct ListCommandTests {
    @Test func counterIsListedFromItsDeclarations() {
        let ctx = CommandContext(project: Project(root: "/nonexistent", domains: [Counter.entry]), environment: [:])
        #expect(LockstepCommand.main(["list", "counter"], ctx) == ExitCode.ok)
        #expect(ctx.outText == """
            counter: Fixture: a counter with timers, dice and ids. Exercises the core.
              events:
                add n=integer  — Adds n times the step.
                    n: -1000000...1000000
                remind after=duration label=string  — A reminder after a delay.
                    after: delay: 90, 90s, 1h30m (0.000000000s...31536000.000000000s)
                cancel label=string  — Cancels a reminder.
                roll [sides=integer default 6]  — Rolls a die.
                    sides: 2...1000
                id  — Makes a seeded UUID.
              settings:
                set step <integer>  default 1  — added per unit (-100...100)
                set label <word>  default count  — name shown in the state
              generators:
                gen adds count=integer n=integer interval=duration  — count add events of n, interval apart
                    count: 0...10000
                    n: -1000...1000
                    interval: 0.000000000s...86400.000000000s
              faults:
                offByOne  — add counts one more than asked (a classic)
                sharedDice  — every roll restarts the dice stream, so all rolls are equal
              invariants:
                totalIsMultipleOfStep  — every add adds n times the step, so the total is a multiple of a non-zero step
                rollWithinSides  — a die of s sides shows 1...s
              explorer: yes (lockstep explore counter)
            runner events (every domain): zone NAME, gen NAME ARGS, include PATH

            """)
    }
}
