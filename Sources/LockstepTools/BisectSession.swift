import LockstepCore
import LockstepRunner

/// The outcome of a whole bisect.
public enum BisectOutcome: Sendable {
    /// The first commit whose replay differs from today's goldens, with its probe (the divergence).
    case found(commit: String, subject: String, probe: BisectProbeResult)
    /// `bad` replays today's goldens: no commit in the range differs.
    case noDifference
    /// Skipped commits hide which one is first; these are the candidates, oldest last as git lists them.
    case ambiguous(candidates: [String])
}

/// Drives `git bisect` over GOOD..BAD with probes of today's scenarios.
///
/// git does the choosing (so merges and skips are handled as git handles them); Lockstep does the
/// probing. The bisect state lives in a private, unchecked-out worktree of its own, so the user's
/// checkout (and any bisect they have running there) is never touched.
public struct BisectSession {
    public var probe: BisectProbe
    /// The control worktree holding the bisect state.
    public var control: String
    public var good: String
    public var bad: String
    /// Called with each probe as it finishes (progress output).
    public var onProbe: (BisectProbeResult) -> Void = { _ in }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(probe: BisectProbe, control: String, good: String, bad: String) {
        self.probe = probe
        self.control = control
        self.good = good
        self.bad = bad
    }

    /// Probes `bad`, then `good`, then bisects. Throws when the range cannot be bisected (bad cannot
    /// be built, good already differs, git fails).
    public func run() throws(Failure) -> BisectOutcome {
        var probes: [String: BisectProbeResult] = [:]
        func probeOnce(_ commit: String) -> BisectProbeResult {
            if let known = probes[commit] { return known }
            let result = probe.probe(commit)
            probes[commit] = result
            onProbe(result)
            return result
        }

        let badProbe = probeOnce(bad)
        switch badProbe.verdict {
        case .good: return .noDifference
        case .skip: throw Failure(description: "the --bad commit \(bad) cannot be built or run (\(badProbe.reason)):\n\(badProbe.output)")
        case .bad: break
        }
        let goodProbe = probeOnce(good)
        if goodProbe.verdict == .bad {
            throw Failure(description: "the --good commit \(good) already differs from today's goldens (\(goodProbe.reason)); choose an older --good:\n\(goodProbe.output)")
        }

        if let problem = BisectGit.run(["worktree", "add", "--quiet", "--detach", "--no-checkout", control, bad], in: probe.repository).problem {
            throw Failure(description: "cannot create the bisect worktree: \(problem)")
        }
        let started = BisectGit.run(["bisect", "start", "--no-checkout", bad, good], in: control)
        if let problem = started.problem { throw Failure(description: "git bisect start failed: \(problem)") }
        if let outcome = try conclusion(started.output, probes) { return outcome }

        let count = BisectGit.run(["rev-list", "--count", "\(good)..\(bad)"], in: probe.repository)
        let commits = Int(count.output) ?? 10_000
        // Each step marks one commit, so there are at most as many steps as commits in the range.
        for _ in 0...min(commits, 100_000) {
            let head = BisectGit.run(["rev-parse", "--verify", "BISECT_HEAD"], in: control)
            if let problem = head.problem { throw Failure(description: "git bisect lost its place: \(problem)") }
            let result = probeOnce(head.output)
            let marked = BisectGit.run(["bisect", result.verdict.rawValue, head.output], in: control)
            if let outcome = try conclusion(marked.output, probes) { return outcome }
            if let problem = marked.problem { throw Failure(description: "git bisect \(result.verdict.rawValue) failed: \(problem)") }
        }
        throw Failure(description: "git bisect did not finish within \(commits) steps")
    }

    /// Reads git's answer after a step: the first bad commit, only skipped commits left, or nil (go on).
    func conclusion(_ output: String, _ probes: [String: BisectProbeResult]) throws(Failure) -> BisectOutcome? {
        let lines = output.split(separator: "\n").map(String.init)
        if let line = lines.first(where: { $0.hasSuffix(" is the first bad commit") }) {
            let commit = String(line.prefix { $0 != " " })
            let subject = BisectGit.run(["log", "-1", "--format=%s", commit], in: probe.repository).output
            guard let found = probes[commit] else {
                throw Failure(description: "git named \(commit) as the first bad commit, but it was never probed")
            }
            return .found(commit: commit, subject: subject, probe: found)
        }
        if output.contains("only 'skip'ped commits left") {
            let candidates = lines.filter { ($0.count == 40 || $0.count == 64) && $0.allSatisfy(\.isHexDigit) }
            return .ambiguous(candidates: candidates)
        }
        return nil
    }
}
