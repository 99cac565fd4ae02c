import LockstepCore

/// The article's failure modes, each switched back on by `set fault NAME`, each caught by a golden
/// under `Golden/units/` by what the user sees or what history shows.
public enum UnitsFault: String, DomainFault {
    case factorUpsideDown
    case temperatureDeltaAsPoint
    case zeroPaceCrash
    case temperatureNoOffset
    case rawDoubleDisplay
    case doubleInitParse
    case noDimensionCheck
    case localePreferredUnit
    case historyStoresOutput
    case foundationFactors
    case foundationFuelBug
    case constantsNeedNetwork

    public var summary: String {
        switch self {
        case .factorUpsideDown:
            "F1: the mile's coefficient is entered the wrong way up (miles per metre, not metres per mile), as in a hand-kept pair table"
        case .temperatureDeltaAsPoint:
            "F7: difference mode converts as a point, so a 10 °C rise shows as 50 °F instead of 18 °F"
        case .zeroPaceCrash:
            "F8: a pace of 0 is divided without the guard and the result traps when displayed: the app crashes and relaunches with its defaults"
        case .temperatureNoOffset:
            "F2: the temperature offset is special-cased away (coefficient only), so 10 °C shows as 18 °F as a point"
        case .rawDoubleDisplay:
            "F3: the display prints the raw double (\"49.999999999999986 °F\") instead of 6 significant digits"
        case .doubleInitParse:
            "F4: input is read with Double(String): \"1,5\" in de_DE is an error and \"1.5\" is accepted in every locale"
        case .noDimensionCheck:
            "F5: a unit of another dimension is accepted (km → kg) and a meaningless number shown"
        case .localePreferredUnit:
            "F6: the formatter switches to the locale's preferred unit outside en_US (mi shown as km)"
        case .historyStoresOutput:
            "F9: history stores the output shown at the time, so a registry fix does not correct old entries"
        case .foundationFactors:
            "F12: Foundation's rounded factors (mile 1609.34 m, pound 0.453592 kg) instead of the exact ones"
        case .foundationFuelBug:
            "F12: Linux Foundation's fuel conversion: 10 L/100km shows as 2352.15 mpg instead of ≈23.52"
        case .constantsNeedNetwork:
            "F11: the constants table is fetched instead of bundled: offline, the query finds nothing"
        }
    }
}
