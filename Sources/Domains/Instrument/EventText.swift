import LockstepCore
import Platform

extension Instrument {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event: `touches VIEW PHASE t<ID>=x,y ...` (in the event's order, which the decoder sorts:
    /// callbacks are ascending already), `layout`, `keyboard`, `labels`, `instrument`,
    /// `systemGesture`, `hit`, `check`, and the shared `audio` and `lifecycle` lines.
    ///
    /// Nil only for values no line gives: a callback with no touches, a negative touch id, ids out
    /// of ascending order or repeated (the decoder would sort or refuse them), a pad name that is
    /// not a word. Instrument schedules no timers, so every event kind has a line.
    public static func text(of event: InstrumentEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .touches(let view, let phase, let points):
            guard !points.isEmpty, zip(points, points.dropFirst()).allSatisfy({ $0.id < $1.id }),
                  points[0].id >= 0, points.last!.id <= Int(Int32.max) else { return nil }
            var out = line.choice(view).choice(phase)
            for p in points { out = out.tuple("t\(p.id)", [p.x, p.y]) }
            return out.line
        case .layout(let view, let width, let height):
            return line.choice("view", view).number("width", width).number("height", height).line
        case .keyboard(let first, let octaves): return line.int("firstMidi", first).int("octaves", octaves).line
        case .labels(let naming, let sharps): return line.choice("naming", naming).bool("showSharps", sharps, default: false).line
        case .switchInstrument(let kind): return line.choice(kind).line
        case .systemGesture(let gesture): return line.choice(gesture).line
        case .hit(let pad, let velocity): return line.word("pad", pad).number("velocity", velocity, default: 1).line
        case .check: return line.line
        case .audio(let e): return AudioVocabulary.text(of: e)
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        }
    }
}
