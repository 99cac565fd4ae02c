import LockstepCore

/// One decoded `bgtask` scenario line: what the system does to the app's background tasks (the
/// app's submits, cancels and completions come from its reducer, not from lines).
public enum BackgroundTaskLine: Hashable, Sendable {
    /// The system launches the pending task now.
    case fire(id: String)
    /// The system ends the running task's time now: its expiration handler runs.
    case expire(id: String)

    public var identifier: String {
        switch self {
        case .fire(let id), .expire(let id): id
        }
    }
}

/// The standard scenario spelling of the background-task scheduler's decisions, shared by every
/// domain:
///
/// ```
/// 18000 bgtask fire id=rates.refresh       the system launches the pending task
/// 18010 bgtask expire id=rates.refresh     its time is up early: the expiration handler runs
/// ```
///
/// A domain adds `BackgroundTaskVocabulary.eventKind { .bgtask($0) }` to its `events` and passes
/// the line to `BackgroundTaskScheduler.apply(_:_:)`.
public enum BackgroundTaskVocabulary {
    public static let kind = "bgtask"
    public static let actionWords = ["fire", "expire"]

    public static let spec = EventSpec(
        kind, "Background tasks (Platform): the system launches a pending BGTaskScheduler task, or expires a running one",
        positional: [FieldSpec("action", .word(choices: actionWords), "fire | expire")],
        fields: [FieldSpec("id", .word, "the task identifier (BGTaskSchedulerPermittedIdentifiers)")])

    /// Decodes a `bgtask` line.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> BackgroundTaskLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'bgtask ACTION id=ID' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        guard line.has("id") else { throw line.error("missing field 'id' for 'bgtask \(action)'") }
        let id = try line.word("id")
        guard id.utf8.count <= BackgroundTaskScheduler.maxIdentifierBytes else {
            throw line.error("id is \(id.utf8.count) bytes; the limit is \(BackgroundTaskScheduler.maxIdentifierBytes)", at: "id")
        }
        switch action {
        case "fire": return .fire(id: id)
        case "expire": return .expire(id: id)
        default:
            throw line.location(ofArg: first).error("unknown bgtask action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// The `bgtask` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (BackgroundTaskLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .fire(id: "x") : try decode(line))
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`.
    public static func text(of line: BackgroundTaskLine) -> String? {
        switch line {
        case .fire(let id): LineText(kind).word("fire").word("id", id).line
        case .expire(let id): LineText(kind).word("expire").word("id", id).line
        }
    }
}

extension BackgroundTaskScheduler {
    /// Applies a `bgtask` line. A fire that launched a task returns it; the domain then gives
    /// `BackgroundTaskScheduler.lifecycleEvent(for: lifecycle.phase)` to its `AppLifecycle` and
    /// runs the task's work (for currency, `refreshIfStale(force: true)` then a new submit).
    @discardableResult
    public mutating func apply<D: Domain>(_ line: BackgroundTaskLine, _ world: inout World<D>) -> RunningBackgroundTask? {
        switch line {
        case .fire(let id): return fire(id, &world)
        case .expire(let id):
            expire(id, &world)
            return nil
        }
    }
}
