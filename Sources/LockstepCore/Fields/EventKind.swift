/// One event kind a scenario may use: its name, its help and the closure that reads its fields into
/// a typed event. The closure is also the kind's declaration (see `Fields`), so `spec` (what the
/// runner validates and `lockstep list` shows) is derived from it when the kind is built.
public struct EventKind<Event>: Sendable {
    public let spec: EventSpec
    /// Set when the declaration pass threw (a check before every field was read).
    public let declarationProblem: String?
    @usableFromInline let build: @Sendable (inout Fields) throws(ScenarioError) -> Event

    public init(_ kind: String, _ summary: String = "",
                _ build: @escaping @Sendable (inout Fields) throws(ScenarioError) -> Event) {
        var fields = Fields(declaring: kind, summary)
        var problem: String?
        do { _ = try build(&fields) } catch { problem = error.message }
        self.spec = fields.declared
        self.declarationProblem = problem
        self.build = build
    }

    /// The event the declaration pass builds from placeholders. `RegistryTests` checks that the
    /// domain's `kind(of:)` names it with this kind's name (one name per kind, derived, not repeated).
    public func placeholderEvent() -> Event? {
        var fields = Fields(declaring: spec.kind, spec.summary)
        return try? build(&fields)
    }

    /// Reads a validated line (`fields.line`) into an event.
    @inlinable
    public func decode(_ fields: inout Fields) throws(ScenarioError) -> Event {
        fields.nextPositional = 0
        return try build(&fields)
    }
}

/// A domain's `set KEY VALUE` settings, declared and read like an event's fields:
///
/// ```swift
/// public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
///     Settings(step: try s("step", .integer, default: 1, in: -100...100, "added per unit"))
/// }
/// ```
///
/// Every setting has a default (a scenario without `set` lines is valid) or is optional.
public struct SettingsReader<Settings>: Sendable {
    public let spec: EventSpec
    public let declarationProblem: String?
    @usableFromInline let build: @Sendable (inout Fields) throws(ScenarioError) -> Settings

    public init(_ build: @escaping @Sendable (inout Fields) throws(ScenarioError) -> Settings) {
        var fields = Fields(declaring: "set", "settings")
        var problem: String?
        do { _ = try build(&fields) } catch { problem = error.message }
        self.spec = fields.declared
        self.declarationProblem = problem
        self.build = build
    }

    /// The `set` keys, for `lockstep list` and validation.
    public var keys: [ConfigSpec] {
        spec.fields.map { ConfigSpec($0.name, $0.type, default: $0.defaultText ?? "none", $0.summary) }
    }

    /// Reads the scenario's validated `set` lines. `domain` is the scenario's `domain` line: an
    /// error about a setting the scenario did not set (defaults that conflict) points there.
    public func read(_ lines: [EventLine], domain: ScenarioLocation) throws(ScenarioError) -> Settings {
        var fields = Fields(settings: lines, spec: spec, domain: domain)
        return try build(&fields)
    }
}

/// For domains without settings.
public struct NoSettings: Sendable {
    public init() {}
}
