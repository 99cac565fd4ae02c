/// Civil-time conversions that need no zone: ISO 8601 timestamps in UTC.
public enum CivilTime {
    /// `2026-03-29T01:00:00Z`; fractional seconds appear only when non-zero, with trailing zeros
    /// trimmed (`…:00.25Z`), so whole-second instants read naturally in goldens.
    public static func iso8601UTC(_ instant: Instant) -> String {
        let seconds = instant.secondsSinceEpochFloor
        let nanosecond = CivilFormat.nanosecondOfSecond(instant)
        var out: [UInt8] = []
        out.reserveCapacity(31)
        CivilFormat.appendDateTime(LocalDateTime(wallSeconds: seconds, nanosecond: nanosecond), to: &out)
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SS[.f](Z|±HH:MM)`, where `.f` is 1 to 9 digits.
    ///
    /// Strict on purpose: no lowercase `t`/`z`, no space separator, no missing seconds, no
    /// 24:00, no leap second, no offsets beyond ±23:59, and nothing after the zone designator, so
    /// a scenario's timestamps mean one thing everywhere. Every field is range-checked (February
    /// 30th is refused) and the instant must lie in `Instant.supportedRange`.
    ///
    /// - Parameter requireUTC: accept only `Z` as the zone designator (scenario start times must be
    ///   unambiguous UTC).
    /// - Returns: the instant, or an `ISO8601Error` whose `offset` points at the offending
    ///   character of `text`. Works on the UTF-8 bytes without allocating when `text` is native.
    public static func parseISO8601(_ text: Substring, requireUTC: Bool) -> Result<Instant, ISO8601Error> {
        if let result = text.utf8.withContiguousStorageIfAvailable({ ISO8601Parser.parse($0, requireUTC: requireUTC) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBufferPointer { ISO8601Parser.parse($0, requireUTC: requireUTC) }
    }
}

/// The byte-level parser behind `CivilTime.parseISO8601`. Accepted text is ASCII and parsing stops
/// at the first byte that does not fit, so byte offsets are character offsets.
enum ISO8601Parser {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, requireUTC: Bool) -> Result<Instant, ISO8601Error> {
        var cursor = Cursor(bytes: bytes)
        do {
            return .success(try parseFields(&cursor, requireUTC: requireUTC))
        } catch {
            return .failure(error)
        }
    }

    private static let zoneExpectation = "expected \"Z\" or an offset such as +02:00"
    private static let utcExpectation = "expected \"Z\": the time must be UTC, written with a trailing Z (e.g. 2026-01-01T00:00:00Z), not with an offset"

    private static func parseFields(_ c: inout Cursor, requireUTC: Bool) throws(ISO8601Error) -> Instant {
        let year = try c.digits(4, "a 4-digit year")
        try c.literal("-", "\"-\" after the year")
        let monthAt = c.position
        let month = try c.digits(2, "a 2-digit month")
        guard (1...12).contains(month) else { throw ISO8601Error(offset: monthAt, message: "month \(month) is outside 01...12") }
        try c.literal("-", "\"-\" after the month")
        let dayAt = c.position
        let day = try c.digits(2, "a 2-digit day")
        let lastDay = GregorianCalendar.daysInMonth(year: year, month: month)
        guard (1...lastDay).contains(day) else {
            throw ISO8601Error(offset: dayAt, message: "day \(day) is outside 01...\(lastDay) for \(year)-\(CivilFormat.twoDigits(month))")
        }
        try c.literal("T", "\"T\" between the date and the time")
        let hourAt = c.position
        let hour = try c.digits(2, "a 2-digit hour")
        guard hour <= 23 else { throw ISO8601Error(offset: hourAt, message: "hour \(hour) is outside 00...23") }
        try c.literal(":", "\":\" after the hour")
        let minuteAt = c.position
        let minute = try c.digits(2, "2-digit minutes")
        guard minute <= 59 else { throw ISO8601Error(offset: minuteAt, message: "minute \(minute) is outside 00...59") }
        try c.literal(":", "\":\" and 2-digit seconds after the minutes")
        let secondAt = c.position
        let second = try c.digits(2, "2-digit seconds")
        guard second <= 59 else {
            throw ISO8601Error(offset: secondAt, message: "second \(second) is outside 00...59 (there are no leap seconds)")
        }

        var nanosecond = 0
        if c.peek == UInt8(ascii: ".") {
            c.position += 1
            var count = 0
            var scale = 100_000_000
            while let digit = c.peekDigit {
                guard count < 9 else { throw ISO8601Error(offset: c.position, message: "at most 9 fraction digits (nanoseconds) are allowed") }
                nanosecond += digit * scale
                scale /= 10
                count += 1
                c.position += 1
            }
            guard count > 0 else { throw c.error("1 to 9 fraction digits after \".\"") }
        }

        var offsetSeconds = 0
        let zoneAt = c.position
        switch c.peek {
        case UInt8(ascii: "Z"):
            c.position += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard !requireUTC else { throw ISO8601Error(offset: zoneAt, message: utcExpectation) }
            let sign = c.peek == UInt8(ascii: "-") ? -1 : 1
            c.position += 1
            let offsetHourAt = c.position
            let offsetHours = try c.digits(2, "2-digit offset hours")
            guard offsetHours <= 23 else {
                throw ISO8601Error(offset: offsetHourAt, message: "offset hours \(offsetHours) are outside 00...23")
            }
            try c.literal(":", "\":\" in the offset (±HH:MM)")
            let offsetMinuteAt = c.position
            let offsetMinutes = try c.digits(2, "2-digit offset minutes")
            guard offsetMinutes <= 59 else {
                throw ISO8601Error(offset: offsetMinuteAt, message: "offset minutes \(offsetMinutes) are outside 00...59")
            }
            offsetSeconds = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        default:
            throw ISO8601Error(offset: zoneAt, message: requireUTC ? utcExpectation : zoneExpectation)
        }
        guard c.position == c.bytes.count else {
            throw ISO8601Error(offset: c.position, message: "unexpected text after the timestamp")
        }

        // Seconds cannot overflow for four-digit years, but nanoseconds can (past 2262), hence
        // the overflow-reporting multiply before the range check.
        let days = GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * GregorianCalendar.secondsPerDay + Int64(hour * 3_600 + minute * 60 + second) - Int64(offsetSeconds)
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let nanoseconds = scaled &+ Int64(nanosecond)
        guard !overflow, Instant.supportedRange.contains(nanoseconds) else {
            throw ISO8601Error(offset: 0, message: "\(String(decoding: UnsafeBufferPointer(rebasing: c.bytes[0..<c.position]), as: UTF8.self)) is outside the supported range "
                + "\(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: Instant.supportedRange.lowerBound)))"
                + " ... \(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: Instant.supportedRange.upperBound)))")
        }
        return Instant(nanosecondsSinceEpoch: nanoseconds)
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        var peekDigit: Int? {
            guard let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            return Int(byte - UInt8(ascii: "0"))
        }

        /// Exactly `count` digits; the error points at the first byte that is not a digit.
        mutating func digits(_ count: Int, _ what: String) throws(ISO8601Error) -> Int {
            var value = 0
            for _ in 0..<count {
                guard let digit = peekDigit else { throw error(what) }
                value = value * 10 + digit
                position += 1
            }
            return value
        }

        mutating func literal(_ character: Unicode.Scalar, _ what: String) throws(ISO8601Error) {
            guard peek == UInt8(ascii: character) else { throw error(what) }
            position += 1
        }

        func error(_ what: String) -> ISO8601Error {
            let found = position < bytes.count ? "" : " (the text ended)"
            return ISO8601Error(offset: position, message: "expected \(what)\(found)")
        }
    }
}
