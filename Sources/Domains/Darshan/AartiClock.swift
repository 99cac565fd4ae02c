import LockstepCore
import Platform

/// The dual-time display. Next occurrences, reminder times and `HH:mm` are `TimeOfDay`'s
/// (`nextOccurrence(after:in:)`, `adding(minutes:)`, `hhmm`).
public enum AartiClock {
    /// `7:00 a.m.`, `9:30 p.m.`, `12:00 p.m.` (noon), `12:05 a.m.` (just after midnight):
    /// en_US_POSIX 12-hour style with the article's lower-case dotted a.m./p.m.
    public static func twelveHour(_ time: TimeOfDay) -> String {
        let h12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(h12):" + ZeroPad.two(time.minute) + " " + (time.hour < 12 ? "a.m." : "p.m.")
    }

    /// "Mangala Aarti, 7:00 a.m. IST (9:30 p.m. your time)": the same instant read in the
    /// temple's zone (with its abbreviation) and in the device's zone. When the device is in the
    /// temple's zone the parenthesis is left out.
    public static func display(aartiName: String, at instant: Instant, temple: Zone, device: Zone) -> String {
        var s = "\(aartiName), \(twelveHour(TimeOfDay(at: instant, in: temple))) \(temple.abbreviation(at: instant))"
        if device.name != temple.name {
            // The wall dates, to say when the device's day is not the temple's.
            let dayShift = device.localDateTime(instant).daysSinceEpoch - temple.localDateTime(instant).daysSinceEpoch
            let day = dayShift < 0 ? ", the day before" : dayShift > 0 ? ", the day after" : ""
            s += " (\(twelveHour(TimeOfDay(at: instant, in: device))) your time\(day))"
        }
        return s
    }
}
