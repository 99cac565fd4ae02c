/// One locale's number conventions, as `LocaleTable` pins them.
public struct LocaleData: Hashable, Sendable {
    public let id: LocaleID
    /// What the formatters write (CLDR `defaultNumberingSystem`).
    public let numbering: NumberingSystem
    /// Others the parser also reads (ar: `arab`, the native Arabic-Indic digits).
    public let otherNumbering: [NumberingSystem]
    /// Whether formatted numbers group at all (en_US_POSIX: no; the parser then refuses grouping).
    public let usesGrouping: Bool
    /// Digits per group (3 for every locale here; no Indian 2-digit secondary grouping).
    public let groupSize: Int
    /// CLDR `minimumGroupingDigits`: es is 2, so 1234 is written ungrouped and 12345 as 12.345.
    public let minimumGroupingDigits: Int
    public let currency: CurrencyPattern
    /// Whether the locale's text runs right to left (ar).
    public let isRightToLeft: Bool

    /// Every numbering system the parser accepts, the default first.
    public var parseableNumbering: [NumberingSystem] { [numbering] + otherNumbering }
}
