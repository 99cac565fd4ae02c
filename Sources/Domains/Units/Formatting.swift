import Platform

/// The display string: 1…6 significant digits, trailing zeros dropped, the locale's separators,
/// "value symbol" in the unit the user chose (Platform's `LocaleNumberFormat.measurement`).
enum Display {
    static let none = "—"

    static func text(_ value: Double?, symbol: String, locale: LocaleID, raw: Bool) -> String {
        guard let value else { return none }
        if value == .infinity { return "∞ " + symbol }
        if value == -.infinity { return "-∞ " + symbol }
        if value.isNaN { return none }
        if raw { return value.description + " " + symbol }
        guard let number = NumberText(value.description) else { return none }
        return LocaleNumberFormat.measurement(number, symbol: symbol, locale)
    }
}
