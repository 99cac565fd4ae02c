import LockstepCore

/// One local calendar day (proleptic Gregorian), the unit of "the same day" for daily picks,
/// reading streaks and reading plans. Built on the core's `GregorianCalendar` and `Zone`; it never
/// steps by 86,400 s, so 23- and 25-hour days and zones whose midnight is skipped are days like any
/// other.
public struct DayKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a key may name: those of `LocalDateTime`, so every key has a first instant.
    public static let supportedYears = LocalDateTime.supportedYears

    public init?(year: Int, month: Int, day: Int) {
        guard DayKey.supportedYears.contains(year), (1...12).contains(month),
              (1...GregorianCalendar.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The calendar day of a local date-time.
    public init(_ local: LocalDateTime) {
        year = local.year
        month = local.month
        day = local.day
    }

    /// The local day `instant` falls on in `zone` (the wall calendar at that moment).
    public init(at instant: Instant, in zone: Zone) {
        self.init(zone.localDateTime(instant))
    }

    /// The day `days` after 1970-01-01 (negative: before), clamped to the supported years.
    public init(daysSinceEpoch days: Int64) {
        let low = GregorianCalendar.daysSinceEpoch(year: DayKey.supportedYears.lowerBound, month: 1, day: 1)
        let high = GregorianCalendar.daysSinceEpoch(year: DayKey.supportedYears.upperBound, month: 12, day: 31)
        let d = GregorianCalendar.date(daysSinceEpoch: min(max(days, low), high))
        year = d.year
        month = d.month
        day = d.day
    }

    public var daysSinceEpoch: Int64 { GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// 1 for January 1st, 365 or 366 for December 31st.
    public var dayOfYear: Int {
        Int(daysSinceEpoch - GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1)) + 1
    }

    public var weekday: Weekday { GregorianCalendar.weekday(daysSinceEpoch: daysSinceEpoch) }

    /// The calendar day `days` later (earlier if negative): calendar arithmetic, never seconds.
    public func adding(days: Int) -> DayKey { DayKey(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    /// Calendar days from `self` to `other` (positive when `other` is later).
    public func days(to other: DayKey) -> Int { Int(other.daysSinceEpoch - daysSinceEpoch) }

    /// `2026-01-05`: four-digit year, two-digit month and day (the `%04d-%02d-%02d` form).
    public var padded: String {
        var out: [UInt8] = []
        ZeroPad.append(year, width: 4, to: &out)
        out.append(0x2D)
        ZeroPad.append(month, width: 2, to: &out)
        out.append(0x2D)
        ZeroPad.append(day, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `2026-1-5`: the numbers as plain decimals (string interpolation of the components).
    public var unpadded: String { "\(year)-\(month)-\(day)" }

    public var description: String { padded }

    /// Reads the padded form only (`2026-01-05`); anything else is nil.
    public static func parsePadded(_ text: String) -> DayKey? {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return nil }
        func number(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        return DayKey(year: y, month: m, day: d)
    }

    /// The first instant of this day in `zone`: local midnight; where midnight is skipped by a
    /// spring-forward gap (America/Havana), the end of the gap; where it happens twice, the first.
    public func firstInstant(in zone: Zone) -> Instant {
        let midnight: LocalDateTime
        do { midnight = try LocalDateTime(year: year, month: month, day: day) } catch {
            preconditionFailure("a DayKey is always a valid date in the supported years")
        }
        return zone.resolve(midnight, repeated: .first).instant
    }

    /// The first instant of the next local day after `instant`: when "today" ends. Never
    /// `instant + 86,400 s`.
    public static func nextLocalMidnight(after instant: Instant, in zone: Zone) -> Instant {
        DayKey(at: instant, in: zone).adding(days: 1).firstInstant(in: zone)
    }

    /// The length of this local day in `zone`: 24 h, or 23 h / 25 h on DST days.
    public func length(in zone: Zone) -> Duration {
        adding(days: 1).firstInstant(in: zone) - firstInstant(in: zone)
    }

    public static func < (a: DayKey, b: DayKey) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
