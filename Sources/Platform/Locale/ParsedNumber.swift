/// A number the strict parser read: its canonical text and how it was written.
public struct ParsedNumber: Hashable, Sendable {
    /// The value, canonical ("12,50" in de_DE gives "12.5").
    public let number: NumberText
    /// The fraction digits as typed, trailing zeros included ("12,50" → 2, "12," → 0), for an
    /// app that echoes what the user typed.
    public let typedFractionDigits: Int
    /// Whether grouping separators were written.
    public let grouped: Bool
    /// The CLDR numbering system the digits were in (`latn`, `arab`).
    public let numberingSystem: String
}
