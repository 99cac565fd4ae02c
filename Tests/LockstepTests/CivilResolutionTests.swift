import Testing
@testable import LockstepCore
@testable import LockstepRunner

@Suite struct CivilResolutionTests {
    @Test func springForwardGapResolvesToEndOfGap() throws {
        let berlin = try zone("Europe/Berlin")
        let requested = try local(2026, 3, 29, 2, 30)
        let resolution = berlin.resolve(requested)
        #expect(resolution.instant == (try instant("2026-03-29T01:00:00Z")))
        #expect(resolution.outcome == .skippedGap(requested: requested))
        #expect(berlin.localDateTime(resolution.instant) == (try local(2026, 3, 29, 3)))
        // The gap is [02:00, 03:00): its first and last nanosecond also skip, its ends do not.
        #expect(berlin.resolve(try local(2026, 3, 29, 2)).outcome == .skippedGap(requested: try local(2026, 3, 29, 2)))
        #expect(berlin.resolve(try local(2026, 3, 29, 2, 59, 59, nanosecond: 999_999_999)).instant == (try instant("2026-03-29T01:00:00Z")))
        #expect(berlin.resolve(try local(2026, 3, 29, 1, 59, 59)) == LocalResolution(instant: try instant("2026-03-29T00:59:59Z"), outcome: .exact))
        #expect(berlin.resolve(try local(2026, 3, 29, 3)) == LocalResolution(instant: try instant("2026-03-29T01:00:00Z"), outcome: .exact))
        // Same policy in the western hemisphere: New York 02:30 on spring-forward day is 03:00 EDT.
        let newYork = try zone("America/New_York")
        #expect(newYork.instant(for: try local(2026, 3, 8, 2, 30)) == (try instant("2026-03-08T07:00:00Z")))
    }

    @Test func fallBackRepeatedHour() throws {
        let berlin = try zone("Europe/Berlin")
        let wall = try local(2026, 10, 25, 2, 30)
        let first = berlin.resolve(wall)
        #expect(first == LocalResolution(instant: try instant("2026-10-25T00:30:00Z"), outcome: .repeated(occurrence: .first)))
        let second = berlin.resolve(wall, repeated: .second)
        #expect(second == LocalResolution(instant: try instant("2026-10-25T01:30:00Z"), outcome: .repeated(occurrence: .second)))
        #expect(berlin.formatLocal(first.instant) == "2026-10-25T02:30:00+02:00")
        #expect(berlin.formatLocal(second.instant) == "2026-10-25T02:30:00+01:00")
        // 03:00 happens once (the clock goes 02:59:59 CEST -> 02:00:00 CET), 02:00 twice.
        #expect(berlin.resolve(try local(2026, 10, 25, 3)).outcome == .exact)
        #expect(berlin.resolve(try local(2026, 10, 25, 2)).outcome == .repeated(occurrence: .first))
        #expect(berlin.resolve(try local(2026, 10, 25, 1, 59, 59)).outcome == .exact)
        #expect(try zone("America/New_York").instant(for: try local(2026, 11, 1, 1, 30), repeated: .second)
            == (try instant("2026-11-01T06:30:00Z")))
    }

    /// Every instant maps to a wall time that maps back to it (under the right occurrence), and
    /// never into a gap: thousands of instants across several years and zones.
    @Test func instantLocalInstantRoundTrip() throws {
        let zones = try ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Pacific/Chatham", "Asia/Jerusalem",
                         "America/Havana", "America/St_Johns", "Asia/Kolkata", "Europe/Dublin"].map(zone)
        var at = try instant("2019-12-31T00:00:00.123Z")
        var failures = 0
        var repeatedSeen = 0
        for _ in 0..<30_000 {
            for zone in zones {
                let wall = zone.localDateTime(at)
                let resolution = zone.resolve(wall)
                switch resolution.outcome {
                case .exact:
                    if resolution.instant != at { failures += 1 }
                case .repeated:
                    repeatedSeen += 1
                    if resolution.instant != at && zone.instant(for: wall, repeated: .second) != at { failures += 1 }
                case .skippedGap:
                    failures += 1
                }
            }
            at = at + .seconds(10_531)  // about 3 h, not a divisor of a day, so wall times drift
        }
        #expect(failures == 0)
        #expect(repeatedSeen > 0)
    }

    @Test func startOfDay() throws {
        let berlin = try zone("Europe/Berlin")
        #expect(berlin.startOfDay(containing: try instant("2026-03-29T12:00:00Z")) == (try instant("2026-03-28T23:00:00Z")))
        #expect(berlin.startOfDay(containing: try instant("2026-03-28T23:00:00Z")) == (try instant("2026-03-28T23:00:00Z")))
        #expect(berlin.startOfDay(containing: try instant("2026-03-28T22:59:59Z")) == (try instant("2026-03-27T23:00:00Z")))
        // Havana springs forward at midnight, so that day starts at 01:00 CDT; it falls back at
        // 01:00 CDT, so midnight of November 1st happens twice and the first one counts.
        let havana = try zone("America/Havana")
        #expect(havana.startOfDay(containing: try instant("2026-03-08T18:00:00Z")) == (try instant("2026-03-08T05:00:00Z")))
        #expect(havana.localDateTime(try instant("2026-03-08T05:00:00Z")) == (try local(2026, 3, 8, 1)))
        #expect(havana.startOfDay(containing: try instant("2026-11-01T18:00:00Z")) == (try instant("2026-11-01T04:00:00Z")))
    }

    @Test func addingDays() throws {
        let berlin = try zone("Europe/Berlin")
        // 08:00 CET + 1 day = 08:00 CEST: 23 hours later, not 24.
        let saturday = try instant("2026-03-28T07:00:00Z")
        #expect(berlin.adding(days: 1, to: saturday) == (try instant("2026-03-29T06:00:00Z")))
        #expect(berlin.adding(days: -1, to: try instant("2026-03-29T06:00:00Z")) == saturday)
        #expect(berlin.adding(days: 0, to: saturday) == saturday)
        #expect(berlin.adding(days: 365, to: saturday) == (try instant("2027-03-28T06:00:00Z")))
        // 02:30 + 1 day lands in the gap and moves to its end.
        #expect(berlin.adding(days: 1, to: try instant("2026-03-28T01:30:00Z")) == (try instant("2026-03-29T01:00:00Z")))
        // Into the repeated hour: the policy picks the occurrence.
        let before = try instant("2026-10-24T00:30:00Z")  // 02:30 CEST
        #expect(berlin.adding(days: 1, to: before) == (try instant("2026-10-25T00:30:00Z")))
        #expect(berlin.adding(days: 1, to: before, repeated: .second) == (try instant("2026-10-25T01:30:00Z")))
        // Absurd steps clamp instead of overflowing.
        _ = berlin.adding(days: .max, to: saturday)
        _ = berlin.adding(days: .min, to: saturday)
    }

    @Test func addingMonths() throws {
        let berlin = try zone("Europe/Berlin")
        let january31 = try instant("2026-01-31T09:00:00Z")  // 10:00 CET
        #expect(berlin.adding(months: 1, to: january31) == (try instant("2026-02-28T09:00:00Z")))
        #expect(berlin.adding(months: 2, to: january31) == (try instant("2026-03-31T08:00:00Z")))  // now CEST
        #expect(berlin.adding(months: 3, to: january31) == (try instant("2026-04-30T08:00:00Z")))
        #expect(berlin.adding(months: 12, to: january31) == (try instant("2027-01-31T09:00:00Z")))
        #expect(berlin.adding(months: -2, to: january31) == (try instant("2025-11-30T09:00:00Z")))
        #expect(berlin.adding(months: -13, to: january31) == (try instant("2024-12-31T09:00:00Z")))
        #expect(berlin.adding(months: 1, to: try instant("2024-01-31T09:00:00Z")) == (try instant("2024-02-29T09:00:00Z")))
        #expect(berlin.adding(months: 0, to: january31) == january31)
        _ = berlin.adding(months: .max, to: january31)
        _ = berlin.adding(months: .min, to: january31)
    }

    @Test func dailyAlarmAcrossSpringForwardStaysAtEightLocal() throws {
        let berlin = try zone("Europe/Berlin")
        var at = try instant("2026-03-26T12:00:00Z")
        var fired: [String] = []
        for _ in 0..<5 {
            let next = try #require(berlin.nextMatch(after: at, hour: 8, minute: 0))
            fired.append(berlin.formatLocal(next))
            at = next
        }
        #expect(fired == ["2026-03-27T08:00:00+01:00", "2026-03-28T08:00:00+01:00", "2026-03-29T08:00:00+02:00",
                          "2026-03-30T08:00:00+02:00", "2026-03-31T08:00:00+02:00"])
    }

    @Test func alarmInGapFiresAtEndOfGap() throws {
        let berlin = try zone("Europe/Berlin")
        let first = try #require(berlin.nextMatch(after: try instant("2026-03-28T12:00:00Z"), hour: 2, minute: 30))
        #expect(first == (try instant("2026-03-29T01:00:00Z")))
        #expect(berlin.formatLocal(first) == "2026-03-29T03:00:00+02:00")
        let second = try #require(berlin.nextMatch(after: first, hour: 2, minute: 30))
        #expect(berlin.formatLocal(second) == "2026-03-30T02:30:00+02:00")
    }

    @Test func alarmInRepeatedHourFiresOnce() throws {
        let berlin = try zone("Europe/Berlin")
        let first = try #require(berlin.nextMatch(after: try instant("2026-10-24T12:00:00Z"), hour: 2, minute: 30))
        #expect(first == (try instant("2026-10-25T00:30:00Z")))
        // After the first 02:30 the second one (01:30Z) must not fire; the next is on the 26th.
        let next = try #require(berlin.nextMatch(after: first, hour: 2, minute: 30))
        #expect(next == (try instant("2026-10-26T01:30:00Z")))
        // Starting between the two occurrences also skips the second.
        let between = try instant("2026-10-25T01:00:00Z")
        #expect(berlin.nextMatch(after: between, hour: 2, minute: 30) == next)
    }

    @Test func nextMatchFilters() throws {
        let berlin = try zone("Europe/Berlin")
        let start = try instant("2026-01-01T00:00:00Z")  // Thursday 01:00 CET
        #expect(berlin.nextMatch(after: start, hour: 9, minute: 15, weekday: .monday).map(berlin.formatLocal)
            == "2026-01-05T09:15:00+01:00")
        #expect(berlin.nextMatch(after: start, hour: 0, minute: 0, day: 1).map(berlin.formatLocal) == "2026-02-01T00:00:00+01:00")
        #expect(berlin.nextMatch(after: start, hour: 1, minute: 0, second: 1).map(berlin.formatLocal) == "2026-01-01T01:00:01+01:00")
        #expect(berlin.nextMatch(after: start, hour: 1, minute: 0).map(berlin.formatLocal) == "2026-01-02T01:00:00+01:00")
        #expect(berlin.nextMatch(after: start, hour: 12, minute: 0, day: 31, month: 4) == nil)  // April 31st
        #expect(berlin.nextMatch(after: start, hour: 12, minute: 0, day: 29, month: 2).map(berlin.formatLocal)
            == "2028-02-29T12:00:00+01:00")
        #expect(berlin.nextMatch(after: start, hour: 12, minute: 0, weekday: .friday, day: 13).map(berlin.formatLocal)
            == "2026-02-13T12:00:00+01:00")
        #expect(berlin.nextMatch(after: start, hour: 24, minute: 0) == nil)
        #expect(berlin.nextMatch(after: start, hour: 0, minute: 60) == nil)
        #expect(berlin.nextMatch(after: start, hour: 0, minute: 0, month: 13) == nil)
        // A match beyond Instant.supportedRange is not returned.
        #expect(Zone.utc.nextMatch(after: try instant("2199-12-31T12:00:00Z"), hour: 0, minute: 0, day: 2) == nil)
        // Leap day after the 2096 one is 2104: still within the eight-year horizon.
        #expect(Zone.utc.nextMatch(after: try instant("2096-03-01T00:00:00Z"), hour: 0, minute: 0, day: 29, month: 2)
            == (try instant("2104-02-29T00:00:00Z")))
    }
}
