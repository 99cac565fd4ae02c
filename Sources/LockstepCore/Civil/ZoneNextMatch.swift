extension Zone {
    /// How far ahead `nextMatch` looks, in local days: eight years, enough for a February 29th
    /// schedule (leap years can be eight years apart, e.g. 2096 to 2104).
    public static let nextMatchHorizonDays = 8 * 366

    /// The first instant strictly after `after` at which this zone's wall clock shows
    /// `hour:minute:second` on a day matching every filter given: the schedule of a local alarm.
    ///
    /// - `weekday`, `day` (of month) and `month` narrow the days; all given filters must hold at
    ///   once (unlike cron, where day-of-month and weekday are alternatives).
    /// - A wall time skipped by a spring-forward gap fires at the end of the gap (a 02:30 alarm on
    ///   Berlin's spring-forward day fires at 03:00 CEST).
    /// - A wall time repeated by a fall-back fires once, at its first occurrence: a daily 01:30
    ///   alarm fires once on fall-back night, and not again an hour later.
    ///
    /// - Returns: nil if a field is out of range (hour 0...23, minute and second 0...59, day
    ///   1...31, month 1...12), if nothing matches within `nextMatchHorizonDays` local days (e.g.
    ///   February 30th), or if the match is outside `Instant.supportedRange`.
    public func nextMatch(after: Instant, hour: Int, minute: Int, second: Int = 0, weekday: Weekday? = nil,
                          day: Int? = nil, month: Int? = nil) -> Instant? {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              day.map({ (1...31).contains($0) }) ?? true, month.map({ (1...12).contains($0) }) ?? true
        else { return nil }
        let firstDay = localDateTime(after).daysSinceEpoch
        for offset in 0...Int64(Zone.nextMatchHorizonDays) {
            let days = firstDay + offset
            if let weekday, GregorianCalendar.weekday(daysSinceEpoch: days) != weekday { continue }
            let date = GregorianCalendar.date(daysSinceEpoch: days)
            if let day, date.day != day { continue }
            if let month, date.month != month { continue }
            let wall = LocalDateTime(uncheckedYear: date.year, month: date.month, day: date.day, hour: hour,
                                     minute: minute, second: second, nanosecond: 0)
            // Only the first occurrence counts, so a repeated time whose first occurrence is
            // already past is skipped rather than firing at its second.
            let candidate = resolve(wall, repeated: .first).instant
            guard candidate > after else { continue }
            return Instant.supportedRange.contains(candidate.nanosecondsSinceEpoch) ? candidate : nil
        }
        return nil
    }
}
