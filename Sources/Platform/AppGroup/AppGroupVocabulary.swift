import LockstepCore

/// The standard scenario spelling of the scheduler that interleaves processes sharing an App Group
/// container (`AppGroup`):
///
/// ```
/// 2   appgroup step process=app       the app's next step: it reads (a snapshot) or commits
/// 2   appgroup step process=widget    the widget reads the same snapshot before the app commits
/// 3   appgroup run                    the rest, in an order drawn from the group's RNG
/// 3   appgroup run order=serial       the rest, each operation's read and commit back to back
/// ```
///
/// The domain queues operations (`AppGroup.submit`) from its own events (a widget tap, an app
/// edit); these lines decide when their steps happen. Process names are checked by the group (an
/// unknown one is an `appgroup.refused` record); the name's syntax and the order are checked here.
///
/// A domain adds `AppGroupVocabulary.eventKind { .appGroup($0) }` to its `events`, names it with
/// `AppGroupVocabulary.kind` in `kind(of:)`, passes the line to `AppGroup.handle` and writes it back
/// with `AppGroupVocabulary.text(of:)`.
public enum AppGroupVocabulary {
    public static let kind = "appgroup"
    public static let actionWords = ["step", "run"]

    public static let spec = EventSpec(
        kind, "The scheduler of processes sharing an App Group container (Platform): step, run",
        positional: [FieldSpec("action", .word(choices: actionWords), "step | run")],
        fields: [
            .optional("process", .word, "step: the process (app, widget, ...)"),
            .optional("order", .word(choices: AppGroupRunOrder.allCases.map(\.rawValue)), "run: seeded (default) or serial"),
        ])

    public static func decode(_ line: EventLine) throws(ScenarioError) -> AppGroupLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'appgroup ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        switch action {
        case "step":
            if line.has("order") { throw line.error("'order' does not apply to 'appgroup step'", at: "order") }
            guard let i = line.index(of: "process") else { throw line.error("'appgroup step' needs process=NAME") }
            let name = try line.word(at: i)
            guard Cloud<String>.isDeviceName(name) else {
                throw line.valueLocation(i).error("process=\(name) is not a process name (1...\(Cloud<String>.maxNameBytes) letters, digits, - or _)")
            }
            return .step(process: name)
        case "run":
            if line.has("process") { throw line.error("'process' does not apply to 'appgroup run' (it runs every process)", at: "process") }
            let order: AppGroupRunOrder = line.has("order") ? try line.choice("order") : .seeded
            return .run(order: order)
        default:
            throw line.location(ofArg: first).error("unknown appgroup action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    public static func eventKind<Event>(_ wrap: @escaping @Sendable (AppGroupLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .run(order: .seeded) : try decode(line))
        }
    }

    public static func text(of line: AppGroupLine) -> String? {
        switch line {
        case .step(let p): return LineText(kind).word("step").word("process", p).line
        case .run(let order): return order == .seeded ? LineText(kind).word("run").line : LineText(kind).word("run").word("order", order.rawValue).line
        }
    }
}

extension AppGroup {
    /// Applies a scripted line.
    @discardableResult
    public mutating func handle<D: Domain>(_ line: AppGroupLine, _ world: inout World<D>,
                                           compute: (Op, Store.Snapshot) -> [AppGroupWrite<Store.Value>]) -> [Step] {
        switch line {
        case .step(let p): return step(p, &world, compute: compute).map { [$0] } ?? []
        case .run(let order): return run(order == .seeded ? .seeded : .serial, &world, compute: compute)
        }
    }
}
