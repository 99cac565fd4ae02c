import LockstepCore
import Platform

extension Sourdough {
    /// The scenario line of a recorded event, read back by `events` as the same event. Nil for timers
    /// (notifications, Live Activity, widget).
    public static func text(of event: SourdoughEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .configure(let c):
            return line.number("temp", c.temperatureC).word("starter", c.starter, default: "main").bool("ripe", c.ripe, default: false)
                .string("quiet", c.quiet, default: "23:00-07:00").optional(c.coldProofMaxMinutes) { $0.int("coldProofMax", $1) }
                .optional(c.coldProofStepMinutes) { $0.int("coldProofStep", $1) }.line
        case .plan(.local(_, let text)): return line.string("ready", text).line
        case .plan(.after(let d)): return line.duration("readyIn", d).line
        case .done, .plus15, .timeChange: return line.line
        case .needMore(let m): return line.int("minutes", m).line
        case .logPeak(let a, let b), .logBulkEnd(let a, let b): return line.number("actual", a).optional(b) { $0.number("baseline", $1) }.line
        case .respond(let id, let action): return line.word("id", id).word("action", action).line
        case .activity(.line(let l)): return LiveActivityVocabulary.text(of: l)
        case .widget(.line(let l)): return WidgetVocabulary.text(of: l)
        case .activity(.timer), .widget(.timer): return nil
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .notificationDue: return nil
        }
    }
}

extension LineText {
    func word(_ key: String, _ w: String, default fallback: String) -> LineText { w == fallback ? self : word(key, w) }
}
