import LockstepCore

/// Why a ready time has no plan, in the order the diagnosis checks.
public enum Refusal: Hashable, Sendable {
    case targetPassed
    case minimumsDontFit(requiredMinutes: Int)
    case targetInQuietHours
    case actionInQuietHours(label: String, minute: Int)

    public var word: String {
        switch self {
        case .targetPassed: "targetPassed"
        case .minimumsDontFit: "minimumsDontFit"
        case .targetInQuietHours: "targetInQuietHours"
        case .actionInQuietHours: "actionInQuietHours"
        }
    }
}

/// The outcome of a plan request.
public enum PlanOutcome: Hashable, Sendable {
    case plan(Solution)
    /// `nearest` is a ready time (absolute minutes) with a hard plan, nil when none within 48 h.
    case refused(Refusal, nearest: Int?)
}

public enum PlanRequest {
    /// Hard solve; on failure the reason (a–d) and the nearest feasible ready time on a 15-minute
    /// grid anchored at the request, later first at equal distance, never at or before `now`.
    public static func solveOrExplain(_ steps: [[Variant]], ready: Int, now: Int, quiet: QuietNights) -> PlanOutcome {
        let earliest = ceilToGrid(now)
        if let plan = BackwardSolver.solve(steps, ready: ready, earliest: earliest, quiet: quiet, hard: true) { return .plan(plan) }
        let minimum = minimumTotal(steps)
        let reason: Refusal
        if ready <= now {
            reason = .targetPassed
        } else if ready - earliest < minimum {
            reason = .minimumsDontFit(requiredMinutes: minimum)
        } else if quiet.point(ready) {
            reason = .targetInQuietHours
        } else if let soft = BackwardSolver.solve(steps, ready: ready, earliest: earliest, quiet: quiet, hard: false),
                  let first = BackwardSolver.actions(soft.steps, quiet: quiet).first(where: { BackwardSolver.violates($0, soft.steps, quiet: quiet) }) {
            reason = .actionInQuietHours(label: first.label, minute: first.minute)
        } else {
            // The soft solve succeeds whenever the minimums fit; keep a reason if it ever does not.
            reason = .minimumsDontFit(requiredMinutes: minimum)
        }
        let probe = Fermentation.nearestProbeMinutes
        for k in 1...(Fermentation.nearestHorizonMinutes / probe) {
            // A candidate the minimums cannot reach has no plan; skip its solve.
            for cand in [ready + probe * k, ready - probe * k] where cand > now && cand - earliest >= minimum {
                if BackwardSolver.solve(steps, ready: cand, earliest: earliest, quiet: quiet, hard: true) != nil {
                    return .refused(reason, nearest: cand)
                }
            }
        }
        return .refused(reason, nearest: nil)
    }

    public static func minimumTotal(_ steps: [[Variant]]) -> Int {
        steps.reduce(0) { $0 + ($1.map(\.durationMinutes).min() ?? 0) }
    }

    public static func ceilToGrid(_ m: Int) -> Int {
        let g = Fermentation.gridMinutes
        return m % g == 0 ? m : m + (g - ((m % g) + g) % g)
    }
}
