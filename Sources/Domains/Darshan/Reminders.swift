import LockstepCore
import Platform

/// Aarti reminders: one repeating calendar trigger per aarti, in the temple's zone, under a
/// stable identifier `aarti.<temple>.<aarti>`.
///
/// The reminder's wall time is the aarti's minus the lead, wrapped past midnight, and its
/// components carry the temple's zone, so it fires at the same absolute instant every day
/// wherever the phone is and whatever its DST does. The app keeps at most 60 reminders (the
/// system's 64 less 4 for Remind Later) and says so when a 61st is asked for; it removes only the
/// requests it added for a reminder.
enum Reminders {
    static let category = NotificationCategory(DarshanConstants.category, actions: [
        NotificationAction(DarshanConstants.watchNow, title: "Watch Now", options: [.foreground]),
        NotificationAction(DarshanConstants.remindLater, title: "Remind Later"),
    ])

    static func key(_ temple: String, _ aarti: String) -> String { "\(temple).\(aarti)" }

    static func body(minutes: Int) -> String {
        if minutes > 0 { return "Begins in \(minutes) minute\(minutes == 1 ? "" : "s"). Tap to join the darshan." }
        if minutes == 0 { return "Begins now. Tap to join the darshan." }
        return "Began \(-minutes) minute\(minutes == -1 ? "" : "s") ago. Tap to join the darshan."
    }

    static func content(_ t: Temple, _ a: Aarti, lead: Int, timeSensitive: Bool) -> NotificationContent {
        NotificationContent(title: "\(a.name) at \(t.name)", body: body(minutes: lead), categoryIdentifier: DarshanConstants.category,
                            userInfo: ["templeID": t.id, "aarti": a.key, "lead": "\(lead)"], sound: true,
                            interruptionLevel: timeSensitive ? .timeSensitive : .active)
    }

    static func reject(_ input: String, _ temple: String, _ aarti: String, _ reason: String, _ world: inout World<Darshan>,
                       _ details: (Record) -> Record = { $0 }) {
        world.reject(input, reason) { details($0.word("temple", temple).word("aarti", aarti)) }
    }

    static func set(_ templeID: String, _ aartiKey: String, lead: Int, timeSensitive: Bool, _ s: inout DarshanState,
                    _ world: inout World<Darshan>) {
        guard Darshan.requireApp("setReminder", s, &world) else { return }
        guard let t = s.temple(templeID) else { return reject("setReminder", templeID, aartiKey, "unknown-temple", &world) }
        guard let a = t.aarti(aartiKey) else { return reject("setReminder", templeID, aartiKey, "unknown-aarti", &world) }
        guard DarshanConstants.leadChoices.contains(lead) else {
            return reject("setReminder", templeID, aartiKey, "lead-not-offered", &world) {
                $0.int("lead", lead).with("choices", .tuple(DarshanConstants.leadChoices.map { .int($0) }))
            }
        }
        let k = key(templeID, aartiKey)
        let existing = s.reminders[k]
        if existing == nil, s.reminders.count >= DarshanConstants.reminderBudget, !world.isOn(.noBudget) {
            return reject("setReminder", templeID, aartiKey, "budget-full", &world) {
                $0.int("budget", DarshanConstants.reminderBudget)
                    .string("message", "\(DarshanConstants.reminderBudget) reminders is the most the app can keep (the system allows 64); turn one off first")
            }
        }
        if s.centre.authorization == .notDetermined {
            if s.centre.requestAuthorization(answer: s.permissionAnswer, &world) == .denied { permissionHint(&world) }
        }
        var pref = existing ?? ReminderPref(temple: templeID, aarti: aartiKey, lead: lead, timeSensitive: timeSensitive, requestIDs: [])
        pref.lead = lead
        pref.timeSensitive = timeSensitive
        let when = a.time.adding(minutes: -lead)
        let next = a.time.nextOccurrence(after: world.now, in: t.zone)
        var r = Record("reminder.set").word("temple", templeID).word("aarti", aartiKey).int("lead", lead)
            .word("aartiAt", "\(a.time.hhmm)@\(t.zone.name)").word("remindAt", "\(when.hhmm)@\(t.zone.name)")
            .bool("timeSensitive", timeSensitive)
        if let next {
            r = r.string("display", AartiClock.display(aartiName: a.name, at: next, temple: t.zone, device: world.zone))
        }
        world.emit(r.int("reminders", s.reminders.count + (existing == nil ? 1 : 0)))
        schedule(&pref, t, a, &s, &world)
        s.reminders[k] = pref
    }

    /// Adds the requests for one reminder and removes the ones it replaced (only its own).
    static func schedule(_ pref: inout ReminderPref, _ t: Temple, _ a: Aarti, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let requests = makeRequests(pref, t, a, &world)
        let newIDs = requests.map(\.identifier)
        // With random identifiers the app cannot find what it added before, so nothing is removed.
        if !world.isOn(.randomIdentifiers) {
            let stale = pref.requestIDs.filter { !newIDs.contains($0) }
            if !stale.isEmpty { s.centre.remove(stale, &world, wake: .notificationDue) }
        }
        for req in requests { s.centre.add(req, &world, wake: .notificationDue) }
        pref.requestIDs = newIDs
    }

    static func makeRequests(_ pref: ReminderPref, _ t: Temple, _ a: Aarti, _ world: inout World<Darshan>) -> [NotificationRequest] {
        let when = a.time.adding(minutes: -pref.lead)
        let content = content(t, a, lead: pref.lead, timeSensitive: pref.timeSensitive)
        let stableID = "aarti.\(t.id).\(a.key)"
        if world.isOn(.individualDates) {
            // One dated request per day for the next 30 days, read in the temple's calendar.
            var out: [NotificationRequest] = []
            var from = world.now
            for _ in 0..<DarshanConstants.individualDays {
                guard let at = when.nextOccurrence(after: from, in: t.zone) else { break }
                let d = t.zone.localDateTime(at)
                let comps = CalendarComponents(year: d.year, month: d.month, day: d.day, hour: when.hour, minute: when.minute, zone: t.zone)
                out.append(NotificationRequest(identifier: "\(stableID).\(ZeroPad.date(d, separator: ""))", content: content, trigger: .calendar(comps, repeats: false)))
                from = at
            }
            return out
        }
        let id = world.isOn(.randomIdentifiers) ? "aarti.\(world.uuid())" : stableID
        var comps = CalendarComponents(hour: when.hour, minute: when.minute, zone: t.zone)
        if world.isOn(.deviceZoneReminders) {
            comps.zone = nil
        } else if world.isOn(.storedAsDate), let next = when.nextOccurrence(after: world.now, in: t.zone) {
            // The first firing's instant, kept as the device's wall time of that moment.
            let local = TimeOfDay(at: next, in: world.zone)
            comps = CalendarComponents(hour: local.hour, minute: local.minute)
        }
        return [NotificationRequest(identifier: id, content: content, trigger: .calendar(comps, repeats: true))]
    }

    static func cancel(_ templeID: String, _ aartiKey: String, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let k = key(templeID, aartiKey)
        guard let pref = s.reminders[k] else { return reject("cancelReminder", templeID, aartiKey, "no-reminder", &world) }
        s.reminders[k] = nil
        world.emit(Record("reminder.cancelled").word("temple", templeID).word("aarti", aartiKey).int("reminders", s.reminders.count))
        s.centre.remove(pref.requestIDs, &world, wake: .notificationDue)
    }

    static func permissionHint(_ world: inout World<Darshan>) {
        world.emit(Record("permission.denied").string("hint", "Aarti reminders are off. Turn on notifications in Settings > Mandir Darshan."))
    }
}
