import LockstepCore
import Platform

enum Reducer {
    static func reduce(_ state: inout UnitsState, _ event: UnitsEvent, _ world: inout World<Units>) {
        let kind = Units.kind(of: event)
        switch event {
        case .category(let id):
            guard let c = state.category(id) else {
                world.reject(kind, "unknown-category") { $0.word("id", id) }
                return
            }
            state.categoryID = c.id
            state.fromID = c.defaultFrom
            state.toID = c.defaultTo
            recompute(&state, &world)
        case .unit(let side, let id):
            guard let u = state.unitAnywhere(id) else {
                world.reject(kind, "unknown-unit") { $0.word("id", id) }
                return
            }
            let other = side == .from ? state.toID : state.fromID
            if u.dimensionID != state.categoryID {
                guard world.isOn(.noDimensionCheck) else {
                    world.reject(kind, "dimension-mismatch") { $0.word("from", side == .from ? id : other).word("to", side == .from ? other : id) }
                    return
                }
            }
            if side == .from { state.fromID = id } else { state.toID = id }
            recompute(&state, &world)
        case .text(let text):
            state.input = text
            parseInput(&state, &world)
            recompute(&state, &world)
        case .convert(let from, let to, let input):
            guard let a = state.unitAnywhere(from) else { world.reject(kind, "unknown-unit") { $0.word("id", from) }; return }
            guard let b = state.unitAnywhere(to) else { world.reject(kind, "unknown-unit") { $0.word("id", to) }; return }
            if a.dimensionID != b.dimensionID, !world.isOn(.noDimensionCheck) {
                world.reject(kind, "dimension-mismatch") { $0.word("from", from).word("to", to) }
                return
            }
            state.categoryID = a.dimensionID
            state.fromID = from
            state.toID = to
            state.input = input
            parseInput(&state, &world)
            recompute(&state, &world)
        case .temperatureMode(let mode):
            state.mode = mode
            recompute(&state, &world)
        case .locale(let id):
            state.locale = id
            recompute(&state, &world)
        case .commit:
            History.commit(&state, &world)
        case .historyOpen:
            History.open(state, &world)
        case .historyRestore(let category, let from, let to, let input):
            History.restore(&state, &world, category: category, from: from, to: to, input: input)
        case .registryChange(let unitID, let coefficient, let constant):
            registryChange(&state, &world, unitID: unitID, coefficient: coefficient, constant: constant)
        case .constantsQuery(let text):
            if world.isOn(.constantsNeedNetwork) {
                world.emit(Record("constants.result").string("query", text).int("count", 0).int("shown", 0))
                return
            }
            let found = ConstantsTable.query(text, in: ConstantsTable.bundled)
            let shown = found.prefix(ConstantsTable.maxResults)
            world.emit(Record("constants.result").string("query", text).int("count", found.count).int("shown", shown.count))
            for c in shown {
                world.emit(Record("constant").word("id", c.id).string("name", c.name).word("value", c.value)
                    .string("unit", c.unit).word("uncertainty", c.uncertainty).bool("exact", c.exact))
            }
        case .challenge(let from, let to, let value, let guess):
            challenge(&state, &world, from: from, to: to, value: value, guess: guess)
        case .sum(let a, let aUnit, let b, let bUnit), .compare(let a, let aUnit, let b, let bUnit):
            guard let ua = state.unitAnywhere(aUnit) else { world.reject(kind, "unknown-unit") { $0.word("id", aUnit) }; return }
            guard let ub = state.unitAnywhere(bUnit) else { world.reject(kind, "unknown-unit") { $0.word("id", bUnit) }; return }
            guard ua.dimensionID == ub.dimensionID, ua.dimensionID != "temperature" || kind == "compare" else {
                world.reject(kind, ua.dimensionID == ub.dimensionID ? "temperature-points-do-not-add" : "dimension-mismatch") {
                    $0.word("from", aUnit).word("to", bUnit)
                }
                return
            }
            let baseA = Conversion.converter(ua, world).toBase(a), baseB = Conversion.converter(ub, world).toBase(b)
            guard a.isFinite, b.isFinite, baseA.isFinite, baseB.isFinite else {
                world.reject(kind, "non-finite") { $0.word("a", DoubleText.word(a)).word("b", DoubleText.word(b)) }
                return
            }
            let baseID = state.registry.first { $0.id == ua.dimensionID }?.units.first { u in
                if case .linear(1, 0) = u.converter { return true } else { return false }
            }?.id ?? ua.id
            if kind == "sum" {
                let total = baseA + baseB
                guard total.isFinite else { world.reject(kind, "non-finite-result"); return }
                world.emit(Record("sum").word("category", ua.dimensionID).word("value", DoubleText.word(total)).word("unit", baseID)
                    .string("display", Display.text(total, symbol: Catalog.symbolOf(baseID), locale: state.locale, raw: world.isOn(.rawDoubleDisplay))))
            } else {
                let result = baseA > baseB ? "greater" : baseA < baseB ? "less" : "equal"
                world.emit(Record("comparison").word("a", DoubleText.word(a)).word("aUnit", aUnit).word("b", DoubleText.word(b))
                    .word("bUnit", bUnit).word("result", result))
            }
        case .roundTrip:
            RoundTrip.report(state, &world)
        }
    }

    /// Reads `state.input` in the locale into `state.value`: empty is no value, silently; text
    /// the strict parser refuses is no value, with the parser's reason and offset.
    static func parseInput(_ state: inout UnitsState, _ world: inout World<Units>) {
        let trimmed = state.input.trimmingSpaces
        if trimmed.isEmpty { state.value = nil; return }
        if world.isOn(.doubleInitParse) {
            state.value = Double(trimmed)
            if state.value == nil { world.reject("text", "malformed-number") { $0.string("text", state.input).string("why", "Double(String) is nil") } }
            return
        }
        do {
            let parsed = try LocaleNumberParser.parse(trimmed, locale: state.locale)
            guard let v = Double(parsed.number.text), v.isFinite else {
                state.value = nil
                world.reject("text", "non-finite-input") { $0.string("text", state.input) }
                return
            }
            state.value = v
        } catch {
            state.value = nil
            world.reject("text", "malformed-number") {
                $0.string("text", state.input).word("locale", state.locale.rawValue).int("offset", error.scalarOffset).string("why", error.message)
            }
        }
    }

    /// Recomputes the shown result and writes the contract record (and any warnings first).
    static func recompute(_ state: inout UnitsState, _ world: inout World<Units>) {
        showConversion(&state, &world)
    }

    static func showConversion(_ state: inout UnitsState, _ world: inout World<Units>) {
        let from = state.unitAnywhere(state.fromID), to = state.unitAnywhere(state.toID)
        var shown: Double? = nil
        var symbol = to?.symbol ?? state.toID
        if let v = state.value, let from, let to {
            let r = Conversion.convert(v, from: from, to: to, mode: state.mode, world)
            if r.guardedInfinity && world.isOn(.zeroPaceCrash) {
                crash(&state, &world)
                return
            }
            if !r.value.isFinite && !r.guardedInfinity {
                world.reject("conversion", "non-finite-result") { $0.word("input", DoubleText.word(v)).word("from", from.id).word("to", to.id) }
            } else {
                shown = r.value
                if from.dimensionID == "temperature", state.mode == .point, r.base < 0 {
                    world.emit(Record("units.warning").word("kind", "belowAbsoluteZero").word("kelvin", DoubleText.word(r.base)))
                }
                if from.dimensionID == "pace" || from.dimensionID == "fuel", v < 0 {
                    world.emit(Record("units.warning").word("kind", "nonPhysical").word("input", DoubleText.word(v)))
                }
            }
        }
        var displayValue = shown
        if world.isOn(.localePreferredUnit), state.locale != .enUS, state.locale != .enUSPOSIX, let to,
           let metric = PreferredUnit.metric[to.id], let target = state.unitAnywhere(metric), let s = shown, s.isFinite {
            displayValue = Conversion.convert(s, from: to, to: target, mode: state.mode, world).value
            symbol = target.symbol
        }
        let display = Display.text(displayValue, symbol: symbol, locale: state.locale, raw: world.isOn(.rawDoubleDisplay))
        world.emit(Record("conversion").word("category", state.categoryID).word("from", state.fromID).word("to", state.toID)
            .word("value", DoubleText.word(shown)).string("display", display))
    }

    /// Fault `zeroPaceCrash`: the unguarded division traps; the app relaunches with its defaults.
    static func crash(_ state: inout UnitsState, _ world: inout World<Units>) {
        world.emit(Record("app.crashed").string("reason", "Fatal error: Double value cannot be converted to Int because it is infinite"))
        let history = state.history, registry = state.registry, changes = state.registryChanges, log = state.challengeLog
        state = UnitsState(locale: state.locale)
        state.history = history
        state.registry = registry
        state.registryChanges = changes
        state.challengeLog = log
        showConversion(&state, &world)
    }

    static func registryChange(_ state: inout UnitsState, _ world: inout World<Units>, unitID: String, coefficient: Double, constant: Double) {
        guard coefficient.isFinite, constant.isFinite, coefficient != 0 else {
            world.reject("registryChange", "invalid-factor") { $0.word("unit", unitID).word("coefficient", DoubleText.word(coefficient)) }
            return
        }
        for ci in state.registry.indices {
            if let ui = state.registry[ci].units.firstIndex(where: { $0.id == unitID }) {
                let old = state.registry[ci].units[ui].converter
                let new: Converter = old.isReciprocal ? .reciprocal(k: coefficient) : .linear(coefficient: coefficient, constant: constant)
                state.registry[ci].units[ui].converter = new
                state.registryChanges += 1
                world.emit(Record("registry.changed").word("unit", unitID).word("coefficient", DoubleText.word(coefficient))
                    .word("constant", DoubleText.word(old.isReciprocal ? 0 : constant)))
                recompute(&state, &world)
                return
            }
        }
        world.reject("registryChange", "unknown-unit") { $0.word("id", unitID) }
    }

    static func challenge(_ state: inout UnitsState, _ world: inout World<Units>, from: String, to: String, value: Double, guess: Double) {
        guard let a = state.unitAnywhere(from) else { world.reject("challenge", "unknown-unit") { $0.word("id", from) }; return }
        guard let b = state.unitAnywhere(to) else { world.reject("challenge", "unknown-unit") { $0.word("id", to) }; return }
        guard a.dimensionID == b.dimensionID else {
            world.reject("challenge", "dimension-mismatch") { $0.word("from", from).word("to", to) }
            return
        }
        let truth = Conversion.convert(value, from: a, to: b, mode: .point, world).value
        let (error, score) = EstimationScore.score(truth: truth, guess: guess)
        if state.challengeLog.count < History.maxRecords {
            state.challengeLog.append(ChallengeEntry(truth: truth, guess: guess, score: score))
        }
        world.emit(Record("challenge").word("from", from).word("to", to).word("value", DoubleText.word(value))
            .word("truth", DoubleText.word(truth)).word("guess", DoubleText.word(guess))
            .word("error", error.isFinite ? DoubleText.word((error * 10_000).rounded() / 10_000) : "inf").int("score", score))
    }
}

/// Fault `localePreferredUnit`: the metric unit a formatter "helpfully" switches to outside en_US.
enum PreferredUnit {
    static let metric: [String: String] = [
        "mi": "km", "ft": "m", "in": "cm", "yd": "m", "lb": "kg", "F": "C", "mpg": "L/100km", "min/mi": "min/km", "lb/ft3": "kg/m3",
    ]
}
