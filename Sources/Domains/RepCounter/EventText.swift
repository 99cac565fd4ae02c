import LockstepCore
import Platform

extension RepCounter {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `frame` (the reported joints, in Vision's order), `setStart`, `setEnd`, `health`,
    /// `streak`, `stepsMode`, `rule`, `enable`, `deleteRule`, `usage`, `monitor`, `shieldButton`,
    /// `notifications`, `os` and `spend`. Fields at the decoder's default are left out.
    ///
    /// Nil for the timer events `boundary` and `notificationAdded` (no recorded form), and for values
    /// no line gives: an `os` release with a patch or a component beyond two digits (the event's
    /// number field reads `major.minor` only), `health` with no samples or more than 64, a rule
    /// with no apps, names that are not words.
    public static func text(of event: RepEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .frame(let pose):
            var out = line
            for j in JointName.allCases {
                if let v = pose[j] { out = out.tuple(j.name, [v.x, v.y, v.confidence]) }
            }
            return out.line
        case .setStart(let exercise, let rule):
            return line.optional(exercise) { $0.choice("exercise", $1) }.optional(rule) { $0.word("rule", $1) }.line
        case .setEnd: return line.line
        case .health(let samples):
            let entered = samples.map { s -> Double in s.wasUserEntered.map { $0 ? 1 : 0 } ?? -1 }
            return line.tuple("counts", samples.map { Double($0.count) })
                .optional(entered.allSatisfy { $0 == -1 } ? nil : entered) { $0.tuple("entered", $1) }.line
        case .streak(let days): return line.int("days", days).line
        case .stepsMode(let on): return line.bool("on", on).line
        case .rule(let r):
            return line.word("name", r.name).tuple("apps", r.apps).choice("mode", r.mode)
                .optional(r.minutes) { $0.number("minutes", $1) }.optional(r.windowHours) { $0.tuple("window", [$1.0, $1.1]) }
                .bool("enabled", r.enabled, default: true).line
        case .enable(let rule, let on): return line.word("rule", rule).bool("on", on).line
        case .deleteRule(let rule): return line.word("rule", rule).line
        case .usage(let app, let seconds): return line.int("app", app).int("seconds", seconds).line
        case .monitor(let kind, let activity, let name):
            return line.choice("kind", kind).string("activity", activity).optional(name) { $0.word("event", $1) }.line
        case .shieldButton(let rule): return line.word("rule", rule).line
        case .notifications(let granted): return line.bool("granted", granted).line
        case .os(let release):
            // Read as written (`17.10` is minor ten), so written as `major.minor`, never as a Double.
            let text = "\(release.major).\(release.minor)"
            guard release.patch == 0, OSRelease.parse(text) == release else { return nil }
            return line.raw("version", text).line
        case .spend(let rule, let seconds): return line.word("rule", rule).int("seconds", seconds).line
        case .boundary, .notificationAdded: return nil  // timers: no recorded form
        }
    }
}
