import LockstepCore

/// The standard scenario spelling of the user's and the system's side of Live Activities
/// (`LiveActivityCenter`), two kinds:
///
/// ```
/// 0     activities enabled=false             the user turns Live Activities off in Settings
/// 1h    activity intent name=done            a Lock Screen button: the app's intent runs
/// 1h    activity intent name=plus15 tag=p1   ... on the activity tagged p1
/// 2h    activity dismiss                     the user swipes the newest activity away
/// 2h    activity dismiss tag=p1
/// ```
///
/// A domain adds both `LiveActivityVocabulary.eventKinds { .activity(.line($0)) }` to its
/// `events`, names events with `LiveActivityVocabulary.kind(of:)` (`activities`, `activity`, and
/// `timer:activity-lifetime|activity-stale|activity-dismiss`), writes lines back with `text(of:)`,
/// and passes every `LiveActivityEvent` to `LiveActivityCenter.handle`, which returns a pressed
/// intent for the domain to run (it may `update`, or `request` with origin `.intent`).
public enum LiveActivityVocabulary {
    public static let switchKind = "activities"
    public static let kind = "activity"
    public static let actionWords = ["intent", "dismiss"]
    public static let lifetimeTimerKind = "activity-lifetime"
    public static let staleTimerKind = "activity-stale"
    public static let dismissTimerKind = "activity-dismiss"

    public static let switchSpec = EventSpec(
        switchKind, "The Live Activities switch in Settings (Platform): areActivitiesEnabled",
        positional: [], fields: [FieldSpec("enabled", .bool, "whether the app may show Live Activities")])

    public static let spec = EventSpec(
        kind, "The user on a Live Activity (Platform): press an intent button, dismiss it",
        positional: [FieldSpec("action", .word(choices: actionWords), "intent | dismiss")],
        fields: [
            .optional("name", .word, "intent: the intent's name (done, plus15, ...)"),
            .optional("tag", .word, "intent, dismiss: the activity's tag (default: intent none, dismiss the newest)"),
        ])

    public static func decodeSwitch(_ line: EventLine) throws(ScenarioError) -> LiveActivityLine {
        guard line.positionalIndices.isEmpty else {
            throw line.location(ofArg: line.positionalIndices[0]).error("'activities' takes only enabled=true|false")
        }
        guard line.has("enabled") else { throw line.error("'activities' needs enabled=true or enabled=false") }
        return .enabled(try line.bool("enabled"))
    }

    /// Decodes an `activity` line. The positional is the action (`intent`, `dismiss`); for
    /// `intent` the intent's own name is `name=`.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> LiveActivityLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'activity ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        func tag() throws(ScenarioError) -> String? {
            guard let i = line.index(of: "tag") else { return nil }
            let t = try line.word(at: i)
            guard t.utf8.count <= LiveActivityCenter<WidgetText>.maxTagBytes else {
                throw line.valueLocation(i).error("tag is \(t.utf8.count) bytes; at most \(LiveActivityCenter<WidgetText>.maxTagBytes) (maxTagBytes)")
            }
            return t
        }
        switch word {
        case "intent":
            guard let a = line.index(of: "name") else { throw line.error("'activity intent' needs name=NAME (the intent pressed)") }
            let action = try line.word(at: a)
            guard WidgetVocabulary.isKindName(action) else {
                throw line.valueLocation(a).error("name=\(action) is not an intent name (1...64 letters, digits, ., - or _)")
            }
            return .intent(action: action, tag: try tag())
        case "dismiss":
            if line.has("name") { throw line.error("'name' does not apply to 'activity dismiss'", at: "name") }
            return .dismiss(tag: try tag())
        default:
            throw line.location(ofArg: first).error("unknown activity action '\(word)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// Both kinds for a domain's `events`.
    public static func eventKinds<Event>(_ wrap: @escaping @Sendable (LiveActivityLine) -> Event) -> [EventKind<Event>] {
        [
            EventKind(switchSpec.kind, switchSpec.summary) { f throws(ScenarioError) in
                let line = f.custom(positional: switchSpec.positional, switchSpec.fields)
                return wrap(f.isDeclaring ? .enabled(true) : try decodeSwitch(line))
            },
            EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
                let line = f.custom(positional: spec.positional, spec.fields)
                return wrap(f.isDeclaring ? .dismiss(tag: nil) : try decode(line))
            },
        ]
    }

    public static func kind(of event: LiveActivityEvent) -> String {
        switch event {
        case .line(.enabled): switchKind
        case .line: kind
        case .timer(.lifetime): lifetimeTimerKind
        case .timer(.stale): staleTimerKind
        case .timer(.dismiss): dismissTimerKind
        }
    }

    public static func text(of line: LiveActivityLine) -> String? {
        switch line {
        case .enabled(let on): return LineText(switchKind).bool("enabled", on).line
        case .intent(let action, let tag):
            let l = LineText(kind).word("intent").word("name", action)
            return (tag.map { l.word("tag", $0) } ?? l).line
        case .dismiss(let tag):
            let l = LineText(kind).word("dismiss")
            return (tag.map { l.word("tag", $0) } ?? l).line
        }
    }
}
