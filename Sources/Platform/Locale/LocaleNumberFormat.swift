/// Formats `NumberText` by a locale's table: plain, currency and measurement styles. Rounding is
/// on decimal digits (`NumberText.rounded`), half-even unless told otherwise; a value that
/// rounds to zero is written without a minus sign ("-0.0004" at 3 places is "0.000").
public enum LocaleNumberFormat {
    /// A plain number: "1,234.568" (en_US), "1.234,568" (de_DE), "1 234,568" with U+202F
    /// (fr_FR), "1234,5" (es: 4 integer digits stay ungrouped). `native` writes the locale's
    /// native digits and separators where it has them (ar: Arabic-Indic), else the default.
    public static func decimal(_ number: NumberText, _ locale: LocaleID, _ precision: NumberPrecision,
                               rounding: RoundingMode = .halfEven, native: Bool = false) -> String {
        let data = LocaleTable.data(locale)
        let sys = system(data, native: native)
        let (negative, body) = digits(number, data, sys, precision, rounding)
        return (negative ? sys.minusSign : "") + body
    }

    /// A currency amount: symbol, position and spacing from the table, the currency's ISO
    /// fraction digits unless `precision` says otherwise ("$1,234.57", "1.234,57 €",
    /// "\u{200F}1,234.57 €" in ar, "￥1,235" in ja_JP). The minus sign comes before a prefix
    /// symbol ("-$5.00") and after ar's leading right-to-left mark (before it in ar's native digits,
    /// as CLDR's `arab` pattern has it). A code the table does not
    /// know is written as its own symbol with 2 fraction digits.
    public static func currency(_ number: NumberText, code: String, _ locale: LocaleID, precision: NumberPrecision? = nil,
                                rounding: RoundingMode = .halfEven, native: Bool = false) -> String {
        let data = LocaleTable.data(locale)
        let sys = system(data, native: native)
        let info = Currency.named(code)
        let symbol = info?.symbol(in: locale) ?? code
        let (negative, body) = digits(number, data, sys, precision ?? .fractionDigits(info?.fractionDigits ?? 2), rounding)
        let pattern = data.currency
        let minus = negative ? sys.minusSign : ""
        var out = native && pattern.nativeMinusBeforeMark ? minus + pattern.leadingMark : pattern.leadingMark + minus
        switch pattern.position {
        case .prefix:
            // CLDR currencySpacing: a symbol ending in a letter ("KWD", "COP") gets U+00A0
            // before the digits even where the pattern has no space.
            let endsInLetter = symbol.unicodeScalars.last.map { ($0 >= "A" && $0 <= "Z") || ($0 >= "a" && $0 <= "z") } ?? false
            out += symbol + (pattern.spacing.isEmpty && endsInLetter ? "\u{00A0}" : pattern.spacing) + body
        case .suffix:
            out += body + pattern.spacing + symbol
        }
        return out
    }

    /// A measurement as "value symbol" with a U+0020 space, the value to at most 6 significant
    /// digits unless told otherwise ("26.2188 mi", "26,2188 mi" in de_DE, "50 °F").
    public static func measurement(_ number: NumberText, symbol: String, _ locale: LocaleID,
                                   precision: NumberPrecision = .significantDigits(6), rounding: RoundingMode = .halfEven,
                                   native: Bool = false) -> String {
        decimal(number, locale, precision, rounding: rounding, native: native) + " " + symbol
    }

    static func system(_ data: LocaleData, native: Bool) -> NumberingSystem {
        native ? (data.otherNumbering.first ?? data.numbering) : data.numbering
    }

    /// The sign and the digits with separators, after rounding.
    static func digits(_ number: NumberText, _ data: LocaleData, _ sys: NumberingSystem, _ precision: NumberPrecision,
                       _ rounding: RoundingMode) -> (negative: Bool, body: String) {
        let rounded: NumberText
        var minFraction = 0
        switch precision {
        case .fractionDigits(let n):
            let places = min(max(n, 0), NumberPrecision.maxDigits)
            rounded = number.rounded(fractionDigits: places, rounding)
            minFraction = places
        case .significantDigits(let n):
            rounded = number.rounded(significantDigits: min(max(n, 1), NumberPrecision.maxDigits), rounding)
        }
        var (integer, fraction) = NumberText.split(rounded.digits, rounded.scale)
        if fraction.count < minFraction { fraction += [UInt8](repeating: 0, count: minFraction - fraction.count) }
        var out = ""
        let groups = data.usesGrouping && integer.count >= data.groupSize + data.minimumGroupingDigits
        for (k, d) in integer.enumerated() {
            if groups, k > 0, (integer.count - k) % data.groupSize == 0 { out.unicodeScalars.append(sys.groupingSeparator) }
            out.unicodeScalars.append(sys.digit(d))
        }
        if !fraction.isEmpty {
            out.unicodeScalars.append(sys.decimalSeparator)
            for d in fraction { out.unicodeScalars.append(sys.digit(d)) }
        }
        return (rounded.isNegative, out)
    }
}
