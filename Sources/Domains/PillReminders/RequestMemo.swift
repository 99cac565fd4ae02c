import LockstepCore
import Platform

/// The notification requests one medication wants (its doses as repeating calendar triggers and
/// its supply warning), remembered with everything they are made from.
///
/// `Scheduler.sync` runs after every change (each Taken), but a change touches one medication and
/// rarely what its requests say, so the requests of an unchanged key are reused. Reuse also makes
/// the comparison with the pending request cheap: the strings and dictionaries are the same
/// storage. Not used under fault `randomIdentifiers`, whose identifiers draw from the RNG.
struct MedRequests: Sendable {
    /// What `make` reads from the medication and its supply (the zone and the fault are the
    /// memo's, see `RequestMemo`).
    struct Key: Equatable, Sendable {
        var id: String
        var name: String
        var pillsPerDose: Int
        var times: [TimeOfDay]
        /// Only under fault `storedAsDate` (empty otherwise).
        var bakedUTC: [TimeOfDay]
        var warningAt: Instant?
        var warningDaysLeft: Int?

        init(_ m: Medication, _ sup: SupplyStatus?, storedAsDate: Bool) {
            id = m.id
            name = m.name
            pillsPerDose = m.pillsPerDose
            times = m.times
            bakedUTC = storedAsDate ? m.bakedUTC : []
            warningAt = sup?.warningAt
            warningDaysLeft = sup?.warningDaysLeft
        }

        /// Whether `Key(m, sup, storedAsDate:)` would equal this key (without building it).
        func matches(_ m: Medication, _ sup: SupplyStatus?, storedAsDate: Bool) -> Bool {
            id == m.id && name == m.name && pillsPerDose == m.pillsPerDose && times == m.times
                && bakedUTC == (storedAsDate ? m.bakedUTC : []) && warningAt == sup?.warningAt
                && warningDaysLeft == sup?.warningDaysLeft
        }
    }

    var key: Key
    var doses: [(req: NotificationRequest, time: TimeOfDay)]
    var supply: NotificationRequest?

    var identifiers: [String] { doses.map(\.req.identifier) + (supply.map { [$0.identifier] } ?? []) }

    /// The requests for `m`: `dose.<med>.<HHmm>` for each time (a repeating calendar trigger in
    /// the device zone, or under fault `storedAsDate` at the UTC time baked when it was entered)
    /// and `supply.<med>` at its warning instant's local date and time, when there is one.
    /// `identifier` gives each dose's identifier (deterministic, or random under a fault).
    static func make(_ m: Medication, _ sup: SupplyStatus?, storedAsDate: Bool, zone: Zone,
                     identifier: (TimeOfDay) -> String) -> MedRequests {
        var doses: [(req: NotificationRequest, time: TimeOfDay)] = []
        for (i, t) in m.times.enumerated() {
            var comps = CalendarComponents(hour: t.hour, minute: t.minute)
            if storedAsDate, i < m.bakedUTC.count {
                comps = CalendarComponents(hour: m.bakedUTC[i].hour, minute: m.bakedUTC[i].minute, zone: .utc)
            }
            doses.append((NotificationRequest(identifier: identifier(t), content: Scheduler.content(m, t),
                                              trigger: .calendar(comps, repeats: true)), t))
        }
        var supply: NotificationRequest?
        if let sup, let at = sup.warningAt {
            let d = zone.localDateTime(at)
            supply = NotificationRequest(
                identifier: "supply.\(m.id)",
                content: NotificationContent(title: "Running low on \(m.name)",
                                             body: "About \(sup.warningDaysLeft ?? 0) days left. Time to refill.",
                                             userInfo: ["medID": m.id]),
                trigger: .calendar(CalendarComponents(year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute),
                                   repeats: false))
        }
        return MedRequests(key: Key(m, sup, storedAsDate: storedAsDate), doses: doses, supply: supply)
    }
}

/// Every medication's `MedRequests`, ascending by medication id, with the device zone and the
/// `storedAsDate` fault they were made under (a different zone or fault makes them all again).
struct RequestMemo: Sendable {
    var zone: Zone?
    var storedAsDate = false
    var entries: [MedRequests] = []
}
