/// Recursive-descent parser for `PosixTZRule`, over the rule's UTF-8 bytes.
///
/// Every valid rule is ASCII and parsing stops at the first byte that does not fit, so a byte
/// offset is also the character offset reported in `PosixTZError`.
struct PosixTZParser {
    struct Parsed {
        var standardAbbreviation: String
        var standardOffsetSeconds: Int32
        var daylight: PosixTZRule.Daylight?
    }

    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    mutating func parseRule() throws(PosixTZError) -> Parsed {
        let standardName = try parseName(role: "standard time")
        guard !atEnd else { throw error("expected the standard time offset after \"\(standardName)\"") }
        let standardWest = try parseOffset(role: "standard time offset")
        var result = Parsed(standardAbbreviation: standardName, standardOffsetSeconds: Int32(-standardWest), daylight: nil)
        if atEnd { return result }

        let daylightName = try parseName(role: "daylight saving time")
        var daylightWest = standardWest - 3_600
        if let byte = peek, byte != UInt8(ascii: ",") {
            daylightWest = try parseOffset(role: "daylight saving time offset")
        }
        let start: PosixTZRule.Boundary
        let end: PosixTZRule.Boundary
        if atEnd {
            start = PosixTZRule.Boundary(day: .monthWeekDay(month: 3, week: 2, weekday: 0), timeSeconds: 7_200)
            end = PosixTZRule.Boundary(day: .monthWeekDay(month: 11, week: 1, weekday: 0), timeSeconds: 7_200)
        } else {
            try expect(",", what: "\",\" before the daylight saving start date")
            start = try parseBoundary(role: "start")
            try expect(",", what: "\",\" before the daylight saving end date")
            end = try parseBoundary(role: "end")
        }
        guard atEnd else { throw error("unexpected text after the end date") }
        result.daylight = PosixTZRule.Daylight(abbreviation: daylightName, offsetSeconds: Int32(-daylightWest),
                                               start: start, end: end)
        return result
    }

    // MARK: Pieces

    private mutating func parseName(role: String) throws(PosixTZError) -> String {
        let begin = position
        if peek == UInt8(ascii: "<") {
            position += 1
            let nameStart = position
            while let byte = peek, isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
            }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
            guard peek == UInt8(ascii: ">") else {
                throw error("expected \">\" to close the quoted \(role) name (letters, digits, \"+\" and \"-\" only)")
            }
            guard name.utf8.count >= 3 else { throw error("the \(role) name must have at least 3 characters", at: begin) }
            position += 1
            return name
        }
        while let byte = peek, isLetter(byte) { position += 1 }
        guard position - begin >= 3 else {
            throw error("expected a \(role) name of at least 3 letters, or one quoted in <...>", at: begin)
        }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }

    /// An offset in POSIX sign (positive west), `[+|-]hh[:mm[:ss]]` with hours 0...24.
    private mutating func parseOffset(role: String) throws(PosixTZError) -> Int {
        try parseClock(role: role, maxHours: 24, hourDigits: 2)
    }

    /// `[+|-]h[h..][:mm[:ss]]`, returned in seconds.
    private mutating func parseClock(role: String, maxHours: Int, hourDigits: Int) throws(PosixTZError) -> Int {
        var sign = 1
        if peek == UInt8(ascii: "+") {
            position += 1
        } else if peek == UInt8(ascii: "-") {
            sign = -1
            position += 1
        }
        let hoursAt = position
        guard let hours = parseNumber(maxDigits: hourDigits) else { throw error("expected the \(role) in hours") }
        guard hours <= maxHours else { throw error("\(role) hours \(hours) is outside 0...\(maxHours)", at: hoursAt) }
        var total = hours * 3_600
        for (unit, name) in [(60, "minutes"), (1, "seconds")] {
            guard peek == UInt8(ascii: ":") else { break }
            position += 1
            let fieldAt = position
            guard let value = parseNumber(maxDigits: 2) else { throw error("expected two digits of \(role) \(name)") }
            guard value <= 59 else { throw error("\(role) \(name) \(value) is outside 0...59", at: fieldAt) }
            total += value * unit
        }
        return sign * total
    }

    private mutating func parseBoundary(role: String) throws(PosixTZError) -> PosixTZRule.Boundary {
        let day: PosixTZRule.Day
        let dayAt = position
        if peek == UInt8(ascii: "J") {
            position += 1
            let numberAt = position
            guard let n = parseNumber(maxDigits: 3) else { throw error("expected a day 1...365 after \"J\" in the \(role) date") }
            guard (1...365).contains(n) else { throw error("Julian day \(n) is outside 1...365", at: numberAt) }
            day = .julianNoLeap(n)
        } else if peek == UInt8(ascii: "M") {
            position += 1
            let monthAt = position
            guard let month = parseNumber(maxDigits: 2) else { throw error("expected a month 1...12 after \"M\" in the \(role) date") }
            guard (1...12).contains(month) else { throw error("month \(month) is outside 1...12", at: monthAt) }
            try expect(".", what: "\".\" after the month")
            let weekAt = position
            guard let week = parseNumber(maxDigits: 1) else { throw error("expected a week 1...5") }
            guard (1...5).contains(week) else { throw error("week \(week) is outside 1...5", at: weekAt) }
            try expect(".", what: "\".\" after the week")
            let weekdayAt = position
            guard let weekday = parseNumber(maxDigits: 1) else { throw error("expected a weekday 0...6 (0 = Sunday)") }
            guard (0...6).contains(weekday) else { throw error("weekday \(weekday) is outside 0...6 (0 = Sunday)", at: weekdayAt) }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if let n = parseNumber(maxDigits: 3) {
            guard (0...365).contains(n) else { throw error("day \(n) is outside 0...365", at: dayAt) }
            day = .zeroBased(n)
        } else {
            throw error("expected the daylight saving \(role) date as Jn, n or Mm.w.d")
        }
        var time = 7_200
        if peek == UInt8(ascii: "/") {
            position += 1
            time = try parseClock(role: "\(role) time", maxHours: 167, hourDigits: 3)
        }
        return PosixTZRule.Boundary(day: day, timeSeconds: Int32(time))
    }

    // MARK: Bytes

    private var atEnd: Bool { position >= bytes.count }
    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ character: Unicode.Scalar, what: String) throws(PosixTZError) {
        guard peek == UInt8(ascii: character) else { throw error("expected \(what)") }
        position += 1
    }

    /// Up to `maxDigits` decimal digits (so the value cannot overflow), or nil if there are none.
    private mutating func parseNumber(maxDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            position += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }

    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private func error(_ message: String, at offset: Int? = nil) -> PosixTZError {
        PosixTZError(rule: text, offset: offset ?? position, message: message)
    }
}
