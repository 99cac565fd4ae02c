import LockstepCore
import Platform
import Testing

/// `TimeOfDay` and `ZeroPad` (issue #10). Every expected value here was worked out by hand; the
/// reasoning is next to it.
@Suite struct TimeOfDayTests {
    private func t(_ hour: Int, _ minute: Int) -> TimeOfDay { try! TimeOfDay(hour: hour, minute: minute) }

    /// `2026-03-29T01:00:00Z` → the instant (the core's own ISO 8601 reader, UTC only).
    private func utc(_ text: String) -> Instant {
        switch CivilTime.parseISO8601(Substring(text), requireUTC: true) {
        case .success(let instant): return instant
        case .failure(let error): fatalError("bad test instant \(text): \(error)")
        }
    }

    private var london: Zone { try! Zone.named("Europe/London") }
    private var newYork: Zone { try! Zone.named("America/New_York") }

    // MARK: Parsing and formatting

    @Test func parsesEveryAcceptedShape() throws {
        let accepted: [(text: String, hour: Int, minute: Int)] = [
            ("08:00", 8, 0), ("8:00", 8, 0), ("0800", 8, 0), ("800", 8, 0),
            ("00:00", 0, 0), ("0:00", 0, 0), ("0000", 0, 0), ("000", 0, 0),
            ("0:05", 0, 5), ("005", 0, 5), ("7:45", 7, 45), ("745", 7, 45),
            ("12:30", 12, 30), ("1230", 12, 30), ("23:59", 23, 59), ("2359", 23, 59),
        ]
        for (text, hour, minute) in accepted {
            let v = try TimeOfDay(parsing: text)
            #expect(v.hour == hour && v.minute == minute, "\(text)")
        }
    }

    @Test func refusesWithTheReason() {
        let refused: [(text: String, error: TimeOfDayError)] = [
            ("", .empty),
            ("2400", .hourOutOfRange(24)),              // 24:00 is the next day's 00:00
            ("24:00", .hourOutOfRange(24)),
            ("9999", .hourOutOfRange(99)),
            ("0860", .minuteOutOfRange(60)),
            ("8:60", .minuteOutOfRange(60)),
            ("8:5", .malformed("8:5", .minuteDigits)),  // a one-digit minute is a typo, not 08:05 or 08:50
            ("8:", .malformed("8:", .minuteDigits)),
            ("08:000", .malformed("08:000", .minuteDigits)),
            ("-1:00", .malformed("-1:00", .invalidCharacter)),
            ("+800", .malformed("+800", .invalidCharacter)),
            (" 08:00", .malformed(" 08:00", .invalidCharacter)),
            ("08:00 ", .malformed("08:00 ", .invalidCharacter)),
            ("8h00", .malformed("8h00", .invalidCharacter)),
            ("０８:００", .malformed("０８:００", .invalidCharacter)),  // fullwidth digits are not ASCII
            ("08:00:00", .malformed("08:00:00", .repeatedColon)),
            (":30", .malformed(":30", .hourDigits)),
            ("008:00", .malformed("008:00", .hourDigits)),
            ("8", .malformed("8", .digitCount)),        // 08:00 to a reader, 00:08 as a number: refused
            ("08", .malformed("08", .digitCount)),
            ("08000", .malformed("08000", .digitCount)),
        ]
        for (text, expected) in refused {
            #expect(throws: expected, "\(text)") { try TimeOfDay(parsing: text) }
        }
    }

    @Test func errorMessagesNameWhatIsWrong() {
        #expect(TimeOfDayError.hourOutOfRange(24).description == "hour 24 is outside 0...23")
        #expect(TimeOfDayError.minuteOutOfRange(60).description == "minute 60 is outside 0...59")
        #expect(TimeOfDayError.malformed("8:5", .minuteDigits).description
            == "'8:5' is not a time of day: the minute needs exactly two digits after ':'; expected HH:mm, H:mm, HHmm or Hmm, e.g. 08:00, 8:00, 0800, 800")
        #expect(TimeOfDayError.empty.description.hasPrefix("the time of day is empty"))
        #expect(TimeOfDayError.negativeValue(-100).description == "HHmm value -100 is negative")
    }

    @Test func formats() {
        #expect(t(8, 0).hhmm == "08:00" && t(8, 0).description == "08:00" && t(8, 0).digits == "0800")
        #expect(t(0, 5).hhmm == "00:05" && t(0, 5).digits == "0005")
        #expect(t(23, 59).description == "23:59" && t(23, 59).digits == "2359")
        #expect("\(t(21, 5))" == "21:05")
        // What is written parses back to itself, in both forms, for every minute of the day.
        for m in 0..<TimeOfDay.minutesPerDay {
            let v = try! TimeOfDay(minutesSinceMidnight: m)
            #expect((try? TimeOfDay(parsing: v.hhmm)) == v && (try? TimeOfDay(parsing: v.digits)) == v)
        }
    }

    /// pillReminders' rule for its `times=` numbers: hour = value / 100, minute = value % 100.
    @Test func numericHHmmValues() throws {
        #expect(try TimeOfDay(hhmmValue: 800) == t(8, 0))    // the scenario's 0800 is the number 800
        #expect(try TimeOfDay(hhmmValue: 2105) == t(21, 5))
        #expect(try TimeOfDay(hhmmValue: 5) == t(0, 5))      // unlike the text form, 5 is 00:05
        #expect(try TimeOfDay(hhmmValue: 0) == .midnight)
        #expect(throws: TimeOfDayError.hourOutOfRange(24)) { try TimeOfDay(hhmmValue: 2400) }
        #expect(throws: TimeOfDayError.minuteOutOfRange(60)) { try TimeOfDay(hhmmValue: 860) }
        #expect(throws: TimeOfDayError.negativeValue(-100)) { try TimeOfDay(hhmmValue: -100) }
        #expect(throws: TimeOfDayError.negativeValue(-5)) { try TimeOfDay(hhmmValue: -5) }
    }

    @Test func componentsAndMinutes() throws {
        #expect(throws: TimeOfDayError.hourOutOfRange(-1)) { try TimeOfDay(hour: -1, minute: 0) }
        #expect(throws: TimeOfDayError.hourOutOfRange(24)) { try TimeOfDay(hour: 24, minute: 60) }  // hour first
        #expect(throws: TimeOfDayError.minuteOutOfRange(-1)) { try TimeOfDay(hour: 8, minute: -1) }
        #expect(t(8, 0).minutesSinceMidnight == 480)         // 8 × 60
        #expect(t(23, 59).minutesSinceMidnight == 1_439)     // 23 × 60 + 59
        #expect(try TimeOfDay(minutesSinceMidnight: 1_439) == t(23, 59))
        #expect(try TimeOfDay(minutesSinceMidnight: 605) == t(10, 5))
        #expect(throws: TimeOfDayError.minutesSinceMidnightOutOfRange(1_440)) { try TimeOfDay(minutesSinceMidnight: 1_440) }
        #expect(throws: TimeOfDayError.minutesSinceMidnightOutOfRange(-1)) { try TimeOfDay(minutesSinceMidnight: -1) }
    }

    @Test func ordersByTimeOfDay() {
        #expect(TimeOfDay.midnight < t(0, 1) && t(0, 1) < t(8, 0) && t(8, 0) < t(8, 1) && t(8, 59) < t(9, 0) && t(9, 0) < t(23, 59))
        #expect([t(21, 0), t(8, 0), t(0, 5), t(8, 0)].sorted() == [t(0, 5), t(8, 0), t(8, 0), t(21, 0)])
        #expect(Set([t(8, 0), try! TimeOfDay(parsing: "800"), try! TimeOfDay(hhmmValue: 800)]).count == 1)
    }

    @Test func clockFaceArithmeticWraps() {
        #expect(t(6, 5).adding(minutes: -10) == t(5, 55))    // a 10-minute lead before 06:05
        #expect(t(0, 5).adding(minutes: -10) == t(23, 55))   // wraps back past midnight
        #expect(t(23, 55).adding(minutes: 10) == t(0, 5))
        #expect(t(8, 0).adding(minutes: 1_440) == t(8, 0) && t(8, 0).adding(minutes: -2_880) == t(8, 0))
        #expect(TimeOfDay.midnight.adding(minutes: -1_441) == t(23, 59))
        // No overflow at the ends of Int: Int.min = −2^63 ≡ 352 (mod 1440) = 05:52, and
        // Int.max = −Int.min − 1 ≡ −352 − 1 ≡ 1087 = 18:07.
        #expect(TimeOfDay.midnight.adding(minutes: .min) == t(5, 52))
        #expect(TimeOfDay.midnight.adding(minutes: .max) == t(18, 7))
    }

    @Test func readsTheWallClock() {
        // 01:00Z on 2026-03-29 is the instant London's clocks jump to 02:00 BST; a second earlier
        // they show 00:59:59 GMT, and seconds are dropped, not rounded.
        #expect(TimeOfDay(at: utc("2026-03-29T01:00:00Z"), in: london) == t(2, 0))
        #expect(TimeOfDay(at: utc("2026-03-29T00:59:59Z"), in: london) == t(0, 59))
        #expect(TimeOfDay(at: utc("2026-07-01T12:34:56Z"), in: newYork) == t(8, 34))  // EDT, UTC−4
        #expect(TimeOfDay(at: utc("2026-01-01T00:00:00Z"), in: .utc) == .midnight)
    }

    // MARK: Next occurrence

    /// Europe/London 2026 (`GMT0BST,M3.5.0/1,M10.5.0`). 2026-01-01 is a Thursday, so 1 February
    /// (31 days later) and 1 March (28 more) are Sundays; the last Sunday of March is the 29th.
    /// At 01:00 GMT = 01:00Z the clocks go to 02:00 BST: local 01:00–02:00 does not exist that day.
    @Test func londonSpringForward() {
        let zone = london
        let before = utc("2026-03-28T12:00:00Z")
        // 01:30 falls in the gap: it fires at the end of the gap, the jump itself, 01:00Z
        // (= 1 767 225 600, 2026-01-01, + 87 days × 86 400 + 3 600 = 1 774 746 000).
        let gap = t(1, 30).nextOccurrence(after: before, in: zone)
        #expect(gap == utc("2026-03-29T01:00:00Z"))
        #expect(gap == Instant(secondsSinceEpoch: 1_774_746_000))
        // 02:00 BST is the first wall time after the gap: the same instant.
        #expect(t(2, 0).nextOccurrence(after: before, in: zone) == utc("2026-03-29T01:00:00Z"))
        // 00:59 is still GMT (UTC+0).
        #expect(t(0, 59).nextOccurrence(after: before, in: zone) == utc("2026-03-29T00:59:00Z"))
        // 08:00 BST (UTC+1) is 07:00Z.
        #expect(t(8, 0).nextOccurrence(after: before, in: zone) == utc("2026-03-29T07:00:00Z"))
        // Strictly after: from the gap's end, the next 01:30 is the 30th's, 01:30 BST = 00:30Z.
        #expect(t(1, 30).nextOccurrence(after: utc("2026-03-29T01:00:00Z"), in: zone) == utc("2026-03-30T00:30:00Z"))
    }

    /// The last Sunday of October 2026 is the 25th (1 October is a Thursday: 1 March, a Sunday,
    /// plus 214 days = 30 weeks + 4). At 02:00 BST = 01:00Z the clocks go back to 01:00 GMT, so
    /// local 01:00–02:00 happens twice: in BST (00:00Z–01:00Z), then in GMT (01:00Z–02:00Z).
    @Test func londonFallBack() {
        let zone = london
        // The first occurrence: 01:30 BST = 00:30Z (1 767 225 600 + 297 days × 86 400 + 1 800).
        let first = t(1, 30).nextOccurrence(after: utc("2026-10-24T12:00:00Z"), in: zone)
        #expect(first == utc("2026-10-25T00:30:00Z"))
        #expect(first == Instant(secondsSinceEpoch: 1_792_888_200))
        // The repeat at 01:30 GMT = 01:30Z is not an occurrence: next is the 26th's 01:30 GMT.
        #expect(t(1, 30).nextOccurrence(after: utc("2026-10-25T00:30:00Z"), in: zone) == utc("2026-10-26T01:30:00Z"))
        #expect(t(1, 30).nextOccurrence(after: utc("2026-10-25T00:45:00Z"), in: zone) == utc("2026-10-26T01:30:00Z"))
        // 08:00 that day is GMT again: 08:00Z.
        #expect(t(8, 0).nextOccurrence(after: utc("2026-10-24T12:00:00Z"), in: zone) == utc("2026-10-25T08:00:00Z"))
    }

    /// America/New_York 2026 (`EST5EDT,M3.2.0,M11.1.0`). The second Sunday of March is the 8th;
    /// at 02:00 EST = 07:00Z the clocks go to 03:00 EDT, so the gap is 02:00–03:00 and 01:30 is an
    /// ordinary time there.
    @Test func newYorkSpringForward() {
        let zone = newYork
        let before = utc("2026-03-07T12:00:00Z")
        // 01:30 EST (UTC−5) = 06:30Z.
        #expect(t(1, 30).nextOccurrence(after: before, in: zone) == utc("2026-03-08T06:30:00Z"))
        // 02:30 is in the gap: end of the gap, 07:00Z = 03:00 EDT
        // (1 767 225 600 + 66 days × 86 400 + 25 200 = 1 772 953 200).
        let gap = t(2, 30).nextOccurrence(after: before, in: zone)
        #expect(gap == utc("2026-03-08T07:00:00Z"))
        #expect(gap == Instant(secondsSinceEpoch: 1_772_953_200))
        // 08:00 EDT (UTC−4) = 12:00Z.
        #expect(t(8, 0).nextOccurrence(after: utc("2026-03-08T07:00:00Z"), in: zone) == utc("2026-03-08T12:00:00Z"))
    }

    /// The first Sunday of November 2026 is the 1st (1 October, a Thursday, + 31 days). At 02:00
    /// EDT = 06:00Z the clocks go back to 01:00 EST: 01:00–02:00 is first EDT (05:00Z–06:00Z),
    /// then EST (06:00Z–07:00Z).
    @Test func newYorkFallBack() {
        let zone = newYork
        // First occurrence, 01:30 EDT = 05:30Z (1 767 225 600 + 304 days × 86 400 + 19 800).
        let first = t(1, 30).nextOccurrence(after: utc("2026-10-31T12:00:00Z"), in: zone)
        #expect(first == utc("2026-11-01T05:30:00Z"))
        #expect(first == Instant(secondsSinceEpoch: 1_793_511_000))
        // The repeat at 06:30Z is skipped: next is 01:30 EST on the 2nd, 06:30Z.
        #expect(t(1, 30).nextOccurrence(after: utc("2026-11-01T05:30:00Z"), in: zone) == utc("2026-11-02T06:30:00Z"))
    }

    @Test func strictlyAfterAndAtTheEdges() {
        let zone = london
        // Exactly at an occurrence: the next day's. One second before: that one.
        #expect(t(8, 0).nextOccurrence(after: utc("2026-01-15T08:00:00Z"), in: zone) == utc("2026-01-16T08:00:00Z"))
        #expect(t(8, 0).nextOccurrence(after: utc("2026-01-15T07:59:59Z"), in: zone) == utc("2026-01-15T08:00:00Z"))
        #expect(TimeOfDay.midnight.nextOccurrence(after: utc("2026-12-31T23:59:00Z"), in: .utc) == utc("2027-01-01T00:00:00Z"))
        // 2200-01-01T00:00:00Z (7 258 118 400 s) is the last supported instant; the next
        // midnight after it is outside the range.
        let end = Instant(secondsSinceEpoch: 7_258_118_400)
        #expect(TimeOfDay.midnight.nextOccurrence(after: end - .seconds(1), in: .utc) == end)
        #expect(TimeOfDay.midnight.nextOccurrence(after: end, in: .utc) == nil)
    }

    // MARK: ZeroPad

    @Test func zeroPad() throws {
        #expect(ZeroPad.two(0) == "00" && ZeroPad.two(7) == "07" && ZeroPad.two(10) == "10" && ZeroPad.two(123) == "123")
        #expect(ZeroPad.decimal(7, width: 4) == "0007" && ZeroPad.decimal(2026, width: 4) == "2026")
        #expect(ZeroPad.decimal(12_345, width: 4) == "12345")
        #expect(ZeroPad.decimal(0, width: 0) == "0" && ZeroPad.decimal(5, width: -3) == "5")
        #expect(ZeroPad.decimal(-7, width: 2) == "-07")
        #expect(ZeroPad.decimal(.min, width: 2) == "-9223372036854775808")
        let day = try LocalDateTime(year: 2026, month: 3, day: 4, hour: 5)
        #expect(ZeroPad.date(day) == "2026-03-04")
        #expect(ZeroPad.date(day, separator: "") == "20260304")
        var bytes = Array("T".utf8)
        ZeroPad.append(5, width: 2, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "T05")
    }
}
