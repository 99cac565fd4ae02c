import Lockstep
import Platform

/// Turns the medication list into notification requests, within the budget.
///
/// - Identifiers are deterministic: `dose.<med>.<HHmm>`, `snooze.<med>`, `supply.<med>`. A pass
///   adds only what changed (adding an identical request again would be a no-op replace) and
///   removes only `dose.*` and `supply.*` requests it no longer wants; snoozes and anything else
///   are never touched.
/// - Budget: `projected = dose times + supply warnings + pending snoozes`. Up to
///   `PillConstants.budget` (64 − 4 = 60) every dose is a repeating calendar trigger. Above it the
///   rolling window: each dose time becomes a one-off for its next occurrence, and only the soonest
///   `60 − snoozes` requests are scheduled; the rest wait for the next top-up when the app becomes
///   active, and a `budget.window` record says how far ahead reminders are covered.
enum Scheduler {
    static func content(_ m: Medication, _ t: ReminderTime) -> NotificationContent {
        NotificationContent(title: "Time for \(m.name)", body: m.pillsPerDose == 1 ? "Take 1 pill." : "Take \(m.pillsPerDose) pills.",
                            categoryIdentifier: PillConstants.doseCategory, userInfo: ["medID": m.id, "time": t.id],
                            interruptionLevel: .timeSensitive)
    }

    static let category = NotificationCategory(PillConstants.doseCategory, actions: [
        NotificationAction(PillConstants.taken, title: "Taken"),
        NotificationAction(PillConstants.snooze, title: "Snooze 10 min"),
    ])

    static func sync(_ s: inout PillState, _ world: inout World<PillEvent>, reason: String) {
        guard let meds = s.meds else {
            world.emit(Record("schedule.skipped").word("reason", "storeUnavailable"))
            return
        }
        let randomIds = world.fault("randomIdentifiers")
        let storedAsDate = world.fault("storedAsDate")
        var doses: [(req: NotificationRequest, time: ReminderTime)] = []
        var supplies: [NotificationRequest] = []
        var memo: [String: MedRequests] = [:]
        for m in meds.sorted(by: { $0.id < $1.id }) {
            let wanted: MedRequests
            if randomIds {
                wanted = MedRequests.make(m, s.supply[m.id], storedAsDate: storedAsDate, zone: world.zone) { _ in
                    world.uuid().description
                }
            } else {
                let key = MedRequests.Key(m, s.supply[m.id], storedAsDate: storedAsDate, zone: world.zone)
                if let old = s.requestMemo[m.id], old.key == key {
                    wanted = old
                } else {
                    wanted = MedRequests.make(m, s.supply[m.id], storedAsDate: storedAsDate, zone: world.zone) { t in
                        "dose.\(m.id).\(t.id)"
                    }
                }
                memo[m.id] = wanted
            }
            doses += wanted.doses
            if let sup = wanted.supply { supplies.append(sup) }
        }
        s.requestMemo = memo
        let snoozes = s.centre.pendingIdentifiers.filter { $0.hasPrefix("snooze.") }.count
        let projected = doses.count + supplies.count + snoozes
        s.projected = projected
        var desired: [NotificationRequest]
        var record = Record("budget").word("reason", reason).int("projected", projected).int("limit", PillConstants.budget)
        if projected <= PillConstants.budget || world.fault("noBudget") {
            s.scheduleMode = "repeating"
            desired = doses.map(\.req) + supplies
            record = record.word("mode", "repeating").bool("canSchedule", projected <= PillConstants.budget)
            world.emit(record)
        } else {
            s.scheduleMode = "window"
            // One-off for each dose time's next occurrence, dated in the device zone.
            var candidates: [(req: NotificationRequest, next: Instant)] = []
            for (req, t) in doses {
                guard let next = CalendarComponents(hour: t.hour, minute: t.minute).nextMatch(after: world.now, deviceZone: world.zone) else { continue }
                let d = world.zone.localDateTime(next)
                var one = req
                one.trigger = .calendar(CalendarComponents(year: d.year, month: d.month, day: d.day, hour: t.hour, minute: t.minute), repeats: false)
                candidates.append((one, next))
            }
            for sup in supplies {
                if case .calendar(let c, _) = sup.trigger, let next = c.nextMatch(after: world.now, deviceZone: world.zone) {
                    candidates.append((sup, next))
                }
            }
            candidates.sort { ($0.next, $0.req.identifier) < ($1.next, $1.req.identifier) }
            let room = max(0, PillConstants.budget - snoozes)
            let kept = Array(candidates.prefix(room))
            desired = kept.map(\.req)
            record = record.word("mode", "window").bool("canSchedule", false).int("scheduled", kept.count)
                .int("deferred", candidates.count - kept.count)
            record = kept.last.map { record.instant("coversUntil", $0.next) } ?? record.word("coversUntil", "none")
            world.emit(record)
        }
        let wanted = Set(desired.map(\.identifier))
        let stale = s.centre.pendingIdentifiers.filter { ($0.hasPrefix("dose.") || $0.hasPrefix("supply.")) && !wanted.contains($0) }
        if !stale.isEmpty { s.centre.remove(stale, &world, wake: .notificationDue) }
        for req in desired where s.centre.pending[req.identifier]?.request != req {
            s.centre.add(req, &world, wake: .notificationDue)
        }
    }
}
