import Testing
@testable import LockstepCore
@testable import LockstepRunner

@Suite struct CivilPosixTZRuleTests {
    /// The offset changes of `rule` whose instants fall in `year` (UTC), as ISO strings.
    func changes(_ rule: String, year: Int) throws -> [String] {
        let zone = Zone(name: "test", rule: try PosixTZRule(parsing: rule))
        var at = try instant("\(year)-01-01T00:00:00Z")
        let end = try instant("\(year + 1)-01-01T00:00:00Z")
        var result: [String] = []
        for _ in 0..<10 {
            guard let next = zone.nextTransition(after: at), next.instant < end else { break }
            result.append("\(CivilTime.iso8601UTC(next.instant)) \(next.offsetBefore)->\(next.offsetAfter)")
            at = next.instant
        }
        return result
    }

    @Test func parsesFullRule() throws {
        let rule = try PosixTZRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect(rule.standardAbbreviation == "CET")
        #expect(rule.standardOffsetSeconds == 3_600)
        let daylight = try #require(rule.daylight)
        #expect(daylight.abbreviation == "CEST")
        #expect(daylight.offsetSeconds == 7_200)
        #expect(daylight.start == PosixTZRule.Boundary(day: .monthWeekDay(month: 3, week: 5, weekday: 0), timeSeconds: 7_200))
        #expect(daylight.end == PosixTZRule.Boundary(day: .monthWeekDay(month: 10, week: 5, weekday: 0), timeSeconds: 10_800))
        #expect(rule.description == "CET-1CEST,M3.5.0,M10.5.0/3")
    }

    @Test func parsesOffsetsAndQuotedNames() throws {
        let kathmandu = try PosixTZRule(parsing: "<+0545>-5:45")
        #expect(kathmandu.standardAbbreviation == "+0545")
        #expect(kathmandu.standardOffsetSeconds == 20_700)
        #expect(kathmandu.daylight == nil)
        let stJohns = try PosixTZRule(parsing: "NST3:30NDT,M3.2.0,M11.1.0")
        #expect(stJohns.standardOffsetSeconds == -12_600)
        #expect(stJohns.daylight?.offsetSeconds == -9_000)
        let explicit = try PosixTZRule(parsing: "<-04>+4<-03>3,M9.1.6/24,M4.1.6/24")
        #expect(explicit.standardOffsetSeconds == -14_400)
        #expect(explicit.daylight?.abbreviation == "-03")
        #expect(explicit.daylight?.offsetSeconds == -10_800)
        let seconds = try PosixTZRule(parsing: "LMT-0:17:30")
        #expect(seconds.standardOffsetSeconds == 1_050)
        #expect(try PosixTZRule(parsing: "UTC0").standardOffsetSeconds == 0)
    }

    @Test func defaultsToUSRulesWithoutDates() throws {
        #expect(try changes("EST5EDT", year: 2026) == ["2026-03-08T07:00:00Z -18000->-14400", "2026-11-01T06:00:00Z -14400->-18000"])
    }

    /// America/Santiago's rule: transitions at 24:00, i.e. midnight at the end of Saturday.
    @Test func transitionTimeOf24Hours() throws {
        #expect(try changes("<-04>4<-03>,M9.1.6/24,M4.1.6/24", year: 2026)
            == ["2026-04-05T03:00:00Z -10800->-14400", "2026-09-06T04:00:00Z -14400->-10800"])
    }

    /// America/Nuuk's rule: DST starts at -01:00, i.e. 23:00 on the Saturday before.
    @Test func negativeTransitionTime() throws {
        #expect(try changes("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", year: 2026)
            == ["2026-03-29T01:00:00Z -7200->-3600", "2026-10-25T01:00:00Z -3600->-7200"])
    }

    /// Asia/Jerusalem's rule: 26:00 on the fourth Thursday of March is 02:00 on the Friday after.
    @Test func transitionTimeBeyondOneDay() throws {
        #expect(try changes("IST-2IDT,M3.4.4/26,M10.5.0", year: 2026)
            == ["2026-03-27T00:00:00Z 7200->10800", "2026-10-24T23:00:00Z 10800->7200"])
        // 167 hours is the documented maximum: almost a week after the named day.
        let rule = try PosixTZRule(parsing: "AAA0BBB,M3.1.0/167,M10.1.0/-167")
        #expect(rule.daylight?.start.timeSeconds == Int32(167 * 3_600))
        #expect(rule.daylight?.end.timeSeconds == Int32(-167 * 3_600))
    }

    @Test func julianAndZeroBasedDays() throws {
        // J60 is March 1st in every year; zero-based 300 is October 27th in a leap year, 28th otherwise.
        #expect(try changes("AAA0BBB,J60/0,300", year: 2024) == ["2024-03-01T00:00:00Z 0->3600", "2024-10-27T01:00:00Z 3600->0"])
        #expect(try changes("AAA0BBB,J60/0,300", year: 2025) == ["2025-03-01T00:00:00Z 0->3600", "2025-10-28T01:00:00Z 3600->0"])
        // Zero-based 59 is February 29th in a leap year, March 1st otherwise.
        #expect(try changes("AAA0BBB,59/0,J365/0", year: 2024) == ["2024-02-29T00:00:00Z 0->3600", "2024-12-30T23:00:00Z 3600->0"])
        #expect(try changes("AAA0BBB,59/0,J365/0", year: 2025) == ["2025-03-01T00:00:00Z 0->3600", "2025-12-30T23:00:00Z 3600->0"])
    }

    /// `EST5EDT,0/0,J365/25` is the tz database's idiom for "daylight saving time all year".
    @Test func allYearDaylightSaving() throws {
        let zone = Zone(name: "test", rule: try PosixTZRule(parsing: "EST5EDT,0/0,J365/25"))
        for text in ["2026-01-01T05:00:00Z", "2026-01-01T04:59:59Z", "2026-07-01T00:00:00Z", "2026-12-31T23:59:59Z"] {
            #expect(zone.offsetSeconds(at: try instant(text)) == -14_400, "\(text)")
        }
        let unexpected = zone.nextTransition(after: try instant("2026-01-01T00:00:00Z"))
        #expect(unexpected == nil, "\(String(describing: unexpected))")
    }

    /// Europe/Dublin as the tz database writes it (winter as negative DST) has the same offsets
    /// and abbreviations as the summer-DST form in the built-in table; only the DST flag flips.
    @Test func negativeDaylightSaving() throws {
        let vanguard = Zone(name: "vanguard", rule: try PosixTZRule(parsing: "IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(vanguard.rule.standardOffsetSeconds == 3_600)
        #expect(vanguard.rule.daylight?.offsetSeconds == 0)
        let table = try zone("Europe/Dublin")
        var at = try instant("2020-01-01T00:00:00Z")
        for _ in 0..<40 {
            let a = vanguard.nextTransition(after: at)
            let b = table.nextTransition(after: at)
            #expect(a == b)
            guard let next = a else { break }
            #expect(vanguard.abbreviation(at: next.instant) == table.abbreviation(at: next.instant))
            #expect(vanguard.isDaylightSaving(at: next.instant) == !table.isDaylightSaving(at: next.instant))
            at = next.instant
        }
        let summer = try instant("2026-07-01T12:00:00Z")
        #expect(table.isDaylightSaving(at: summer))
        #expect(table.abbreviation(at: summer) == "IST")
        #expect(vanguard.offsetSeconds(at: summer) == 3_600)
        #expect(vanguard.offsetSeconds(at: try instant("2026-01-15T12:00:00Z")) == 0)
    }

    @Test func malformedRulesAreErrors() {
        let cases: [(String, Int, String)] = [
            ("", 0, "expected a standard time name"),
            ("CE-1", 0, "at least 3 letters"),
            ("CET", 3, "expected the standard time offset"),
            ("CET-", 4, "expected the standard time offset in hours"),
            ("CET-25", 4, "hours 25 is outside 0...24"),
            ("CET-1:60", 6, "minutes 60 is outside 0...59"),
            ("<+05-5", 6, "expected \">\""),
            ("<+5>-5", 0, "at least 3 characters"),
            ("CET-1CEST,M3.5.0", 16, "expected \",\" before the daylight saving end date"),
            ("CET-1CEST,M13.5.0,M10.5.0", 11, "month 13 is outside 1...12"),
            ("CET-1CEST,M3.6.0,M10.5.0", 13, "week 6 is outside 1...5"),
            ("CET-1CEST,M3.5.7,M10.5.0", 15, "weekday 7 is outside 0...6"),
            ("CET-1CEST,M3.5,M10.5.0", 14, "expected \".\" after the week"),
            ("CET-1CEST,J0,M10.5.0", 11, "Julian day 0 is outside 1...365"),
            ("CET-1CEST,366,M10.5.0", 10, "day 366 is outside 0...365"),
            ("CET-1CEST,M3.5.0/168,M10.5.0", 17, "hours 168 is outside 0...167"),
            ("CET-1CEST,M3.5.0,M10.5.0x", 24, "unexpected text after the end date"),
            ("CET-1CEST,X,M10.5.0", 10, "expected the daylight saving start date"),
            ("CET-1CÉST", 5, "at least 3 letters"),
        ]
        for (text, offset, fragment) in cases {
            do {
                _ = try PosixTZRule(parsing: text)
                Issue.record("accepted malformed rule \(text)")
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
                #expect(error.message.contains(fragment), "\(text): \(error)")
                #expect(error.rule == text)
                #expect(error.description.contains("\"\(text)\""))
            }
        }
    }
}
