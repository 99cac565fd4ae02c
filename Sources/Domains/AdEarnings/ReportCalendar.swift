import LockstepCore

/// AdMob's report calendar: Gregorian in America/Los_Angeles whatever the device zone ("the only
/// supported value"), from LockstepCore's zone table. Midnight in LA is never in a DST gap or
/// overlap (the changes are at 02:00), so a day starts at local midnight minus its offset.
public enum ReportCalendar {
    public static let zoneName = "America/Los_Angeles"
    // The zone is in LockstepCore's table; a failure here is a build defect, so fall back to UTC
    // rather than trap.
    static let zone: Zone = (try? Zone.named(zoneName)) ?? Zone.utc

    /// `YYYYMMDD` of the LA day containing `now`.
    public static func reportDay(_ now: Instant) -> String {
        let l = zone.localDateTime(now)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(l.year)\(two(l.month))\(two(l.day))"
    }

    /// The instant the LA day of `now` began.
    public static func startOfDay(_ now: Instant) -> Instant {
        let l = zone.localDateTime(now)
        let wallMidnight = l.daysSinceEpoch * 86_400
        let guess = wallMidnight - Int64(zone.offsetSeconds(at: now))
        return Instant(secondsSinceEpoch: wallMidnight - Int64(zone.offsetSeconds(at: Instant(secondsSinceEpoch: guess))))
    }

    /// Wall-clock seconds elapsed in the LA day: up to 23 h or 25 h on DST days.
    public static func secondsIntoDay(_ now: Instant) -> Int64 {
        (now.nanosecondsSinceEpoch - startOfDay(now).nanosecondsSinceEpoch) / 1_000_000_000
    }

    /// The LA day's length in seconds: 82,800, 86,400 or 90,000.
    public static func dayLengthSeconds(_ now: Instant) -> Int64 {
        let start = startOfDay(now)
        let next = startOfDay(Instant(secondsSinceEpoch: start.nanosecondsSinceEpoch / 1_000_000_000 + 26 * 3600))
        return (next.nanosecondsSinceEpoch - start.nanosecondsSinceEpoch) / 1_000_000_000
    }
}
