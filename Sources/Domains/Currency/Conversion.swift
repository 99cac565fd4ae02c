import LockstepCore
import Platform

/// The one conversion the screen shows: `amount × (b ÷ a)`, the rate computed first (the other
/// order, `(amount × b) ÷ a`, can round differently at 38 digits), formatted to exactly 3
/// fraction digits half-even in the user's locale.
struct Conversion: Hashable, Sendable {
    /// The exact result as canonical decimal text, or nil ("—").
    var valueText: String?
    var display: String
    var rateText: String

    /// What the screen shows for no result.
    static let noResult = "\u{2014}"
    /// The article's product choice: three decimals everywhere, even for JPY and KWD.
    static let displayFractionDigits = 3

    static func compute(_ s: CurrencyState, _ world: inout World<Currency>) -> Conversion {
        let locale = world.isOn(.fixedLocaleFormat) ? LocaleID.enUS : s.locale
        let rate = s.table?.rate(from: s.from, to: s.to)
        let rateText: String
        if let rate, let n = NumberText(rate.canonicalText) {
            rateText = "1 \(s.from) = " + LocaleNumberFormat.decimal(n, locale, .fractionDigits(displayFractionDigits)) + " \(s.to)"
        } else {
            rateText = noResult
        }
        guard let amount = s.amount, let table = s.table, let rate else {
            return Conversion(valueText: nil, display: noResult, rateText: rateText)
        }
        let text: String
        if world.isOn(.moneyInDouble) {
            // The bug: amount and rates as Double, the shortest round-trip text on screen.
            guard let a = Double(amount.canonicalText), let ra = table.perBase(s.from).flatMap({ Double($0.canonicalText) }),
                  let rb = table.perBase(s.to).flatMap({ Double($0.canonicalText) }) else {
                return Conversion(valueText: nil, display: noResult, rateText: rateText)
            }
            text = "\(a * (rb / ra))"
        } else {
            do {
                text = try (amount * rate).canonicalText
            } catch {
                world.emit(Record("conversion.error").word("reason", AmountParsing.word(error)))
                return Conversion(valueText: nil, display: noResult, rateText: rateText)
            }
        }
        let precision: NumberPrecision? = world.isOn(.currencyDefaultDigits) ? nil : .fractionDigits(displayFractionDigits)
        guard let n = NumberText(text) else { return Conversion(valueText: nil, display: noResult, rateText: rateText) }
        let display = LocaleNumberFormat.currency(n, code: s.to, locale, precision: precision)
        return Conversion(valueText: text, display: display, rateText: rateText)
    }
}
