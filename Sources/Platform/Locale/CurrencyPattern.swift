/// Where a locale puts the currency symbol (CLDR `currencyFormat` standard pattern, reduced to
/// the parts the harness formats).
public enum CurrencyPosition: String, Hashable, Sendable {
    /// `¤#,##0.00`: en_US `$1.50`, ja_JP `￥2`.
    case prefix
    /// `#,##0.00 ¤`: de_DE `1,50 €`.
    case suffix
}

/// A locale's currency layout: symbol position, the text between symbol and number, and a
/// bidi mark written before everything (ar: U+200F RIGHT-TO-LEFT MARK).
public struct CurrencyPattern: Hashable, Sendable {
    public let position: CurrencyPosition
    /// Between the symbol and the digits: "" (en_US) or U+00A0 (de_DE, fr_FR, es, ar).
    public let spacing: String
    /// Written before the number (ar: "\u{200F}"); "" elsewhere.
    public let leadingMark: String
    /// Whether the minus sign goes before `leadingMark` in the native digits. CLDR's ar `latn`
    /// pattern has its own negative form with the mark first (`\u{200F}-#,##0.00 ¤`), while its
    /// `arab` pattern has none, so the minus is put before the whole pattern: "\u{061C}-\u{200F}٥٫٠٠ €".
    public let nativeMinusBeforeMark: Bool

    public init(position: CurrencyPosition, spacing: String, leadingMark: String = "", nativeMinusBeforeMark: Bool = false) {
        self.position = position
        self.spacing = spacing
        self.leadingMark = leadingMark
        self.nativeMinusBeforeMark = nativeMinusBeforeMark
    }
}
