import LockstepCore
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
/// - Speed (a pass runs after every Taken): each medication's requests are remembered
///   (`RequestMemo`) and re-made only when what they are made from changes; after a settled
///   repeating pass, and while the centre's `revision` is unchanged, the next pass compares only
///   the medications whose requests changed. Either way the removals and adds, and their order,
///   are those of comparing every wanted request with what is pending.
enum Scheduler {
    static func content(_ m: Medication, _ t: TimeOfDay) -> NotificationContent {
        NotificationContent(title: "Time for \(m.name)", body: m.pillsPerDose == 1 ? "Take 1 pill." : "Take \(m.pillsPerDose) pills.",
                            categoryIdentifier: PillConstants.doseCategory, userInfo: ["medID": m.id, "time": t.digits],
                            interruptionLevel: .timeSensitive)
    }

    static let category = NotificationCategory(PillConstants.doseCategory, actions: [
        NotificationAction(PillConstants.taken, title: "Taken"),
        NotificationAction(PillConstants.snooze, title: "Snooze 10 min"),
    ])

    static func sync(_ s: inout PillState, _ world: inout World<PillReminders>, reason: String) {
        guard let meds = s.meds else {
            world.emit(Record("schedule.skipped").word("reason", "storeUnavailable"))
            return
        }
        let randomIds = world.isOn(.randomIdentifiers)
        let storedAsDate = world.isOn(.storedAsDate)
        let sorted = meds.sorted(by: { $0.id < $1.id })
        // What each medication wants, ascending by medication id. `changed`: the medications whose
        // requests differ from what the last pass wanted, with what it wanted (index, old).
        var changed: [(index: Int, old: MedRequests)] = []
        var sameMedications = !randomIds && s.requestMemo.zone == world.zone && s.requestMemo.storedAsDate == storedAsDate
            && s.requestMemo.entries.count == sorted.count
        if sameMedications {
            for i in sorted.indices where s.requestMemo.entries[i].key.id != sorted[i].id { sameMedications = false }
        }
        if sameMedications {
            for (i, m) in sorted.enumerated() {
                let sup = s.supply[m.id]
                guard !s.requestMemo.entries[i].key.matches(m, sup, storedAsDate: storedAsDate) else { continue }
                changed.append((i, s.requestMemo.entries[i]))
                s.requestMemo.entries[i] = MedRequests.make(m, sup, storedAsDate: storedAsDate, zone: world.zone) { t in
                    "dose.\(m.id).\(t.digits)"
                }
            }
        } else if randomIds {
            s.requestMemo = RequestMemo()
        } else {
            s.requestMemo = RequestMemo(zone: world.zone, storedAsDate: storedAsDate, entries: sorted.map { m in
                MedRequests.make(m, s.supply[m.id], storedAsDate: storedAsDate, zone: world.zone) { t in "dose.\(m.id).\(t.digits)" }
            })
        }
        let perMed = randomIds ? sorted.map { m in
            MedRequests.make(m, s.supply[m.id], storedAsDate: storedAsDate, zone: world.zone) { _ in world.uuid().description }
        } : s.requestMemo.entries
        // While the centre is unchanged since the last pass, its snoozes are too.
        let snoozes = s.lastSync.flatMap { $0.revision == s.centre.revision ? $0.snoozes : nil }
            ?? s.centre.pendingIdentifiers.filter { $0.hasPrefix("snooze.") }.count
        var requestCount = 0
        for i in perMed.indices {
            requestCount += perMed[i].doses.count
            if case .some = perMed[i].supply { requestCount += 1 }
        }
        let projected = requestCount + snoozes
        s.projected = projected
        var record = Record("budget").word("reason", reason).int("projected", projected).int("limit", PillConstants.budget)
        let droppedBefore = s.centre.droppedTotal
        var settled = true
        if projected <= PillConstants.budget || world.isOn(.noBudget) {
            s.scheduleMode = "repeating"
            record = record.word("mode", "repeating").bool("canSchedule", projected <= PillConstants.budget)
            world.emit(record)
            if sameMedications, let last = s.lastSync, last.settledRepeating, last.revision == s.centre.revision {
                // The centre holds exactly the requests the last pass wanted (it settled and
                // nothing changed since): only the medications whose requests changed can differ.
                // Same removals and adds, in the same order, as comparing everything.
                var stale: [String] = []
                for (i, old) in changed {
                    let now = Set(perMed[i].identifiers)
                    stale += old.identifiers.filter { !now.contains($0) }
                }
                if !stale.isEmpty { s.centre.remove(stale, &world, wake: .notificationDue) }
                for (i, _) in changed {
                    for d in perMed[i].doses { settled = addIfChanged(d.req, &s, &world) && settled }
                }
                for (i, _) in changed {
                    if let sup = perMed[i].supply { settled = addIfChanged(sup, &s, &world) && settled }
                }
            } else {
                let desired = perMed.flatMap { $0.doses.map(\.req) } + perMed.compactMap(\.supply)
                settled = apply(desired, &s, &world)
            }
        } else {
            s.scheduleMode = "window"
            // One-off for each dose time's next occurrence, dated in the device zone.
            var candidates: [(req: NotificationRequest, next: Instant)] = []
            for (req, t) in perMed.flatMap(\.doses) {
                guard let next = t.nextOccurrence(after: world.now, in: world.zone) else { continue }
                let d = world.zone.localDateTime(next)
                var one = req
                one.trigger = .calendar(CalendarComponents(year: d.year, month: d.month, day: d.day, hour: t.hour, minute: t.minute), repeats: false)
                candidates.append((one, next))
            }
            for sup in perMed.compactMap(\.supply) {
                if case .calendar(let c, _) = sup.trigger, let next = c.nextMatch(after: world.now, deviceZone: world.zone) {
                    candidates.append((sup, next))
                }
            }
            candidates.sort { ($0.next, $0.req.identifier) < ($1.next, $1.req.identifier) }
            let room = max(0, PillConstants.budget - snoozes)
            let kept = Array(candidates.prefix(room))
            record = record.word("mode", "window").bool("canSchedule", false).int("scheduled", kept.count)
                .int("deferred", candidates.count - kept.count)
            record = kept.last.map { record.instant("coversUntil", $0.next) } ?? record.word("coversUntil", "none")
            world.emit(record)
            _ = apply(kept.map(\.req), &s, &world)
            settled = false  // the window's requests depend on the time: always compare them
        }
        // Settled: every dose and supply request pending is exactly one the pass wanted (no add
        // refused, none dropped by the limit).
        settled = settled && !randomIds && s.centre.droppedTotal == droppedBefore
        s.lastSync = SyncMark(revision: s.centre.revision, snoozes: snoozes, settledRepeating: settled)
    }

    /// Removes the pending dose and supply requests not in `desired` and adds each desired one
    /// that is not pending as it is. Returns whether every add was accepted.
    private static func apply(_ desired: [NotificationRequest], _ s: inout PillState, _ world: inout World<PillReminders>) -> Bool {
        let wanted = Set(desired.map(\.identifier))
        let stale = s.centre.pendingIdentifiers.filter { ($0.hasPrefix("dose.") || $0.hasPrefix("supply.")) && !wanted.contains($0) }
        if !stale.isEmpty { s.centre.remove(stale, &world, wake: .notificationDue) }
        var accepted = true
        for req in desired { accepted = addIfChanged(req, &s, &world) && accepted }
        return accepted
    }

    /// Adds `req` unless it is pending exactly as it is; false if the centre refused or dropped it.
    private static func addIfChanged(_ req: NotificationRequest, _ s: inout PillState, _ world: inout World<PillReminders>) -> Bool {
        guard s.centre.pending[req.identifier]?.request != req else { return true }
        switch s.centre.add(req, &world, wake: .notificationDue) {
        case .added, .replaced: return true
        case .dropped, .rejected: return false
        }
    }
}

/// What the last scheduling pass left: the centre's revision after it, the snoozes it counted,
/// and whether the pending dose and supply requests are then exactly the repeating requests the
/// pass wanted (see `Scheduler.sync`).
struct SyncMark: Sendable {
    var revision: Int
    var snoozes: Int
    var settledRepeating: Bool
}
