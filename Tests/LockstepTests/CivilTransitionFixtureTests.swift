import Foundation
import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// Cross-checks the built-in zones against `Resources/civil/transitions.txt`, which
/// `make_transitions.py` generated from the system tz database with Python's zoneinfo: an
/// implementation that shares no code or data with Lockstep's.
@Suite struct CivilTransitionFixtureTests {
    struct ZoneLine {
        var name: String
        var initialOffset: Int32
        var initialAbbreviation: String
        var footer: String
        var transitions: [(instant: String, before: Int32, after: Int32, abbreviation: String)] = []
    }

    static let fixtureURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/civil/transitions.txt")
    static let from = "2020-01-01T00:00:00Z"
    static let until = "2036-01-01T00:00:00Z"

    func loadFixture() throws -> [ZoneLine] {
        let text = try String(contentsOf: Self.fixtureURL, encoding: .utf8)
        var zones: [ZoneLine] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "zone":
                try #require(fields.count == 5, "\(line)")
                zones.append(ZoneLine(name: fields[1], initialOffset: try #require(Int32(fields[2])),
                                      initialAbbreviation: fields[3], footer: fields[4]))
            case "transition":
                try #require(fields.count == 6 && zones.last?.name == fields[1], "\(line)")
                zones[zones.count - 1].transitions.append((fields[2], try #require(Int32(fields[3])),
                                                           try #require(Int32(fields[4])), fields[5]))
            default:
                Issue.record("unexpected fixture line: \(line)")
            }
        }
        return zones
    }

    /// Every offset change of `zone` in [from, until), formatted like the fixture.
    func transitions(of zone: Zone) throws -> [String] {
        var at = try instant(Self.from) - .nanoseconds(1)  // a change exactly at `from` counts
        let end = try instant(Self.until)
        var result: [String] = []
        for _ in 0..<100 {
            guard let next = zone.nextTransition(after: at), next.instant < end else { break }
            #expect(zone.offsetSeconds(at: next.instant - .nanoseconds(1)) == next.offsetBefore)
            #expect(zone.offsetSeconds(at: next.instant) == next.offsetAfter)
            result.append("\(CivilTime.iso8601UTC(next.instant)) \(next.offsetBefore) \(next.offsetAfter) \(zone.abbreviation(at: next.instant))")
            at = next.instant
        }
        return result
    }

    @Test func fixtureCoversExactlyTheBuiltInZones() throws {
        let names = try loadFixture().map(\.name)
        #expect(names.sorted() == Zone.knownNames)
    }

    @Test func builtInZonesMatchTheTzDatabase() throws {
        let fixture = try loadFixture()
        #expect(fixture.count == Zone.knownNames.count)
        var transitionCount = 0
        for expected in fixture {
            let zone = try zone(expected.name)
            let start = try instant(Self.from)
            #expect(zone.offsetSeconds(at: start) == expected.initialOffset, "\(expected.name)")
            #expect(zone.abbreviation(at: start) == expected.initialAbbreviation, "\(expected.name)")
            let want = expected.transitions.map { "\($0.instant) \($0.before) \($0.after) \($0.abbreviation)" }
            #expect(try transitions(of: zone) == want, "\(expected.name)")
            transitionCount += want.count
        }
        #expect(transitionCount > 500)  // the fixture is not accidentally empty
    }

    /// The tz database's own footer rule, parsed by `PosixTZRule`, gives the same transitions.
    /// This exercises spellings the table avoids, e.g. Dublin's negative DST.
    @Test func tzDatabaseFooterRulesParseAndMatch() throws {
        for expected in try loadFixture() {
            let rule = try PosixTZRule(parsing: expected.footer)
            let want = expected.transitions.map { "\($0.instant) \($0.before) \($0.after) \($0.abbreviation)" }
            #expect(try transitions(of: Zone(name: expected.name, rule: rule)) == want, "\(expected.name) \(expected.footer)")
        }
    }
}
