import LockstepCore

/// The article's failure modes and the note's derived ones, each re-enabled by `set fault NAME`
/// and caught by a golden under `Golden/currency/` by what the user sees or what is stored.
public enum CurrencyFault: String, DomainFault {
    case moneyInDouble
    case decimalFromDouble
    case formatterViaDouble
    case apiInUserLocale
    case waitsOnNetwork
    case offlineErrorScreen
    case noSeedTable
    case bgFloorAsSchedule
    case fixedLocaleFormat
    case currencyDefaultDigits
    case bankRateLabel
    case numberRatesThrow
    case prefixLenientRates

    public var summary: String {
        switch self {
        case .moneyInDouble: "F1: amounts and rates in Double: the screen shows binary noise (108.69565217391305 for 100 EUR)"
        case .decimalFromDouble: "F2: the bundled rates are built with Decimal(Double): 0.92 carries its binary error into every result"
        case .formatterViaDouble: "F5: the amount is parsed through a Double (generatesDecimalNumbers unset): the typed 0.1 is not 0.1"
        case .apiInUserLocale: "F4: API rates parsed in the user's locale: in de_DE \"0.92\" is refused and \"1.086\" becomes 1086"
        case .waitsOnNetwork: "F6: the UI waits on the network: while a refresh is in flight the result shows a spinner, not a value"
        case .offlineErrorScreen: "F7: a failed refresh drops the table and shows an error instead of the last good rates"
        case .noSeedTable: "F8: no bundled seed table: a first launch in Airplane Mode cannot convert"
        case .bgFloorAsSchedule: "F9: earliestBeginDate treated as a schedule: going active does not refresh a stale table"
        case .fixedLocaleFormat: "F10: results always formatted en_US: wrong separators and symbol position in de_DE, fr_FR, ar"
        case .currencyDefaultDigits: "F11: the currency's own fraction digits instead of the product's 3: JPY shows no decimals"
        case .bankRateLabel: "F12: rates labelled as bank rates instead of indicative mid-market rates"
        case .numberRatesThrow: "derived: rates sent as JSON numbers make the [String: String] decode throw: stuck on the stale table"
        case .prefixLenientRates: "derived: Decimal(string:) prefix-lenient: \"0,92\" becomes 0 and conversions show 0.000"
        }
    }
}
