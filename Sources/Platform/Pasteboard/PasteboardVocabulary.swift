import LockstepCore

/// One decoded `pasteboard` scenario line: what the rest of the system does to the pasteboard
/// (the app's own reads and writes come from its reducer, not from lines).
public enum PasteboardLine: Hashable, Sendable {
    /// Another app copies: its items, options and the expiry it set (relative to the line's time).
    case external(app: String, items: [PasteboardItem], localOnly: Bool, expiresIn: Duration?)
    /// Another app empties the pasteboard.
    case clear(app: String)
    /// Settings ▸ Paste from Other Apps, or how the user will answer the next alerts.
    case settings(PasteboardSettingsChange)
}

/// The standard scenario spelling of the pasteboard's outside world, shared by every domain:
///
/// ```
/// 0    pasteboard external text="#travel #food"                    another app (Notes) copies
/// 1    pasteboard external text="x" app=Safari type=public.url localOnly=true expiresIn=60s
/// 2    pasteboard clear app=Notes
/// 3    pasteboard settings permission=deny                         ask | allow | deny (iOS 16+)
/// 4    pasteboard settings alertAnswer=deny                        how the next alerts are answered
/// ```
///
/// A domain adds `PasteboardVocabulary.eventKind { .pasteboard($0) }` to its `events` and passes the
/// line to `Pasteboard.apply(_:_:)`.
public enum PasteboardVocabulary {
    public static let kind = "pasteboard"
    public static let actionWords = ["external", "clear", "settings"]
    /// The other app when a line names none.
    public static let defaultApp = "Notes"

    public static let spec = EventSpec(
        kind, "The pasteboard's outside world (Platform): another app copies or clears; the paste permission setting",
        positional: [FieldSpec("action", .word(choices: actionWords), "external | clear | settings")],
        fields: [
            .optional("text", .string, "external: the copied text"),
            .optional("app", .word, "external, clear: the other app (default Notes)"),
            .optional("type", .word, "external: the item's type (default public.plain-text)"),
            .optional("localOnly", .bool, "external: not offered to other devices (default false)"),
            .optional("expiresIn", .duration, "external: the expiry the other app set, from the line's time"),
            .optional("permission", .word(choices: PastePermission.allCases.map(\.rawValue)), "settings: Paste from Other Apps"),
            .optional("alertAnswer", .word(choices: ["allow", "deny"]), "settings: the answer to the next Allow Paste? alerts"),
        ])

    /// Decodes a `pasteboard` line; fields that do not belong to its action are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> PasteboardLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'pasteboard ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        func only(_ allowed: [StaticString]) throws(ScenarioError) {
            let all: [StaticString] = ["text", "app", "type", "localOnly", "expiresIn", "permission", "alertAnswer"]
            for key in all where line.has(key) && !allowed.contains(where: { $0.description == key.description }) {
                throw line.error("'\(key)' does not apply to 'pasteboard \(action)'", at: key)
            }
        }
        switch action {
        case "external":
            try only(["text", "app", "type", "localOnly", "expiresIn"])
            let text = try line.string("text")
            let type = try line.word("type", default: PasteboardItem.plainTextType)
            var expiresIn: Duration?
            if let i = line.index(of: "expiresIn") {
                let d = try line.duration(at: i)
                guard d.nanoseconds > 0 else { throw line.error("expiresIn must be positive", at: "expiresIn") }
                expiresIn = d
            }
            return .external(app: try app(line), items: [PasteboardItem(type: type, text: text)],
                             localOnly: try line.bool("localOnly", default: false), expiresIn: expiresIn)
        case "clear":
            try only(["app"])
            return .clear(app: try app(line))
        case "settings":
            try only(["permission", "alertAnswer"])
            var change = PasteboardSettingsChange()
            if line.has("permission") { change.permission = try line.choice("permission") }
            if line.has("alertAnswer") { change.alertAnswer = try line.choice("alertAnswer") }
            guard change != PasteboardSettingsChange() else {
                throw line.error("'pasteboard settings' needs permission= or alertAnswer=")
            }
            return .settings(change)
        default:
            throw line.location(ofArg: first).error("unknown pasteboard action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// `app=` names another app: `thisApp` is reserved for the app being modelled.
    static func app(_ line: EventLine) throws(ScenarioError) -> String {
        let name = try line.word("app", default: defaultApp)
        guard name != "thisApp" else { throw line.error("app=thisApp: a pasteboard line is another app; the app writes from its reducer", at: "app") }
        return name
    }

    /// The `pasteboard` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (PasteboardLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .clear(app: defaultApp) : try decode(line))
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`.
    public static func text(of line: PasteboardLine) -> String? {
        switch line {
        case .external(let app, let items, let localOnly, let expiresIn):
            var out = LineText(kind).word("external").string("text", items.first?.text ?? "")
            if app != defaultApp { out = out.word("app", app) }
            if let type = items.first?.type, type != PasteboardItem.plainTextType { out = out.word("type", type) }
            if localOnly { out = out.bool("localOnly", true) }
            if let d = expiresIn { out = out.duration("expiresIn", d) }
            return out.line
        case .clear(let app):
            var out = LineText(kind).word("clear")
            if app != defaultApp { out = out.word("app", app) }
            return out.line
        case .settings(let change):
            var out = LineText(kind).word("settings")
            if let p = change.permission { out = out.word("permission", p.rawValue) }
            if let a = change.alertAnswer { out = out.word("alertAnswer", a.rawValue) }
            return out.line
        }
    }
}

extension Pasteboard {
    /// Applies a `pasteboard` line: another app's write or clear, or a settings change.
    public mutating func apply<D: Domain>(_ line: PasteboardLine, _ world: inout World<D>) {
        switch line {
        case .external(let app, let items, let localOnly, let expiresIn):
            write(items, by: .otherApp(app), localOnly: localOnly, expiresAt: expiresIn.map { world.now + $0 }, &world)
        case .clear(let app):
            clear(by: .otherApp(app), &world)
        case .settings(let change):
            apply(change, &world)
        }
    }
}
