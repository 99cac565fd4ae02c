#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// The build a golden was recorded with, as a separate `lockstep` executable: what `shrink --golden`
/// compares each candidate with, since a smaller scenario has no golden of its own.
///
/// Each candidate is written beside the scenario (so its `include`s and `file` fields resolve as
/// the scenario's do) as `NAME.shrinking-<pid>.tmp`, replayed by the reference (`PROGRAM run PATH`,
/// in the project root with `LOCKSTEP_ROOT` set to it) and by this build in process, under the same
/// display path, so the two traces differ only where the builds do.
struct GoldenReference {
    /// The reference executable (or a script that runs one).
    var program: String
    var root: String
    /// Where candidates are written (beside the scenario; removed by the caller at the end).
    var candidateDisk: String
    var timeoutSeconds = 600
    /// A trace larger than this is not read whole (the reference's output limit).
    var maxTraceBytes = 1 << 28

    /// The reference's trace of the scenario at `disk`, or why it could not replay it.
    func trace(ofScenarioAt disk: String) -> Result<[UInt8], Problem> {
        let result: ProcessResult
        do {
            result = try ProcessRunner.run([program, "run", disk], in: root, environment: ["LOCKSTEP_ROOT": root, "NO_COLOR": "1"],
                                           timeoutSeconds: timeoutSeconds, maxOutputBytes: maxTraceBytes)
        } catch {
            return .failure(Problem("cannot start \(program): \(error.description)"))
        }
        guard result.exitCode == 0, !result.truncated else {
            let why = result.truncated ? "its trace is over \(maxTraceBytes) bytes" : result.statusText(timeoutSeconds: timeoutSeconds)
            return .failure(Problem("\(program) run \(disk): \(why)\n" + BisectProbe.tail(result.outputText, lines: 5)))
        }
        return .success(result.output)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Builds `revision` in a temporary git worktree (with `LOCKSTEP_BUILD_COMMAND`, default a release
    /// build) and returns the worktree and its executable. The caller removes the worktree.
    static func build(revision: String, repository: String, temporary: String,
                      buildCommand: String) -> Result<(worktree: String, program: String), Problem> {
        let commit = BisectGit.run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: repository)
        guard commit.exitCode == 0, !commit.output.isEmpty else { return .failure(Problem("unknown revision '\(revision)'")) }
        let worktree: String
        do { worktree = try BisectFiles.makeTemporaryDirectory(prefix: "lockstep-reference", in: temporary) } catch {
            return .failure(Problem(error.description))
        }
        BisectFiles.removeTree(worktree)
        if let problem = BisectGit.run(["worktree", "add", "--quiet", "--detach", "--force", worktree, commit.output], in: repository).problem {
            return .failure(Problem("cannot check out \(revision): \(problem)"))
        }
        let build: ProcessResult
        do { build = try ProcessRunner.shell(buildCommand, in: worktree, timeoutSeconds: 3_600, maxOutputBytes: 1 << 20) } catch {
            remove(worktree: worktree, repository: repository)
            return .failure(Problem("cannot start the build: \(error.description)"))
        }
        guard build.exitCode == 0 else {
            remove(worktree: worktree, repository: repository)
            return .failure(Problem("building \(revision) failed (\(build.statusText(timeoutSeconds: 3_600))):\n" + BisectProbe.tail(build.outputText, lines: 20)))
        }
        return .success((worktree, worktree + "/.build/release/lockstep"))
    }

    static func remove(worktree: String, repository: String) {
        _ = BisectGit.run(["worktree", "remove", "--force", worktree], in: repository)
        BisectFiles.removeTree(worktree)
        _ = BisectGit.run(["worktree", "prune"], in: repository)
    }

    /// `STEM.shrinking-<pid>.tmp`: the process id keeps two shrinks of one scenario apart.
    static func candidatePath(stem: String) -> String { stem + ".shrinking-\(getpid()).tmp" }

    /// The commit that last changed `path` (a golden), if it is committed and unchanged since.
    static func lastCommit(touching path: String, repository: String) -> Result<String, Problem> {
        let status = BisectGit.run(["status", "--porcelain", "--", path], in: repository)
        guard status.exitCode == 0 else { return .failure(Problem("\(repository) is not a git repository; say --reference PROGRAM")) }
        guard status.output.isEmpty else {
            return .failure(Problem("\(path) has changes that are not committed, so no commit recorded it; say --against REV or --reference PROGRAM"))
        }
        let log = BisectGit.run(["log", "-1", "--format=%H", "--", path], in: repository)
        guard log.exitCode == 0, !log.output.isEmpty else {
            return .failure(Problem("\(path) is not in git's history; say --against REV or --reference PROGRAM"))
        }
        return .success(log.output)
    }
}
