import LockstepCore

/// AdMob's report calendar: Gregorian in America/Los_Angeles whatever the device zone ("the only
/// supported value"), from LockstepCore's zone table. Midnight in LA is never in a DST gap or
/// overlap (the changes are at 02:00), so a day starts at local midnight minus its offset. The
/// `in:` forms take another zone only for fault `todayInDeviceZone`.
public enum ReportCalendar {
    public static let zoneName = "America/Los_Angeles"
    // The zone is in LockstepCore's table; a failure here is a build defect, so fall back to UTC
    // rather than trap.
    public static let zone: Zone = (try? Zone.named(zoneName)) ?? Zone.utc

    /// The civil date `daysBack` days before the day containing `now` in `zone`.
    public static func date(_ now: Instant, in zone: Zone = zone, daysBack: Int64 = 0) -> (year: Int, month: Int, day: Int) {
        let d = GregorianCalendar.date(daysSinceEpoch: zone.localDateTime(now).daysSinceEpoch - daysBack)
        return (d.year, d.month, d.day)
    }

    /// `YYYYMMDD` of a day in `zone`.
    public static func day(_ now: Instant, in zone: Zone, daysBack: Int64 = 0) -> String {
        let d = date(now, in: zone, daysBack: daysBack)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(d.year)\(two(d.month))\(two(d.day))"
    }

    /// `YYYYMMDD` of the LA day containing `now` (or `daysBack` LA days before it).
    public static func reportDay(_ now: Instant, daysBack: Int64 = 0) -> String { day(now, in: zone, daysBack: daysBack) }

    /// The instant the day of `now` began in `zone` (midnight assumed outside any DST gap).
    public static func startOfDay(_ now: Instant, in zone: Zone = zone) -> Instant {
        let l = zone.localDateTime(now)
        let wallMidnight = l.daysSinceEpoch * 86_400
        let guess = wallMidnight - Int64(zone.offsetSeconds(at: now))
        return Instant(secondsSinceEpoch: wallMidnight - Int64(zone.offsetSeconds(at: Instant(secondsSinceEpoch: guess))))
    }

    /// Wall-clock seconds elapsed in the day: up to 23 h or 25 h on DST days.
    public static func secondsIntoDay(_ now: Instant, in zone: Zone = zone) -> Int64 {
        (now.nanosecondsSinceEpoch - startOfDay(now, in: zone).nanosecondsSinceEpoch) / 1_000_000_000
    }

    /// The LA day's length in seconds: 82,800, 86,400 or 90,000.
    public static func dayLengthSeconds(_ now: Instant) -> Int64 {
        let start = startOfDay(now)
        let next = startOfDay(Instant(secondsSinceEpoch: start.nanosecondsSinceEpoch / 1_000_000_000 + 26 * 3600))
        return (next.nanosecondsSinceEpoch - start.nanosecondsSinceEpoch) / 1_000_000_000
    }
}
