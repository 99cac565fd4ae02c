/// The harness's locale data, written out by hand from CLDR (`LocaleTable.cldrVersion`), so
/// results never depend on the ICU or Foundation the toolchain ships (their versions differ:
/// ar's default digits and fr_FR's grouping space have both changed between releases).
///
/// Pinned choices:
/// - fr_FR groups with U+202F NARROW NO-BREAK SPACE (CLDR since 34), and the parser also reads
///   U+00A0 and a plain U+0020 in a grouping position (what a keyboard can type).
/// - `ar` formats with ASCII digits: CLDR 46 made `latn` the default numbering system of `ar`
///   (CLDR-17553) and kept `arab` (Arabic-Indic, `٫` decimal, `٬` grouping) as its native one,
///   which the parser also reads and `LocaleNumberFormat` writes when asked (`native: true`).
/// - es has minimumGroupingDigits 2; every other locale here has 1.
public enum LocaleTable {
    public static let cldrVersion = "46"

    static let latnDot = NumberingSystem(name: "latn", zero: "0", decimalSeparator: ".", groupingSeparator: ",")
    static let latnComma = NumberingSystem(name: "latn", zero: "0", decimalSeparator: ",", groupingSeparator: ".")

    /// The data for `id`.
    public static func data(_ id: LocaleID) -> LocaleData {
        switch id {
        case .enUSPOSIX:
            LocaleData(id: id, numbering: latnDot, otherNumbering: [], usesGrouping: false, groupSize: 3,
                       minimumGroupingDigits: 1, currency: CurrencyPattern(position: .prefix, spacing: "\u{00A0}"),
                       isRightToLeft: false)
        case .enUS:
            LocaleData(id: id, numbering: latnDot, otherNumbering: [], usesGrouping: true, groupSize: 3,
                       minimumGroupingDigits: 1, currency: CurrencyPattern(position: .prefix, spacing: ""), isRightToLeft: false)
        case .deDE:
            LocaleData(id: id, numbering: latnComma, otherNumbering: [], usesGrouping: true, groupSize: 3,
                       minimumGroupingDigits: 1, currency: CurrencyPattern(position: .suffix, spacing: "\u{00A0}"),
                       isRightToLeft: false)
        case .frFR:
            LocaleData(id: id, numbering: NumberingSystem(name: "latn", zero: "0", decimalSeparator: ",",
                                                          groupingSeparator: "\u{202F}", groupingAlternatives: ["\u{00A0}", " "]),
                       otherNumbering: [], usesGrouping: true, groupSize: 3, minimumGroupingDigits: 1,
                       currency: CurrencyPattern(position: .suffix, spacing: "\u{00A0}"), isRightToLeft: false)
        case .jaJP:
            LocaleData(id: id, numbering: latnDot, otherNumbering: [], usesGrouping: true, groupSize: 3,
                       minimumGroupingDigits: 1, currency: CurrencyPattern(position: .prefix, spacing: ""), isRightToLeft: false)
        case .ar:
            LocaleData(id: id,
                       numbering: NumberingSystem(name: "latn", zero: "0", decimalSeparator: ".", groupingSeparator: ",",
                                                  minusSign: "\u{200E}-"),
                       otherNumbering: [NumberingSystem(name: "arab", zero: "\u{0660}", decimalSeparator: "\u{066B}",
                                                        groupingSeparator: "\u{066C}", minusSign: "\u{061C}-")],
                       usesGrouping: true, groupSize: 3, minimumGroupingDigits: 1,
                       currency: CurrencyPattern(position: .suffix, spacing: "\u{00A0}", leadingMark: "\u{200F}",
                                                 nativeMinusBeforeMark: true),
                       isRightToLeft: true)
        case .es:
            LocaleData(id: id, numbering: latnComma, otherNumbering: [], usesGrouping: true, groupSize: 3,
                       minimumGroupingDigits: 2, currency: CurrencyPattern(position: .suffix, spacing: "\u{00A0}"),
                       isRightToLeft: false)
        }
    }
}
