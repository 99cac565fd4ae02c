import LockstepCore
import Platform

/// Local calendar helpers for schedules and period keys (the device's zone, DST-aware).
enum LocalClock {
    /// `2026-03-14`: the key of a daily allowance, a day's steps and its step payouts.
    static func dayKey(_ now: Instant, _ zone: Zone) -> String { ZeroPad.date(zone.localDateTime(now)) }

    /// `2026-03-14T08`: the key of an hourly allowance.
    static func hourKey(_ now: Instant, _ zone: Zone) -> String {
        let l = zone.localDateTime(now)
        return ZeroPad.date(l) + "T" + ZeroPad.two(l.hour)
    }

    /// The instant of local minute `minute` (0...1440) on the day that starts at `dayStart`.
    static func instant(dayStart: Instant, minute: Int, _ zone: Zone) -> Instant {
        if minute >= 1440 { return zone.adding(days: 1, to: dayStart) }
        let l = zone.localDateTime(dayStart)
        guard let t = try? LocalDateTime(year: l.year, month: l.month, day: l.day, hour: minute / 60, minute: minute % 60) else {
            return dayStart
        }
        return zone.instant(for: t)
    }

    /// The first boundary (start or end) of a daily [s, e) window strictly after `now`.
    static func nextDailyBoundary(after now: Instant, start s: Int, end e: Int, _ zone: Zone) -> Instant {
        let today = zone.startOfDay(containing: now)
        let tomorrow = zone.adding(days: 1, to: today)
        var best: Instant? = nil
        for day in [today, tomorrow] {
            for m in [s, e] {
                let t = instant(dayStart: day, minute: m, zone)
                if t > now, best == nil || t < best! { best = t }
            }
        }
        return best ?? zone.adding(days: 2, to: today)
    }
}
