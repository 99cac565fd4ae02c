import LockstepCore
import Platform

extension Darshan {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `temple`, `aarti`, `removeTemple`, `show`, `open`, `status`, `pip`, `navigate`,
    /// `speed`, `setReminder`, `cancelReminder`, `respond`, `widget`, `maps`, `osUpdate`,
    /// `settings`, `audit` and the shared `lifecycle` line. Fields at the decoder's default are left out.
    ///
    /// Nil for the timer events (`notificationDue`, `widgetReload`: no recorded form), and for
    /// values no line gives: `settings` back to `notDetermined` (Settings offers granted, denied and
    /// provisional), recorded URLs that are empty or hold a comma (the field is one comma-separated
    /// list), ids and names that are not words.
    public static func text(of event: DarshanEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .addTemple(let t):
            guard t.recorded.allSatisfy({ !$0.isEmpty && !$0.contains(",") }) else { return nil }
            return line.word("id", t.id).text("name", t.name).text("city", t.city).number("lat", t.latitude)
                .number("lon", t.longitude).text("zone", t.zoneName).optional(t.liveURL) { $0.text("live", $1) }
                .optional(t.recorded.isEmpty ? nil : t.recorded.joined(separator: ",")) { $0.text("recorded", $1) }.line
        case .addAarti(let temple, let key, let name, let hour, let minute):
            return line.word("temple", temple).word("id", key).text("name", name).int("hour", hour).int("minute", minute).line
        case .removeTemple(let id): return line.word("id", id).line
        case .show(let temple), .open(let temple), .openInMaps(let temple): return line.word("temple", temple).line
        case .itemStatus(let token, let status): return line.int("token", token).choice("status", status).line
        case .pip(let button): return line.choice(button).line
        case .navigate(let screen?): return line.choice(NavigateAction.push).word("screen", screen).line
        case .navigate(nil): return line.choice(NavigateAction.pop).line
        case .setSpeed(let rate): return line.number("rate", rate).line
        case .setReminder(let temple, let aarti, let lead, let timeSensitive):
            return line.word("temple", temple).word("aarti", aarti).int("lead", lead).bool("timeSensitive", timeSensitive, default: false).line
        case .cancelReminder(let temple, let aarti): return line.word("temple", temple).word("aarti", aarti).line
        case .respond(let id, let action): return line.optional(id) { $0.word("id", $1) }.word("action", action).line
        case .widgetRequest, .audit: return line.line
        case .osUpdate(let major, let minor): return line.int("major", major).int("minor", minor, default: 0).line
        case .settings(let authorization):
            guard let answer = PermissionAnswer(rawValue: authorization.rawValue) else { return nil }
            return line.choice("notifications", answer).line
        case .notificationDue, .widgetReload: return nil  // timers: no recorded form
        }
    }
}
