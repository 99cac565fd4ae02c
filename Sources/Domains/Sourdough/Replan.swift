import LockstepCore

/// The forward re-plan while the dough is out: from the running step's new end, every later step
/// in soft mode (violations priced, never forbidden), plus a drift price per minute the ready time
/// moves from the promise. Unavoidable violations are flagged, not dodged by moving the bread.
public enum ForwardSolver {
    struct Node { var cost: Int; var link: Int; var variant: Int }

    public struct Result: Hashable, Sendable {
        public var steps: [PlannedStep]
        /// Variant costs + violations, plus drift.
        public var costUnits: Int
        public var driftMinutes: Int
    }

    /// `steps` are the variants of the steps after the running one; `violationUnits` is the price
    /// of a violation.
    public static func solve(_ steps: [[Variant]], from newEnd: Int, promised: Int, quiet: QuietNights,
                             violationUnits: Int = Fermentation.violationUnits) -> Result {
        precondition(!steps.isEmpty, "a re-plan needs at least the ready step")
        var level: [Int: Node] = [newEnd: Node(cost: 0, link: newEnd, variant: -1)]
        var history: [[Int: Node]] = []
        for k in 0..<steps.count {
            var next: [Int: Node] = [:]
            for t in level.keys.sorted() {  // earlier boundaries first
                let base = level[t]!.cost
                for (vi, v) in steps[k].enumerated() {
                    let e = t + v.durationMinutes
                    let c = base + v.costUnits + quiet.count(v, at: t) * violationUnits
                    if let x = next[e], x.cost <= c { continue }
                    next[e] = Node(cost: c, link: t, variant: vi)
                }
            }
            history.append(next)
            level = next
        }
        // Cheapest with drift; ties: smaller |drift|, then the earlier end.
        var best: (e: Int, c: Int)? = nil
        for e in level.keys.sorted() {
            let c = level[e]!.cost + Fermentation.driftUnitsPerMinute * abs(e - promised)
            if let b = best {
                if c < b.c || (c == b.c && abs(e - promised) < abs(b.e - promised)) { best = (e, c) }
            } else {
                best = (e, c)
            }
        }
        var e = best!.e
        var out: [PlannedStep] = []
        for k in stride(from: steps.count - 1, through: 0, by: -1) {
            let node = history[k][e]!
            out.append(PlannedStep(start: node.link, variant: steps[k][node.variant]))
            e = node.link
        }
        return Result(steps: out.reversed(), costUnits: best!.c, driftMinutes: best!.e - promised)
    }
}
