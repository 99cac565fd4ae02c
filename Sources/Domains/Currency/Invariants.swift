import LockstepCore
import Platform

extension Currency {
    public static let invariants: [Invariant<Currency>] = [
        Invariant("oneConversionPerChange", "every change shows exactly one result, never two") { _, outputs in
            let n = outputs.filter { $0.name == "conversion" }.count
            return n <= 1 ? nil : "\(n) conversion records in one step"
        },
        Invariant("tableNeverBroken", "a stored table is never replaced by a broken one: every rate > 0, base three capitals") { s, _ in
            guard let t = s.table else { return nil }
            if let bad = t.sortedCodes.first(where: { !(t.rates[$0]! > .zero) }) { return "rate for \(bad) is \(t.rates[bad]!)" }
            return t.base.utf8.count == 3 ? nil : "base \(t.base)"
        },
        Invariant("shownValueIsExact", "the result shown is amount × (b ÷ a) in Decimal from the table in memory") { s, outputs in
            guard let r = outputs.last(where: { $0.name == "conversion" }),
                  let shown = r.fields.first(where: { $0.key == "value" })?.value else { return nil }
            guard let amount = s.amount, let rate = s.table?.rate(from: s.from, to: s.to),
                  let expected = try? amount * rate else { return nil }
            return shown == .word(expected.canonicalText) ? nil : "shown \(shown), expected \(expected.canonicalText)"
        },
        Invariant("lastGoodTableKept", "a failed refresh keeps the table it had (the user never loses rates)") { s, outputs in
            let kept = outputs.contains { $0.name == "refresh.result" && $0.fields.contains { $0.value == .word("noTable") } }
            return kept && s.seed != nil && s.table == nil ? "a failure left no table" : nil
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { rng in
        ["set locale \(["en_US", "de_DE", "fr_FR", "ja_JP", "ar", "es"][rng.int(below: 6)])", "set from EUR", "set to USD"]
    }, next: { rng, _ in
        let texts = ["1", "12", "12,5", "12.5", "1.2.3", "", "abc", "-5", "0,0025", "1 234,5", "100"]
        let bodies = ["{\\\"base\\\":\\\"USD\\\",\\\"rates\\\":{\\\"EUR\\\":\\\"0.92\\\"}}", "oops",
                      "{\\\"base\\\":\\\"USD\\\",\\\"rates\\\":{\\\"EUR\\\":\\\"0\\\"}}", "{\\\"base\\\":\\\"usd\\\",\\\"rates\\\":{}}"]
        let dt = "+\(rng.int(in: 1...4000))s"
        switch rng.int(below: 12) {
        case 0, 1, 2: return "\(dt) text input=\"\(texts[rng.int(below: texts.count)])\""
        case 3: return "\(dt) swap"
        case 4: return "\(dt) select side=to code=\(["JPY", "XYZ", "EUR", "KWD"][rng.int(below: 4)])"
        case 5: return "\(dt) lifecycle active"
        case 6: return "\(dt) lifecycle background"
        case 7: return "\(dt) net respond id=latest status=\([200, 200, 500][rng.int(below: 3)]) body=\"\(bodies[rng.int(below: bodies.count)])\""
        case 8: return "\(dt) net fail id=latest kind=offline"
        case 9: return "\(dt) bgtask fire id=rates.refresh"
        case 10: return "\(dt) locale set id=\(["en_US", "de_DE", "fr_FR"][rng.int(below: 3)])"
        default: return "\(dt) purgeCaches"
        }
    })
}
