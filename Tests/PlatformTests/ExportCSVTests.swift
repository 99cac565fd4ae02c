import LockstepCore
import Platform
import Testing

// Epoch seconds worked out apart from the code (Python `calendar.timegm`):
// 2026-10-01T08:00:00Z = 1790841600, 08:05:00Z = 1790841900, 20:00:00Z = 1790884800.
private let scheduled = Instant(secondsSinceEpoch: 1_790_841_600)
private let logged = Instant(secondsSinceEpoch: 1_790_841_900)
private let evening = Instant(secondsSinceEpoch: 1_790_884_800)

@Suite struct ExportCSVTests {
    /// The pillTracker note's known rows for a medication named `Vitamin "D"`.
    @Test func pillTrackerKnownRows() throws {
        var csv = try CSVWriter(header: ["medication", "scheduled_at", "logged_at", "status"])
        try csv.append([.quoted("Vitamin \"D\""), .instant(scheduled), .instant(logged), .bare("taken")])
        try csv.append([.quoted("Vitamin \"D\""), .instant(evening), .empty, .bare("missed")])
        #expect(csv.text == #"""
            medication,scheduled_at,logged_at,status
            "Vitamin ""D""",2026-10-01T08:00:00Z,2026-10-01T08:05:00Z,taken
            "Vitamin ""D""",2026-10-01T20:00:00Z,,missed
            """#)
        // "\n" joins, no trailing newline, no CR.
        #expect(csv.bytes.last != 10)
        #expect(!csv.bytes.contains(13))
    }

    /// Commas and newlines inside a name survive in the quotes; an empty table is the header alone.
    @Test func quotingAndEmpty() throws {
        var csv = try CSVWriter(header: ["name"])
        #expect(csv.text == "name")
        try csv.append([.quoted("a,b\nc")])
        #expect(csv.text == "name\n\"a,b\nc\"")
    }

    /// `.iso8601` drops fractional seconds: 1790000000.75 → 2026-09-21T14:13:20Z (the note's
    /// observation); a negative fraction truncates toward the past.
    @Test func instantsTruncateToTheSecond() {
        #expect(CSVWriter.iso8601Seconds(Instant(nanosecondsSinceEpoch: 1_790_000_000_750_000_000)) == "2026-09-21T14:13:20Z")
        #expect(CSVWriter.iso8601Seconds(Instant(nanosecondsSinceEpoch: -500_000_000)) == "1969-12-31T23:59:59Z")
    }

    /// Numbers in the pinned format: fixed places, `.`, ties to even on the exact binary value.
    @Test func pinnedNumbers() throws {
        var csv = try CSVWriter(header: ["a", "b", "c", "d"])
        try csv.append([.number(150, places: 1), .number(2.675, places: 2), .number(-0.0001, places: 3), .int(-12)])
        #expect(csv.text == "a,b,c,d\n150.0,2.67,0.000,-12")
    }

    /// Bad input is a located error (row 1 is the header), never a silently broken file.
    @Test func errorsNameTheRowAndColumn() throws {
        #expect(throws: CSVError.unsafeBareField(row: 1, column: 2)) { try CSVWriter(header: ["ok", "not,ok"]) }
        var csv = try CSVWriter(header: ["a", "b"])
        #expect(throws: CSVError.columnCount(row: 2, found: 1, expected: 2)) { try csv.append([.bare("x")]) }
        #expect(throws: CSVError.unsafeBareField(row: 2, column: 2)) { try csv.append([.bare("x"), .bare("say \"hi\"")]) }
        #expect(throws: CSVError.notANumber(row: 2, column: 1)) { try csv.append([.number(.nan, places: 2), .empty]) }
        let long = String(repeating: "x", count: CSVWriter.maxFieldBytes + 1)
        #expect(throws: CSVError.fieldTooLong(row: 2, column: 1, bytes: CSVWriter.maxFieldBytes + 1, limit: CSVWriter.maxFieldBytes)) {
            try csv.append([.quoted(long), .empty])
        }
        #expect(csv.rows.isEmpty)
        #expect(CSVError.columnCount(row: 2, found: 1, expected: 2).description == "row 2 has 1 fields; the header has 2")
    }
}
