import LockstepCore

/// The Live Activity sync the app runs after every plan change and on foreground, with the
/// ActivityKit rules it meets: `request` works only in the foreground or from a
/// `LiveActivityIntent`, an activity lives at most 8 h, and the app starts one only within 7 h of
/// the next action. Modelled in the domain (the shared Platform model was not merged in time).
public enum LiveActivityLog {
    public static let startWindowSeconds: Int64 = 7 * 3600
    public static let lifetimeSeconds: Int64 = 8 * 3600
    public static let staleAfterSeconds: Int64 = 30 * 60
    public static let relevanceScore = 100
    public static let widgetEntries = 7

    /// The next action point strictly after now.
    static func next(_ s: SourdoughState, _ now: Int) -> (minute: Int, label: String)? {
        guard let p = s.plan else { return nil }
        var best: (Int, String)? = nil
        for st in p.steps {
            for (j, o) in st.variant.points.enumerated() where st.start + o > now {
                if best == nil || st.start + o < best!.0 { best = (st.start + o, st.variant.pointLabel(j)) }
            }
        }
        return best
    }

    /// `canRequest`: the app is in the foreground or running an intent.
    public static func sync(_ s: inout SourdoughState, _ world: inout World<Sourdough>, canRequest: Bool) {
        let nowSeconds = world.now.secondsSinceEpochFloor
        let now = Int(nowSeconds / 60)
        if let a = s.activity, world.now.secondsSinceEpochFloor - a.startedAt.secondsSinceEpochFloor >= lifetimeSeconds {
            world.emit(Record("activity.ended").word("plan", a.planID).word("by", "system").word("why", "lifetime-8h"))
            s.activity = nil
        }
        guard let p = s.plan, let n = next(s, now) else {
            if let a = s.activity {
                world.emit(Record("activity.end").word("plan", a.planID))
                s.activity = nil
            }
            return
        }
        if let a = s.activity, a.planID != p.id {
            world.emit(Record("activity.end").word("plan", a.planID).word("why", "replaced"))
            s.activity = nil
        }
        let nextDate = PlanText.instant(n.minute)
        let stale = nextDate + .seconds(staleAfterSeconds)
        if var a = s.activity {
            a.nextDate = nextDate; a.nextLabel = n.label; a.staleDate = stale
            s.activity = a
            world.emit(Record("activity.update").word("plan", p.id).string("next", n.label).instant("nextDate", nextDate)
                .instant("staleDate", stale).int("relevance", relevanceScore))
            return
        }
        let until = Int64(n.minute) * 60 - nowSeconds
        let reason: String? = !s.activitiesEnabled ? "disabled" : !canRequest ? "notForeground" : until >= startWindowSeconds ? "outsideWindow" : nil
        if let reason {
            world.emit(Record("activity.skipped").word("plan", p.id).word("reason", reason).int("untilNextSeconds", Int(until)))
            return
        }
        s.activity = ActivityInfo(planID: p.id, startedAt: world.now, nextDate: nextDate, nextLabel: n.label, staleDate: stale)
        world.emit(Record("activity.request").word("plan", p.id).string("next", n.label).instant("nextDate", nextDate)
            .instant("staleDate", stale).int("relevance", relevanceScore))
    }

    /// The App Group snapshot the widget reads: the next seven actions.
    public static func writeWidget(_ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        let now = Int(world.now.secondsSinceEpochFloor / 60)
        var entries: [(Int, String)] = []
        if let p = s.plan {
            for st in p.steps {
                for (j, o) in st.variant.points.enumerated() where st.start + o > now { entries.append((st.start + o, st.variant.pointLabel(j))) }
            }
        }
        entries.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        let snapshot = entries.prefix(widgetEntries).map { PlanText.local($0.0, world.zone) + " " + $0.1 }
        if snapshot != s.widget {
            s.widget = Array(snapshot)
            world.emit(Record("widget.snapshot").with("entries", s.widget.isEmpty ? .word("none") : .tuple(s.widget.map { .string($0) })))
        }
    }
}
