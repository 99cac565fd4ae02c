import LockstepCore

/// A canonical CSV writer: the bytes depend on the cells only (no locale, no platform formatter).
///
/// The rules (Track Your Pills' `CSVExport`, cross-cutting note §11): a header row of bare names;
/// free text always quoted with inner quotes doubled; tokens, dates and numbers bare; rows joined
/// with `\n` (LF, no CR) and **no trailing newline**; an empty table is the header alone.
///
/// Limits: `maxRows` data rows, `maxColumns`, `maxFieldBytes` per field before quoting. Every
/// violation throws a `CSVError` naming the row and column (row 1 is the header), so a domain turns
/// it into a rejection record; nothing is silently cut.
public struct CSVWriter: Hashable, Sendable {
    public static var maxRows: Int { 100_000 }
    public static var maxColumns: Int { 64 }
    public static var maxFieldBytes: Int { 4_096 }

    public let header: [String]
    public private(set) var rows: [[CSVField]] = []

    /// - Throws: `CSVError` if a header name is not a safe bare field or there are too many columns.
    public init(header: [String]) throws(CSVError) {
        guard header.count <= CSVWriter.maxColumns else { throw .tooManyColumns(found: header.count, limit: CSVWriter.maxColumns) }
        for (c, name) in header.enumerated() {
            try CSVWriter.check(.bare(name), row: 1, column: c + 1)
        }
        self.header = header
    }

    /// Appends a row, checked against the header's width and the limits.
    public mutating func append(_ row: [CSVField]) throws(CSVError) {
        guard rows.count < CSVWriter.maxRows else { throw .tooManyRows(limit: CSVWriter.maxRows) }
        let r = rows.count + 2
        guard row.count == header.count else { throw .columnCount(row: r, found: row.count, expected: header.count) }
        for (c, field) in row.enumerated() { try CSVWriter.check(field, row: r, column: c + 1) }
        rows.append(row)
    }

    /// The document's bytes: header and rows joined by `\n`, no trailing newline.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: header.joined(separator: ",").utf8)
        for row in rows {
            out.append(10)
            for (c, field) in row.enumerated() {
                if c > 0 { out.append(44) }
                CSVWriter.append(field, to: &out)
            }
        }
        return out
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// One field's bytes (quoting and formats as `CSVField` says).
    public static func append(_ field: CSVField, to out: inout [UInt8]) {
        switch field {
        case .quoted(let s):
            out.append(34)
            for b in s.utf8 {
                if b == 34 { out.append(34) }
                out.append(b)
            }
            out.append(34)
        case .bare(let s): out.append(contentsOf: s.utf8)
        case .empty: break
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .number(let x, let places): FixedDecimal.append(x, places: places, to: &out)
        case .instant(let t): out.append(contentsOf: iso8601Seconds(t).utf8)
        }
    }

    /// `2026-10-01T08:00:00Z`: the instant truncated to its second (toward the past), UTC.
    public static func iso8601Seconds(_ t: Instant) -> String {
        CivilTime.iso8601UTC(Instant(secondsSinceEpoch: t.secondsSinceEpochFloor))
    }

    static func check(_ field: CSVField, row: Int, column: Int) throws(CSVError) {
        switch field {
        case .quoted(let s):
            guard s.utf8.count <= maxFieldBytes else { throw .fieldTooLong(row: row, column: column, bytes: s.utf8.count, limit: maxFieldBytes) }
        case .bare(let s):
            guard s.utf8.count <= maxFieldBytes else { throw .fieldTooLong(row: row, column: column, bytes: s.utf8.count, limit: maxFieldBytes) }
            guard !s.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else {
                throw .unsafeBareField(row: row, column: column)
            }
        case .number(let x, let places):
            guard x.isFinite else { throw .notANumber(row: row, column: column) }
            guard (0...FixedDecimal.maxPlaces).contains(places) else { throw .badPlaces(row: row, column: column, places: places) }
        case .empty, .int, .instant: break
        }
    }
}
