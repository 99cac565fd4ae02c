extension Zone {
    /// Calendar arithmetic clamps its day and month counts to this many days (about 2 700 years)
    /// so that absurd inputs cannot overflow; the results are clamped to `Instant`'s range anyway.
    static let maxCalendarStepDays = 1_000_000

    /// The first instant of the local day containing `instant`: local midnight, or, where
    /// midnight falls in a spring-forward gap (as in America/Havana), the first instant after the
    /// gap; where midnight happens twice, the first occurrence.
    public func startOfDay(containing instant: Instant) -> Instant {
        let local = localDateTime(instant)
        let midnight = LocalDateTime(uncheckedYear: local.year, month: local.month, day: local.day,
                                     hour: 0, minute: 0, second: 0, nanosecond: 0)
        return resolve(midnight, repeated: .first).instant
    }

    /// The same local wall time `days` calendar days later (earlier if negative).
    ///
    /// Works on the wall clock, not in 24-hour steps: 08:00 plus one day is 08:00 the next day
    /// even across a DST change. The new wall time is re-resolved, so a time that lands in a gap
    /// moves to the end of the gap and one that lands in an overlap takes `repeated`.
    public func adding(days: Int, to instant: Instant, repeated: RepeatedTimePolicy = .first) -> Instant {
        let local = localDateTime(instant)
        let step = Int64(min(max(days, -Zone.maxCalendarStepDays), Zone.maxCalendarStepDays))
        let date = GregorianCalendar.date(daysSinceEpoch: local.daysSinceEpoch + step)
        let moved = LocalDateTime(uncheckedYear: date.year, month: date.month, day: date.day, hour: local.hour,
                                  minute: local.minute, second: local.second, nanosecond: local.nanosecond)
        return resolve(moved, repeated: repeated).instant
    }

    /// The same local wall time `months` calendar months later (earlier if negative).
    ///
    /// The day is clamped to the end of the target month (January 31st plus one month is
    /// February 28th or 29th), as calendar apps do; the wall time is then re-resolved like
    /// `adding(days:to:repeated:)`.
    public func adding(months: Int, to instant: Instant, repeated: RepeatedTimePolicy = .first) -> Instant {
        let local = localDateTime(instant)
        let step = min(max(months, -Zone.maxCalendarStepDays / 28), Zone.maxCalendarStepDays / 28)
        let monthIndex = local.year * 12 + (local.month - 1) + step
        // Floor division, so that month indexes before year 0 still map to months 1...12.
        let year = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let month = monthIndex - year * 12 + 1
        let day = min(local.day, GregorianCalendar.daysInMonth(year: year, month: month))
        let moved = LocalDateTime(uncheckedYear: year, month: month, day: day, hour: local.hour,
                                  minute: local.minute, second: local.second, nanosecond: local.nanosecond)
        return resolve(moved, repeated: repeated).instant
    }

    /// The local weekday at `instant`.
    public func weekday(at instant: Instant) -> Weekday {
        localDateTime(instant).weekday
    }
}
