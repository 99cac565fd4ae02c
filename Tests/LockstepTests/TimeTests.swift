import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Parses a scenario time token with the real lexer rules.
private func parseTime(_ text: String) -> Result<TimeSpec, Lexer.Problem> {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { p in
        do throws(Lexer.Problem) { return .success(try TimeSyntax.parse(p, 0, p.count)) } catch { return .failure(error) }
    }
}

private func nanos(_ text: String) -> Int64? {
    guard case .success(let spec) = parseTime(text) else { return nil }
    switch spec {
    case .sinceStart(let d), .sincePrevious(let d): return d.nanoseconds
    case .absolute(let t): return t.nanosecondsSinceEpoch
    }
}

@Suite("Duration and Instant")
struct TimeDurationTests {
    @Test("checked multiplication and addition give nil exactly where Int64 nanoseconds overflow")
    func checkedArithmetic() {
        typealias D = LockstepCore.Duration
        let maxNs = Int64.max
        #expect(D.milliseconds(33).multiplied(by: 3) == .milliseconds(99))
        #expect(D.hours(1).multiplied(by: -2) == .hours(-2))
        // 2^63 - 1 ns is 292.47 years: 292 years of 365.25 days fit, 293 do not.
        #expect(D.days(365).multiplied(by: 292) != nil)
        #expect(D.days(366).multiplied(by: 293) == nil)
        #expect(D(nanoseconds: maxNs).multiplied(by: 1) == D(nanoseconds: maxNs))
        #expect(D(nanoseconds: maxNs).multiplied(by: 2) == nil)
        #expect(D(nanoseconds: .min).multiplied(by: -1) == nil)  // -(-2^63) does not fit
        #expect(D(nanoseconds: 1 << 31).multiplied(by: 1 << 31) == D(nanoseconds: 1 << 62))  // 2^62 fits
        #expect(D(nanoseconds: 1 << 32).multiplied(by: 1 << 31) == nil)  // 2^63 is one past Int64.max
        #expect(D(nanoseconds: 1 << 32).multiplied(by: 1 << 32) == nil)
        #expect(D(nanoseconds: maxNs - 1).adding(.init(nanoseconds: 1)) == D(nanoseconds: maxNs))
        #expect(D(nanoseconds: maxNs).adding(.init(nanoseconds: 1)) == nil)
        #expect(D(nanoseconds: .min).adding(.init(nanoseconds: -1)) == nil)
        #expect(D.seconds(-5).adding(.seconds(2)) == .seconds(-3))
    }

    @Test("unit constructors and arithmetic are exact integers")
    func arithmetic() {
        #expect(LockstepCore.Duration.seconds(1).nanoseconds == 1_000_000_000)
        #expect(LockstepCore.Duration.milliseconds(250).nanoseconds == 250_000_000)
        #expect(LockstepCore.Duration.microseconds(3).nanoseconds == 3_000)
        #expect(LockstepCore.Duration.minutes(15) == .seconds(900))
        #expect(LockstepCore.Duration.hours(2) + .minutes(30) == .seconds(9_000))
        #expect(LockstepCore.Duration.days(1) == .hours(24))
        #expect(LockstepCore.Duration.seconds(5) - .milliseconds(5_500) == .milliseconds(-500))
        #expect(-LockstepCore.Duration.seconds(2) == .seconds(-2))
        #expect(LockstepCore.Duration.milliseconds(33) * 3 == .milliseconds(99))
        #expect(LockstepCore.Duration.milliseconds(-1_500).wholeSeconds == -1)  // toward zero
        #expect(LockstepCore.Duration.seconds(1) < .milliseconds(1_001))
        let t = Instant.defaultStart + .seconds(90)
        #expect(t - Instant.defaultStart == .seconds(90))
        #expect(t - .seconds(90) == .defaultStart)
        // 2026-01-01T00:00:00Z is 1767225600 s after the epoch (calendar.timegm).
        #expect(Instant.defaultStart.nanosecondsSinceEpoch == 1_767_225_600_000_000_000)
        #expect(Instant(nanosecondsSinceEpoch: -1).secondsSinceEpochFloor == -1)
        #expect(Instant(nanosecondsSinceEpoch: -1_000_000_000).secondsSinceEpochFloor == -1)
        #expect(Instant(nanosecondsSinceEpoch: 1_999_999_999).secondsSinceEpochFloor == 1)
    }

    @Test("formatSeconds prints nine decimals exactly, with a sign for negative values",
          arguments: [
            (Int64(0), "0.000000000"),
            (1, "0.000000001"),
            (-1, "-0.000000001"),
            (12_500_000_000, "12.500000000"),
            (-1_500_000_000, "-1.500000000"),
            (-999_999_999, "-0.999999999"),
            (86_400_000_000_000, "86400.000000000"),
            (Int64.max, "9223372036.854775807"),
            (Int64.min, "-9223372036.854775808"),
          ])
    func formatSeconds(ns: Int64, text: String) {
        #expect(LockstepCore.Duration.formatSeconds(ns) == text)
        #expect(LockstepCore.Duration(nanoseconds: ns).description == text)
    }

    @Test("appendDecimal writes integers including the extremes")
    func decimals() {
        var out: [UInt8] = []
        appendDecimal(Int64.min, to: &out)
        out.append(32)
        appendDecimal(UInt64.max, to: &out)
        out.append(32)
        appendDecimal(Int64(0), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "-9223372036854775808 18446744073709551615 0")
    }
}

@Suite("Scenario time syntax")
struct TimeSyntaxTests {
    @Test("exact values", arguments: [
        ("12.5", Int64(12_500_000_000)),
        ("+0.033", 33_000_000),
        ("+15m", 900_000_000_000),
        ("+2h30m", 9_000_000_000_000),
        ("+1d", 86_400_000_000_000),
        ("250ms", 250_000_000),
        ("1.5h", 5_400_000_000_000),
        ("0", 0),
        ("90s", 90_000_000_000),
        ("1h0m0.000000001s", 3_600_000_000_001),
        ("0.000000001", 1),
        ("+1ms500us", 1_500_000),
        ("7ns", 7),
        ("0.1", 100_000_000),
        ("11.2", 11_200_000_000),
    ])
    func exact(text: String, expected: Int64) {
        #expect(nanos(text) == expected, "\(text)")
    }

    @Test("the kind of time: since start, since previous, absolute")
    func kinds() throws {
        #expect(try parseTime("12.5").get() == .sinceStart(.milliseconds(12_500)))
        #expect(try parseTime("+0.033").get() == .sincePrevious(.milliseconds(33)))
        // 2026-03-14T10:00:00Z = 1773482400 s; +01:00 is one hour earlier in UTC.
        #expect(try parseTime("@2026-03-14T10:00:00Z").get() == .absolute(Instant(secondsSinceEpoch: 1_773_482_400)))
        #expect(try parseTime("@2026-03-14T11:00:00+01:00").get() == .absolute(Instant(secondsSinceEpoch: 1_773_482_400)))
    }

    @Test("11.2 minus 10.0 is exactly 1.2 s in nanoseconds (unlike Double)")
    func noFloatingPoint() throws {
        let a = try #require(nanos("11.2")), b = try #require(nanos("10.0"))
        #expect(a - b == 1_200_000_000)
        #expect(11.2 - 10.0 != 1.2)  // why times are never Double
    }

    @Test("malformed times are errors with a message, never a rounding", arguments: [
        ("0.0000000001", "finer than one nanosecond"),
        ("+30m2h", "largest to smallest"),
        ("+1h1h", "largest to smallest"),
        ("+", "missing time"),
        ("1.", "digits must follow"),
        ("1h30", "needs a unit"),
        ("5x", "unknown unit"),
        ("1e5", "unknown unit"),
        ("99999999999999999999", "out of range"),
        ("999999999d", "out of range"),
        ("@2026-13-01T00:00:00Z", "month 13"),
    ])
    func malformed(text: String, fragment: String) {
        switch parseTime(text) {
        case .success(let spec): Issue.record("'\(text)' parsed as \(spec)")
        case .failure(let problem):
            #expect(problem.message.contains(fragment), "'\(text)': \(problem.message)")
            #expect(problem.at >= 0 && problem.at <= text.utf8.count)
        }
    }
}
