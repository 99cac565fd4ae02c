import LockstepCore
import Platform

extension Sourdough {
    public static let invariants: [Invariant<Sourdough>] = [
        Invariant("contiguous", "steps follow each other with no gap and the plan ends at the promise plus its drift") { s, _ in
            guard let p = s.plan else { return nil }
            for k in 1..<p.steps.count where p.steps[k].start != p.steps[k - 1].end {
                return "step \(k) starts at \(p.steps[k].start), the previous ends at \(p.steps[k - 1].end)"
            }
            return p.ready == p.promisedReady + p.driftMinutes ? nil : "ready \(p.ready) != promised \(p.promisedReady) + drift \(p.driftMinutes)"
        },
        Invariant("correctionInRange", "the learned starter factor stays in 0.6...1.6") { s, _ in
            for id in s.starters.keys.sorted() where !Fermentation.correctionRange.contains(s.starters[id]!.value) {
                return "starter \(id) correction \(s.starters[id]!.value)"
            }
            return nil
        },
        Invariant("trustedTemperature", "plans use the 16-30 C model: the bulk lies between its 30 C and 16 C lengths (times the correction)") { s, _ in
            // Only a bulk the last solve laid out: a running or past one keeps its older correction.
            guard let p = s.plan, let bulk = p.steps[(p.replannedFrom + 1)...].first(where: { $0.variant.kind == .bulk }) else { return nil }
            let c = p.correction
            let lo = Fermentation.roundToGrid(300 * Fermentation.temperatureFactor(30).factor * c)
            let hi = Fermentation.roundToGrid(300 * Fermentation.temperatureFactor(16).factor * c)
            return bulk.variant.idealMinutes >= lo && bulk.variant.idealMinutes <= hi ? nil : "bulk ideal \(bulk.variant.idealMinutes) outside \(lo)...\(hi)"
        },
        Invariant("flaggedComplete", "nothing still ahead sits in quiet hours unflagged: a hard plan has no violation, a re-plan flags every one", checkStep: { s, _, step in
            guard let p = s.plan else { return nil }
            let now = Int(step.now.secondsSinceEpochFloor / 60)
            let later = Array(p.steps[(p.replannedFrom + 1)...])
            let quiet = QuietNights(s.setup.quiet, zone: step.zone, fromMinute: p.steps[0].start - 1_440, toMinute: p.ready + 1_440)
            for a in BackwardSolver.actions(later, quiet: quiet) where a.minute > now && BackwardSolver.violates(a, later, quiet: quiet) {
                if !p.flagged.contains(where: { $0.minute == a.minute && $0.label == a.label }) {
                    return "\(a.label) at \(PlanText.local(a.minute, step.zone)) is in quiet hours and not flagged"
                }
            }
            return nil
        }),
        Invariant("notificationsMatchPlan", "every pending step notification fires at an action of the current plan", checkStep: { s, _, step in
            guard let p = s.plan else { return nil }
            let now = step.now.secondsSinceEpochFloor
            for n in s.centre.pendingByFireOrder where n.identifier.hasPrefix(p.id + "/") {
                let parts = n.identifier.split(separator: "/")
                guard parts.count == 3, let i = Int(parts[1]), let j = Int(parts[2]), i < p.steps.count,
                      j < p.steps[i].variant.points.count else { return "unknown request \(n.identifier)" }
                let at = Int64(p.steps[i].start + p.steps[i].variant.points[j]) * 60
                let fire = n.nextFire.secondsSinceEpochFloor
                // A snoozed request fires 300 s after its answer, so it may be later than its action.
                if fire != at && !(fire > at && fire <= now + Notifier.snoozeSeconds) {
                    return "\(n.identifier) fires at \(n.nextFire), its action is at \(PlanText.instant(Int(at / 60)))"
                }
            }
            return nil
        }),
        Invariant("learnsAgainstBaseline", "the last sample moved the correction by the EMA of actual / uncorrected baseline (alpha 0.3, clamped 0.6...1.6)") { s, _ in
            guard let x = s.lastSample else { return nil }
            let next = Fermentation.correctionSmoothing * (x.actual / x.baseline) + (1 - Fermentation.correctionSmoothing) * x.before
            let want = min(max(next, Fermentation.correctionRange.lowerBound), Fermentation.correctionRange.upperBound)
            return abs(want - x.after) < 1e-9 ? nil : "correction \(x.before) -> \(x.after), the sample \(x.actual)/\(x.baseline) gives \(want)"
        },
        Invariant("coldProofLattice", "a solved cold proof lies on the 15-minute lattice anchored at its 720-minute ideal") { s, _ in
            guard let p = s.plan, s.setup.coldProofStepMinutes == nil else { return nil }
            for st in p.steps[(p.replannedFrom + 1)...] where st.variant.kind == .coldProof {
                let off = st.variant.durationMinutes - st.variant.idealMinutes
                if off % Fermentation.wideLatticeMinutes != 0 { return "cold proof \(st.variant.durationMinutes) min is off the 15-minute lattice" }
            }
            return nil
        },
        Invariant("activityStartedInWindow", "a Live Activity is requested less than 7 h before its next action (else the 8 h limit ends it before the step)") { s, _ in
            guard let lead = s.lastRequestLeadSeconds, lead >= ActivitySync.startWindowSeconds else { return nil }
            return "requested \(lead) s before its next action"
        },
        Invariant("activityFollowsPlan", "every running Live Activity belongs to the current plan") { s, _ in
            for a in s.activities.active where a.tag != s.plan?.id {
                return "activity \(a.tag) runs, the plan is \(s.plan?.id ?? "none")"
            }
            return nil
        },
    ]
}
