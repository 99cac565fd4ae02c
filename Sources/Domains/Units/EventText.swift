import LockstepCore
import Platform

extension Units {
    /// Every event written back as the line that reads it (for `expand` and `shrink`).
    public static func text(of event: UnitsEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .category(let id): return line.word("id", id).line
        case .unit(let side, let id): return line.choice("side", side).word("id", id).line
        case .text(let t): return line.string("input", t).line
        case .convert(let from, let to, let input): return line.word("from", from).word("to", to).string("input", input).line
        case .temperatureMode(let m): return line.choice("mode", m).line
        case .locale(let id): return LocaleVocabulary.text(of: id)
        case .commit, .historyOpen, .roundTrip: return line.line
        case .historyRestore(let c, let f, let t, let v):
            return line.word("category", c).word("from", f).word("to", t).number("input", v).line
        case .registryChange(let u, let c, let k):
            return line.word("unit", u).number("coefficient", c).number("constant", k, default: 0).line
        case .constantsQuery(let q): return line.string("query", q).line
        case .challenge(let f, let t, let v, let g):
            return line.word("from", f).word("to", t).number("value", v).number("guess", g).line
        case .sum(let a, let au, let b, let bu), .compare(let a, let au, let b, let bu):
            return line.number("a", a).word("aUnit", au).number("b", b).word("bUnit", bu).line
        }
    }

    /// `gen typing input="42.195" gap=200ms`: the field's text keystroke by keystroke, each prefix
    /// a `text` event (so every intermediate value, "4", "42", "42.", is converted and shown).
    public static let generators: [Generator<UnitsEvent>] = [
        Generator("typing", "types input one character at a time, gap apart", parameters: { f throws(ScenarioError) in
            (input: try f("input", .text), gap: try f("gap", .duration, default: .milliseconds(200), in: .milliseconds(1) ... .seconds(60)))
        }, expand: { p, context throws(ScenarioError) in
            let chars = Array(p.input)
            guard chars.count <= LocaleNumberParser.maxScalars else { throw context.error("input longer than \(LocaleNumberParser.maxScalars) characters") }
            return chars.indices.map { i in Generated(p.gap * Int64(i), .text(String(chars[...i]))) }
        }),
    ]
}
