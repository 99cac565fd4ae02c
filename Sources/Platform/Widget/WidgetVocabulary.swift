import LockstepCore

/// The standard scenario spelling of the system's side of an app's widgets (`WidgetCenter`):
///
/// ```
/// 0     widget timeline kind=NextDose        the system asks for a timeline (a widget added)
/// 0     widget snapshot kind=NextDose        ... for the gallery's snapshot
/// 0     widget placeholder kind=NextDose     ... for the placeholder
/// 1h    widget refresh late=20m              the scheduled refresh of every kind comes 20 min late
/// 1h    widget refresh late=20m kind=Next    ... of one kind
/// 0     widget containerUnavailable          the widget cannot open the App Group container
/// 5m    widget containerUnavailable on=false it can again
/// 2h    widget shown                         records what each widget shows now
/// ```
///
/// A domain adds `WidgetVocabulary.eventKind { .widget(.line($0)) }` to its `events`, names the
/// event `WidgetVocabulary.kind(of:)` in `kind(of:)` (`widget` for lines, `timer:widget-refresh`
/// and `timer:widget-entry` for the center's timers), writes lines back with
/// `WidgetVocabulary.text(of:)`, and passes every `WidgetEvent` to `WidgetCenter.handle`. Kind names
/// are checked by the center (an unknown one is a `widget.refused` record); their syntax here.
public enum WidgetVocabulary {
    public static let kind = "widget"
    public static let actionWords = ["timeline", "snapshot", "placeholder", "refresh", "containerUnavailable", "shown"]
    /// Trace kinds of the center's timer events.
    public static let refreshTimerKind = "widget-refresh"
    public static let entryTimerKind = "widget-entry"

    public static let spec = EventSpec(
        kind, "The system's side of the app's widgets (Platform): timeline, snapshot, placeholder calls, late refresh, container unavailable",
        positional: [FieldSpec("action", .word(choices: actionWords), actionWords.joined(separator: " | "))],
        fields: [
            .optional("kind", .word, "the widget kind (timeline, snapshot, placeholder: required; refresh, shown: default every kind)"),
            .optional("late", .duration, "refresh: how late the scheduled refresh comes (0...24h)"),
            .optional("on", .bool, "containerUnavailable: true (default) the container cannot be opened, false it can"),
        ])

    /// Decodes a `widget` line; fields that do not belong to its action, a missing kind, a
    /// lateness outside 0...24 h are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> WidgetLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'widget ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        func only(_ allowed: [StaticString]) throws(ScenarioError) {
            let all: [StaticString] = ["kind", "late", "on"]
            for key in all where line.has(key) && !allowed.contains(where: { $0.description == key.description }) {
                throw line.error("'\(key)' does not apply to 'widget \(action)'", at: key)
            }
        }
        func kindName(required: Bool) throws(ScenarioError) -> String? {
            guard let i = line.index(of: "kind") else {
                if required { throw line.error("'widget \(action)' needs kind=NAME (the widget kind)") }
                return nil
            }
            let name = try line.word(at: i)
            guard isKindName(name) else {
                throw line.valueLocation(i).error("kind=\(name) is not a widget kind (1...\(WidgetCenter<WidgetText>.maxKindBytes) letters, digits, ., - or _)")
            }
            return name
        }
        switch action {
        case "timeline", "snapshot", "placeholder":
            try only(["kind"])
            let call = WidgetCall(rawValue: action)!
            return .call(call, kind: try kindName(required: true)!)
        case "refresh":
            try only(["late", "kind"])
            guard let l = line.index(of: "late") else { throw line.error("'widget refresh' needs late=DURATION (how late the scheduled refresh comes)") }
            let late = try line.duration(at: l)
            guard late >= .zero, late <= WidgetCenter<WidgetText>.maxLate else {
                throw line.valueLocation(l).error("late=\(line.rawText(l)) must be 0...24h (maxLate)")
            }
            return .refreshLate(late, kind: try kindName(required: false))
        case "containerUnavailable":
            try only(["on"])
            return .containerUnavailable(line.has("on") ? try line.bool("on") : true)
        case "shown":
            try only(["kind"])
            return .shown(kind: try kindName(required: false))
        default:
            throw line.location(ofArg: first).error("unknown widget action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// A kind name: 1...`maxKindBytes` ASCII letters, digits, `.`, `-` or `_`.
    public static func isKindName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= WidgetCenter<WidgetText>.maxKindBytes && s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E
        }
    }

    /// The `widget` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (WidgetLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .shown(kind: nil) : try decode(line))
        }
    }

    /// The trace kind of a widget event, for `Domain.kind(of:)`.
    public static func kind(of event: WidgetEvent) -> String {
        switch event {
        case .line: kind
        case .timer(.refresh): refreshTimerKind
        case .timer(.entry): entryTimerKind
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`.
    public static func text(of line: WidgetLine) -> String? {
        let out = LineText(kind)
        switch line {
        case .call(let call, let k): return out.word(call.rawValue).word("kind", k).line
        case .refreshLate(let late, let k):
            let l = out.word("refresh").duration("late", late)
            return (k.map { l.word("kind", $0) } ?? l).line
        case .containerUnavailable(let on): return on ? out.word("containerUnavailable").line : out.word("containerUnavailable").bool("on", false).line
        case .shown(let k): return (k.map { out.word("shown").word("kind", $0) } ?? out.word("shown")).line
        }
    }
}
