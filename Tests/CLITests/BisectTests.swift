import LockstepCore
import LockstepRunner
import LockstepTools
import Testing

/// A throwaway git repository shaped like a Lockstep project, whose "replay" is a shell script:
/// the check passes when `behaviour.txt` equals the golden, fails when it differs, and answers 125
/// in a commit holding `unrunnable`; the stand-in build fails in a commit holding `broken`.
/// No Swift is built.
final class BisectRepository {
    let dir: TempDirectory
    var root: String { dir.path + "/repo" }
    var temporary: String { dir.path + "/tmp" }
    /// Commit hashes by label, in order.
    var commits: [(label: String, hash: String)] = []
    static let scenario = "Scenarios/probe/behaviour.scenario"
    static let golden = "Golden/probe/behaviour.golden"

    init() throws {
        dir = try TempDirectory()
        try FileIO.makeDirectories(root)
        try FileIO.makeDirectories(temporary)
        try dir.write("probe.sh", """
            if [ -f unrunnable ]; then echo "cannot run this commit"; exit 125; fi
            if cmp -s behaviour.txt \(BisectRepository.golden); then echo "ok $*"; exit 0; fi
            echo "FAIL $*"
            echo "  step 3: expected $(cat \(BisectRepository.golden)) got $(cat behaviour.txt)"
            exit 1

            """)
        try git("init", "-q", "-b", "main")
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let result = try ProcessRunner.run(["git", "-C", root, "-c", "user.name=Test", "-c", "user.email=test@example.com",
                                            "-c", "commit.gpgsign=false"] + arguments, environment: ["LC_ALL": "C"])
        #expect(result.exitCode == 0, "git \(arguments): \(result.outputText)")
        var text = result.outputText
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Writes `files` (nil content removes the file) and commits them as `label`.
    func commit(_ label: String, _ files: [String: String?]) throws {
        for name in files.keys.sorted() {
            if let content = files[name]! { try dir.write("repo/" + name, content) } else { FileIO.remove(root + "/" + name) }
        }
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", label)
        commits.append((label, try git("rev-parse", "HEAD")))
    }

    func hash(_ label: String) -> String { commits.first { $0.label == label }!.hash }

    func bisect(_ args: [String]) -> (code: Int32, out: String, err: String) {
        let ctx = CommandContext(project: Project(root: root, domains: []),
                                 environment: ["LOCKSTEP_BUILD_COMMAND": "test ! -f broken",
                                               "LOCKSTEP_RUN_COMMAND": "sh " + ProcessRunner.shellQuote(dir.path + "/probe.sh"),
                                               "TMPDIR": temporary])
        let code = LockstepCommand.main(["bisect"] + args, ctx)
        return (code, ctx.outText, ctx.errText)
    }

    /// The base commit: a stale golden (today's is written later), so a probe that used the old
    /// commit's golden instead of today's would call this commit bad.
    func start() throws {
        try commit("c1 start", ["Package.swift": "// stand-in\n", BisectRepository.scenario: "lockstep 1\ndomain probe\n",
                                BisectRepository.golden: "stale\n", "behaviour.txt": "v1\n"])
    }

    /// After a bisect: only the main worktree is registered, the temp folder is empty, and the
    /// checkout is untouched.
    func expectCleanedUp(head: String) throws {
        let worktrees = try git("worktree", "list", "--porcelain").split(separator: "\n").filter { $0.hasPrefix("worktree ") }
        #expect(worktrees.count == 1)
        #expect(FileIO.list(temporary).isEmpty)
        #expect(try git("rev-parse", "HEAD") == head)
        #expect(try git("status", "--porcelain") == "")
        #expect(!FileIO.exists(root + "/.git/BISECT_LOG"))
    }
}

@Suite struct BisectTests {
    let scenario = BisectRepository.scenario

    @Test func findsTheFirstBadCommitUsingTodaysGoldens() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 docs", ["README": "a\n"])
        try repo.commit("c3 refactor", ["README": "b\n"])
        try repo.commit("c4 change behaviour", ["behaviour.txt": "v2\n"])
        try repo.commit("c5 more", ["README": "c\n"])
        try repo.commit("c6 record golden", [BisectRepository.golden: "v1\n"])
        let head = repo.hash("c6 record golden")

        let result = repo.bisect(["--good", repo.hash("c1 start"), scenario])
        #expect(result.code == ExitCode.ok, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("first bad commit: \(repo.hash("c4 change behaviour")) c4 change behaviour\n"), "\(result.out)")
        // The report carries the check's own output for that commit: its first divergent step.
        #expect(result.out.contains("FAIL \(scenario)\n  step 3: expected v1 got v2"))
        try repo.expectCleanedUp(head: head)
    }

    @Test func skipsCommitsThatCannotBeBuiltOrRun() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 break build", ["broken": "x\n"])
        try repo.commit("c3 still broken", ["README": "a\n"])
        try repo.commit("c4 fix build", ["broken": nil])
        try repo.commit("c5 change behaviour", ["behaviour.txt": "v2\n"])
        try repo.commit("c6 cannot run", ["unrunnable": "x\n"])
        try repo.commit("c7 runs again", ["unrunnable": nil, BisectRepository.golden: "v1\n"])

        let result = repo.bisect(["--good", repo.hash("c1 start"), "--bad", "HEAD", scenario])
        #expect(result.code == ExitCode.ok, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("first bad commit: \(repo.hash("c5 change behaviour")) c5 change behaviour\n"), "\(result.out)")
        // git's choice is deterministic for this history shape: it visits c6, which must be a skip.
        #expect(result.out.contains("probe \(repo.hash("c6 cannot run").prefix(10)) c6 cannot run: skip (check exit 125)"), "\(result.out)")
        // Whatever git chose to visit, skipped commits were reported as skips and never as verdicts.
        for label in ["c2 break build", "c3 still broken", "c6 cannot run"] {
            for line in result.out.split(separator: "\n") where line.hasPrefix("probe \(repo.hash(label).prefix(10))") {
                #expect(line.contains(": skip ("), "\(line)")
            }
        }
        try repo.expectCleanedUp(head: repo.hash("c7 runs again"))
    }

    @Test func aSkippedCommitNextToTheChangeLeavesTwoCandidates() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 docs", ["README": "a\n"])
        try repo.commit("c3 break build", ["broken": "x\n"])
        try repo.commit("c4 fix build and change behaviour", ["broken": nil, "behaviour.txt": "v2\n"])
        try repo.commit("c5 golden", [BisectRepository.golden: "v1\n"])

        let result = repo.bisect(["--good", repo.hash("c1 start"), scenario])
        #expect(result.code == ExitCode.mismatch, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("skipped commits hide the first bad commit"))
        #expect(result.out.contains("  \(repo.hash("c3 break build")) c3 break build"))
        #expect(result.out.contains("  \(repo.hash("c4 fix build and change behaviour")) c4 fix build and change behaviour"))
        #expect(result.out.contains("probe \(repo.hash("c3 break build").prefix(10)) c3 break build: skip (build failed: exit 1)"))
        try repo.expectCleanedUp(head: repo.hash("c5 golden"))
    }

    @Test func noCommitDiffersWhenBadReplaysTodaysGoldens() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 docs", ["README": "a\n"])
        try repo.commit("c3 golden", [BisectRepository.golden: "v1\n"])
        let result = repo.bisect(["--good", "HEAD~2", scenario])
        #expect(result.code == ExitCode.mismatch)
        #expect(result.out.contains("no commit differs"))
        try repo.expectCleanedUp(head: repo.hash("c3 golden"))
    }

    @Test func goodThatAlreadyDiffersIsAUsageError() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 change", ["behaviour.txt": "v2\n", BisectRepository.golden: "v0\n"])
        let result = repo.bisect(["--good", repo.hash("c1 start"), scenario])
        #expect(result.code == ExitCode.badInput)
        #expect(result.err.contains("already differs from today's goldens"))
        try repo.expectCleanedUp(head: repo.hash("c2 change"))
    }

    @Test func usageErrors() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 golden", [BisectRepository.golden: "v1\n"])
        let good = repo.hash("c1 start")
        #expect(repo.bisect([scenario]).code == ExitCode.badInput)  // no --good
        #expect(repo.bisect(["--good", good]).code == ExitCode.badInput)  // no scenario
        let unknown = repo.bisect(["--good", "no-such-rev", scenario])
        #expect(unknown.code == ExitCode.badInput)
        #expect(unknown.err.contains("unknown revision 'no-such-rev'"))
        let reversed = repo.bisect(["--good", "HEAD", "--bad", good, scenario])
        #expect(reversed.code == ExitCode.badInput)
        #expect(reversed.err.contains("is not an ancestor"))
        #expect(repo.bisect(["--good", "HEAD", scenario]).code == ExitCode.badInput)  // same commit
        #expect(repo.bisect(["--good", good, "--good", good, scenario]).code == ExitCode.badInput)
        #expect(repo.bisect(["--good", good, "--fast", scenario]).code == ExitCode.badInput)
        #expect(repo.bisect(["--good", good, "Scenarios/probe/missing.scenario"]).code == ExitCode.badInput)
        // A scenario without a golden today cannot be bisected.
        try repo.dir.write("repo/Scenarios/probe/new.scenario", "lockstep 1\n")
        let noGolden = repo.bisect(["--good", good, repo.root + "/Scenarios/probe/new.scenario"])
        #expect(noGolden.code == ExitCode.badInput)
        #expect(noGolden.err.contains("no golden Golden/probe/new.golden"))
        FileIO.remove(repo.root + "/Scenarios/probe/new.scenario")
        try repo.expectCleanedUp(head: repo.hash("c2 golden"))
    }

    @Test func probeHelperAnswersAsGitBisectRunExpects() throws {
        let repo = try BisectRepository()
        try repo.start()
        try repo.commit("c2 broken", ["broken": "x\n"])
        try repo.commit("c3 unrunnable", ["broken": nil, "unrunnable": "x\n"])
        try repo.commit("c4 change", ["unrunnable": nil, "behaviour.txt": "v2\n", BisectRepository.golden: "v1\n"])
        #expect(repo.bisect(["--probe", repo.hash("c1 start"), scenario]).code == ExitCode.ok)
        #expect(repo.bisect(["--probe", repo.hash("c2 broken"), scenario]).code == ExitCode.skip)
        #expect(repo.bisect(["--probe", repo.hash("c3 unrunnable"), scenario]).code == ExitCode.skip)
        let bad = repo.bisect(["--probe", "HEAD", scenario])
        #expect(bad.code == ExitCode.mismatch)
        #expect(bad.out.contains("expected v1 got v2"))
        try repo.expectCleanedUp(head: repo.hash("c4 change"))
    }

    @Test func verdictsFromExitStatus() {
        func verdict(_ code: Int32?, signal: Int32? = nil, timedOut: Bool = false) -> BisectVerdict {
            BisectProbe.verdict(ProcessResult(exitCode: code, signal: signal, timedOut: timedOut, output: [], truncated: false))
        }
        #expect(verdict(0) == .good)
        #expect(verdict(1) == .bad)
        #expect(verdict(nil, signal: 11) == .bad)  // a crash while replaying
        #expect(verdict(128 + 4) == .bad)  // the shell's report of SIGILL (a Swift trap)
        #expect(verdict(2) == .skip)  // today's scenario is not valid at that commit
        #expect(verdict(125) == .skip)
        #expect(verdict(127) == .skip)  // no binary
        #expect(verdict(nil, timedOut: true) == .skip)
    }
}

@Suite struct ProcessRunnerTests {
    @Test func capturesOutputAndExitStatus() throws {
        let result = try ProcessRunner.shell("echo out; echo err >&2; exit 3", in: "/")
        #expect(result.exitCode == 3)
        #expect(result.outputText == "out\nerr\n")
    }

    @Test func runsInTheGivenDirectoryWithOverrides() throws {
        let dir = try TempDirectory()
        let result = try ProcessRunner.run(["sh", "-c", "pwd; echo $LOCKSTEP_TEST_VALUE"], in: dir.path, environment: ["LOCKSTEP_TEST_VALUE": "it's"])
        #expect(result.outputText == dir.path + "\nit's\n")
    }

    @Test func boundsOutputAndTime() throws {
        let big = try ProcessRunner.shell("yes | head -c 100000", in: "/", maxOutputBytes: 1000)
        #expect(big.output.count == 1000 && big.truncated && big.exitCode == 0)
        let slow = try ProcessRunner.shell("sleep 30", in: "/", timeoutSeconds: 1)
        #expect(slow.timedOut && slow.exitCode == nil)
    }

    @Test func reportsSignals() throws {
        let result = try ProcessRunner.run(["sh", "-c", "kill -9 $$"])
        #expect(result.signal == 9 && result.exitCode == nil)
    }

    @Test func unknownProgramIsAnError() {
        #expect(throws: ProcessRunner.Failure.self) { try ProcessRunner.run(["/no/such/program"]) }
    }
}
