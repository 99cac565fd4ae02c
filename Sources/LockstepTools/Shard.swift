import LockstepCore

/// `--shard i/n`: one of `n` disjoint parts of the scenarios, for CI jobs that split a run.
///
/// A scenario belongs to shard `1 + FNV-1a-64(path) mod n`, where `path` is its display path
/// (`Scenarios/chalk/x.scenario`). By hash, not position: adding or removing a scenario moves no
/// other scenario to another shard, so a shard's history stays comparable. The parts are disjoint
/// and together are every scenario, for any `n`; they are only roughly equal in size.
/// `i` counts from 1 (as `--shard 1/3` … `3/3` read); an engine that counts from 0, such as a
/// Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`, passes `$((JOB_COMPLETION_INDEX + 1))/n`.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// More shards than this is a typo, not a CI matrix.
    public static let maxCount = 10_000

    public init(index: Int, count: Int) throws(UsageError) {
        guard count >= 1, count <= Shard.maxCount else {
            throw UsageError("--shard \(index)/\(count): the number of shards must be 1...\(Shard.maxCount)")
        }
        guard index >= 1, index <= count else {
            throw UsageError("--shard \(index)/\(count): the shard must be 1...\(count) (shards count from 1)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw UsageError("--shard '\(text)': expected i/n, e.g. --shard 2/3 (shard 2 of 3)")
        }
        try self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the scenario at this display path is in this shard.
    public func contains(_ path: String) -> Bool {
        Int(FNV1a64.hash(Array(path.utf8)) % UInt64(count)) == index - 1
    }
}
