/// The proleptic Gregorian calendar as pure integer arithmetic.
///
/// Foundation's `Calendar` is deliberately not used: its behaviour depends on the platform's ICU
/// and tz data, and goldens must be byte-identical everywhere. Days are counted in `Int64` so the
/// maths is the same on 32-bit targets. "Proleptic" means the Gregorian leap rule is applied to
/// every year, including those before 1582; Lockstep never needs Julian dates.
public enum GregorianCalendar {
    /// Seconds in a civil day; Lockstep's clock has no leap seconds.
    public static let secondsPerDay: Int64 = 86_400

    /// Whether `year` has a February 29th: every fourth year, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1...12) of `year`; 0 for a month outside 1...12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Days since 1970-01-01 of the given date (negative before it).
    ///
    /// The date is not validated, so callers can pass day 0 or day 32 and get the neighbouring
    /// day's count; `month` must be in 1...12. The method shifts the year to start in March so
    /// the leap day is the last day of the shifted year, then counts whole 400-year eras
    /// (146 097 days each), which keeps every division on non-negative numbers.
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(year) - (month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                  // 0...399
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)    // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468                      // 719 468 = 0000-03-01 ... 1970-01-01
    }

    /// The calendar date of a day count produced by `daysSinceEpoch(year:month:day:)`.
    public static func date(daysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097                                                      // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365 // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)       // 0...365
        let shiftedMonth = (5 * dayOfYear + 2) / 153                                          // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// The weekday of a day count produced by `daysSinceEpoch(year:month:day:)`.
    public static func weekday(daysSinceEpoch days: Int64) -> Weekday {
        // 1970-01-01 was a Thursday (ISO 4); the double remainder keeps negative days in 0...6.
        let mondayBased = ((days % 7) + 7 + 3) % 7
        return Weekday(isoNumber: Int(mondayBased) + 1)!
    }

    /// Splits seconds since the epoch into a day count and the second within that day (0...86399),
    /// flooring so that times before 1970 still land in the right day.
    static func splitDays(_ seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        var days = seconds / secondsPerDay
        var rest = seconds % secondsPerDay
        if rest < 0 { days -= 1; rest += secondsPerDay }
        return (days, rest)
    }
}
