import LockstepCore

/// Dedupe by stable key: what every consumer of `Cloud` must do, because records arrive more than
/// once (redelivery) and two devices can write the same key (no unique constraint).
///
/// The newest stamp wins (`StampMerge`); equal stamps go to the larger record id. `StampMerge`
/// alone breaks a tie by position (shared first), which depends on arrival order; the id makes the
/// order total, so every device that holds the same rows shows the same view, whatever order they
/// arrived in.
public enum CloudMerge {
    /// True when `a` should win over `b` for the same key.
    public static func wins<V>(_ a: CloudRecord<V>, over b: CloudRecord<V>) -> Bool {
        if a.stamp == b.stamp { return a.id > b.id }
        // StampMerge puts the newer first; `a` plays "shared" only for the equal-stamp case handled above.
        return StampMerge.newest(shared: a.stamped, local: b.stamped)?.stamp == a.stamp
    }

    /// One record per key (the winner), in ascending key order. Rows are never mutated: the local
    /// store keeps its duplicates, as a Core Data mirror does; the view dedupes on read.
    public static func newestPerKey<V>(_ rows: [CloudRecord<V>]) -> [CloudRecord<V>] {
        var best: [String: CloudRecord<V>] = [:]
        for r in rows {
            if let old = best[r.key], !wins(r, over: old) { continue }
            best[r.key] = r
        }
        return best.keys.sorted().map { best[$0]! }
    }

    /// How many rows the view hides (same key, lost the merge, or the same record twice).
    public static func hiddenCount<V>(_ rows: [CloudRecord<V>]) -> Int { rows.count - newestPerKey(rows).count }
}
