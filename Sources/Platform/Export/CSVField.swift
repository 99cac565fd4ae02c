import LockstepCore

/// One CSV cell, typed so that the writer, not each caller, decides its bytes.
public enum CSVField: Hashable, Sendable {
    /// Free text (a medication's name): always wrapped in double quotes, inner quotes doubled, so
    /// commas, quotes and newlines inside survive.
    case quoted(String)
    /// A token written as is (an enum's raw value, an ISO date): must hold no comma, quote, CR or
    /// LF, else the writer refuses the row (`CSVError.unsafeBareField`).
    case bare(String)
    /// Nothing between the commas (a nil date).
    case empty
    /// An integer in decimal, `-` for negatives.
    case int(Int)
    /// A number at exactly `places` decimals, `.` separator, no grouping, no exponent, ties to even
    /// (`FixedDecimal`): the pinned format, independent of locale.
    case number(Double, places: Int)
    /// An instant as ISO 8601 in UTC with `Z` and no fractional seconds, truncated to the second
    /// (`ISO8601DateFormatter()`'s defaults).
    case instant(Instant)
}

/// Why a table could not be written; row and column are 1-based (the header is row 1).
public enum CSVError: Error, Hashable, Sendable, CustomStringConvertible {
    case columnCount(row: Int, found: Int, expected: Int)
    case unsafeBareField(row: Int, column: Int)
    case fieldTooLong(row: Int, column: Int, bytes: Int, limit: Int)
    case tooManyRows(limit: Int)
    case tooManyColumns(found: Int, limit: Int)
    case notANumber(row: Int, column: Int)
    case badPlaces(row: Int, column: Int, places: Int)

    public var description: String {
        switch self {
        case .columnCount(let r, let f, let e): "row \(r) has \(f) fields; the header has \(e)"
        case .unsafeBareField(let r, let c): "row \(r) column \(c): a bare field holds a comma, quote or line break (quote it)"
        case .fieldTooLong(let r, let c, let b, let l): "row \(r) column \(c): \(b) bytes; a field holds at most \(l) (maxFieldBytes)"
        case .tooManyRows(let l): "more than \(l) rows (maxRows)"
        case .tooManyColumns(let f, let l): "\(f) columns; at most \(l) (maxColumns)"
        case .notANumber(let r, let c): "row \(r) column \(c): not a finite number"
        case .badPlaces(let r, let c, let p): "row \(r) column \(c): \(p) decimals; 0...\(FixedDecimal.maxPlaces)"
        }
    }

    /// A word for records: `columnCount`, `unsafeBareField`, …
    public var word: String {
        switch self {
        case .columnCount: "columnCount"
        case .unsafeBareField: "unsafeBareField"
        case .fieldTooLong: "fieldTooLong"
        case .tooManyRows: "tooManyRows"
        case .tooManyColumns: "tooManyColumns"
        case .notANumber: "notANumber"
        case .badPlaces: "badPlaces"
        }
    }
}
