import LockstepCore
import Platform

extension AlgoPlayer {
    /// The scenario line of an event, which `events` reads back as the same event; nil for the
    /// two timer events.
    public static func text(of event: AlgoPlayerEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .load(let q):
            var out = line.choice("algorithm", q.algorithm)
            if !q.array.isEmpty { out = out.tuple("values", q.array.map(Double.init)) }
            if let t = q.target { out = out.int("target", t) }
            if let g = q.adjacency { out = out.string("adjacency", g.text) }
            if let s = q.start { out = out.int("start", s, default: 0) }
            return out.line
        case .play, .pause, .chart: return line.line
        case .step(let d): return line.int("delta", d).line
        case .seek(let i): return line.int("index", i).line
        case .scrub(let x): return line.number("x", x).line
        case .speed(let v): return line.number("value", v).line
        case .run(let language, let source): return line.choice("language", language).string("source", source).line
        case .reply(let r): return ReplyVocabulary.text(of: r)
        case .a11y(let c): return AccessibilityVocabulary.text(of: c)
        case .tick, .runTimeout: return nil
        }
    }
}
