/// The locales the harness has tables for. The raw value is the identifier scenarios write
/// (`locale set id=de_DE`, `set locale fr_FR`); the data is `LocaleTable`'s, never ICU's.
public enum LocaleID: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Machine data (API payloads): `.` decimal, no grouping, ASCII digits.
    case enUSPOSIX = "en_US_POSIX"
    case enUS = "en_US"
    case deDE = "de_DE"
    case frFR = "fr_FR"
    case jaJP = "ja_JP"
    case ar = "ar"
    case es = "es"

    /// The known identifiers, for error messages.
    public static var knownList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (a: LocaleID, b: LocaleID) -> Bool { a.rawValue < b.rawValue }
}
