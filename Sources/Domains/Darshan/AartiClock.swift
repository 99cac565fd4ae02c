import LockstepCore

/// The temple-time arithmetic: next occurrences, reminder times and the dual-time display.
public enum AartiClock {
    /// The first instant strictly after `now` at which the temple's wall clock shows the aarti's
    /// hour and minute (seconds 0), in an explicit Gregorian calendar in the temple's zone.
    /// A wall time skipped by a DST change gives the first valid time after the gap, a repeated
    /// one its first occurrence (`Zone.nextMatch`, the `.nextTime` policy). nil for components
    /// out of range (hour 25), never a crash.
    public static func nextOccurrence(hour: Int, minute: Int, in zone: Zone, after now: Instant) -> Instant? {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return zone.nextMatch(after: now, hour: hour, minute: minute)
    }

    /// Wall-clock time `lead` minutes before `hour:minute`, wrapping past midnight:
    /// `((hour·60 + minute − lead) mod 1440 + 1440) mod 1440`. 06:05 − 10 = 05:55, 00:05 − 10 =
    /// 23:55. Pure arithmetic, so no calendar year (and no historical zone offset) is involved.
    public static func reminderTime(hour: Int, minute: Int, leadMinutes: Int) -> (hour: Int, minute: Int) {
        let m = ((hour * 60 + minute - leadMinutes) % 1440 + 1440) % 1440
        return (m / 60, m % 60)
    }

    /// `05:55`.
    public static func hhmm(_ hour: Int, _ minute: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// `7:00 a.m.`, `9:30 p.m.`, `12:00 p.m.` (noon), `12:05 a.m.` (just after midnight):
    /// en_US_POSIX 12-hour style with the article's lower-case dotted a.m./p.m.
    public static func twelveHour(_ hour: Int, _ minute: Int) -> String {
        let h12 = hour % 12 == 0 ? 12 : hour % 12
        return "\(h12):" + (minute < 10 ? "0" : "") + "\(minute) " + (hour < 12 ? "a.m." : "p.m.")
    }

    /// "Mangala Aarti, 7:00 a.m. IST (9:30 p.m. your time)": the same instant read in the
    /// temple's zone (with its abbreviation) and in the device's zone. When the device is in the
    /// temple's zone the parenthesis is left out.
    public static func display(aartiName: String, at instant: Instant, temple: Zone, device: Zone) -> String {
        let t = temple.localDateTime(instant)
        var s = "\(aartiName), \(twelveHour(t.hour, t.minute)) \(temple.abbreviation(at: instant))"
        if device.name != temple.name {
            let d = device.localDateTime(instant)
            let dayShift = d.daysSinceEpoch - t.daysSinceEpoch
            let day = dayShift < 0 ? ", the day before" : dayShift > 0 ? ", the day after" : ""
            s += " (\(twelveHour(d.hour, d.minute)) your time\(day))"
        }
        return s
    }
}
