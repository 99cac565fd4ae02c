import LockstepCore

extension Units {
    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }

    public static let invariants: [Invariant<Units>] = [
        Invariant("oneConversionPerChange", "the screen shows one result per change: never two conversion records in a step") { _, outputs in
            let n = outputs.filter { $0.name == "conversion" }.count
            return n <= 1 ? nil : "\(n) conversion records in one step"
        },
        Invariant("noValueShowsDash", "no value is shown as \"—\" and a value never is; ∞ only with inf") { _, outputs in
            for r in outputs where r.name == "conversion" {
                guard case .word(let v)? = field(r, "value"), case .string(let d)? = field(r, "display") else { return "conversion without value or display" }
                if (v == "none") != (d == Display.none) { return "value=\(v) display=\(d)" }
                if (v == "inf" || v == "-inf") != d.contains("∞") { return "value=\(v) display=\(d)" }
                if v == "nan" { return "a NaN reached the screen" }
            }
            return nil
        },
        Invariant("neverCrashes", "a pace or speed of 0 is ∞, recorded, never a crash (checklist 3)") { _, outputs in
            outputs.contains { $0.name == "app.crashed" } ? "the app crashed" : nil
        },
        Invariant("atMostSixSignificantDigits", "results show 1…6 significant digits, never floating-point noise") { _, outputs in
            for r in outputs where r.name == "conversion" {
                guard case .string(let d)? = field(r, "display") else { continue }
                let number = d.unicodeScalars.prefix { $0 != " " }
                var digits = number.filter { $0 >= "0" && $0 <= "9" }.map { $0 }
                while digits.first == "0" { digits.removeFirst() }
                // Trailing zeros past the sixth digit are placeholders ("12,300,000"), not precision.
                while digits.count > 6, digits.last == "0" { digits.removeLast() }
                if digits.count > 6 { return "display \(d) has \(digits.count) significant digits" }
            }
            return nil
        },
        Invariant("temperatureDifferenceByCoefficients", "a temperature difference scales by coefficients only: a 10 °C rise is 18 °F") { state, outputs in
            guard state.categoryID == "temperature", state.mode == .difference, let v = state.value,
                  let a = state.unitAnywhere(state.fromID), let b = state.unitAnywhere(state.toID),
                  let r = outputs.last(where: { $0.name == "conversion" }), case .word(let shown)? = field(r, "value") else { return nil }
            let expected = v * a.converter.differenceCoefficient / b.converter.differenceCoefficient
            return shown == DoubleText.word(expected) || !expected.isFinite ? nil : "\(v) \(a.id) as a difference is \(expected) \(b.id), shown \(shown)"
        },
        Invariant("historyBounded", "history and the challenge log stay within their limit") { state, _ in
            state.history.count <= History.maxRecords && state.challengeLog.count <= History.maxRecords ? nil : "history \(state.history.count)"
        },
        Invariant("selectionInOneDimension", "from and to always share the category's dimension") { state, _ in
            guard let a = state.unitAnywhere(state.fromID), let b = state.unitAnywhere(state.toID) else { return "unknown selected unit" }
            return a.dimensionID == state.categoryID && b.dimensionID == state.categoryID ? nil : "\(a.id) and \(b.id) in \(state.categoryID)"
        },
    ]

    static let explorerUnits = ["km", "mi", "m", "ft", "kg", "lb", "C", "F", "K", "min/km", "km/h", "min/mi", "mpg", "L/100km", "g/cm3", "parsec"]
    static let explorerTexts = ["0", "1", "-5", "42.195", "1,5", "1.5", "12.5.3", "", " 2 ", "1e3", "-300", "99999999999999999999", "abc"]

    /// Random walks mixing typing, unit and category picks (including unknown and cross-dimension
    /// ones), locale changes, mode toggles, history, registry changes and challenges.
    public static let explorer: Explorer? = Explorer(header: { rng in
        rng.chance(0.5) ? ["set locale \(["en_US", "de_DE", "fr_FR", "es"][rng.int(below: 4)])"] : []
    }, next: { rng, _ in
        let t = "+\(rng.int(in: 1...5))s"
        let u = { (r: inout SeededRNG) in explorerUnits[r.int(below: explorerUnits.count)] }
        switch rng.int(below: 11) {
        case 0: return "\(t) category id=\((Catalog.categoryIDs + ["volume"])[rng.int(below: 7)])"
        case 1: return "\(t) unit side=\(rng.chance(0.5) ? "from" : "to") id=\(u(&rng))"
        case 2, 3: return "\(t) text input=\"\(explorerTexts[rng.int(below: explorerTexts.count)])\""
        case 4: return "\(t) convert from=\(u(&rng)) to=\(u(&rng)) input=\"\(explorerTexts[rng.int(below: explorerTexts.count)])\""
        case 5: return "\(t) tempMode mode=\(rng.chance(0.5) ? "point" : "difference")"
        case 6: return "\(t) locale set id=\(["en_US", "de_DE", "fr_FR", "ar", "ja_JP"][rng.int(below: 5)])"
        case 7: return "\(t) \(rng.chance(0.5) ? "commit" : "historyOpen")"
        case 8: return "\(t) registryChange unit=\(u(&rng)) coefficient=\(rng.int(in: 0...2000))"
        case 9: return "\(t) challenge from=km to=ft value=1 guess=\(rng.int(in: -10...7000))"
        default: return "\(t) sum a=\(rng.int(in: -5...5)) aUnit=\(u(&rng)) b=\(rng.int(in: 0...500)) bUnit=\(u(&rng))"
        }
    })
}
