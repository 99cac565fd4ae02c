/// A wall-clock date and time with no zone attached: what a clock on the wall shows.
///
/// A `LocalDateTime` is not a point in time. Turning it into an `Instant` needs a `Zone` and,
/// around daylight-saving changes, a policy (see `Zone.resolve(_:repeated:)`), which is why the
/// two types are kept apart. Ordering is field by field, i.e. wall-clock order, which is not
/// instant order across a fall-back.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Proleptic Gregorian year; validated values lie in `supportedYears`.
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...28/29/30/31 depending on the month.
    public let day: Int
    /// 0...23; 24:00 is not accepted, use 00:00 of the next day.
    public let hour: Int
    /// 0...59.
    public let minute: Int
    /// 0...59; leap seconds do not exist on Lockstep's clock.
    public let second: Int
    /// 0...999_999_999.
    public let nanosecond: Int

    /// The years a validated `LocalDateTime` may have: those whose every wall time, in any zone,
    /// is representable as an `Instant` (Int64 nanoseconds reach 1677-09-21 ... 2262-04-11).
    public static let supportedYears: ClosedRange<Int> = 1678...2261

    /// Creates a validated wall time.
    ///
    /// - Throws: `LocalDateTimeError` naming the first bad field, e.g. for February 30th, hour 24,
    ///   second 60, or a year outside `supportedYears`.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                nanosecond: Int = 0) throws(LocalDateTimeError) {
        guard LocalDateTime.supportedYears.contains(year) else {
            throw LocalDateTimeError(field: .year, message: "year \(year) is outside \(LocalDateTime.supportedYears.lowerBound)...\(LocalDateTime.supportedYears.upperBound)")
        }
        guard (1...12).contains(month) else {
            throw LocalDateTimeError(field: .month, message: "month \(month) is outside 1...12")
        }
        let lastDay = GregorianCalendar.daysInMonth(year: year, month: month)
        guard (1...lastDay).contains(day) else {
            throw LocalDateTimeError(field: .day, message: "day \(day) is outside 1...\(lastDay) for \(year)-\(CivilFormat.twoDigits(month))")
        }
        guard (0...23).contains(hour) else {
            throw LocalDateTimeError(field: .hour, message: "hour \(hour) is outside 0...23")
        }
        guard (0...59).contains(minute) else {
            throw LocalDateTimeError(field: .minute, message: "minute \(minute) is outside 0...59")
        }
        guard (0...59).contains(second) else {
            throw LocalDateTimeError(field: .second, message: "second \(second) is outside 0...59")
        }
        guard (0...999_999_999).contains(nanosecond) else {
            throw LocalDateTimeError(field: .nanosecond, message: "nanosecond \(nanosecond) is outside 0...999999999")
        }
        self.init(uncheckedYear: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  nanosecond: nanosecond)
    }

    /// For values already known to be valid (derived from an instant or from validated parts).
    init(uncheckedYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The wall time whose reading, taken as if it were UTC, is `wallSeconds` after the epoch.
    init(wallSeconds: Int64, nanosecond: Int) {
        let (days, secondOfDay) = GregorianCalendar.splitDays(wallSeconds)
        let date = GregorianCalendar.date(daysSinceEpoch: days)
        self.init(uncheckedYear: date.year, month: date.month, day: date.day,
                  hour: Int(secondOfDay / 3_600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
                  nanosecond: nanosecond)
    }

    /// Days since 1970-01-01 of this wall date.
    public var daysSinceEpoch: Int64 { GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// The weekday of this wall date.
    public var weekday: Weekday { GregorianCalendar.weekday(daysSinceEpoch: daysSinceEpoch) }

    /// The wall reading as seconds since the epoch as if it were UTC: the zone offset is what turns
    /// it into a real instant, so this is the quantity DST resolution works with.
    var wallSeconds: Int64 {
        daysSinceEpoch * GregorianCalendar.secondsPerDay + Int64(hour * 3_600 + minute * 60 + second)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        if (a.year, a.month, a.day) != (b.year, b.month, b.day) {
            return (a.year, a.month, a.day) < (b.year, b.month, b.day)
        }
        return (a.hour, a.minute, a.second, a.nanosecond) < (b.hour, b.minute, b.second, b.nanosecond)
    }

    /// `2026-03-29T03:00:00`, with `.fraction` (trailing zeros trimmed) only when non-zero.
    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(30)
        CivilFormat.appendDateTime(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
