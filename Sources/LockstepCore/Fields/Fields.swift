/// Reads an event line's (or the scenario's settings') fields by name, and declares them in the
/// same breath: the one place a field's name, kind, range, default and help are written.
///
/// A domain writes each event kind as a closure over `Fields`:
///
/// ```swift
/// EventKind("roll", "Rolls a die.") { f throws(ScenarioError) in
///     .roll(sides: try f("sides", .int, default: 6, in: 2...1_000, "faces on the die"))
/// }
/// ```
///
/// The closure runs in two modes. Declaring (once, when the kind is built): every call records a
/// `FieldSpec` and returns the kind's placeholder, so `lockstep list`, the runner's validation and
/// the docs all come from the same lines that decode. Reading (once per scenario line): every call
/// returns the line's typed value. So a field cannot be declared and never read, nor read without
/// being declared, as long as the closure **reads every field unconditionally**, before any check
/// that may throw. A read of an undeclared field (a field read only on some path) is caught when it
/// happens, as an error that names the domain bug; `RegistryTests` also fails for a declaration
/// that throws.
public struct Fields {
    @usableFromInline enum Mode { case declaring, line, settings }

    @usableFromInline let mode: Mode
    /// The line being read. While declaring, an empty line (custom readers see no arguments).
    public var line: EventLine
    /// `set KEY VALUE` lines, in settings mode.
    @usableFromInline var settingLines: [EventLine]
    /// Settings mode: the scenario's `domain` line, where an error about a key the scenario never set
    /// (defaults that conflict, a setting read but not declared) points, so that no error lacks a line.
    @usableFromInline var domainLocation: ScenarioLocation
    /// Reading: the declared specs, and which one this line matched. Declaring: the spec being built.
    @usableFromInline package var specs: [EventSpec]
    @usableFromInline package var specIndex: Int = 0
    @usableFromInline var nextPositional = 0

    /// While declaring a kind.
    package init(declaring kind: String, _ summary: String) {
        mode = .declaring
        line = EventLine(path: "<declaration>", buffer: [])
        settingLines = []
        domainLocation = line.location
        specs = [EventSpec(kind, summary)]
    }

    /// Reading lines of a domain whose kinds are `specs`.
    @usableFromInline package init(reading specs: [EventSpec], path: String) {
        mode = .line
        line = EventLine(path: path, buffer: [])
        settingLines = []
        domainLocation = line.location
        self.specs = specs
    }

    /// Reading the scenario's `set` lines against the declared settings `spec`; `domain` is the
    /// scenario's `domain` line, where errors about keys that were not set point.
    package init(settings lines: [EventLine], spec: EventSpec, domain: ScenarioLocation) {
        mode = .settings
        line = EventLine(path: domain.path, buffer: [])
        settingLines = lines
        domainLocation = domain
        specs = [spec]
    }

    /// The spec collected while declaring.
    package var declared: EventSpec { specs[0] }

    /// Whether this pass only collects declarations (placeholders, no line).
    public var isDeclaring: Bool { mode == .declaring }

    // MARK: Keyed fields

    /// A required field.
    @inlinable
    public mutating func callAsFunction<V>(_ key: StaticString, _ kind: FieldKind<V>, _ help: String = "") throws(ScenarioError) -> V {
        guard let v = try value(key, kind, required: true, defaultText: nil, help) else { throw missing(key) }
        return v
    }

    /// A required field whose value must lie in `range`.
    @inlinable
    public mutating func callAsFunction<V: Comparable>(_ key: StaticString, _ kind: FieldKind<V>, in range: ClosedRange<V>,
                                                       _ help: String = "") throws(ScenarioError) -> V {
        guard let v = try value(key, kind, required: true, defaultText: nil, help, in: range) else { throw missing(key) }
        return v
    }

    /// An optional field with a default (shown by `lockstep list`).
    @inlinable
    public mutating func callAsFunction<V>(_ key: StaticString, _ kind: FieldKind<V>, default fallback: V,
                                           _ help: String = "") throws(ScenarioError) -> V {
        try value(key, kind, required: false, defaultText: kind.text(fallback), help) ?? fallback
    }

    /// An optional field with a default, whose value must lie in `range`.
    @inlinable
    public mutating func callAsFunction<V: Comparable>(_ key: StaticString, _ kind: FieldKind<V>, default fallback: V,
                                                       in range: ClosedRange<V>, _ help: String = "") throws(ScenarioError) -> V {
        try value(key, kind, required: false, defaultText: kind.text(fallback), help, in: range) ?? fallback
    }

    /// An optional field without a default: nil when absent.
    @inlinable
    public mutating func optional<V>(_ key: StaticString, _ kind: FieldKind<V>, _ help: String = "") throws(ScenarioError) -> V? {
        try value(key, kind, required: false, defaultText: nil, help)
    }

    /// An optional field without a default, whose value (when present) must lie in `range`.
    @inlinable
    public mutating func optional<V: Comparable>(_ key: StaticString, _ kind: FieldKind<V>, in range: ClosedRange<V>,
                                                 _ help: String = "") throws(ScenarioError) -> V? {
        try value(key, kind, required: false, defaultText: nil, help, in: range)
    }

    // MARK: Keys named at run time

    /// An optional field or setting whose key is built at run time instead of written as a literal:
    /// Platform's `BudgetLedger` declares `limit.NAME` for each limit a domain names. Declared and
    /// read like `optional(_:_:in:_:)` (an out-of-range value is an error at its column). The keys
    /// must be the same on every pass: derive them from constants, never from the scenario.
    public mutating func optional<V: Comparable>(named key: String, _ kind: FieldKind<V>, in range: ClosedRange<V>,
                                                 _ help: String = "") throws(ScenarioError) -> V? {
        let shown = "\(kind.text(range.lowerBound))...\(kind.text(range.upperBound))"
        let found: (line: EventLine, index: Int)?
        switch mode {
        case .declaring:
            specs[0].fields.append(FieldSpec(key, kind.type, required: false, help.isEmpty ? shown : "\(help) (\(shown))"))
            return nil
        case .line:
            found = line.args.indices.first { !line.args[$0].isPositional && line.keyText($0) == key }.map { (line, $0) }
        case .settings:
            found = settingLines.first { $0.rawText(0) == key }.map { ($0, 1) }
        }
        guard let found else {
            guard specs[specIndex].fields.contains(where: { $0.name == key }) else {
                throw (mode == .settings ? domainLocation : line.location).error("domain bug: '\(key)' is read but not declared for '\(specs[specIndex].kind)'")
            }
            return nil
        }
        let v = try kind.read(found.line, found.index)
        guard range.contains(v) else {
            throw found.line.valueLocation(found.index).error("\(key)=\(found.line.rawText(found.index)) is out of range \(shown)")
        }
        return v
    }

    // MARK: Positional arguments

    /// The next positional argument (`touch began ...`, `device reboot`), required.
    @inlinable
    public mutating func argument<V>(_ name: StaticString, _ kind: FieldKind<V>, _ help: String = "") throws(ScenarioError) -> V {
        let position = nextPositional
        nextPositional += 1
        switch mode {
        case .declaring:
            specs[0].positional.append(FieldSpec("\(name)", kind.type, required: true, help))
            return kind.placeholder()
        case .line:
            var seen = 0
            for i in line.args.indices where line.args[i].isPositional {
                if seen == position { return try kind.read(line, i) }
                seen += 1
            }
            throw line.location.error("missing \(name)")
        case .settings:
            throw domainLocation.error("settings have no positional arguments (a domain bug: '\(name)')")
        }
    }

    // MARK: Custom readers

    /// Declares fields that custom code reads straight from `line` (a camera frame's 19 joints read
    /// by hash, say, or a vocabulary whose fields depend on its first word). Returns the line; while
    /// declaring, an empty one, and the custom code must not fail on it (check `isDeclaring`).
    @inlinable @discardableResult
    public mutating func custom(positional: [FieldSpec] = [], _ fields: [FieldSpec]) -> EventLine {
        if mode == .declaring {
            specs[0].positional.append(contentsOf: positional)
            specs[0].fields.append(contentsOf: fields)
        }
        return line
    }

    /// Accepts keys beyond the declared ones (a domain that checks open-ended keys itself).
    public mutating func acceptOtherKeys() {
        if mode == .declaring { specs[0].acceptsOtherKeys = true }
    }

    /// An error at the value of `key` (or at the line when the key is absent), for checks a domain
    /// makes after reading its fields. For settings: at the `set KEY` line's value, or at the
    /// scenario's `domain` line when the scenario did not set `key` (its default is what conflicts).
    public func error(_ message: String, at key: StaticString) -> ScenarioError {
        switch mode {
        case .declaring: return ScenarioError(path: line.path, line: 0, column: 0, message: message)
        case .line: return line.error(message, at: key)
        case .settings:
            if let j = settingIndex(key) { return settingLines[j].location(ofArg: 1).error(message) }
            return domainLocation.error(message)
        }
    }

    /// An error about keys whose values conflict (a first note whose octaves reach past MIDI 127):
    /// at the value of whichever of `keys` comes last in the scenario (on the line, or among the
    /// `set` lines), or, when none of them is there, at the line as a whole (for settings: the
    /// `domain` line, since only defaults are involved).
    public func error(_ message: String, atAnyOf keys: [StaticString]) -> ScenarioError {
        switch mode {
        case .declaring: return ScenarioError(path: line.path, line: 0, column: 0, message: message)
        case .line:
            guard let i = keys.compactMap({ line.index(of: $0) }).max() else { return line.error(message) }
            return line.valueLocation(i).error(message)
        case .settings:
            guard let j = keys.compactMap({ settingIndex($0) }).max() else { return domainLocation.error(message) }
            return settingLines[j].location(ofArg: 1).error(message)
        }
    }

    /// An error about the line as a whole (for settings: the scenario's `domain` line).
    public func error(_ message: String) -> ScenarioError {
        mode == .settings ? domainLocation.error(message) : line.error(message)
    }

    // MARK: The one reader

    @usableFromInline
    mutating func value<V>(_ key: StaticString, _ kind: FieldKind<V>, required: Bool, defaultText: String?,
                           _ help: String) throws(ScenarioError) -> V? {
        switch mode {
        case .declaring:
            declare(key, kind.type, required: required, defaultText: defaultText, help)
            return required ? kind.placeholder() : nil
        case .line:
            guard let i = line.index(of: key) else { try checkDeclared(key); return nil }
            return try kind.read(line, i)
        case .settings:
            guard let j = settingIndex(key) else { try checkDeclared(key); return nil }
            return try kind.read(settingLines[j], 1)
        }
    }

    @usableFromInline
    mutating func value<V: Comparable>(_ key: StaticString, _ kind: FieldKind<V>, required: Bool, defaultText: String?,
                                       _ help: String, in range: ClosedRange<V>) throws(ScenarioError) -> V? {
        if mode == .declaring {
            let shown = "\(kind.text(range.lowerBound))...\(kind.text(range.upperBound))"
            declare(key, kind.type, required: required, defaultText: defaultText, help.isEmpty ? shown : "\(help) (\(shown))")
            return required ? range.lowerBound : nil
        }
        guard let v = try value(key, kind, required: required, defaultText: defaultText, help) else { return nil }
        guard range.contains(v) else {
            let (at, raw) = locate(key)
            throw at.error("\(key)=\(raw) is out of range \(kind.text(range.lowerBound))...\(kind.text(range.upperBound))")
        }
        return v
    }

    @usableFromInline
    mutating func declare(_ key: StaticString, _ type: FieldType, required: Bool, defaultText: String?, _ help: String) {
        var spec = FieldSpec("\(key)", type, required: required, help)
        spec.defaultText = defaultText
        specs[0].fields.append(spec)
    }

    @usableFromInline
    func missing(_ key: StaticString) -> ScenarioError {
        mode == .settings ? domainLocation.error("missing setting '\(key)'") : line.location.error("missing field '\(key)'")
    }

    /// A read of a key the line does not have must be of a declared key: otherwise the domain reads
    /// a field on a path its declaration did not take, and the default would hide that.
    @usableFromInline
    func checkDeclared(_ key: StaticString) throws(ScenarioError) {
        let hash = key.withUTF8Buffer { FNV1a64.hash($0) }
        let name = "\(key)"
        for f in specs[specIndex].fields where f.nameHash == hash && f.name == name { return }
        let what = mode == .settings ? "setting" : "field"
        throw (mode == .settings ? domainLocation : line.location).error("domain bug: \(what) '\(key)' is read but not declared for '\(specs[specIndex].kind)'; read every field unconditionally in the declaration")
    }

    func settingIndex(_ key: StaticString) -> Int? {
        let name = "\(key)"
        return settingLines.firstIndex { $0.rawText(0) == name }
    }

    @usableFromInline
    func locate(_ key: StaticString) -> (ScenarioLocation, String) {
        if mode == .settings {
            guard let j = settingIndex(key) else { return (domainLocation, "") }
            return (settingLines[j].location(ofArg: 1), settingLines[j].rawText(1))
        }
        if let i = line.index(of: key) { return (line.valueLocation(i), line.rawText(i)) }
        return (line.location, "")
    }
}
