import Testing
@testable import LockstepCore
@testable import LockstepRunner

@Suite struct CivilISO8601Tests {
    func parse(_ text: String, requireUTC: Bool = false) -> Result<Instant, ISO8601Error> {
        CivilTime.parseISO8601(Substring(text), requireUTC: requireUTC)
    }

    func failure(_ text: String, requireUTC: Bool = false) -> ISO8601Error? {
        if case .failure(let error) = parse(text, requireUTC: requireUTC) { return error }
        return nil
    }

    @Test func formatting() throws {
        #expect(CivilTime.iso8601UTC(.epoch) == "1970-01-01T00:00:00Z")
        #expect(CivilTime.iso8601UTC(.defaultStart) == "2026-01-01T00:00:00Z")
        #expect(CivilTime.iso8601UTC(Instant(secondsSinceEpoch: 1_774_746_000)) == "2026-03-29T01:00:00Z")
        #expect(CivilTime.iso8601UTC(.defaultStart + .milliseconds(500)) == "2026-01-01T00:00:00.5Z")
        #expect(CivilTime.iso8601UTC(.defaultStart + .microseconds(1_230)) == "2026-01-01T00:00:00.00123Z")
        #expect(CivilTime.iso8601UTC(.defaultStart + .nanoseconds(1)) == "2026-01-01T00:00:00.000000001Z")
        #expect(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: -1)) == "1969-12-31T23:59:59.999999999Z")
        #expect(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: Instant.supportedRange.lowerBound)) == "1900-01-01T00:00:00Z")
        #expect(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: Instant.supportedRange.upperBound)) == "2200-01-01T00:00:00Z")
        #expect(Instant.defaultStart.description == "2026-01-01T00:00:00Z")
        // The ends of Int64 still format (Instant.description must never trap).
        #expect(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: .min)) == "1677-09-21T00:12:43.145224192Z")
        #expect(CivilTime.iso8601UTC(Instant(nanosecondsSinceEpoch: .max)) == "2262-04-11T23:47:16.854775807Z")
        #expect(Zone.utc.formatLocal(Instant(nanosecondsSinceEpoch: .min)) == "1677-09-21T00:12:43.145224192+00:00")
        #expect(try Zone.named("Pacific/Auckland").formatLocal(Instant(nanosecondsSinceEpoch: .max)).hasPrefix("2262-04-12T11:47:16"))
    }

    @Test func parsingValidTimestamps() {
        #expect(parse("2026-01-01T00:00:00Z") == .success(.defaultStart))
        #expect(parse("2026-01-01T00:00:00Z", requireUTC: true) == .success(.defaultStart))
        #expect(parse("2026-01-01T02:00:00+02:00") == .success(.defaultStart))
        #expect(parse("2025-12-31T20:30:00-03:30") == .success(.defaultStart))
        #expect(parse("2026-01-01T00:00:00-00:00") == .success(.defaultStart))
        #expect(parse("2026-01-01T00:00:00.5Z") == .success(.defaultStart + .milliseconds(500)))
        #expect(parse("2026-01-01T00:00:00.123456789Z") == .success(.defaultStart + .nanoseconds(123_456_789)))
        #expect(parse("2026-01-01T00:00:00.000000001Z") == .success(.defaultStart + .nanoseconds(1)))
        #expect(parse("2024-02-29T12:00:00Z") == .success(Instant(secondsSinceEpoch: 1_709_208_000)))
        #expect(parse("1900-01-01T00:00:00Z") == .success(Instant(nanosecondsSinceEpoch: Instant.supportedRange.lowerBound)))
        #expect(parse("2200-01-01T00:00:00Z") == .success(Instant(nanosecondsSinceEpoch: Instant.supportedRange.upperBound)))
        // Offsets are relative to the substring, and a substring of a larger line works.
        let line = "at @2026-01-01T00:00:00Z do"
        let start = line.index(line.startIndex, offsetBy: 4)
        let end = line.index(start, offsetBy: 20)
        #expect(CivilTime.parseISO8601(line[start..<end], requireUTC: true) == .success(.defaultStart))
    }

    @Test func errorsPointAtTheProblem() {
        let cases: [(String, Int, String)] = [
            ("", 0, "expected a 4-digit year (the text ended)"),
            ("26-01-01T00:00:00Z", 2, "expected a 4-digit year"),
            ("2026/01/01T00:00:00Z", 4, "expected \"-\" after the year"),
            ("2026-13-01T00:00:00Z", 5, "month 13 is outside 01...12"),
            ("2026-00-01T00:00:00Z", 5, "month 0 is outside"),
            ("2026-02-29T00:00:00Z", 8, "day 29 is outside 01...28 for 2026-02"),
            ("2026-04-31T00:00:00Z", 8, "day 31 is outside 01...30"),
            ("2026-01-01 00:00:00Z", 10, "expected \"T\""),
            ("2026-01-01t00:00:00Z", 10, "expected \"T\""),
            ("2026-01-01T24:00:00Z", 11, "hour 24 is outside 00...23"),
            ("2026-01-01T00:60:00Z", 14, "minute 60 is outside"),
            ("2026-01-01T00:00:60Z", 17, "no leap seconds"),
            ("2026-01-01T00:00Z", 16, "expected \":\" and 2-digit seconds"),
            ("2026-01-01T00:00:00", 19, "expected \"Z\" or an offset"),
            ("2026-01-01T00:00:00z", 19, "expected \"Z\" or an offset"),
            ("2026-01-01T00:00:00.Z", 20, "1 to 9 fraction digits"),
            ("2026-01-01T00:00:00.1234567891Z", 29, "at most 9 fraction digits"),
            ("2026-01-01T00:00:00ZZ", 20, "unexpected text after the timestamp"),
            ("2026-01-01T00:00:00+2:00", 21, "2-digit offset hours"),
            ("2026-01-01T00:00:00+24:00", 20, "offset hours 24"),
            ("2026-01-01T00:00:00+02:60", 23, "offset minutes 60"),
            ("2026-01-01T00:00:00+0200", 22, "\":\" in the offset"),
            ("2026-01-01T00:00:00Ω", 19, "expected \"Z\""),
            ("1899-12-31T23:59:59Z", 0, "outside the supported range 1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z"),
            ("1900-01-01T00:59:59+01:00", 0, "outside the supported range"),
            ("2200-01-01T00:00:00.000000001Z", 0, "outside the supported range"),
            ("9999-12-31T23:59:59Z", 0, "outside the supported range"),
        ]
        for (text, offset, fragment) in cases {
            guard let error = failure(text) else {
                Issue.record("accepted \(text)")
                continue
            }
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.message.contains(fragment), "\(text): \(error)")
        }
    }

    @Test func requireUTCRejectsOffsets() throws {
        let error = try #require(failure("2026-01-01T02:00:00+02:00", requireUTC: true))
        #expect(error.offset == 19)
        #expect(error.message.contains("UTC"))
        #expect(error.message.contains("Z"))
        #expect(failure("2026-01-01T00:00:00+00:00", requireUTC: true)?.offset == 19)
        #expect(failure("2026-01-01T00:00:00", requireUTC: true)?.message.contains("must be UTC") == true)
    }

    @Test func formatParseRoundTrip() {
        var nanoseconds = Instant.supportedRange.lowerBound
        let step: Int64 = 9_876_543_210_987_654  // ~114 days plus a ragged fraction
        var failures = 0
        var count = 0
        while nanoseconds <= Instant.supportedRange.upperBound && count < 2_000 {
            let value = Instant(nanosecondsSinceEpoch: nanoseconds)
            if parse(CivilTime.iso8601UTC(value)) != .success(value) { failures += 1 }
            nanoseconds += step
            count += 1
        }
        #expect(failures == 0)
        #expect(count > 900)
    }
}
