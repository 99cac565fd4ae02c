import LockstepCore
import Platform

/// One history entry: stable IDs and the input, never the symbol or the output, so the display
/// is recomputed from the current registry (a factor fix corrects old entries).
public struct HistoryRecord: Hashable, Sendable {
    let id: SeededUUID
    let categoryID: String
    let fromID: String
    let toID: String
    let input: Double
    /// Point or difference, for temperatures (a stored rise stays a rise).
    let mode: TemperatureMode
    let date: Instant
    /// Only under fault `historyStoresOutput`: the output as it was at commit time.
    let storedValue: Double?
    let storedDisplay: String?
}

/// A scored challenge.
public struct ChallengeEntry: Hashable, Sendable {
    let truth: Double
    let guess: Double
    let score: Int
}

/// The app's state: registry, selection, input, history, challenge log and locale.
public struct UnitsState: Sendable {
    var registry: [UnitCategory] = Catalog.builtIn
    var categoryID = "length"
    var fromID = "km"
    var toID = "mi"
    var input = ""
    var value: Double? = nil
    var mode: TemperatureMode = .point
    var locale: LocaleID
    var history: [HistoryRecord] = []
    var challengeLog: [ChallengeEntry] = []
    var registryChanges = 0

    init(locale: LocaleID) { self.locale = locale }

    func category(_ id: String) -> UnitCategory? { registry.first { $0.id == id } }

    /// A unit by ID in any category (IDs are unique across the catalogue).
    func unitAnywhere(_ id: String) -> UnitDef? {
        for c in registry { if let u = c.unit(id) { return u } }
        return nil
    }

    func write(to out: inout CanonicalWriter) {
        out.word("locale", locale.rawValue)
        out.word("category", categoryID)
        out.word("from", fromID)
        out.word("to", toID)
        out.string("input", input)
        out.word("inputValue", DoubleText.word(value))
        out.word("mode", mode.rawValue)
        out.int("registryChanges", registryChanges)
        out.list("changedUnits", registry.flatMap(\.units).filter { u in
            Catalog.builtIn.flatMap(\.units).first { $0.id == u.id }?.converter != u.converter
        }) { w, _, u in
            w.word("id", u.id)
            switch u.converter {
            case .linear(let c, let k): w.word("coefficient", c.description); w.word("constant", k.description)
            case .reciprocal(let k): w.word("k", k.description)
            }
        }
        out.list("history", history) { w, _, r in
            w.word("id", r.id.description)
            w.word("category", r.categoryID)
            w.word("from", r.fromID)
            w.word("to", r.toID)
            w.word("input", DoubleText.word(r.input))
            w.word("mode", r.mode.rawValue)
            w.instant("date", r.date)
            if let d = r.storedDisplay { w.word("storedValue", DoubleText.word(r.storedValue)); w.string("storedDisplay", d) }
        }
        out.list("challenges", challengeLog) { w, _, c in
            w.word("truth", DoubleText.word(c.truth))
            w.word("guess", DoubleText.word(c.guess))
            w.int("score", c.score)
        }
    }
}

/// Doubles as words in records: Swift's shortest round-trip description (platform-independent),
/// `inf`, `-inf`, `nan`, and `none` for no value.
enum DoubleText {
    static func word(_ v: Double?) -> String {
        guard let v else { return "none" }
        if v.isNaN { return "nan" }
        if v == .infinity { return "inf" }
        if v == -.infinity { return "-inf" }
        return v.description
    }
}
