/// A POSIX `TZ` rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: one standard offset and, optionally,
/// one daylight-saving offset with the yearly dates it starts and ends.
///
/// This is the format of the footer of every compiled tz database file, i.e. "the rule in force
/// today", which is all Lockstep needs: it models the present and the near future, and carrying
/// the full history would mean shipping (and diffing) the whole tz database.
///
/// Supported syntax (POSIX.1-2017 plus the RFC 8536 extensions):
/// `std offset [dst [offset] [,start[/time],end[/time]]]` where
/// - names are three or more letters, or `<...>` quoted (letters, digits, `+`, `-`), e.g. `<+0545>`;
/// - offsets are `[+|-]hh[:mm[:ss]]` with hours 0...24 and, as in POSIX, positive meaning *west*
///   of Greenwich (`EST5` is UTC-5). The parsed values below use the ISO sign, positive east;
/// - the dst offset defaults to one hour ahead of standard time, and it may be *behind* standard
///   time ("negative DST", as in Europe/Dublin's `IST-1GMT0,M10.5.0,M3.5.0/1`);
/// - a date is `Jn` (1...365, February 29th never counted), `n` (0...365, counted), or `Mm.w.d`
///   (weekday `d`, 0 = Sunday, of week `w` 1...5 of month `m`, where 5 means "the last");
/// - a time is `[+|-]h[h[h]][:mm[:ss]]` with hours -167...167, so a transition can be on the
///   previous day or days later (`M3.4.4/26` is 02:00 on the Friday after the 4th Thursday);
///   it defaults to 02:00 and is wall time in the offset in force just before the transition;
/// - a dst name without dates uses the US rules `M3.2.0,M11.1.0`, as glibc and the tz code do.
///
/// Years in which the two boundaries fall out of order (southern hemisphere) work: a day is in
/// daylight saving time when the most recent boundary before it is a start.
public struct PosixTZRule: Sendable, Hashable, CustomStringConvertible {
    /// The day of the year a daylight-saving boundary falls on.
    public enum Day: Sendable, Hashable {
        /// `Jn`: day 1...365 of the year, never counting February 29th (so `J60` is always March 1st).
        case julianNoLeap(Int)
        /// `n`: day 0...365 of the year, counting February 29th in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `weekday` (0 = Sunday) of week 1...5 of `month`; week 5 is the last one.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// One end of the daylight-saving period.
    public struct Boundary: Sendable, Hashable {
        /// The calendar day, evaluated separately in every year.
        public let day: Day
        /// Wall-clock seconds after local midnight of `day`, in the offset in force just before the
        /// boundary; may be negative or beyond 24 hours (-167...167 hours).
        public let timeSeconds: Int32
    }

    /// The daylight-saving half of a rule.
    public struct Daylight: Sendable, Hashable {
        /// Shown while daylight saving time is in force, e.g. `CEST`.
        public let abbreviation: String
        /// Seconds east of UTC while daylight saving time is in force; may be less than the
        /// standard offset (negative DST).
        public let offsetSeconds: Int32
        /// When daylight saving time begins each year, in standard time.
        public let start: Boundary
        /// When daylight saving time ends each year, in daylight saving time.
        public let end: Boundary
    }

    /// The rule exactly as it was given.
    public let text: String
    /// Shown outside daylight saving time, e.g. `CET`, or `+0545` from a quoted `<+0545>`.
    public let standardAbbreviation: String
    /// Seconds east of UTC outside daylight saving time (ISO sign, the opposite of the POSIX text).
    public let standardOffsetSeconds: Int32
    /// Nil for a zone without daylight saving time.
    public let daylight: Daylight?

    /// Parses a rule.
    ///
    /// - Throws: `PosixTZError` with the character offset of the first problem.
    public init(parsing text: String) throws(PosixTZError) {
        var parser = PosixTZParser(text: text)
        let parsed = try parser.parseRule()
        self.text = text
        self.standardAbbreviation = parsed.standardAbbreviation
        self.standardOffsetSeconds = parsed.standardOffsetSeconds
        self.daylight = parsed.daylight
    }

    init(text: String, standardAbbreviation: String, standardOffsetSeconds: Int32, daylight: Daylight?) {
        self.text = text
        self.standardAbbreviation = standardAbbreviation
        self.standardOffsetSeconds = standardOffsetSeconds
        self.daylight = daylight
    }

    public var description: String { text }

    // MARK: Evaluation (whole seconds since the epoch)

    /// Whether daylight saving time is in force at `seconds` since the epoch.
    func isDaylight(atSeconds seconds: Int64) -> Bool {
        guard let daylight else { return false }
        // Looking at the neighbouring years too copes with boundaries whose time pushes them into
        // another year, and with southern-hemisphere rules where the period spans New Year.
        let year = civilYear(ofSeconds: seconds + Int64(standardOffsetSeconds))
        var best: BoundaryEvent?
        for y in (year - 1)...(year + 1) {
            let (first, second) = events(inYear: y, daylight: daylight)
            if first.seconds <= seconds, best.map({ first.sortsAfter($0) }) ?? true { best = first }
            if second.seconds <= seconds, best.map({ second.sortsAfter($0) }) ?? true { best = second }
        }
        return best?.startsDaylight ?? false
    }

    func offsetSeconds(atSeconds seconds: Int64) -> Int32 {
        guard let daylight else { return standardOffsetSeconds }
        return isDaylight(atSeconds: seconds) ? daylight.offsetSeconds : standardOffsetSeconds
    }

    func abbreviation(atSeconds seconds: Int64) -> String {
        guard let daylight else { return standardAbbreviation }
        return isDaylight(atSeconds: seconds) ? daylight.abbreviation : standardAbbreviation
    }

    /// The first change of UTC offset strictly after `seconds`, as (instant in seconds, offset
    /// before, offset after); nil if the offset never changes. Boundaries that do not change the
    /// offset (equal offsets, or a start coinciding with the previous end) are skipped.
    func nextOffsetChange(afterSeconds seconds: Int64) -> (seconds: Int64, before: Int32, after: Int32)? {
        guard let daylight, daylight.offsetSeconds != standardOffsetSeconds else { return nil }
        let year = civilYear(ofSeconds: seconds + Int64(standardOffsetSeconds))
        // Every year has both boundaries, so a real change, if the rule has any, is at most about
        // a year away; four years is a generous bound. The year after that is generated only so
        // that a boundary coinciding with one of its boundaries is seen together with it, and
        // nothing at or after its first boundary is reported.
        let lastYear = year + 4
        let (afterFirst, afterSecond) = events(inYear: lastYear + 1, daylight: daylight)
        let cutoff = min(afterFirst.seconds, afterSecond.seconds)
        var upcoming: [BoundaryEvent] = [afterFirst, afterSecond].filter { $0.seconds > seconds }
        upcoming.reserveCapacity(12)
        for y in year...lastYear {
            let (first, second) = events(inYear: y, daylight: daylight)
            if first.seconds > seconds { upcoming.append(first) }
            if second.seconds > seconds { upcoming.append(second) }
        }
        upcoming.sort { $1.sortsAfter($0) }
        var current = isDaylight(atSeconds: seconds)
        var index = 0
        while index < upcoming.count {
            // Boundaries at the same instant take effect together; only the net result counts.
            let at = upcoming[index].seconds
            if at >= cutoff { return nil }
            let before = current
            while index < upcoming.count && upcoming[index].seconds == at {
                current = upcoming[index].startsDaylight
                index += 1
            }
            if before != current {
                return (at, before ? daylight.offsetSeconds : standardOffsetSeconds,
                        current ? daylight.offsetSeconds : standardOffsetSeconds)
            }
        }
        return nil
    }

    /// A daylight-saving boundary placed on the UTC timeline.
    private struct BoundaryEvent {
        var seconds: Int64
        var year: Int
        /// 0 for the earlier boundary of its year, 1 for the later (the end, on a tie).
        var orderInYear: Int
        var startsDaylight: Bool

        /// Total order used when several boundaries are in play: by instant, then by the year and
        /// position that produced them, so that an end and the next start at the same instant
        /// (all-year DST rules such as `EST5EDT,0/0,J365/25`) leave daylight time in force.
        func sortsAfter(_ other: BoundaryEvent) -> Bool {
            (seconds, year, orderInYear) > (other.seconds, other.year, other.orderInYear)
        }
    }

    private func events(inYear year: Int, daylight: Daylight) -> (BoundaryEvent, BoundaryEvent) {
        // The start is written in standard time and the end in daylight time, because each is
        // the wall clock reading just before the change.
        let start = boundarySeconds(daylight.start, year: year) - Int64(standardOffsetSeconds)
        let end = boundarySeconds(daylight.end, year: year) - Int64(daylight.offsetSeconds)
        let startFirst = start < end
        return (
            BoundaryEvent(seconds: start, year: year, orderInYear: startFirst ? 0 : 1, startsDaylight: true),
            BoundaryEvent(seconds: end, year: year, orderInYear: startFirst ? 1 : 0, startsDaylight: false)
        )
    }

    /// The boundary's wall reading in `year`, as seconds since the epoch as if it were UTC.
    private func boundarySeconds(_ boundary: Boundary, year: Int) -> Int64 {
        let days: Int64
        switch boundary.day {
        case .julianNoLeap(let n):
            let jan1 = GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1)
            let skipsLeapDay = n >= 60 && GregorianCalendar.isLeapYear(year)
            days = jan1 + Int64(n - 1) + (skipsLeapDay ? 1 : 0)
        case .zeroBased(let n):
            days = GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = GregorianCalendar.daysSinceEpoch(year: year, month: month, day: 1)
            let firstWeekday = GregorianCalendar.weekday(daysSinceEpoch: first).appleNumber - 1  // 0 = Sunday
            var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = GregorianCalendar.daysInMonth(year: year, month: month)
            if dayOfMonth > length { dayOfMonth -= 7 }  // only week 5 can overshoot, and means "last"
            days = first + Int64(dayOfMonth - 1)
        }
        return days * GregorianCalendar.secondsPerDay + Int64(boundary.timeSeconds)
    }

    private func civilYear(ofSeconds seconds: Int64) -> Int {
        GregorianCalendar.date(daysSinceEpoch: GregorianCalendar.splitDays(seconds).days).year
    }
}
