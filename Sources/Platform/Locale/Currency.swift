/// One ISO 4217 currency the harness formats: its default fraction digits (CLDR 46
/// `currencyData` fractions, which are ISO 4217's minor units for every code here; CLDR 47 changed
/// COP to 0, and the harness keeps 46's 2) and its symbol per locale (CLDR 46 `currencies`; a
/// locale without an entry writes `defaultSymbol`, the root locale's). Checked against Node's ICU
/// in LocaleTests (Resources/locale-formats.txt).
public struct Currency: Hashable, Sendable {
    public let code: String
    /// ISO 4217 minor units: USD 2, JPY 0, KWD 3. Formatters use it when given no precision.
    public let fractionDigits: Int
    let symbols: [LocaleID: String]
    let defaultSymbol: String

    /// The symbol `locale` writes.
    public func symbol(in locale: LocaleID) -> String { symbols[locale] ?? defaultSymbol }

    /// The currencies in the table, by code (sorted).
    public static let all: [Currency] = [
        Currency(code: "BHD", fractionDigits: 3, symbols: [.ar: "د.ب.\u{200F}"], defaultSymbol: "BHD"),
        Currency(code: "COP", fractionDigits: 2, symbols: [.enUS: "COP", .es: "COP", .frFR: "$CO"], defaultSymbol: "COP"),
        Currency(code: "EUR", fractionDigits: 2, symbols: [:], defaultSymbol: "€"),
        Currency(code: "GBP", fractionDigits: 2, symbols: [.frFR: "£GB", .es: "GBP", .ar: "UK£"], defaultSymbol: "£"),
        Currency(code: "INR", fractionDigits: 2, symbols: [.es: "INR"], defaultSymbol: "₹"),
        Currency(code: "JPY", fractionDigits: 0, symbols: [.jaJP: "\u{FFE5}", .frFR: "JPY", .es: "JPY", .ar: "JP¥"],
                 defaultSymbol: "¥"),
        Currency(code: "KRW", fractionDigits: 0, symbols: [.frFR: "₩", .es: "KRW"], defaultSymbol: "₩"),
        Currency(code: "KWD", fractionDigits: 3, symbols: [.ar: "د.ك.\u{200F}"], defaultSymbol: "KWD"),
        Currency(code: "USD", fractionDigits: 2, symbols: [.frFR: "$US", .es: "US$", .ar: "US$", .enUSPOSIX: "$"],
                 defaultSymbol: "$"),
    ]

    /// The table's entry for `code`, or nil for a code it does not know.
    public static func named(_ code: String) -> Currency? { all.first { $0.code == code } }
}
