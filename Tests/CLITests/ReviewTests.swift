import Registry
import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// Issue #13, sections 2 and 3: pending goldens, `review`, unreferenced files and `prune`, and the
/// diff's step counts. Each test builds a `TempProject` (counter scenarios) and adds what it needs.
@Suite struct ReviewTests {
    static let canvasScenario = """
        lockstep 1
        domain canvas
        set width 2
        set height 2
        0 dot x=1 y=1 colour=255,0,0
        1 save

        """

    /// Runs the CLI with a style, a terminal or not, and scripted answers (each `readLine` takes one).
    final class Answers: @unchecked Sendable {
        var lines: [String]
        var asked = 0
        init(_ lines: [String]) { self.lines = lines }
        func next() -> String? {
            asked += 1
            return lines.isEmpty ? nil : lines.removeFirst()
        }
    }

    func run(_ project: TempProject, _ args: [String], style: TerminalStyle = .plain, terminal: Bool = false,
             answers: Answers = Answers([]), ci: Bool = false) -> (code: Int32, out: String, err: String) {
        let ctx = CommandContext(project: Project(root: project.root, domains: allDomains), environment: ci ? ["CI": "true"] : [:],
                                 style: style, inputIsTerminal: terminal, readLine: { answers.next() })
        let code = LockstepCommand.main(args, ctx)
        return (code, ctx.outText, ctx.errText)
    }

    func exists(_ project: TempProject, _ path: String) -> Bool { FileIO.exists(project.root + "/" + path) }

    /// A project whose two counter goldens are recorded, then whose cli-adds scenario changed (n=3 → n=5).
    func changedProject() throws -> TempProject {
        let project = try TempProject()
        #expect(project.run(["record", "--all"]).code == ExitCode.ok)
        try project.dir.write("Scenarios/counter/cli-adds.scenario", TempProject.addsScenario.replacingOccurrences(of: "add n=3", with: "add n=5"))
        return project
    }

    @Test func checkPendingWritesTheNewTraceAndLeavesTheGolden() throws {
        let project = try changedProject()
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        let result = run(project, ["check", "--pending"])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.contains("FAIL  Scenarios/counter/cli-adds.scenario\n"))
        #expect(result.out.contains("pending Golden/counter/cli-adds.golden.pending\n"), "\(result.out)")
        #expect(!result.out.contains("cli-rolls.golden.pending"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == golden)
        // The pending file is the new trace, byte for byte: 2 × 5 = 10 where the golden says 6.
        let pending = try project.dir.read("Golden/counter/cli-adds.golden.pending")
        #expect(pending == project.run(["run", "Scenarios/counter/cli-adds.scenario"]).out)
        #expect(pending.contains("  total value=10\n") && golden.contains("  total value=6\n"))
        // Without --pending, check writes nothing.
        try FileManager.default.removeItem(atPath: project.root + "/Golden/counter/cli-adds.golden.pending")
        _ = run(project, ["check"])
        #expect(!exists(project, "Golden/counter/cli-adds.golden.pending"))
        // Allowed under CI: it changes no golden.
        let ci = run(project, ["check", "--pending"], ci: true)
        #expect(ci.out.contains("pending Golden/counter/cli-adds.golden.pending\n"))
    }

    @Test func aPassingScenarioRemovesItsStalePendingFiles() throws {
        let project = try TempProject()
        _ = project.run(["record", "--all"])
        try project.dir.write("Golden/counter/cli-adds.golden.pending", "stale\n")
        try project.dir.write("Golden/counter/cli-rolls.golden.pending", "stale too\n")
        let result = run(project, ["check", "--pending", "Scenarios/counter/cli-adds.scenario"])
        #expect(result.code == ExitCode.ok)
        #expect(result.out.contains("removed stale Golden/counter/cli-adds.golden.pending\n"), "\(result.out)")
        #expect(!exists(project, "Golden/counter/cli-adds.golden.pending"))
        #expect(exists(project, "Golden/counter/cli-rolls.golden.pending"))  // not checked: left alone
    }

    @Test func invalidAndMissingScenarios() throws {
        let project = try TempProject()
        try project.dir.write("Scenarios/counter/cli-bad.scenario", "lockstep 1\ndomain counter\n\n0 frobnicate n=3\n")
        let result = run(project, ["check", "--pending"])
        #expect(result.code == ExitCode.badInput)
        #expect(!exists(project, "Golden/counter/cli-bad.golden.pending"))
        // A missing golden gets a pending one, which review shows as all added.
        #expect(result.out.contains("pending Golden/counter/cli-adds.golden.pending\n"))
        #expect(!exists(project, "Golden/counter/cli-adds.golden"))
        let review = run(project, ["review", "--accept-all", "Golden/counter/cli-adds.golden.pending"])
        #expect(review.out.contains("new golden: "), "\(review.out)")
        #expect(review.out.contains("  + 1 0.000000000 add"))
        #expect(review.out.hasSuffix("1 accepted, 0 rejected, 0 skipped\n"))
        #expect(exists(project, "Golden/counter/cli-adds.golden") && exists(project, "Golden/counter/cli-rolls.golden.pending"))
    }

    @Test func acceptAllReplacesTheGoldenAndRemovesThePending() throws {
        let project = try changedProject()
        _ = run(project, ["check", "--pending"])
        let pending = try project.dir.read("Golden/counter/cli-adds.golden.pending")
        let result = run(project, ["review", "--accept-all"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.contains("review Golden/counter/cli-adds.golden (1 pending file)\n"))
        #expect(result.out.contains("  -   total value=6\n") && result.out.contains("  +   total value=10\n"), "\(result.out)")
        #expect(result.out.contains("accepted Golden/counter/cli-adds.golden\n"))
        #expect(result.out.hasSuffix("1 accepted, 0 rejected, 0 skipped\n"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == pending)
        #expect(!exists(project, "Golden/counter/cli-adds.golden.pending"))
        #expect(project.run(["check"]).code == ExitCode.ok)
    }

    @Test func rejectAllDeletesThePending() throws {
        let project = try changedProject()
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        _ = run(project, ["check", "--pending"])
        let result = run(project, ["review", "--reject-all"])
        #expect(result.out.contains("rejected Golden/counter/cli-adds.golden: removed Golden/counter/cli-adds.golden.pending\n"))
        #expect(result.out.hasSuffix("0 accepted, 1 rejected, 0 skipped\n"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == golden)
        #expect(!exists(project, "Golden/counter/cli-adds.golden.pending"))
        #expect(run(project, ["review", "--accept-all", "--reject-all"]).code == ExitCode.badInput)
        #expect(run(project, ["review"]).out == "no pending goldens under Golden/ ('lockstep check --pending' writes them)\n")
    }

    /// Three pending sets in path order (canvas, cli-adds, cli-rolls) answered a, r, s at a "terminal".
    @Test func interactiveReviewAcceptsRejectsAndSkips() throws {
        let project = try changedProject()
        try project.dir.write("Scenarios/canvas/cli-canvas.scenario", ReviewTests.canvasScenario)
        _ = project.run(["record", "Scenarios/canvas/cli-canvas.scenario"])
        let oldPicture = try FileIO.read(project.root + "/Golden/canvas/cli-canvas.save1.png")
        try project.dir.write("Scenarios/canvas/cli-canvas.scenario", ReviewTests.canvasScenario.replacingOccurrences(of: "255,0,0", with: "0,0,255"))
        try project.dir.write("Scenarios/counter/cli-rolls.scenario", TempProject.rollsScenario.replacingOccurrences(of: "seed 1", with: "seed 2"))
        let check = run(project, ["check", "--pending"])
        #expect(check.out.contains("pending Golden/canvas/cli-canvas.save1.png.pending\npending Golden/canvas/cli-canvas.golden.pending\n"), "\(check.out)")
        #expect(try FileIO.read(project.root + "/Golden/canvas/cli-canvas.save1.png") == oldPicture)
        let newPicture = try FileIO.read(project.root + "/Golden/canvas/cli-canvas.save1.png.pending")
        let rollsGolden = try project.dir.read("Golden/counter/cli-rolls.golden")

        let answers = Answers(["a", "r", "s"])
        let result = run(project, ["review"], terminal: true, answers: answers)
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(answers.asked == 3)
        #expect(result.out.components(separatedBy: "accept / reject / skip? [a/r/s]\n").count == 4)
        // The picture is shown by size and hash, as check shows it.
        #expect(result.out.contains("  artifact Golden/canvas/cli-canvas.save1.png: golden \(oldPicture.count) bytes #\(Hex.lower(FNV1a64.hash(oldPicture))), pending \(newPicture.count) bytes #\(Hex.lower(FNV1a64.hash(newPicture)))\n"), "\(result.out)")
        #expect(result.out.contains("accepted Golden/canvas/cli-canvas.save1.png, Golden/canvas/cli-canvas.golden\n"))
        #expect(result.out.contains("  header differs") == false)
        #expect(result.out.contains("  - seed 1\n  + seed 2\n"), "\(result.out)")
        #expect(result.out.hasSuffix("1 accepted, 1 rejected, 1 skipped\n"))
        #expect(try FileIO.read(project.root + "/Golden/canvas/cli-canvas.save1.png") == newPicture)
        #expect(!exists(project, "Golden/canvas/cli-canvas.save1.png.pending") && !exists(project, "Golden/canvas/cli-canvas.golden.pending"))
        #expect(!exists(project, "Golden/counter/cli-adds.golden.pending"))
        #expect(exists(project, "Golden/counter/cli-rolls.golden.pending"))
        #expect(try project.dir.read("Golden/counter/cli-rolls.golden") == rollsGolden)
    }

    @Test func endOfInputSkipsAndStopsAndUnknownAnswersAreAskedAgain() throws {
        let project = try changedProject()
        try project.dir.write("Scenarios/counter/cli-rolls.scenario", TempProject.rollsScenario.replacingOccurrences(of: "seed 1", with: "seed 2"))
        _ = run(project, ["check", "--pending"])
        let stopped = run(project, ["review"], terminal: true, answers: Answers([]))
        #expect(stopped.out.contains("end of input: skipped Golden/counter/cli-adds.golden and stopped; 1 more not reviewed (their pending files stay)\n"), "\(stopped.out)")
        #expect(!stopped.out.contains("review Golden/counter/cli-rolls.golden"))
        #expect(stopped.out.hasSuffix("0 accepted, 0 rejected, 2 skipped\n"))
        #expect(exists(project, "Golden/counter/cli-adds.golden.pending") && exists(project, "Golden/counter/cli-rolls.golden.pending"))

        let retried = run(project, ["review"], terminal: true, answers: Answers(["yes", " R ", "x", "y", "z"]))
        #expect(retried.out.contains("'yes' is not an answer: type a (accept), r (reject) or s (skip)\n"))
        #expect(retried.out.contains("no answer recognised after 3 tries (the limit maxAnswerAttempts): skipping\n"))
        #expect(retried.out.hasSuffix("0 accepted, 1 rejected, 1 skipped\n"), "\(retried.out)")
    }

    @Test func reviewRefusesWithoutATerminalAndUnderCI() throws {
        let project = try changedProject()
        _ = run(project, ["check", "--pending"])
        let answers = Answers(["a"])
        let noTTY = run(project, ["review"], terminal: false, answers: answers)
        #expect(noTTY.code == ExitCode.badInput)
        #expect(noTTY.err.contains("stdin is not a terminal") && noTTY.err.contains("--accept-all or --reject-all"), "\(noTTY.err)")
        #expect(answers.asked == 0)
        #expect(exists(project, "Golden/counter/cli-adds.golden.pending"))
        let ci = run(project, ["review", "--accept-all"], ci: true)
        #expect(ci.code == ExitCode.badInput)
        #expect(ci.err.hasPrefix("lockstep review: refused because CI=true; "), "\(ci.err)")
        #expect(exists(project, "Golden/counter/cli-adds.golden.pending"))
        #expect(run(project, ["record", "--pending", "--all"], ci: true).code == ExitCode.badInput)
    }

    @Test func colourOnlyWithAColourStyle() throws {
        let project = try changedProject()
        _ = run(project, ["check", "--pending"])
        let plain = run(project, ["review"], terminal: true, answers: Answers(["s"]))
        #expect(!plain.out.contains("\u{1B}"))
        #expect(plain.out.contains("\n  -   total value=6\n"))
        let coloured = run(project, ["review"], style: TerminalStyle(colour: true), terminal: true, answers: Answers(["s"]))
        #expect(coloured.out.contains("\u{1B}[31m  -   total value=6\u{1B}[0m\n"), "\(coloured.out)")
        #expect(coloured.out.contains("\u{1B}[32m  +   total value=10\u{1B}[0m\n"))
    }

    @Test func longDiffsAreCutAndSaySo() throws {
        let project = try TempProject()
        let many = "lockstep 1\ndomain counter\n\n0 gen adds count=150 n=1 interval=1\n"
        try project.dir.write("Scenarios/counter/cli-many.scenario", many)
        _ = project.run(["record", "Scenarios/counter/cli-many.scenario"])
        try project.dir.write("Scenarios/counter/cli-many.scenario", many.replacingOccurrences(of: "n=1", with: "n=2"))
        let check = run(project, ["check", "--pending", "Scenarios/counter/cli-many.scenario"])
        // Every add step differs (its total and digest): 150 of 151 steps.
        #expect(check.out.contains("  150 steps differ (of 151 steps), the first is step 1\n"), "\(check.out)")
        let review = run(project, ["review", "--reject-all"])
        #expect(review.out.contains("  trace: 150 of 151 steps differ; the footer differs\n"), "\(review.out)")
        let shown = review.out.split(separator: "\n").filter { $0.hasPrefix("  - ") || $0.hasPrefix("  + ") || $0.hasPrefix("    ") || $0.hasPrefix("  @@") }
        #expect(shown.count == 200)
        #expect(review.out.contains(" more differing lines not shown (the limit maxLinesPerScenario=200)"))
    }

    @Test func recordPendingWritesPendingNotGoldens() throws {
        let project = try changedProject()
        let golden = try project.dir.read("Golden/counter/cli-adds.golden")
        let result = run(project, ["record", "--pending", "--all"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.contains("pending Golden/counter/cli-adds.golden.pending\n"))
        #expect(result.out.contains("unchanged Scenarios/counter/cli-rolls.scenario\n"))
        #expect(result.out.hasSuffix("1 pending, 1 unchanged, 0 errors; 'lockstep review' accepts or rejects them\n"))
        #expect(try project.dir.read("Golden/counter/cli-adds.golden") == golden)
    }
}

@Suite struct UnreferencedTests {
    /// Referenced: the counter goldens, the canvas golden, its artifact and a pending of an existing
    /// scenario. Unreferenced: a golden whose scenario is gone, its artifact, a golden named like an
    /// artifact of an existing scenario (`cli-adds.extra.golden`), and a folder with no scenarios.
    func project() throws -> TempProject {
        let project = try TempProject()
        try project.dir.write("Scenarios/canvas/cli-canvas.scenario", ReviewTests.canvasScenario)
        _ = project.run(["record", "--all"])
        try project.dir.write("Golden/counter/cli-adds.golden.pending", "proposed\n")
        try project.dir.write("Golden/counter/gone.golden", "old\n")
        try project.dir.write("Golden/counter/gone.save1.png", "old\n")
        try project.dir.write("Golden/counter/cli-adds.extra.golden", "old\n")
        try project.dir.write("Golden/nowhere/x.golden", "old\n")
        return project
    }

    static let unreferenced = [
        "unreferenced Golden/counter/cli-adds.extra.golden: no scenario Scenarios/counter/cli-adds.extra.scenario",
        "unreferenced Golden/counter/gone.golden: no scenario Scenarios/counter/gone.scenario",
        "unreferenced Golden/counter/gone.save1.png: no scenario Scenarios/counter/gone.scenario",
        "unreferenced Golden/nowhere/x.golden: no scenario Scenarios/nowhere/x.scenario",
    ]

    @Test func checkReportsUnreferencedFilesWithoutFailing() throws {
        let project = try project()
        let result = project.run(["check"])
        #expect(result.code == ExitCode.ok, "\(result.out)")
        let lines = result.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("unreferenced ") }
        #expect(lines == UnreferencedTests.unreferenced, "\(result.out)")
        #expect(project.lastLine(result.out) == "3 passed, 0 failed, 4 unreferenced (lockstep prune removes them)")
        // Only a check of every scenario can say a golden has none.
        let some = project.run(["check", "Scenarios/counter"])
        #expect(!some.out.contains("unreferenced"))
    }

    @Test func pruneRemovesOnlyUnreferencedFiles() throws {
        let project = try project()
        let dry = project.run(["prune", "--dry-run"])
        #expect(dry.code == ExitCode.ok)
        #expect(dry.out.contains("would remove Golden/counter/gone.save1.png: no scenario Scenarios/counter/gone.scenario\n"))
        #expect(project.lastLine(dry.out) == "4 would be removed (dry run: nothing was removed)")
        #expect(FileIO.exists(project.root + "/Golden/counter/gone.golden"))
        #expect(project.run(["prune"], ci: true).code == ExitCode.badInput)
        #expect(FileIO.exists(project.root + "/Golden/counter/gone.golden"))

        let pruned = project.run(["prune"])
        #expect(pruned.code == ExitCode.ok)
        #expect(pruned.out.contains("removed Golden/nowhere/x.golden: no scenario Scenarios/nowhere/x.scenario\n"))
        #expect(project.lastLine(pruned.out) == "4 removed")
        for gone in ["counter/gone.golden", "counter/gone.save1.png", "counter/cli-adds.extra.golden", "nowhere/x.golden"] {
            #expect(!FileIO.exists(project.root + "/Golden/" + gone), "\(gone)")
        }
        for kept in ["counter/cli-adds.golden", "counter/cli-rolls.golden", "counter/cli-adds.golden.pending",
                     "canvas/cli-canvas.golden", "canvas/cli-canvas.save1.png"] {
            #expect(FileIO.exists(project.root + "/Golden/" + kept), "\(kept)")
        }
        #expect(project.run(["prune"]).out == "nothing to prune: every file under Golden/ belongs to a scenario\n")
    }

    @Test func ownerRecognisesArtifactsOfTheLongestScenarioName() {
        let stems: Set<String> = ["fill", "fill.big"]
        #expect(GoldenInventory.owner(ofFile: "fill.golden", stems: stems) == "fill")
        #expect(GoldenInventory.owner(ofFile: "fill.canvas.png", stems: stems) == "fill")
        #expect(GoldenInventory.owner(ofFile: "fill.big.canvas.png.pending", stems: stems) == "fill.big")
        #expect(GoldenInventory.owner(ofFile: "fill.big.golden.pending", stems: stems) == "fill.big")
        #expect(GoldenInventory.owner(ofFile: "fill.small.golden", stems: stems) == nil)
        #expect(GoldenInventory.owner(ofFile: "filler.golden", stems: stems) == nil)
        #expect(GoldenInventory.owner(ofFile: "fillcanvas.png", stems: stems) == nil)
    }
}

@Suite struct DiffCountTests {
    @Test func diffCountsDifferingSteps() throws {
        let project = try TempProject()
        let trace = project.run(["run", "Scenarios/counter/cli-adds.scenario"]).out
        try project.dir.write("a.trace", trace)
        // Two outputs edited (steps 1 and 3), digests left alone.
        try project.dir.write("b.trace", trace.replacingOccurrences(of: "total value=6\n", with: "total value=7\n")
            .replacingOccurrences(of: "total value=4\n", with: "total value=5\n"))
        let result = project.run(["diff", project.root + "/a.trace", project.root + "/b.trace"])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.contains("\n  2 steps differ (of 4 steps), the first is step 1\n"), "\(result.out)")
        try project.dir.write("c.trace", trace.replacingOccurrences(of: "total value=4\n", with: "total value=5\n"))
        let one = project.run(["diff", project.root + "/a.trace", project.root + "/c.trace"])
        #expect(one.out.contains("\n  1 step differs (of 4 steps): step 3\n"), "\(one.out)")
    }

    @Test func headerOnlyDifference() throws {
        let project = try TempProject()
        let trace = project.run(["run", "Scenarios/counter/cli-adds.scenario"]).out
        try project.dir.write("a.trace", trace)
        try project.dir.write("b.trace", trace.replacingOccurrences(of: "seed 7\n", with: "seed 8\n"))
        let result = project.run(["diff", project.root + "/a.trace", project.root + "/b.trace"])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.hasPrefix("  header differs: - seed 7 / + seed 8\n"), "\(result.out)")
        #expect(result.out.contains("\n  only the header differs; every step is the same (of 4 steps)\n"))
        #expect(!result.out.contains("first differing step"))
    }

    /// A new seed changes the header and the roll: the report gives both.
    @Test func headerAndStepDifference() throws {
        let project = try TempProject()
        let before = project.run(["run", "Scenarios/counter/cli-rolls.scenario"]).out
        try project.dir.write("Scenarios/counter/cli-rolls.scenario", TempProject.rollsScenario.replacingOccurrences(of: "seed 1", with: "seed 2"))
        let after = project.run(["run", "Scenarios/counter/cli-rolls.scenario"]).out
        try project.dir.write("a.trace", before)
        try project.dir.write("b.trace", after)
        let result = project.run(["diff", project.root + "/a.trace", project.root + "/b.trace"])
        #expect(result.out.hasPrefix("  header differs: - seed 1 / + seed 2\n"), "\(result.out)")
        let rolled = before.split(separator: "\n").first { $0.hasPrefix("  rolled ") }.map(String.init) ?? "?"
        #expect(result.out.contains("  first differing step: 1 0.000000000 roll"), "\(result.out)")
        #expect(result.out.contains("  - expected (line 12): \(rolled)\n"), "\(result.out)")
    }
}
