import LockstepCore
import LockstepRunner

/// `lockstep bisect --good REV [--bad REV] SCENARIO...`: the first commit whose replay of today's
/// scenarios differs from today's goldens.
public enum BisectCommand {
    public static let help = """
        Finds the first commit in GOOD..BAD (BAD defaults to HEAD) whose replay of today's scenarios
        differs from today's goldens, and prints it with its first divergent step.

        Today's Scenarios/ and Golden/ (the working tree's files, committed or not) are copied aside
        first. Each probed commit is checked out in a temporary git worktree under the system temp
        folder (one worktree, reused so builds are incremental; removed at the end, also on failure),
        built, given today's Scenarios/ and Golden/, and checked with 'lockstep check SCENARIO...'.
        git bisect chooses the commits (in a private worktree: your checkout and any bisect you have
        running are untouched). BAD is probed first, then GOOD.

        A probe is good when the check exits 0, bad when it exits 1 or crashes, and skipped when the
        commit cannot be built, the check cannot run, times out, or rejects today's scenario (exit 2).

        Environment:
          LOCKSTEP_BUILD_COMMAND  default 'swift build -c release --product lockstep'
          LOCKSTEP_RUN_COMMAND    default '.build/release/lockstep check' (scenario paths are appended)

        Helper mode: 'lockstep bisect --probe REV SCENARIO...' probes one commit and exits 0 good,
        1 bad, 125 skip, as 'git bisect run' expects.

        Exit 0 found, 1 no commit in the range differs (or skipped commits hide which one does; the
        candidates are listed), 2 usage (unknown revision, GOOD not an ancestor of BAD, no golden,
        BAD cannot be built, GOOD already differs).
        """

    public static func run(_ args: [String], _ ctx: CommandContext) -> Int32 {
        let parsed: Arguments
        do { parsed = try Arguments(args, valued: ["good", "bad", "probe"], switches: []) } catch {
            return LockstepCommand.usage(ctx, error.description, "bisect")
        }
        if parsed.values("good").count > 1 || parsed.values("bad").count > 1 || parsed.values("probe").count > 1 {
            return LockstepCommand.usage(ctx, "--good, --bad and --probe take one revision each", "bisect")
        }
        guard !parsed.positional.isEmpty else { return LockstepCommand.usage(ctx, "name at least one scenario", "bisect") }
        let probeMode = parsed.value("probe")
        if probeMode != nil && (parsed.has("good") || parsed.has("bad")) {
            return LockstepCommand.usage(ctx, "--probe REV stands alone (no --good or --bad)", "bisect")
        }
        guard probeMode != nil || parsed.has("good") else { return LockstepCommand.usage(ctx, "--good REV is required", "bisect") }

        let root = ctx.project.root
        guard BisectGit.run(["rev-parse", "--git-dir"], in: root).exitCode == 0 else {
            return LockstepCommand.usage(ctx, "\(root) is not a git repository", "bisect")
        }
        // Today's scenarios must exist under Scenarios/ (only that folder is carried to old commits) and have goldens.
        let scenarios: [String]
        do { scenarios = try ctx.project.scenarios(matching: parsed.positional) } catch {
            return LockstepCommand.usage(ctx, error.description, "bisect")
        }
        for scenario in scenarios {
            guard scenario.hasPrefix(Project.scenariosFolder + "/") else {
                return LockstepCommand.usage(ctx, "\(scenario) is not under \(Project.scenariosFolder)/ of \(root)", "bisect")
            }
            let golden = ctx.project.goldenPath(forScenario: scenario)
            guard FileIO.exists(root + "/" + golden) else {
                return LockstepCommand.usage(ctx, "no golden \(golden) today; record and review it first ('lockstep record \(scenario)')", "bisect")
            }
        }
        guard !scenarios.isEmpty else { return LockstepCommand.usage(ctx, "no scenarios found in \(parsed.positional.joined(separator: " "))", "bisect") }

        func resolve(_ revision: String) -> String? {
            let result = BisectGit.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: root)
            return result.exitCode == 0 && !result.output.isEmpty ? result.output : nil
        }

        let temporaryParent = ctx.environment["TMPDIR"] ?? "/tmp"
        let base: String
        do { base = try BisectFiles.makeTemporaryDirectory(prefix: "lockstep-bisect-", in: temporaryParent) } catch {
            ctx.printError("lockstep bisect: \(error.description)")
            return ExitCode.badInput
        }
        let worktree = base + "/checkout", control = base + "/control", saved = base + "/today"
        defer {
            // Also on failure: the worktrees are unregistered and their folders removed.
            for path in [worktree, control] where FileIO.exists(path) {
                _ = BisectGit.run(["worktree", "remove", "--force", path], in: root)
            }
            BisectFiles.removeTree(base)
            _ = BisectGit.run(["worktree", "prune"], in: root)
        }
        do { try BisectProbe.saveToday(from: root, to: saved) } catch {
            ctx.printError("lockstep bisect: cannot copy today's scenarios and goldens: \(error.description)")
            return ExitCode.badInput
        }
        let probe = BisectProbe(repository: root, saved: saved, worktree: worktree,
                                buildCommand: ctx.environment["LOCKSTEP_BUILD_COMMAND"] ?? BisectProbe.defaultBuildCommand,
                                runCommand: ctx.environment["LOCKSTEP_RUN_COMMAND"] ?? BisectProbe.defaultRunCommand,
                                scenarios: scenarios)

        if let revision = probeMode {
            guard let commit = resolve(revision) else { return LockstepCommand.usage(ctx, "unknown revision '\(revision)'", "bisect") }
            let result = probe.probe(commit)
            ctx.print("\(short(commit)) \(result.verdict.rawValue) (\(result.reason))")
            if !result.output.isEmpty { ctx.print(result.output) }
            return result.verdict.exitCode
        }

        let goodRevision = parsed.value("good")!, badRevision = parsed.value("bad") ?? "HEAD"
        guard let good = resolve(goodRevision) else { return LockstepCommand.usage(ctx, "unknown revision '\(goodRevision)'", "bisect") }
        guard let bad = resolve(badRevision) else { return LockstepCommand.usage(ctx, "unknown revision '\(badRevision)'", "bisect") }
        guard good != bad else { return LockstepCommand.usage(ctx, "--good and --bad are the same commit \(short(good))", "bisect") }
        guard BisectGit.run(["merge-base", "--is-ancestor", good, bad], in: root).exitCode == 0 else {
            return LockstepCommand.usage(ctx, "--good \(goodRevision) is not an ancestor of --bad \(badRevision)", "bisect")
        }

        var session = BisectSession(probe: probe, control: control, good: good, bad: bad)
        session.onProbe = { result in
            let subject = BisectGit.run(["log", "-1", "--format=%s", result.commit], in: root).output
            ctx.print("probe \(short(result.commit)) \(subject): \(result.verdict.rawValue) (\(result.reason))")
        }
        func named(_ commit: String, _ revision: String) -> String { commit.hasPrefix(revision) ? short(commit) : "\(short(commit)) (\(revision))" }
        ctx.print("bisecting \(named(good, goodRevision))..\(named(bad, badRevision)) over \(scenarios.joined(separator: " "))")
        let outcome: BisectOutcome
        do { outcome = try session.run() } catch {
            ctx.printError("lockstep bisect: \(error.description)")
            return ExitCode.badInput
        }
        switch outcome {
        case .found(let commit, let subject, let result):
            ctx.print("first bad commit: \(commit) \(subject)")
            ctx.print("its first divergence (\(result.reason)):")
            ctx.print(result.output.isEmpty ? "  (no output)" : result.output)
            return ExitCode.ok
        case .noDifference:
            ctx.print("no commit differs: \(short(bad)) (\(badRevision)) replays today's goldens")
            return ExitCode.mismatch
        case .ambiguous(let candidates):
            ctx.print("skipped commits hide the first bad commit; it is one of:")
            for c in candidates {
                ctx.print("  \(c) " + BisectGit.run(["log", "-1", "--format=%s", c], in: root).output)
            }
            return ExitCode.mismatch
        }
    }

    static func short(_ commit: String) -> String { String(commit.prefix(10)) }
}
