import LockstepCore
import Platform

/// Every pending action of the plan is one local notification with a time-interval trigger
/// (absolute, so DST never moves it); all are removed and re-added after any change.
public enum Notifier {
    public static let categoryID = "step"
    public static let snoozeSeconds: Int64 = 300

    /// Done / +15 min / Snooze 5 min, none with `.foreground`: handled in the background.
    public static let category = NotificationCategory(categoryID, actions: [
        NotificationAction(StepAction.done.rawValue, title: "Done"),
        NotificationAction(StepAction.plus15.rawValue, title: "+15 min"),
        NotificationAction(StepAction.snooze5.rawValue, title: "Snooze 5 min"),
    ])

    static func content(_ label: String, _ plan: String) -> NotificationContent {
        NotificationContent(title: label, body: "Proofday: \(label) now", categoryIdentifier: categoryID, userInfo: ["plan": plan])
    }

    /// Removes the plan's pending requests and posts one per future action point.
    public static func reschedule(_ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        let pending = s.centre.pendingIdentifiers
        if !pending.isEmpty { s.centre.remove(pending, &world, wake: .notificationDue) }
        guard let plan = s.plan else { return }
        let nowSeconds = world.now.secondsSinceEpochFloor
        for (i, st) in plan.steps.enumerated() {
            for (j, o) in st.variant.points.enumerated() {
                let minute = st.start + o
                let seconds = Int64(minute) * 60 - nowSeconds
                if seconds <= 0 { continue }  // already past: nothing to remind
                let trigger: NotificationTrigger
                if world.isOn(.calendarTriggers) {
                    let l = world.zone.localDateTime(PlanText.instant(minute))
                    trigger = .calendar(CalendarComponents(year: l.year, month: l.month, day: l.day, hour: l.hour, minute: l.minute), repeats: false)
                } else {
                    trigger = .timeInterval(.seconds(seconds), repeats: false)
                }
                let id = "\(plan.id)/\(i)/\(j)"
                s.centre.add(NotificationRequest(identifier: id, content: content(st.variant.pointLabel(j), plan.id), trigger: trigger),
                             &world, wake: .notificationDue)
            }
        }
    }

    /// Snooze 5: the same request again, 300 s from now, without re-planning.
    public static func snooze(_ response: NotificationResponse, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        s.centre.add(NotificationRequest(identifier: response.identifier, content: response.content,
                                         trigger: .timeInterval(.seconds(snoozeSeconds), repeats: false)), &world, wake: .notificationDue)
    }
}
