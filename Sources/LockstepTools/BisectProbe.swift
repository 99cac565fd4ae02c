import LockstepCore
import LockstepRunner

/// What one probed commit says about today's goldens.
public enum BisectVerdict: String, Sendable {
    /// Replays today's scenarios exactly as today's goldens say.
    case good
    /// Replays them differently (or crashes while replaying).
    case bad
    /// Cannot be built or run, so it says nothing (`git bisect skip`).
    case skip

    /// The exit code `git bisect run` expects from a helper.
    public var exitCode: Int32 {
        switch self {
        case .good: ExitCode.ok
        case .bad: ExitCode.mismatch
        case .skip: ExitCode.skip
        }
    }
}

/// The outcome of probing one commit: the verdict, why, and the check's output.
public struct BisectProbeResult: Sendable {
    public var commit: String
    public var verdict: BisectVerdict
    /// One line: `check exit 1`, `build failed: exit 1`, `run timed out after 1800 s`.
    public var reason: String
    /// The run command's output (for a bad commit, its first divergent step), or the end of the
    /// build log when the build failed.
    public var output: String
}

/// Builds and replays one commit against today's scenarios and goldens, in a temporary git worktree.
///
/// One worktree is reused for every probe of a bisect (checked out afresh each time, with `.build`
/// kept), so that after the first build each probe builds incrementally.
public struct BisectProbe {
    /// The repository (the project root).
    public var repository: String
    /// A copy of today's `Scenarios/` and `Golden/` (taken once, before any probe).
    public var saved: String
    /// The worktree to check commits out in; created on first use.
    public var worktree: String
    /// Shell command that builds the checkout (`LOCKSTEP_BUILD_COMMAND`).
    public var buildCommand: String
    /// Shell command that checks scenarios; the scenario paths are appended (`LOCKSTEP_RUN_COMMAND`).
    public var runCommand: String
    /// Scenario display paths (`Scenarios/x/y.scenario`).
    public var scenarios: [String]
    public var buildTimeoutSeconds = 3_600
    public var runTimeoutSeconds = 1_800
    /// Output kept per process; the rest is discarded.
    public var maxOutputBytes = 1 << 20

    public static let defaultBuildCommand = "swift build -c release --product lockstep"
    public static let defaultRunCommand = ".build/release/lockstep check"

    public init(repository: String, saved: String, worktree: String, buildCommand: String, runCommand: String, scenarios: [String]) {
        self.repository = repository
        self.saved = saved
        self.worktree = worktree
        self.buildCommand = buildCommand
        self.runCommand = runCommand
        self.scenarios = scenarios
    }

    /// Copies today's `Scenarios/` and `Golden/` from `root` into `saved`.
    public static func saveToday(from root: String, to saved: String) throws(FileIO.Failure) {
        for folder in [Project.scenariosFolder, Project.goldenFolder] where FileIO.isDirectory(root + "/" + folder) {
            try BisectFiles.copyTree(from: root + "/" + folder, to: saved + "/" + folder)
        }
    }

    /// Checks out `commit`, builds it, puts today's scenarios and goldens in place and runs the check.
    public func probe(_ commit: String) -> BisectProbeResult {
        func skip(_ reason: String, _ output: String = "") -> BisectProbeResult {
            BisectProbeResult(commit: commit, verdict: .skip, reason: reason, output: output)
        }
        if let problem = checkout(commit) { return skip("cannot check out: \(problem)") }
        do {
            for folder in [Project.scenariosFolder, Project.goldenFolder] {
                BisectFiles.removeTree(worktree + "/" + folder)
                if FileIO.isDirectory(saved + "/" + folder) {
                    try BisectFiles.copyTree(from: saved + "/" + folder, to: worktree + "/" + folder)
                }
            }
        } catch {
            return skip("cannot copy today's scenarios and goldens: \(error.description)")
        }
        let build: ProcessResult
        do {
            build = try ProcessRunner.shell(buildCommand, in: worktree, timeoutSeconds: buildTimeoutSeconds, maxOutputBytes: maxOutputBytes)
        } catch {
            return skip("cannot start the build: \(error.description)")
        }
        guard build.exitCode == 0 else {
            return skip("build failed: \(build.statusText(timeoutSeconds: buildTimeoutSeconds))", BisectProbe.tail(build.outputText, lines: 20))
        }
        let command = runCommand + " " + scenarios.map(ProcessRunner.shellQuote).joined(separator: " ")
        let run: ProcessResult
        do {
            // LOCKSTEP_ROOT pins the checkout even if the caller's environment names another.
            run = try ProcessRunner.shell(command, in: worktree, environment: ["LOCKSTEP_ROOT": worktree],
                                          timeoutSeconds: runTimeoutSeconds, maxOutputBytes: maxOutputBytes)
        } catch {
            return skip("cannot start the check: \(error.description)")
        }
        let output = run.outputText + (run.truncated ? "\n[output truncated at \(maxOutputBytes) bytes]\n" : "")
        return BisectProbeResult(commit: commit, verdict: BisectProbe.verdict(run), reason: "check " + run.statusText(timeoutSeconds: runTimeoutSeconds), output: output)
    }

    /// Maps the check's ending to a verdict: 0 good; 1 (a golden differs) or a crash bad; a timeout,
    /// 2 (today's scenario is not valid at that commit), 125, 126/127 (no binary) and the rest skip.
    public static func verdict(_ run: ProcessResult) -> BisectVerdict {
        if run.timedOut { return .skip }
        if run.signal != nil { return .bad }
        switch run.exitCode {
        case 0: return .good
        case 1: return .bad
        // A shell reports a child killed by signal n as 128 + n: the replay crashed.
        case let code? where code > 128 && code < 160: return .bad
        default: return .skip
        }
    }

    /// Creates the worktree at `commit`, or moves the existing one there (keeping `.build`).
    /// Returns a problem description, or nil on success.
    func checkout(_ commit: String) -> String? {
        let git: [String]
        if FileIO.exists(worktree + "/.git") {  // a worktree's .git is a file naming its git dir
            if let problem = BisectGit.run(["checkout", "--quiet", "--detach", "--force", commit], in: worktree).problem { return problem }
            return BisectGit.run(["clean", "-ffdxq", "-e", "/.build"], in: worktree).problem
        }
        git = ["worktree", "add", "--quiet", "--detach", "--force", worktree, commit]
        return BisectGit.run(git, in: repository).problem
    }

    /// The last `lines` lines of `text`.
    static func tail(_ text: String, lines: Int) -> String {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        return all.suffix(lines).joined(separator: "\n")
    }
}

/// Runs git with a pinned locale (its messages are parsed) and reports failures as text.
enum BisectGit {
    struct Outcome {
        var output: String
        var exitCode: Int32?
        var problem: String? {
            exitCode == 0 ? nil : "git: " + (output.isEmpty ? "exit \(exitCode.map(String.init) ?? "?")" : BisectProbe.tail(output, lines: 5))
        }
    }

    static func run(_ arguments: [String], in directory: String, timeoutSeconds: Int = 300) -> Outcome {
        do {
            let result = try ProcessRunner.run(["git", "-C", directory] + arguments,
                                               environment: ["LC_ALL": "C", "LANGUAGE": "C", "GIT_TERMINAL_PROMPT": "0"],
                                               timeoutSeconds: timeoutSeconds)
            var text = result.outputText
            while text.hasSuffix("\n") { text.removeLast() }
            return Outcome(output: text, exitCode: result.exitCode)
        } catch {
            return Outcome(output: error.description, exitCode: nil)
        }
    }
}
