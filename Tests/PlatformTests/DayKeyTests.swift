import Testing
import LockstepCore
@testable import Platform

/// Day keys, calendar stepping and the first instant of a day. Expected instants were computed
/// with Python's zoneinfo (tzdata), independently of the core's POSIX rules.
@Suite struct DayKeyTests {
    func zone(_ name: String) -> Zone { try! Zone.named(name) }
    func key(_ y: Int, _ m: Int, _ d: Int) -> DayKey { DayKey(year: y, month: m, day: d)! }

    @Test func paddedAndUnpaddedForms() {
        #expect(key(2026, 1, 5).padded == "2026-01-05")
        #expect(key(2026, 1, 5).unpadded == "2026-1-5")
        #expect(key(2026, 10, 22).unpadded == "2026-10-22")
        #expect(DayKey.parsePadded("2026-01-05") == key(2026, 1, 5))
        #expect(DayKey.parsePadded("2026-1-5") == nil)
        #expect(DayKey.parsePadded("2026-02-30") == nil)
        #expect(DayKey(year: 2026, month: 13, day: 1) == nil)
    }

    @Test func dayOfYearAndEpochDays() {
        #expect(key(2026, 1, 1).dayOfYear == 1)
        #expect(key(2026, 12, 31).dayOfYear == 365)
        #expect(key(2024, 12, 31).dayOfYear == 366)
        #expect(key(2026, 10, 22).dayOfYear == 295)
        #expect(key(2026, 10, 22).daysSinceEpoch == 20_748)
    }

    @Test func calendarSteppingCrossesMonthsYearsAndLeapDays() {
        #expect(key(2026, 12, 31).adding(days: 1) == key(2027, 1, 1))
        #expect(key(2024, 2, 28).adding(days: 1) == key(2024, 2, 29))
        #expect(key(2026, 3, 1).adding(days: -1) == key(2026, 2, 28))
        #expect(key(2026, 1, 1).days(to: key(2027, 1, 1)) == 365)
    }

    @Test func localDayDependsOnTheZone() {
        // 2026-10-22T20:00Z is the 23rd in Delhi (01:30 IST) and the 22nd in Los Angeles (13:00 PDT).
        let t = Instant(secondsSinceEpoch: 1_792_699_200)
        #expect(DayKey(at: t, in: zone("Asia/Kolkata")) == key(2026, 10, 23))
        #expect(DayKey(at: t, in: zone("America/Los_Angeles")) == key(2026, 10, 22))
        #expect(key(2026, 10, 22).firstInstant(in: zone("Asia/Kolkata")) == Instant(secondsSinceEpoch: 1_792_607_400))
    }

    @Test func dstDaysAre23And25Hours() {
        let la = zone("America/Los_Angeles")
        #expect(key(2026, 3, 8).firstInstant(in: la) == Instant(secondsSinceEpoch: 1_772_956_800))
        #expect(key(2026, 3, 8).length(in: la) == .hours(23))
        #expect(key(2026, 11, 1).firstInstant(in: la) == Instant(secondsSinceEpoch: 1_793_516_400))
        #expect(key(2026, 11, 1).length(in: la) == .hours(25))
        #expect(key(2026, 11, 2).length(in: la) == .hours(24))
        // 23:30 on the 25-hour day: the next midnight is 25.5 h after that day began, not now + 24 h.
        let lateOnFallBack = Instant(secondsSinceEpoch: 1_793_516_400 + 24 * 3_600 + 1_800)
        #expect(DayKey.nextLocalMidnight(after: lateOnFallBack, in: la) == Instant(secondsSinceEpoch: 1_793_606_400))
    }

    @Test func skippedMidnightStartsAtTheEndOfTheGap() {
        // Havana springs forward at 00:00: 2026-03-08 begins at 01:00 CDT (05:00Z), a 23-hour day.
        let havana = zone("America/Havana")
        #expect(key(2026, 3, 8).firstInstant(in: havana) == Instant(secondsSinceEpoch: 1_772_946_000))
        #expect(key(2026, 3, 8).length(in: havana) == .hours(23))
        let evening = Instant(secondsSinceEpoch: 1_772_859_600 + 20 * 3_600)  // 03-07 20:00 CST
        #expect(DayKey.nextLocalMidnight(after: evening, in: havana) == Instant(secondsSinceEpoch: 1_772_946_000))
        // Falls back at 01:00 CDT to 00:00 CST: midnight of 11-01 happens twice; the first counts.
        #expect(key(2026, 11, 1).firstInstant(in: havana) == Instant(secondsSinceEpoch: 1_793_505_600))
        #expect(key(2026, 11, 1).length(in: havana) == .hours(25))
    }
}

/// Streaks over a `DayLog`, in calendar days.
@Suite struct DayKeyStreakTests {
    func key(_ y: Int, _ m: Int, _ d: Int) -> DayKey { DayKey(year: y, month: m, day: d)! }

    @Test func todayDoesNotBreakTheChainUntilItIsOver() {
        let log = DayLog([key(2026, 10, 21), key(2026, 10, 22)])
        #expect(log.currentStreak(asOf: key(2026, 10, 22)) == 2)
        #expect(log.currentStreak(asOf: key(2026, 10, 23)) == 2)  // not read yet today
        #expect(log.currentStreak(asOf: key(2026, 10, 24)) == 0)  // yesterday missed
    }

    @Test func insertIsSortedAndIdempotent() {
        var log = DayLog()
        #expect(log.insert(key(2026, 3, 9)) == .inserted)
        #expect(log.insert(key(2026, 3, 7)) == .inserted)
        #expect(log.insert(key(2026, 3, 9)) == .alreadyPresent)
        #expect(log.insert(key(2026, 3, 8)) == .inserted)
        #expect(log.days.map(\.padded) == ["2026-03-07", "2026-03-08", "2026-03-09"])
        #expect(log.currentStreak(asOf: key(2026, 3, 10)) == 3)
    }

    @Test func longestStreakSurvivesABreak() {
        var days: [DayKey] = (0..<7).map { key(2026, 1, 1).adding(days: $0) }
        days.append(key(2026, 2, 1))
        let log = DayLog(days)
        #expect(log.longestStreak() == 7)
        #expect(log.currentStreak(asOf: key(2026, 2, 2)) == 1)
        #expect(DayLog().longestStreak() == 0)
    }

    @Test func streakAcrossYearEnd() {
        let log = DayLog([key(2025, 12, 30), key(2025, 12, 31), key(2026, 1, 1)])
        #expect(log.currentStreak(asOf: key(2026, 1, 1)) == 3)
    }
}
