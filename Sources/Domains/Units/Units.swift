import LockstepCore
import Platform

/// `units`: Units Converter & Calculator. The user picks a category and two units, types a value
/// in their locale and sees the result to six significant digits; conversions can be kept in a
/// history, physical constants looked up, and estimation challenges ("how many feet in a
/// kilometre?") scored.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Stop hand-rolling unit conversions".
/// Modelled: the base-unit model (every unit converts to its dimension's base, A → base → B;
/// linear `base = v × coefficient + constant`, reciprocal `base = k / v` with 0 → +∞), the
/// dimension check (`from` and `to` must share a dimension, else `dimension-mismatch`), custom
/// density (kg/m³, g/cm³, g/L, lb/ft³) and pace (s/m, min/km, min/mi, km/h as reciprocal 3.6)
/// dimensions, fuel (L/100km against mpg, reciprocal), temperature as a point (offsets) or as a
/// difference (coefficients only), the locale-aware strict parser and the 1…6 significant-digit
/// formatter with the chosen unit kept (Platform `LocaleNumberParser`, `LocaleNumberFormat`,
/// `UnitSymbols`), unit-aware sum and comparison through base units, history keyed by stable
/// IDs and inputs and recomputed on display (so a registry fix corrects old entries), the
/// bundled constants table, the estimation score `max(0, 1 − |log2(guess/truth)|) × 100`, and the
/// round-trip report of every unit pair.
///
/// Contract (other tools read it): after every change exactly one record
/// `conversion category=length from=km to=mi value=V display="26.2188 mi"`. `value` is a word:
/// Swift's shortest round-trip `Double.description` for a finite value (Record has no builder
/// for it, `.fixed` would lose digits), `inf`/`-inf` for the defined reciprocal-zero case, and
/// `none` when there is no value (empty, malformed or refused input; the display is then "—").
///
/// Choices where the article is silent (GAPs):
/// - The catalogue is a pinned subset with exact reference factors (`Catalog.builtIn`), never
///   Foundation's rounded ones. Each category opens on a fixed pair (length km → mi, mass kg → lb,
///   density g/cm³ → lb/ft³, pace min/km → km/h, temperature °C → °F, fuel L/100km → mpg); the
///   app starts in length with no input.
/// - Parsing is the strict full-string parser (the note's proposal): "1,5" in en_US and
///   "12.5.3" are no value, refused with the parser's message and offset; leading and trailing
///   spaces are trimmed first (the article trims whitespace); empty input is no value, shown "—",
///   without a refusal.
/// - ∞ is shown as "∞ km/h" only when a reciprocal guard produced it (a pace or speed of 0); any
///   other non-finite result (overflow) is refused as `non-finite-result` with no value.
/// - A negative pace or speed is converted and flagged `units.warning kind=nonPhysical`; a point
///   temperature below 0 K is shown and flagged `belowAbsoluteZero`.
/// - A category change keeps the typed input and converts it with the new pair (the field is not
///   cleared).
/// - A locale change keeps the value and reformats it (the typed text is not re-read).
/// - `commit` writes a history record (the note's proposal of an explicit moment); with no value
///   it is refused (`no-value`); history holds at most `History.maxRecords`.
/// - `historyRestore` models a stored record read back from disk (for instance one written by a
///   newer version with a unit this build lacks): it is kept and shown as `unknownUnit`.
/// - `registryChange` models shipping a factor fix: the coefficient (or k for a reciprocal unit)
///   and constant of one unit by ID.
/// - History stores the temperature mode with the record (a stored rise stays a rise); a
///   restored record is a point.
/// - Challenge truth is the exact conversion of the question; guesses ≤ 0, non-finite, or a
///   truth ≤ 0 score 0.
/// - The crash of fault `zeroPaceCrash` is modelled as an `app.crashed` record and a relaunch to
///   the defaults (history, which is stored, survives).
/// - Not modelled: the article's 200+ units, learning content, `.decimalPad`, and a constants
///   file format (the table is a fixture in code; the faulty fetched table is `constantsNeedNetwork`).
/// - Round-trips alone miss wrong factors (F10): that is a test-discipline rule, covered by the
///   known-value tests, not a runtime fault.
public enum Units: Domain {
    public static let entry = DomainEntry(Self.self)

    public static let name = "units"
    public static let summary = "Units converter: base-unit model, reciprocal pace, temperature point vs difference, locale input, history recomputed (seed 001, \"Stop hand-rolling unit conversions\")."

    public typealias Fault = UnitsFault
    public typealias Event = UnitsEvent
    public typealias State = UnitsState

    public struct Settings: Sendable {
        var locale: LocaleID
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(locale: try LocaleVocabulary.settings(&s, default: .enUS))
    }

    public static func start(_ settings: Settings, _ world: inout World<Units>) throws(ScenarioError) -> State {
        var state = UnitsState(locale: settings.locale)
        Reducer.showConversion(&state, &world)
        return state
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Units>) {
        Reducer.reduce(&state, event, &world)
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        state.write(to: &out)
    }
}
