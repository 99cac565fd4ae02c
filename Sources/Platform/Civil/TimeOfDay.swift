import LockstepCore

/// A wall-clock time of day to the minute, with no date and no zone: what an alarm, a dose
/// reminder or a temple's aarti is set for ("08:00 wherever the phone is").
///
/// A `TimeOfDay` is not a point in time. `nextOccurrence(after:in:)` makes it one, in a zone,
/// with the core's DST policy (`Zone.nextMatch`). Hour 0...23 and minute 0...59, always valid
/// once made; 24:00 does not exist (it is 00:00 of the next day); seconds are not kept. Ordered
/// by minutes since midnight, which is the order of (hour, minute).
///
/// Text forms (`init(parsing:)`), ASCII only, nothing else around them:
///
/// | text | value | why |
/// |---|---|---|
/// | `08:00`, `8:00` | 08:00 | `HH:mm` / `H:mm`: one or two hour digits, exactly two minute digits |
/// | `0800` | 08:00 | `HHmm` |
/// | `800` | 08:00 | `Hmm`: accepted, because a scenario number `0800` is the integer 800 and pillReminders has always read `800` and `0800` alike |
/// | `8`, `08`, `08000` | error | without `:` three or four digits are required: `8` is 08:00 to a reader but 00:08 as a number |
/// | `8:5`, `-1:00`, `24:00`, `2400`, `0860`, `` | error | see `TimeOfDayError` |
///
/// Written `08:00` (`description`, `hhmm`) or `0800` (`digits`, an identifier suffix).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int

    /// Minutes in a day (there are no 23- or 25-hour days on a wall clock's face).
    public static let minutesPerDay = 1_440
    public static let midnight = TimeOfDay(uncheckedHour: 0, minute: 0)

    /// - Throws: `hourOutOfRange` or `minuteOutOfRange`, the hour checked first.
    public init(hour: Int, minute: Int) throws(TimeOfDayError) {
        guard (0...23).contains(hour) else { throw .hourOutOfRange(hour) }
        guard (0...59).contains(minute) else { throw .minuteOutOfRange(minute) }
        self.init(uncheckedHour: hour, minute: minute)
    }

    init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// 0 is 00:00, 1439 is 23:59.
    ///
    /// - Throws: `minutesSinceMidnightOutOfRange` outside 0...1439.
    public init(minutesSinceMidnight minutes: Int) throws(TimeOfDayError) {
        guard (0..<TimeOfDay.minutesPerDay).contains(minutes) else { throw .minutesSinceMidnightOutOfRange(minutes) }
        self.init(uncheckedHour: minutes / 60, minute: minutes % 60)
    }

    /// A numeric `HHmm` value, hour `value / 100` and minute `value % 100`: `800` and `0800` (the
    /// same integer) are 08:00, `2105` is 21:05, `5` is 00:05. This is the rule pillReminders
    /// applies to the `times=` numbers in its scenarios and to the strings in its file.
    ///
    /// - Throws: `negativeValue` below 0, then `hourOutOfRange` (`2400`) or `minuteOutOfRange`
    ///   (`860`).
    public init(hhmmValue value: Int) throws(TimeOfDayError) {
        guard value >= 0 else { throw .negativeValue(value) }
        try self.init(hour: value / 100, minute: value % 100)
    }

    /// `08:00`, `8:00`, `0800` or `800` (see the table above).
    ///
    /// - Throws: `empty`; `malformed` naming what is wrong with the shape; `hourOutOfRange` or
    ///   `minuteOutOfRange` for a well-formed text with a value out of range (`24:00`, `0860`).
    public init(parsing text: String) throws(TimeOfDayError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        var colon: Int?
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: ":") {
                guard colon == nil else { throw .malformed(text, .repeatedColon) }
                colon = i
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                throw .malformed(text, .invalidCharacter)
            }
        }
        let hourDigits: ArraySlice<UInt8>
        let minuteDigits: ArraySlice<UInt8>
        if let colon {
            hourDigits = bytes[..<colon]
            minuteDigits = bytes[(colon + 1)...]
            guard (1...2).contains(hourDigits.count) else { throw .malformed(text, .hourDigits) }
            guard minuteDigits.count == 2 else { throw .malformed(text, .minuteDigits) }
        } else {
            guard bytes.count == 3 || bytes.count == 4 else { throw .malformed(text, .digitCount) }
            hourDigits = bytes[..<(bytes.count - 2)]
            minuteDigits = bytes[(bytes.count - 2)...]
        }
        try self.init(hour: TimeOfDay.decimal(hourDigits), minute: TimeOfDay.decimal(minuteDigits))
    }

    /// At most two ASCII digits, already checked.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// What a clock in `zone` shows at `instant`, to the minute (seconds are dropped, not
    /// rounded: 08:59:59 is 08:59).
    public init(at instant: Instant, in zone: Zone) {
        let local = zone.localDateTime(instant)
        self.init(uncheckedHour: local.hour, minute: local.minute)
    }

    /// `hour × 60 + minute`, 0...1439.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `08:00`, `23:59`.
    public var hhmm: String {
        var out: [UInt8] = []
        out.reserveCapacity(5)
        ZeroPad.append(hour, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        ZeroPad.append(minute, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `0800`, `2359`: the four-digit form, for identifiers (`dose.<med>.0800`).
    public var digits: String {
        var out: [UInt8] = []
        out.reserveCapacity(4)
        ZeroPad.append(hour, width: 2, to: &out)
        ZeroPad.append(minute, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `hhmm`: `08:00`.
    public var description: String { hhmm }

    /// The wall time `minutes` later (earlier if negative), wrapping past midnight: 23:55 + 10 is
    /// 00:05, 00:05 − 10 is 23:55. Clock-face arithmetic only: no date, no zone, no DST.
    public func adding(minutes: Int) -> TimeOfDay {
        let day = TimeOfDay.minutesPerDay
        let m = ((minutesSinceMidnight + minutes % day) % day + day) % day
        return TimeOfDay(uncheckedHour: m / 60, minute: m % 60)
    }

    /// The first instant strictly after `after` at which `zone`'s wall clock shows this time
    /// (seconds 0): `zone.nextMatch(after:hour:minute:)`, so the core's DST policy holds.
    ///
    /// - In a spring-forward gap the time does not exist that day; it fires at the end of the gap,
    ///   the moment the clocks jump (01:30 in Europe/London on 2026-03-29 is 01:00Z, when 01:00 GMT
    ///   became 02:00 BST).
    /// - In a fall-back overlap it fires once, at its first occurrence; the repeat an hour later
    ///   is not an occurrence (after 01:30 BST on 2026-10-25 the next is 01:30 GMT on 10-26).
    ///
    /// - Returns: nil only when the occurrence is outside `Instant.supportedRange` (from 2200).
    public func nextOccurrence(after: Instant, in zone: Zone) -> Instant? {
        zone.nextMatch(after: after, hour: hour, minute: minute)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutesSinceMidnight < b.minutesSinceMidnight }
}
