import Testing
@testable import LockstepCore
@testable import LockstepRunner

@Suite struct CivilCalendarTests {
    @Test func leapYears() {
        #expect(GregorianCalendar.isLeapYear(2000))
        #expect(!GregorianCalendar.isLeapYear(1900))
        #expect(!GregorianCalendar.isLeapYear(2100))
        #expect(GregorianCalendar.isLeapYear(2024))
        #expect(!GregorianCalendar.isLeapYear(2026))
        #expect(GregorianCalendar.daysInMonth(year: 2000, month: 2) == 29)
        #expect(GregorianCalendar.daysInMonth(year: 1900, month: 2) == 28)
        #expect(GregorianCalendar.daysInMonth(year: 2100, month: 2) == 28)
        #expect(GregorianCalendar.daysInMonth(year: 2026, month: 4) == 30)
        #expect(GregorianCalendar.daysInMonth(year: 2026, month: 13) == 0)
    }

    @Test func knownDayCounts() {
        #expect(GregorianCalendar.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
        #expect(GregorianCalendar.daysSinceEpoch(year: 1969, month: 12, day: 31) == -1)
        #expect(GregorianCalendar.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
        #expect(GregorianCalendar.daysSinceEpoch(year: 2026, month: 1, day: 1) == 20_454)  // Instant.defaultStart / 86 400
        #expect(GregorianCalendar.daysSinceEpoch(year: 1900, month: 1, day: 1) == -25_567)
        #expect(GregorianCalendar.daysSinceEpoch(year: 2200, month: 1, day: 1) == 84_006)
    }

    /// Every day from 1600 to 2400 converts to a date and back, and consecutive days are
    /// consecutive dates: catches any off-by-one at month, leap-day, century and era edges.
    @Test func dayCountRoundTrip() {
        let first = GregorianCalendar.daysSinceEpoch(year: 1600, month: 1, day: 1)
        let last = GregorianCalendar.daysSinceEpoch(year: 2400, month: 12, day: 31)
        var previous = GregorianCalendar.date(daysSinceEpoch: first - 1)
        var mismatches = 0
        for days in first...last {
            let date = GregorianCalendar.date(daysSinceEpoch: days)
            if GregorianCalendar.daysSinceEpoch(year: date.year, month: date.month, day: date.day) != days { mismatches += 1 }
            let continues = date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
            let newMonth = date.day == 1 && previous.day == GregorianCalendar.daysInMonth(year: previous.year, month: previous.month)
                && (date.month == previous.month + 1 || (date.month == 1 && previous.month == 12 && date.year == previous.year + 1))
            if !(continues || newMonth) { mismatches += 1 }
            previous = date
        }
        #expect(mismatches == 0)
        #expect(previous == (2400, 12, 31))
    }

    @Test func weekdays() throws {
        #expect(try local(2026, 11, 30).weekday == .monday)
        #expect(try local(1970, 1, 1).weekday == .thursday)
        #expect(try local(2000, 2, 29).weekday == .tuesday)
        #expect(try local(1900, 1, 1).weekday == .monday)
        #expect(try local(2026, 3, 29).weekday == .sunday)
        #expect(try zone("Asia/Tokyo").weekday(at: try instant("2026-11-29T15:00:00Z")) == .monday)
        #expect(try zone("America/New_York").weekday(at: try instant("2026-11-30T03:00:00Z")) == .sunday)
    }

    @Test func weekdayNumberings() {
        #expect(Weekday.sunday.appleNumber == 1)
        #expect(Weekday.sunday.isoNumber == 7)
        #expect(Weekday.monday.appleNumber == 2)
        #expect(Weekday.monday.isoNumber == 1)
        #expect(Weekday.saturday.isoNumber == 6)
        #expect(Weekday(isoNumber: 1) == .monday)
        #expect(Weekday(isoNumber: 7) == .sunday)
        #expect(Weekday(appleNumber: 7) == .saturday)
        #expect(Weekday(isoNumber: 0) == nil)
        #expect(Weekday(appleNumber: 8) == nil)
        for day in Weekday.allCases {
            #expect(Weekday(isoNumber: day.isoNumber) == day)
            #expect(Weekday(appleNumber: day.appleNumber) == day)
        }
        #expect(Weekday.wednesday.description == "Wednesday")
    }

    @Test func localDateTimeValidation() {
        #expect(throws: LocalDateTimeError.self) { try local(2026, 2, 29) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 2, 30) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 4, 31) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 0, 1) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 13, 1) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 1, 0) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 1, 1, 24) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 1, 1, 23, 60) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 1, 1, 23, 59, 60) }
        #expect(throws: LocalDateTimeError.self) { try local(2026, 1, 1, nanosecond: 1_000_000_000) }
        #expect(throws: LocalDateTimeError.self) { try local(-1, 1, 1) }
        #expect(throws: LocalDateTimeError.self) { try local(2262, 1, 1) }
        #expect((try? local(2024, 2, 29)) != nil)
        #expect((try? local(2026, 12, 31, 23, 59, 59, nanosecond: 999_999_999)) != nil)
        do {
            _ = try local(2026, 2, 30)
            Issue.record("February 30th was accepted")
        } catch {
            #expect(error.field == .day)
            #expect(error.message == "day 30 is outside 1...28 for 2026-02")
        }
    }

    @Test func localDateTimeDescriptionAndOrder() throws {
        #expect(try local(2026, 3, 29, 3).description == "2026-03-29T03:00:00")
        #expect(try local(2026, 3, 29, 3, 4, 5, nanosecond: 500_000_000).description == "2026-03-29T03:04:05.5")
        #expect(try local(2026, 3, 29, 3, 4, 5, nanosecond: 1).description == "2026-03-29T03:04:05.000000001")
        #expect(try local(1999, 12, 31, 23, 59, 59) < local(2000, 1, 1))
        #expect(try local(2026, 3, 29, 2, 30) < local(2026, 3, 29, 2, 30, nanosecond: 1))
        #expect(try local(2026, 3, 29, 2, 30) > local(2026, 3, 28, 23, 59))
        #expect(try local(2026, 3, 29, 2, 30) == local(2026, 3, 29, 2, 30))
    }
}
