import LockstepCore

/// One step of a laid-out plan: where it starts (absolute minutes) and which variant it takes.
public struct PlannedStep: Hashable, Sendable {
    public var start: Int
    public var variant: Variant
    public var end: Int { start + variant.durationMinutes }
}

/// A solved plan: contiguous steps ending at the ready moment, its cost and violation count.
public struct Solution: Hashable, Sendable {
    public var steps: [PlannedStep]
    public var costUnits: Int
    public var violations: Int
    public var ready: Int { steps.last!.end }
}

/// An action of a plan: an instant, the step it belongs to, its label, and whether it is a span.
public struct PlanAction: Hashable, Sendable {
    public var minute: Int
    public var stepIndex: Int
    public var pointIndex: Int
    public var label: String
    public var isSpan: Bool
}

/// The backward shortest path on the 5-minute grid: "step i starts at t", filled from the ready
/// time backwards. Exact, because a step's cost and quiet-hours check depend only on its own start
/// and length.
public enum BackwardSolver {
    struct Node { var cost: Int; var link: Int; var variant: Int }

    /// Nil when no plan exists (hard mode forbids any violation; soft mode prices each one).
    public static func solve(_ steps: [[Variant]], ready: Int, earliest: Int, quiet: QuietNights, hard: Bool) -> Solution? {
        precondition(!steps.isEmpty, "a recipe has steps")
        let n = steps.count
        var levels = [[Int: Node]](repeating: [:], count: n + 1)
        levels[n] = [ready: Node(cost: 0, link: ready, variant: -1)]
        for i in stride(from: n - 1, through: 0, by: -1) {
            var next: [Int: Node] = [:]
            for t in levels[i + 1].keys.sorted(by: >) {  // later boundaries first
                let base = levels[i + 1][t]!.cost
                for (vi, v) in steps[i].enumerated() {
                    let s = t - v.durationMinutes
                    if s < earliest { continue }
                    let k = quiet.count(v, at: s)
                    if hard && k > 0 { continue }
                    let c = base + v.costUnits + k * Fermentation.violationUnits
                    if let e = next[s], e.cost <= c { continue }  // first found wins ties
                    next[s] = Node(cost: c, link: t, variant: vi)
                }
            }
            if next.isEmpty { return nil }
            levels[i] = next
        }
        // Cheapest start; on a tie the later start wins ("so you wait less").
        var best: (s: Int, c: Int)? = nil
        for s in levels[0].keys.sorted(by: >) {
            let c = levels[0][s]!.cost
            if best == nil || c < best!.c { best = (s, c) }
        }
        var s = best!.s
        var out: [PlannedStep] = []
        var violations = 0
        for i in 0..<n {
            let node = levels[i][s]!
            let v = steps[i][node.variant]
            violations += quiet.count(v, at: s)
            out.append(PlannedStep(start: s, variant: v))
            s = node.link
        }
        return Solution(steps: out, costUnits: best!.c, violations: violations)
    }

    /// Every action point of a plan, plus each violating hands-on span (reported at its start), in
    /// time order; at one instant the lower step first, a point before a span.
    public static func actions(_ steps: [PlannedStep], quiet: QuietNights, spansOnlyIfViolating: Bool = true) -> [PlanAction] {
        var out: [PlanAction] = []
        for (i, p) in steps.enumerated() {
            for (j, o) in p.variant.points.enumerated() {
                out.append(PlanAction(minute: p.start + o, stepIndex: i, pointIndex: j, label: p.variant.pointLabel(j), isSpan: false))
            }
            if p.variant.handsOnMinutes > 0 && (!spansOnlyIfViolating || quiet.span(p.start, p.variant.handsOnMinutes)) {
                out.append(PlanAction(minute: p.start, stepIndex: i, pointIndex: -1, label: p.variant.kind.label + " hands-on", isSpan: true))
            }
        }
        return out.sorted { a, b in
            if a.minute != b.minute { return a.minute < b.minute }
            if a.stepIndex != b.stepIndex { return a.stepIndex < b.stepIndex }
            if a.isSpan != b.isSpan { return !a.isSpan }
            return a.pointIndex < b.pointIndex
        }
    }

    /// Whether an action lies in quiet hours.
    public static func violates(_ a: PlanAction, _ steps: [PlannedStep], quiet: QuietNights) -> Bool {
        a.isSpan ? quiet.span(a.minute, steps[a.stepIndex].variant.handsOnMinutes) : quiet.point(a.minute)
    }
}
