import LockstepCore
import Platform

/// The app's Live Activity sync, run after every plan change and on foreground, on Platform's
/// `LiveActivityCenter` (which owns ActivityKit's rules: request only from the foreground or a
/// `LiveActivityIntent`, the 8 h lifetime, 12 h on the Lock Screen, stale dates, the switch).
///
/// The app's own part: one activity per plan (tag = plan id); a plan that is complete, refused
/// or replaced ends its activity; a running one is updated with the next action, stale 30 min
/// after it, relevance 100; a new one is asked for only while activities are enabled and the
/// next action is less than 7 h away (no push server, so an activity must be started from the
/// app, and one started earlier would die of the 8 h limit before its step).
public enum ActivitySync {
    public static let startWindowSeconds: Int64 = 7 * 3600
    public static let staleAfter = Duration.minutes(30)
    public static let relevanceScore = 100

    static let wake: @Sendable (LiveActivityTimer) -> SourdoughEvent = { .activity(.timer($0)) }

    /// The next action point strictly after `now` (minutes), soonest first, ties by step order.
    static func next(_ plan: BakePlan, _ now: Int) -> (minute: Int, label: String)? {
        var best: (minute: Int, label: String)? = nil
        for st in plan.steps {
            for (j, o) in st.variant.points.enumerated() where st.start + o > now {
                if best == nil || st.start + o < best!.minute { best = (st.start + o, st.variant.pointLabel(j)) }
            }
        }
        return best
    }

    /// What the Lock Screen shows: the next action, its local time, and the ready time.
    static func content(_ plan: BakePlan, _ next: (minute: Int, label: String), _ zone: Zone) -> WidgetText {
        WidgetText("next=\(next.label) at=\(PlanText.local(next.minute, zone)) ready=\(PlanText.local(plan.ready, zone))")
    }

    public static func sync(_ s: inout SourdoughState, _ world: inout World<Sourdough>, from origin: LiveActivityOrigin) {
        let nowSeconds = world.now.secondsSinceEpochFloor
        let now = Int(nowSeconds / 60)
        let current: (plan: BakePlan, next: (minute: Int, label: String))? = s.plan.flatMap { p in next(p, now).map { (p, $0) } }
        // A refused, replaced or complete plan ends its activity.
        for a in s.activities.active where a.tag != current?.plan.id {
            s.activities.end(tag: a.tag, &world, wake: wake)
        }
        guard let current else { return }
        let p = current.plan, n = current.next
        let nextDate = PlanText.instant(n.minute)
        let stale = nextDate + staleAfter
        let shown = content(p, n, world.zone)
        if s.activities.activity(tag: p.id) != nil {
            s.activities.update(tag: p.id, content: shown, staleDate: stale, relevance: relevanceScore, &world, wake: wake)
            return
        }
        let untilSeconds = Int64(n.minute) * 60 - nowSeconds
        let reason: String? = !s.activities.areActivitiesEnabled ? "disabled"
            : untilSeconds >= startWindowSeconds && !world.isOn(.ignoreStartWindow) ? "outsideWindow" : nil
        if let reason {
            world.emit(Record("activity.skipped").word("plan", p.id).word("reason", reason).int("untilNextSeconds", Int(untilSeconds)))
            return
        }
        // `try? Activity.request(...)`: the system refuses it outside the foreground.
        if s.activities.request(tag: p.id, content: shown, staleDate: stale, relevance: relevanceScore, from: origin, &world, wake: wake) != nil {
            s.lastRequestLeadSeconds = untilSeconds
        }
    }
}
