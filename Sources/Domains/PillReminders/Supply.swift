import LockstepCore
import Platform

/// Supply maths: pills per day, whole days left, the run-out date and the low-supply warning.
enum Supply {
    /// - `pillsPerDay = pillsPerDose × times`; paused (no times) gives no run-out and no warning.
    /// - `daysLeft = pills / pillsPerDay` (floor); `runOut` = today's local midnight + daysLeft
    ///   calendar days (not daysLeft × 86 400 s: across DST a day is 23 or 25 hours).
    /// - The warning fires at 09:00 local on `runOut − warnDays` days; if that has passed (the
    ///   user is already inside the window) it fires at the next 09:00 instead of never (GAP: the
    ///   article's guard skips it, which the note lists as a failure). Its body gives the days
    ///   left on the day it fires, not the configured number.
    static func status(_ m: Medication, now: Instant, zone: Zone) -> SupplyStatus {
        let perDay = m.pillsPerDay
        guard perDay > 0 else { return SupplyStatus(pillsPerDay: 0) }
        let days = m.pillsRemaining / perDay
        let today = zone.startOfDay(containing: now)
        let runOut = zone.adding(days: days, to: today)
        let warnDay = zone.adding(days: -m.lowSupplyWarningDays, to: runOut)
        let d = zone.localDateTime(warnDay)
        let warning = PillConstants.warningTime
        var warnAt = (try? LocalDateTime(year: d.year, month: d.month, day: d.day, hour: warning.hour, minute: warning.minute))
            .map { zone.instant(for: $0) }
        if let w = warnAt, w <= now { warnAt = nil }
        if warnAt == nil { warnAt = warning.nextOccurrence(after: now, in: zone) }
        var left: Int?
        if let w = warnAt {
            left = max(0, Int(zone.localDateTime(runOut).daysSinceEpoch - zone.localDateTime(w).daysSinceEpoch))
        }
        return SupplyStatus(pillsPerDay: perDay, daysLeft: days, runOut: runOut, warningAt: warnAt, warningDaysLeft: left)
    }
}
