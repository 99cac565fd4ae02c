import Fixtures
import Foundation
import LockstepCore
import LockstepRunner
@testable import LockstepTools
import Registry
import Testing

/// Invariants in check and record, `explore` (found file, determinism, database, shards), `shrink`
/// (ddmin against an oracle that knows which lines matter) and their bad input. The counter fixture
/// has two invariants; `offByOne` breaks `totalIsMultipleOfStep` whenever the step is not ±1.
@Suite struct ExploreTests {
    func run(_ p: TempProject, _ args: [String], ci: Bool = false) -> (code: Int32, out: String, err: String) {
        p.run(args, ci: ci)
    }

    // MARK: invariants in check and record

    static let stepSeven = """
        lockstep 1
        domain counter
        set step 7

        0 add n=2
        +1 add n=3

        """

    @Test func aBrokenInvariantFailsCheckEvenWithTheGoldenRecordedWithIt() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/strict/cli-put.scenario", "lockstep 1\ndomain strict\n\n0 put v=3\n+1 put v=12\n")
        let project = Project(root: p.root, domains: [DomainEntry(Strict.self)])
        let ctx = CommandContext(project: project, environment: [:])
        let refused = LockstepCommand.main(["record", "Scenarios/strict/cli-put.scenario"], ctx)
        #expect(refused == ExitCode.badInput)
        #expect(ctx.errText.contains("invariant belowTen broken at step 2: v is 12; not recorded: a golden cannot pin a broken invariant"), "\(ctx.errText)")
        #expect(!FileIO.exists(p.root + "/Golden/strict/cli-put.golden"))
        // A golden written by hand from the run, violation and all, does not make it pass.
        let trace = try project.run("Scenarios/strict/cli-put.scenario").trace
        #expect(String(decoding: trace, as: UTF8.self).contains("  lockstep.invariant name=belowTen broken=\"v is 12\"\n"))
        try FileIO.writeAtomically(trace, to: p.root + "/Golden/strict/cli-put.golden")
        let check = CommandContext(project: project, environment: [:])
        #expect(LockstepCommand.main(["check", "Scenarios/strict/cli-put.scenario"], check) == ExitCode.mismatch)
        #expect(check.outText.contains("FAIL  Scenarios/strict/cli-put.scenario\n  invariant belowTen broken at step 2: v is 12 (at 1.000000000 s); a broken invariant fails whatever the golden says"),
                "\(check.outText)")
    }

    @Test func aScenarioThatPinsTheFaultMayShowTheBrokenInvariant() throws {
        let p = try TempProject()
        let pinned = ExploreTests.stepSeven.replacingOccurrences(of: "set step 7", with: "set step 7\nset fault offByOne")
        try p.dir.write("Scenarios/counter/cli-pinned.scenario", pinned)
        let recorded = run(p, ["record", "Scenarios/counter/cli-pinned.scenario"])
        #expect(recorded.code == ExitCode.ok, "\(recorded.err)")
        #expect(try p.dir.read("Golden/counter/cli-pinned.golden").contains("lockstep.invariant name=totalIsMultipleOfStep"))
        #expect(run(p, ["check", "Scenarios/counter/cli-pinned.scenario"]).code == ExitCode.ok)
    }

    @Test func checkFailsAndRecordRefusesWhenAnInvariantBreaksWithoutAFault() throws {
        // A fault switched on from outside the scenario (as mutate does) is not pinned: the run's
        // broken invariant makes compare fail and record refuse.
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/cli-inv.scenario", ExploreTests.stepSeven)
        let project = Project(root: p.root, domains: allDomains)
        var result = try project.run("Scenarios/counter/cli-inv.scenario", options: RunOptions(extraFaults: ["offByOne"]))
        #expect(result.summary.violationsPinned == false)
        #expect(throws: FileIO.Failure.self) { try GoldenCheck.record(project, result) }
        do { _ = try GoldenCheck.record(project, result) } catch {
            #expect(error.message.contains("a golden cannot pin a broken invariant"), "\(error.message)")
        }
        guard case .invariantBroken(let broken) = GoldenCheck.compare(project, result) else {
            Issue.record("expected invariantBroken"); return
        }
        #expect(broken.name == "totalIsMultipleOfStep")
        #expect(broken.step == 1)
        result.summary.violationsPinned = true
        #expect(GoldenCheck.brokenInvariant(result.summary) == nil)
    }

    // MARK: explore

    @Test func exploreWritesTheShrunkWalkDeterministically() throws {
        let p = try TempProject()
        let first = run(p, ["explore", "counter", "--seeds", "1..20", "--steps", "60", "--fault", "offByOne", "--jobs", "2"])
        #expect(first.code == ExitCode.mismatch, "\(first.out)\(first.err)")
        #expect(first.out.contains("  seed 1: invariant totalIsMultipleOfStep broken at step"), "\(first.out)")
        #expect(first.out.contains("  wrote Scenarios/counter/found/1.scenario\n  replay: lockstep run Scenarios/counter/found/1.scenario\n"))
        let found = try p.dir.read("Scenarios/counter/found/1.scenario")
        #expect(found.hasPrefix("# Found by 'lockstep explore counter --seeds 1..1 --steps 60 --fault offByOne':\n"))
        #expect(found.contains("\nset fault offByOne\n"))
        let events = ScenarioText(found).events
        #expect(events.count == 1, "\(found)")
        #expect(events.first?.contains("add n=0") == true, "values simplified: \(found)")
        // The found file replays: its own header switches the fault on.
        #expect(run(p, ["run", "Scenarios/counter/found/1.scenario"]).out.contains("lockstep.invariant name=totalIsMultipleOfStep"))
        #expect(try p.dir.read("Scenarios/counter/found/seeds").contains("\n1 totalIsMultipleOfStep fault=offByOne\n"))

        // Again, with another thread count: the database seed first, the same file, byte for byte.
        let second = run(p, ["explore", "counter", "--seeds", "5..9", "--steps", "60", "--fault", "offByOne", "--jobs", "1"])
        #expect(second.out.contains("; 1 seed from Scenarios/counter/found/seeds first"), "\(second.out)")
        #expect(second.out.contains("  seed 1: invariant totalIsMultipleOfStep"))
        #expect(try p.dir.read("Scenarios/counter/found/1.scenario") == found)

        // Without the fault nothing breaks.
        let clean = run(p, ["explore", "counter", "--seeds", "1..20", "--steps", "60"])
        #expect(clean.code == ExitCode.ok)
        #expect(clean.out.hasSuffix("explored 20 seeds (1200 event lines): 0 broke an invariant\n"), "\(clean.out)")
    }

    @Test func exploreShardsAreDisjointAndTogetherTheRange() throws {
        let p = try TempProject()
        func seeds(_ args: [String]) -> [String] {
            run(p, ["explore", "counter", "--seeds", "1..30", "--steps", "5", "--fault", "offByOne", "--keep-going", "--no-write"] + args)
                .out.split(separator: "\n").filter { $0.hasPrefix("  seed ") }.map { String($0.split(separator: ":")[0]) }
        }
        let all = seeds([])
        #expect(all.count >= 20, "\(all)")  // most 5-step walks have an add
        var union: [String] = []
        for i in 1...3 { union += seeds(["--shard", "\(i)/3"]) }
        #expect(union.count == Set(union).count)
        #expect(Set(union) == Set(all))
        #expect(!FileIO.exists(p.root + "/Scenarios/counter/found"), "--no-write wrote something")
    }

    @Test func exploreBadInput() throws {
        let p = try TempProject()
        let cases: [([String], String)] = [
            (["explore"], "expected one DOMAIN"),
            (["explore", "countr"], "unknown domain 'countr'; did you mean 'counter'?"),
            (["explore", "noop"], "the domain noop has no explorer"),
            (["explore", "counter", "--fault", "offByOn"], "unknown fault 'offByOn' for domain counter; did you mean 'offByOne'?"),
            (["explore", "counter", "--seeds", "9..3"], "the range is reversed"),
            (["explore", "counter", "--seeds", "x"], "expected A..B"),
            (["explore", "counter", "--steps", "0"], "--steps '0': expected a whole number 1...100000"),
            (["explore", "counter", "--time-limit", "0"], "--time-limit '0'"),
        ]
        for (args, message) in cases {
            let result = run(p, args)
            #expect(result.code == ExitCode.badInput, "\(args)")
            #expect(result.err.contains(message), "\(args): \(result.err)")
        }
    }

    @Test func mutateExploreTriesTheRememberedSeedsFirst() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/found/seeds", "# remembered\n7 totalIsMultipleOfStep fault=offByOne\n")
        let r = run(p, ["mutate", "counter", "--explore", "--explore-seeds", "1..3"])
        #expect(r.out.contains("seed 7 (totalIsMultipleOfStep)"), "\(r.out)\n\(r.err)")
    }

    // MARK: shrink

    /// 200 event lines; only the add at line 137 matters to offByOne (rolls and ids do not add).
    static func longScenario() -> String {
        var text = "lockstep 1\ndomain counter\nseed 3\nset step 5\n\n"
        for i in 0..<200 { text += i == 137 ? "+1 add n=37\n" : (i % 2 == 0 ? "+1 roll sides=6\n" : "+0.5 id\n") }
        return text
    }

    @Test func shrinkFindsTheOneLineThatShowsTheFault() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/cli-long.scenario", ExploreTests.longScenario())
        let result = run(p, ["shrink", p.root + "/Scenarios/counter/cli-long.scenario", "--fault", "offByOne"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.hasPrefix("Scenarios/counter/cli-long.scenario: 200 → 1 event line in "), "\(result.out)")
        #expect(result.out.contains("1-minimal: no single event line can be removed"))
        let small = ScenarioText(try p.dir.read("Scenarios/counter/cli-long.min.scenario"))
        #expect(small.events == ["+0 add n=0"], "\(small.events)")
        #expect(small.header.contains("set step 5"))
    }

    /// `--golden`: the golden was recorded by an older build that still had the offByOne bug. The
    /// stand-in for that build is this executable with the fault switched on from outside, its
    /// trace's `faults` line written as the old build would (it knew no such fault).
    @Test func shrinkAgainstTheBuildThatRecordedTheGolden() throws {
        let binary = try #require(ExtremeSweep.lockstepBinary(), "no built lockstep executable to stand for the old build")
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/cli-long.scenario", ExploreTests.longScenario())
        try p.dir.write("old-build.sh", "#!/bin/sh\n\(ProcessRunner.shellQuote(binary)) \"$@\" --fault offByOne | sed 's/^faults offByOne$/faults none/'\n")
        #expect(chmod(p.root + "/old-build.sh", 0o755) == 0)
        let path = p.root + "/Scenarios/counter/cli-long.scenario"
        let old = try ProcessRunner.run([p.root + "/old-build.sh", "run", path], in: p.root, environment: ["LOCKSTEP_ROOT": p.root])
        #expect(old.exitCode == 0, "\(old.outputText)")
        try p.dir.write("Golden/counter/cli-long.golden", old.outputText)
        #expect(run(p, ["check", path]).code == ExitCode.mismatch)

        let result = run(p, ["shrink", path, "--golden", "--reference", p.root + "/old-build.sh"])
        try #require(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.hasPrefix("Scenarios/counter/cli-long.scenario: 200 → 1 event line in "), "\(result.out)")
        #expect(result.out.contains("it still differs from the golden's build (first in 'add')"), "\(result.out)")
        let small = ScenarioText(try p.dir.read("Scenarios/counter/cli-long.min.scenario"))
        #expect(small.events == ["+0 add n=0"], "\(small.events)")
        // The candidate file beside the scenario is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: p.root + "/Scenarios/counter").sorted()
        #expect(left.contains("cli-long.min.scenario") && !left.contains { $0.hasSuffix(".tmp") }, "\(left)")

        // A reference that is not the golden's build, and a scenario that matches its golden, are refused.
        let notIt = run(p, ["shrink", path, "--golden", "--reference", binary])
        #expect(notIt.code == ExitCode.badInput)
        #expect(notIt.err.contains("replays Scenarios/counter/cli-long.scenario differently from its golden (first in 'faults')")
                || notIt.err.contains("differently from its golden"), "\(notIt.err)")
        try p.dir.write("Golden/counter/cli-long.golden", String(decoding: try Project(root: p.root, domains: allDomains).run("Scenarios/counter/cli-long.scenario").trace, as: UTF8.self))
        let same = run(p, ["shrink", path, "--golden", "--reference", p.root + "/old-build.sh"])
        #expect(same.code == ExitCode.badInput)
        #expect(same.err.contains("replays exactly as its golden says; nothing to shrink"), "\(same.err)")
        #expect(run(p, ["shrink", path, "--against", "HEAD"]).err.contains("--against and --reference go with --golden"))
        #expect(run(p, ["shrink", path, "--golden", "--fault", "offByOne"]).err.contains("say one of --invariant, --fault and --golden"))
    }

    /// A scenario of one `gen` line: whole lines cannot go, so shrink writes it out flat and
    /// removes single generated events.
    @Test func shrinkWritesGenLinesOutFlat() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/cli-gen.scenario", "lockstep 1\ndomain counter\nset step 5\n\n0 roll sides=6\n+1 gen adds count=40 n=3 interval=1\n+1 id\n")
        let path = p.root + "/Scenarios/counter/cli-gen.scenario"
        let flat = run(p, ["expand", path])
        #expect(flat.code == ExitCode.ok, "\(flat.err)")
        #expect(flat.out.contains("\n0 roll sides=6\n1 add n=3\n"), "\(flat.out)")
        let result = run(p, ["shrink", path, "--fault", "offByOne"])
        #expect(result.code == ExitCode.ok, "\(result.err)")
        #expect(result.out.contains("written out flat after ddmin (1 line with gen or include became 40 event lines)"), "\(result.out)")
        let small = ScenarioText(try p.dir.read("Scenarios/counter/cli-gen.min.scenario"))
        #expect(small.events.count == 1, "\(small.events)")
        #expect(small.events.first?.contains(" add n=") == true, "\(small.events)")
    }

    @Test func ddminKeepsExactlyTheLinesThatMatter() {
        // An oracle that fails when both line 17 and line 150 are present: ddmin must find both.
        let lines = (0..<200).map { "+1 x i=\($0)" }
        var shrinker = Shrinker(maxAttempts: 10_000) { t in t.events.contains("+1 x i=17") && t.events.contains("+1 x i=150") }
        let result = shrinker.ddmin(ScenarioText(header: ["lockstep 1"], events: lines))
        #expect(result.events == ["+1 x i=17", "+1 x i=150"])
        #expect(shrinker.limitHit == nil)
        #expect(shrinker.attempts < 200, "\(shrinker.attempts) attempts")
        // A budget that runs out leaves a failing, not minimal, result and says which limit.
        var tight = Shrinker(maxAttempts: 5) { t in t.events.contains("+1 x i=17") && t.events.contains("+1 x i=150") }
        let partial = tight.shrink(ScenarioText(header: [], events: lines))
        #expect(partial.events.contains("+1 x i=17") && partial.events.contains("+1 x i=150"))
        #expect(tight.limitHit == "maxAttempts=5")
    }

    @Test func valuesGetSimpler() {
        #expect(ShrinkValues.simpler("+1500ms add n=37", token: 0) == ["+0ms add n=37", "+750ms add n=37"])
        #expect(ShrinkValues.simpler("+1500ms add n=37", token: 1) == ["+1500ms add n=0", "+1500ms add n=18"])
        #expect(ShrinkValues.simpler("+2.75 tap x=0.5", token: 0) == ["+0 tap x=0.5", "+2 tap x=0.5"])
        #expect(ShrinkValues.numbers(in: "0 tap label=\"n=3\" x=4").count == 1)
        // Whole-line passes: a field at a time, every decimal shorter (the time untouched).
        #expect(ShrinkValues.without("1.25 frame nose=0.5,0.68 leftEye=0.51,0.69", field: 0) == "1.25 frame leftEye=0.51,0.69")
        #expect(ShrinkValues.without("1.25 frame nose=0.5,0.68 leftEye=0.51,0.69", field: 1) == "1.25 frame nose=0.5,0.68")
        #expect(ShrinkValues.rounded("383.166666667 frame nose=0.5,0.6805555555555556,0.87 n=12", places: 2)
                == "383.166666667 frame nose=0.5,0.68,0.87 n=12")
    }

    @Test func shrinkBadInput() throws {
        let p = try TempProject()
        try p.dir.write("Scenarios/counter/cli-ok.scenario", ExploreTests.stepSeven)
        let path = p.root + "/Scenarios/counter/cli-ok.scenario"
        let none = run(p, ["shrink", path])
        #expect(none.code == ExitCode.badInput)
        #expect(none.err.contains("breaks no invariant"), "\(none.err)")
        let noFault = run(p, ["shrink", path, "--fault", "sharedDice"])
        #expect(noFault.code == ExitCode.badInput)
        #expect(noFault.err.contains("does not fail that way to begin with"), "\(noFault.err)")
        #expect(run(p, ["shrink", path, "--invariant", "nope"]).err.contains("unknown invariant 'nope' for domain counter"))
        #expect(run(p, ["shrink", path, "--max-attempts", "0"]).code == ExitCode.badInput)
    }
}

/// A domain whose invariant a plain scenario can break: `put v=N` with `v` required below 10.
enum Strict: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var v = 0 }
    enum Event { case put(Int) }
    static let name = "strict"
    static let summary = "Test: one value that must stay below ten."
    static let events: [EventKind<Event>] = [
        EventKind("put", "Sets the value.") { f throws(ScenarioError) in .put(try f("v", .int, in: 0...100)) },
    ]
    static let invariants: [Invariant<Strict>] = [
        Invariant("belowTen", "the value is a single digit") { state, _ in state.v < 10 ? nil : "v is \(state.v)" },
    ]
    static func kind(of event: Event) -> String { "put" }
    static func start(_ settings: NoSettings, _ world: inout World<Strict>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Strict>) {
        if case .put(let v) = event { state.v = v; world.emit(Record("value").int("v", v)) }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { out.int("v", state.v) }
}
