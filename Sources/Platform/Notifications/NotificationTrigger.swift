import LockstepCore

/// The wall-clock components a calendar trigger matches (`UNCalendarNotificationTrigger`'s
/// `DateComponents`), and the zone they are read in.
///
/// `hour` and `minute` are always given (a model choice: the apps in the seeds always set both,
/// and an unspecified minute would match every minute of the hour); `second` defaults to 0. The
/// optional `year`, `month`, `day` and `weekday` narrow the days; every given one must hold.
/// `zone` nil means the device's zone at the moment of evaluation, so travel and a zone change
/// move the trigger to the new zone's wall clock; a named zone pins it to that zone's wall clock
/// wherever the device is. DST: a wall time skipped by spring-forward fires at the end of the gap,
/// a repeated wall time fires once, at its first occurrence (`Zone.nextMatch`).
public struct CalendarComponents: Hashable, Sendable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var weekday: Weekday?
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// nil: the device zone at evaluation time.
    public var zone: Zone?

    public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, weekday: Weekday? = nil, hour: Int, minute: Int,
                second: Int = 0, zone: Zone? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.second = second
        self.zone = zone
    }

    /// Why the components can never match, or nil when they are in range.
    public var invalidReason: String? {
        if !(0...23).contains(hour) { return "hour \(hour) is outside 0...23" }
        if !(0...59).contains(minute) { return "minute \(minute) is outside 0...59" }
        if !(0...59).contains(second) { return "second \(second) is outside 0...59" }
        if let month, !(1...12).contains(month) { return "month \(month) is outside 1...12" }
        if let day, !(1...31).contains(day) { return "day \(day) is outside 1...31" }
        if let year, !LocalDateTime.supportedYears.contains(year) { return "year \(year) is outside the supported years" }
        return nil
    }

    /// The first instant strictly after `after` whose wall clock in `zone ?? deviceZone` matches,
    /// or nil if none does within `Zone.nextMatchHorizonDays` (February 30th, a year already past).
    public func nextMatch(after: Instant, deviceZone: Zone) -> Instant? {
        guard invalidReason == nil else { return nil }
        let z = zone ?? deviceZone
        var from = after
        // With a year the first match may fall in an earlier year; step through matches, at most
        // one per year of the horizon (a year must match within nine tries or never will).
        for _ in 0..<9 {
            guard let at = z.nextMatch(after: from, hour: hour, minute: minute, second: second, weekday: weekday,
                                       day: day, month: month) else { return nil }
            guard let year else { return at }
            let y = z.localDateTime(at).year
            if y == year { return at }
            if y > year { return nil }
            // Jump to the start of the wanted year rather than matching day by day.
            guard let jan1 = try? LocalDateTime(year: year, month: 1, day: 1) else { return nil }
            let start = z.instant(for: jan1)
            from = start > at ? start - .nanoseconds(1) : at
        }
        return nil
    }

    /// `08:00` or `2026-03-04 09:00:30`, plus `@Asia/Kolkata` for a named zone, `weekday=Monday`.
    public var summary: String {
        var s = ""
        if let year { s += "\(year)-" }
        if let month { s += (month < 10 ? "0" : "") + "\(month)-" }
        if let day { s += (day < 10 ? "0" : "") + "\(day) " }
        if let weekday { s += "\(weekday) " }
        s += (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        if second != 0 { s += ":" + (second < 10 ? "0" : "") + "\(second)" }
        s += "@" + (zone?.name ?? "device")
        return s
    }
}

/// When a request fires.
public enum NotificationTrigger: Hashable, Sendable {
    /// Wall-clock components in the device zone or a named zone; `repeats` fires at every match.
    case calendar(CalendarComponents, repeats: Bool)
    /// Elapsed time since the request was added (or since its last firing when repeating). Measured
    /// on the monotonic timeline, so zone changes and wall-clock changes never move it.
    case timeInterval(Duration, repeats: Bool)

    /// iOS refuses a repeating time interval shorter than this.
    public static let minimumRepeatingInterval = Duration.seconds(60)

    public var repeats: Bool {
        switch self {
        case .calendar(_, let r), .timeInterval(_, let r): r
        }
    }

    /// Why `add` must refuse this trigger (`UNNotificationRequest` throws), or nil.
    public var invalidReason: String? {
        switch self {
        case .calendar(let c, _): return c.invalidReason
        case .timeInterval(let d, let repeats):
            if d.nanoseconds <= 0 { return "time interval must be positive" }
            if repeats && d < NotificationTrigger.minimumRepeatingInterval { return "repeating time interval must be at least 60 s" }
            return nil
        }
    }

    /// `calendar 08:00@device repeats` / `interval 600s once`.
    public var summary: String {
        switch self {
        case .calendar(let c, let r): "calendar:\(c.summary):\(r ? "repeats" : "once")"
        case .timeInterval(let d, let r): "interval:\(d.wholeSeconds)s:\(r ? "repeats" : "once")"
        }
    }
}
