import LockstepCore
import Platform

/// Temperature as a point on the scale (10 °C is 50 °F) or a difference (a rise of 10 °C is 18 °F).
public enum TemperatureMode: String, CaseIterable, Sendable {
    case point, difference
}

/// Which unit picker a `unit` event sets.
public enum UnitSide: String, CaseIterable, Sendable {
    case from, to
}

/// Everything the user (or the app's storage and updates) does.
public enum UnitsEvent: Sendable {
    case category(String)
    case unit(UnitSide, String)
    case text(String)
    /// One-shot: both units and the input at once (the category follows `from`).
    case convert(from: String, to: String, input: String)
    case temperatureMode(TemperatureMode)
    case locale(LocaleID)
    case commit
    case historyOpen
    case historyRestore(category: String, from: String, to: String, input: Double)
    case registryChange(unit: String, coefficient: Double, constant: Double)
    case constantsQuery(String)
    case challenge(from: String, to: String, value: Double, guess: Double)
    case sum(a: Double, aUnit: String, b: Double, bUnit: String)
    case compare(a: Double, aUnit: String, b: Double, bUnit: String)
    case roundTrip
}

extension Units {
    public static let events: [EventKind<UnitsEvent>] = [
        EventKind("category", "Picks a category; its default pair is selected.") { f throws(ScenarioError) in
            .category(try f("id", .word, "category ID: \(Catalog.categoryIDs.joined(separator: ", "))"))
        },
        EventKind("unit", "Picks the from or to unit by stable ID.") { f throws(ScenarioError) in
            .unit(try f("side", .choice(UnitSide.self)), try f("id", .word, "unit ID (km, mi, C, min/km, …)"))
        },
        EventKind("text", "The input field's text, typed in the user's locale.") { f throws(ScenarioError) in
            .text(try f("input", .text, "what the field holds"))
        },
        EventKind("convert", "Both units and the input at once.") { f throws(ScenarioError) in
            .convert(from: try f("from", .word), to: try f("to", .word), input: try f("input", .text))
        },
        EventKind("tempMode", "The temperature point/difference toggle.") { f throws(ScenarioError) in
            .temperatureMode(try f("mode", .choice(TemperatureMode.self)))
        },
        LocaleVocabulary.eventKind { .locale($0) },
        EventKind("commit", "Writes the shown conversion to history.") { _ throws(ScenarioError) in .commit },
        EventKind("historyOpen", "Shows every history record, recomputed.") { _ throws(ScenarioError) in .historyOpen },
        EventKind("historyRestore", "A stored history record read back.") { f throws(ScenarioError) in
            .historyRestore(category: try f("category", .word), from: try f("from", .word), to: try f("to", .word),
                            input: try f("input", .number))
        },
        EventKind("registryChange", "An update ships a new factor for one unit.") { f throws(ScenarioError) in
            .registryChange(unit: try f("unit", .word), coefficient: try f("coefficient", .number),
                            constant: try f("constant", .number, default: 0))
        },
        EventKind("constants", "Searches the bundled constants table.") { f throws(ScenarioError) in
            .constantsQuery(try f("query", .text))
        },
        EventKind("challenge", "An estimation question and the user's guess.") { f throws(ScenarioError) in
            .challenge(from: try f("from", .word), to: try f("to", .word), value: try f("value", .number),
                       guess: try f("guess", .number))
        },
        EventKind("sum", "Unit-aware addition; the result is in the base unit.") { f throws(ScenarioError) in
            .sum(a: try f("a", .number), aUnit: try f("aUnit", .word), b: try f("b", .number), bUnit: try f("bUnit", .word))
        },
        EventKind("compare", "Unit-aware comparison through base units.") { f throws(ScenarioError) in
            .compare(a: try f("a", .number), aUnit: try f("aUnit", .word), b: try f("b", .number), bUnit: try f("bUnit", .word))
        },
        EventKind("roundTrip", "Converts 123.456 through every ordered pair and back.") { _ throws(ScenarioError) in .roundTrip },
    ]

    public static func kind(of event: UnitsEvent) -> String {
        switch event {
        case .category: "category"
        case .unit: "unit"
        case .text: "text"
        case .convert: "convert"
        case .temperatureMode: "tempMode"
        case .locale: LocaleVocabulary.kind
        case .commit: "commit"
        case .historyOpen: "historyOpen"
        case .historyRestore: "historyRestore"
        case .registryChange: "registryChange"
        case .constantsQuery: "constants"
        case .challenge: "challenge"
        case .sum: "sum"
        case .compare: "compare"
        case .roundTrip: "roundTrip"
        }
    }
}
