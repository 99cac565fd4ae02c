import Testing
@testable import LockstepCore
@testable import LockstepRunner

@Suite struct CivilZoneTests {
    func transition(_ name: String, after text: String) throws -> Zone.Transition {
        try #require(try zone(name).nextTransition(after: try instant(text)))
    }

    @Test func berlinTransitions2026() throws {
        let spring = try transition("Europe/Berlin", after: "2026-01-01T00:00:00Z")
        #expect(spring == Zone.Transition(instant: try instant("2026-03-29T01:00:00Z"), offsetBefore: 3_600, offsetAfter: 7_200))
        let autumn = try transition("Europe/Berlin", after: "2026-03-29T01:00:00Z")
        #expect(autumn == Zone.Transition(instant: try instant("2026-10-25T01:00:00Z"), offsetBefore: 7_200, offsetAfter: 3_600))
        #expect(autumn.description == "2026-10-25T01:00:00Z +02:00 -> +01:00")
        // "After" is strict, down to the nanosecond.
        let justBefore = try instant("2026-03-29T00:59:59.999999999Z")
        #expect(try zone("Europe/Berlin").nextTransition(after: justBefore)?.instant == spring.instant)
    }

    @Test func newYorkTransitions2026() throws {
        let spring = try transition("America/New_York", after: "2026-01-01T00:00:00Z")
        #expect(spring == Zone.Transition(instant: try instant("2026-03-08T07:00:00Z"), offsetBefore: -18_000, offsetAfter: -14_400))
        let autumn = try transition("America/New_York", after: "2026-03-08T07:00:00Z")
        #expect(autumn == Zone.Transition(instant: try instant("2026-11-01T06:00:00Z"), offsetBefore: -14_400, offsetAfter: -18_000))
    }

    @Test func londonSpringForward2026() throws {
        let spring = try transition("Europe/London", after: "2026-01-01T00:00:00Z")
        #expect(spring == Zone.Transition(instant: try instant("2026-03-29T01:00:00Z"), offsetBefore: 0, offsetAfter: 3_600))
        let london = try zone("Europe/London")
        #expect(london.abbreviation(at: try instant("2026-03-29T00:59:59Z")) == "GMT")
        #expect(london.abbreviation(at: try instant("2026-03-29T01:00:00Z")) == "BST")
    }

    @Test func offsetsAroundTransition() throws {
        let berlin = try zone("Europe/Berlin")
        #expect(berlin.offsetSeconds(at: try instant("2026-03-29T00:59:59.999999999Z")) == 3_600)
        #expect(berlin.offsetSeconds(at: try instant("2026-03-29T01:00:00Z")) == 7_200)
        #expect(!berlin.isDaylightSaving(at: try instant("2026-03-29T00:59:59Z")))
        #expect(berlin.isDaylightSaving(at: try instant("2026-03-29T01:00:00Z")))
        #expect(berlin.abbreviation(at: try instant("2026-07-01T00:00:00Z")) == "CEST")
        #expect(berlin.abbreviation(at: try instant("2026-12-01T00:00:00Z")) == "CET")
    }

    @Test func kolkataIsFixed() throws {
        let kolkata = try zone("Asia/Kolkata")
        for month in 1...12 {
            let at = try instant("2026-\(CivilFormat.twoDigits(month))-15T12:00:00Z")
            #expect(kolkata.offsetSeconds(at: at) == 19_800)
            #expect(!kolkata.isDaylightSaving(at: at))
            #expect(kolkata.abbreviation(at: at) == "IST")
        }
        #expect(kolkata.nextTransition(after: try instant("2026-01-01T00:00:00Z")) == nil)
        #expect(kolkata.formatLocal(try instant("2026-01-01T00:00:00Z")) == "2026-01-01T05:30:00+05:30")
        #expect(Zone.utc.nextTransition(after: .epoch) == nil)
    }

    /// Southern hemisphere: daylight saving time spans New Year, ending in April.
    @Test func sydney() throws {
        let sydney = try zone("Australia/Sydney")
        #expect(sydney.offsetSeconds(at: try instant("2026-01-15T00:00:00Z")) == 39_600)
        #expect(sydney.isDaylightSaving(at: try instant("2026-01-15T00:00:00Z")))
        #expect(sydney.offsetSeconds(at: try instant("2026-07-15T00:00:00Z")) == 36_000)
        #expect(sydney.abbreviation(at: try instant("2026-07-15T00:00:00Z")) == "AEST")
        let end = try transition("Australia/Sydney", after: "2026-01-01T00:00:00Z")
        #expect(end == Zone.Transition(instant: try instant("2026-04-04T16:00:00Z"), offsetBefore: 39_600, offsetAfter: 36_000))
        let start = try transition("Australia/Sydney", after: "2026-04-04T16:00:00Z")
        #expect(start == Zone.Transition(instant: try instant("2026-10-03T16:00:00Z"), offsetBefore: 36_000, offsetAfter: 39_600))
        #expect(sydney.formatLocal(try instant("2026-12-31T13:00:00Z")) == "2027-01-01T00:00:00+11:00")
    }

    @Test func namesAndErrors() throws {
        #expect(try zone("UTC") == Zone.utc)
        #expect(try zone("Etc/UTC").offsetSeconds(at: .defaultStart) == 0)
        #expect(try zone("America/St_Johns").name == "America/St_Johns")
        let names = Zone.knownNames
        #expect(names == names.sorted())
        for required in ["UTC", "Etc/UTC", "Europe/London", "Europe/Dublin", "Europe/Berlin", "Europe/Madrid",
                         "Europe/Warsaw", "Europe/Paris", "Europe/Rome", "Europe/Amsterdam", "America/New_York",
                         "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
                         "America/Sao_Paulo", "America/St_Johns", "Pacific/Honolulu", "Asia/Kolkata",
                         "Asia/Kathmandu", "Asia/Tokyo", "Asia/Shanghai", "Asia/Singapore", "Asia/Dubai",
                         "Australia/Sydney", "Australia/Adelaide", "Pacific/Auckland"] {
            #expect(names.contains(required), "\(required)")
        }
        // Every table entry parsed (a bad rule would silently drop out of `zones`).
        #expect(ZoneTable.zones.count == ZoneTable.entries.count)
        #expect(Set(names).count == names.count)
        for name in names { #expect((try? zone(name))?.name == name) }

        #expect(throws: ZoneError.ambiguousAbbreviation("IST", candidates: ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"])) {
            try zone("IST")
        }
        do {
            _ = try zone("IST")
        } catch {
            #expect(error.message.contains("ambiguous"))
            #expect(error.message.contains("Asia/Kolkata, Europe/Dublin or Asia/Jerusalem"))
        }
        for abbreviation in ["EST", "CET", "PST", "BST", "cst", "GMT"] {
            do {
                _ = try zone(abbreviation)
                Issue.record("\(abbreviation) was accepted")
            } catch {
                guard case .ambiguousAbbreviation(_, let candidates) = error else {
                    Issue.record("\(abbreviation): \(error)")
                    continue
                }
                #expect(!candidates.isEmpty)
            }
        }
        // Suggestions must be names that work.
        for entry in ZoneTable.abbreviations {
            for candidate in entry.candidates { #expect(names.contains(candidate), "\(entry.abbreviation) -> \(candidate)") }
        }
        #expect(throws: ZoneError.unknownName("Mars/Olympus_Mons", suggestions: [])) { try zone("Mars/Olympus_Mons") }
        #expect(throws: ZoneError.unknownName("europe/berlin", suggestions: ["Europe/Berlin"])) { try zone("europe/berlin") }
        #expect(throws: ZoneError.self) { try zone("") }
        #expect(ZoneError.unknownName("europe/berlin", suggestions: ["Europe/Berlin"]).message.contains("did you mean Europe/Berlin?"))
    }

    @Test func localDateTimeAndFormatting() throws {
        let berlin = try zone("Europe/Berlin")
        #expect(berlin.localDateTime(try instant("2026-03-29T01:00:00Z")) == (try local(2026, 3, 29, 3)))
        #expect(berlin.localDateTime(try instant("2026-03-29T00:59:59.5Z")) == (try local(2026, 3, 29, 1, 59, 59, nanosecond: 500_000_000)))
        #expect(berlin.formatLocal(try instant("2026-03-29T01:00:00Z")) == "2026-03-29T03:00:00+02:00")
        #expect(berlin.formatLocal(try instant("2026-10-25T00:30:00Z")) == "2026-10-25T02:30:00+02:00")
        #expect(berlin.formatLocal(try instant("2026-10-25T01:30:00.25Z")) == "2026-10-25T02:30:00.25+01:00")
        #expect(try zone("America/St_Johns").formatLocal(try instant("2026-01-01T00:00:00Z")) == "2025-12-31T20:30:00-03:30")
        #expect(try zone("Asia/Kathmandu").formatLocal(try instant("2026-01-01T00:00:00Z")) == "2026-01-01T05:45:00+05:45")
        #expect(Zone.utc.localDateTime(Instant(nanosecondsSinceEpoch: -1)) == (try local(1969, 12, 31, 23, 59, 59, nanosecond: 999_999_999)))
    }

    @Test func offsetStrings() {
        #expect(Zone.offsetString(seconds: 19_800) == "+05:30")
        #expect(Zone.offsetString(seconds: -12_600) == "-03:30")
        #expect(Zone.offsetString(seconds: 0) == "+00:00")
        #expect(Zone.offsetString(seconds: Int32(-36_000)) == "-10:00")
        #expect(Zone.offsetString(seconds: 49_500) == "+13:45")
        #expect(Zone.offsetString(seconds: -1_050) == "-00:17:30")
    }
}
