import LockstepCore

/// One decoded `lifecycle` scenario line: which process, and what happened to it.
public struct LifecycleLine: Hashable, Sendable {
    /// `app` unless the line says `process=NAME`.
    public var process: String
    public var event: LifecycleEvent

    /// For tests and generators that send lifecycle events without a scenario line.
    public init(process: String = "app", event: LifecycleEvent) {
        self.process = process
        self.event = event
    }
}

/// The standard scenario spelling of lifecycle events, shared by every domain:
///
/// ```
/// 0     lifecycle launch                              reason defaults to user
/// 0     lifecycle launch reason=notificationAction    background launch
/// 0     lifecycle launch reason=user foreground=false presentation override
/// 1     lifecycle active | inactive | background | foreground | suspend | memoryWarning
/// 2     lifecycle wake reason=backgroundTask          (or notificationAction)
/// 3     lifecycle return                              extension: end=true (default) or end=false
/// 4     lifecycle terminate reason=jetsam             user | system | jetsam | crash
/// 5     lifecycle launch reason=extension process=keyboard
/// ```
///
/// A domain adds `LifecycleVocabulary.eventKind { .lifecycle($0) }` to its `events`, which decodes
/// with `LifecycleVocabulary.decode(line)`.
public enum LifecycleVocabulary {
    /// The scenario kind.
    public static let kind = "lifecycle"

    /// Words accepted as the positional event name.
    public static let eventWords = ["launch", "active", "inactive", "background", "foreground", "suspend", "wake",
                                    "return", "terminate", "memoryWarning"]

    /// Every reason word (launch reasons, then termination reasons); which apply depends on the event.
    public static let reasonWords = LaunchReason.allCases.map(\.rawValue) + TerminationReason.allCases.map(\.rawValue)

    /// The declaration `eventKind` wraps (shown by `lockstep list`).
    public static let spec = EventSpec(
        kind, "App lifecycle (Platform): launch, active, inactive, background, foreground, suspend, wake, return, terminate, memoryWarning",
        positional: [FieldSpec("event", .word(choices: eventWords), "what happened")],
        fields: [
            .optional("reason", .word(choices: reasonWords),
                      "launch: user|notificationAction|backgroundTask|extension (default user); wake: notificationAction|backgroundTask; terminate: user|system|jetsam|crash"),
            .optional("foreground", .bool, "launch only: on screen or not (default from the reason)"),
            .optional("end", .bool, "return only: whether an extension is ended (default true)"),
            .optional("process", .word, "which process (default app)"),
        ])

    /// Decodes a `lifecycle` line. Fields that do not apply to the event (`background reason=user`),
    /// missing reasons (`terminate`, `wake`) and reasons of the wrong family are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> LifecycleLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'lifecycle EVENT' with EVENT one of: \(eventWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        let process = line.has("process") ? try line.word("process") : "app"

        func reject(_ key: StaticString) throws(ScenarioError) {
            if line.has(key) { throw line.error("'\(key)' does not apply to 'lifecycle \(word)'", at: key) }
        }
        func launchReason(_ allowed: [LaunchReason], default value: LaunchReason?) throws(ScenarioError) -> LaunchReason {
            guard let i = line.index(of: "reason") else {
                if let value { return value }
                throw line.error("missing field 'reason' for 'lifecycle \(word)' (one of: \(allowed.map(\.rawValue).joined(separator: ", ")))")
            }
            let text = line.rawText(i)
            guard let r = LaunchReason(rawValue: text), allowed.contains(r) else {
                throw line.error("reason=\(text) does not apply to 'lifecycle \(word)'; expected one of: \(allowed.map(\.rawValue).joined(separator: ", "))", at: "reason")
            }
            return r
        }

        if word != "launch" { try reject("foreground") }
        if word != "return" { try reject("end") }
        if !["launch", "wake", "terminate"].contains(word) { try reject("reason") }

        let event: LifecycleEvent
        switch word {
        case "launch":
            let reason = try launchReason(LaunchReason.allCases, default: .user)
            let presentation: LaunchPresentation
            if line.has("foreground") {
                presentation = try line.bool("foreground") ? .foreground : .background
            } else {
                presentation = reason.defaultPresentation
            }
            event = .launch(reason, presentation)
        case "active": event = .becomeActive
        case "inactive": event = .resignActive
        case "background": event = .enterBackground
        case "foreground": event = .enterForeground
        case "suspend": event = .suspend
        case "wake": event = .wake(try launchReason([.notificationAction, .backgroundTask], default: nil))
        case "return": event = .returned(end: try line.bool("end", default: true))
        case "terminate":
            guard let i = line.index(of: "reason") else {
                throw line.error("missing field 'reason' for 'lifecycle terminate' (one of: \(TerminationReason.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let text = line.rawText(i)
            guard let r = TerminationReason(rawValue: text) else {
                throw line.error("reason=\(text) does not apply to 'lifecycle terminate'; expected one of: \(TerminationReason.allCases.map(\.rawValue).joined(separator: ", "))", at: "reason")
            }
            event = .terminate(r)
        case "memoryWarning": event = .memoryWarning
        default:
            throw line.location(ofArg: first).error("unknown lifecycle event '\(word)'; expected one of: \(eventWords.joined(separator: ", "))")
        }
        return LifecycleLine(process: process, event: event)
    }

    /// The `lifecycle` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (LifecycleLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? LifecycleLine(process: "app", event: .memoryWarning) : try decode(line))
        }
    }
}
