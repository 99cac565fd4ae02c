import Testing
@testable import LockstepCore
@testable import LockstepRunner

/// A domain that breaks the contract on purpose, one way per kind, to show each breach is caught
/// and named.
enum Careless: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event { case start, conditional(Int64?), checked(Int64), wrong }
    static let name = "careless"
    static let summary = "Test: breaks the domain contract."
    static let events: [EventKind<Event>] = [
        // A kind the runner owns.
        EventKind("start") { _ throws(ScenarioError) in .start },
        // Reads `extra` only when `mode` is 1: the declaration pass never sees it.
        EventKind("conditional") { f throws(ScenarioError) in
            let mode = try f("mode", .integer)
            return .conditional(mode == 1 ? try f.optional("extra", .integer) : nil)
        },
        // Throws before reading `late` (the placeholder 0 fails the check).
        EventKind("checked") { f throws(ScenarioError) in
            let n = try f("n", .integer)
            guard n > 0 else { throw f.error("n must be positive", at: "n") }
            return .checked(try f("late", .integer))
        },
        // `kind(of:)` names it differently.
        EventKind("wrong") { _ throws(ScenarioError) in .wrong },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .start: "start"
        case .conditional: "conditional"
        case .checked: "checked"
        case .wrong: "other"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<Careless>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Careless>) {}
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

/// Typed fields and settings, read from real scenario text.
enum Typed: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var seen: [String] = [] }
    enum Mode: String, CaseIterable, Sendable { case slow, fast }
    enum Event { case wait(Duration, at: Instant?, Mode, label: String?) }
    struct Settings: Sendable {
        var mode: Mode
        var delay: Duration
    }
    enum Fault: String, DomainFault {
        case doubleDelay
        var summary: String { "waits twice as long" }
    }
    static let name = "typed"
    static let summary = "Test: every field kind."
    static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(mode: try s("mode", .choice(Mode.self), default: .slow, "how"),
                 delay: try s("delay", .duration, default: .seconds(1), in: .zero ... .hours(1), "how long"))
    }
    static let events: [EventKind<Event>] = [
        EventKind("wait", "Waits.") { f throws(ScenarioError) in
            .wait(try f("after", .duration, in: .zero ... .days(1)), at: try f.optional("at", .instant),
                  try f("mode", .choice(Mode.self), default: .slow), label: try f.optional("label", .string))
        },
    ]
    static func kind(of event: Event) -> String { "wait" }
    static func start(_ settings: Settings, _ world: inout World<Typed>) throws(ScenarioError) -> State {
        world.emit(Record("settings").word("mode", settings.mode.rawValue).duration("delay", settings.delay))
        return State()
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Typed>) {
        guard case .wait(let d, let at, let mode, let label) = event else { return }
        let delay = world.isOn(.doubleDelay) ? d * 2 : d
        var r = Record("wait").duration("after", delay).word("mode", mode.rawValue)
        if let at { r = r.instant("at", at) }
        if let label { r = r.string("label", label) }
        world.emit(r)
        if delay > .seconds(3600) { world.reject("wait", "too-long") { $0.duration("after", delay) } }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

/// Settings that can conflict, and a default that is wrong on purpose (`size` 0), to pin where
/// configuration errors point: at the `set` line of the key that is wrong, or at the `domain` line
/// when the scenario never set it (issue #11, class 4: never line 0).
enum Conflicting: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event { case tick }
    struct Settings: Sendable { var tag: String; var low: Int; var high: Int; var size: Int }
    static let name = "conflicting"
    static let summary = "Test: settings errors and their locations."
    static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let tag = try s("tag", .word, "required")
        let low = try s("low", .int, default: 0, in: 0...100)
        let high = try s("high", .int, default: 10, in: 0...100)
        let size = try s("size", .int, default: 0, in: 0...100)
        if low > high { throw s.error("low \(low) is above high \(high)", atAnyOf: ["low", "high"]) }
        if !s.isDeclaring, size == 0 { throw s.error("size must be at least 1", at: "size") }
        if !s.isDeclaring, tag == "whole" { throw s.error("the settings as a whole are refused") }
        return Settings(tag: tag, low: low, high: high, size: size)
    }
    static let events: [EventKind<Event>] = [EventKind("tick") { _ throws(ScenarioError) in .tick }]
    static func kind(of event: Event) -> String { "tick" }
    static func start(_ settings: Settings, _ world: inout World<Conflicting>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Conflicting>) {}
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

private func run<D: Domain>(_ domain: D.Type, _ body: String, faults: [String] = []) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain \(D.name)\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(D.self, reader: reader, header: header, options: RunOptions(extraFaults: faults), output: &out)
    return out.text
}

private func failure<D: Domain>(_ domain: D.Type, _ body: String) -> ScenarioError? {
    do { _ = try run(domain, body); return nil } catch { return error }
}

@Suite("Domain kit: one declaration per field")
struct DomainKitTests {
    @Test("each contract breach is a problem that names the domain and the kind")
    func breachesAreNamed() {
        let problems = Careless.entry.problems
        #expect(problems.contains { $0.contains("careless: event kind 'start' is reserved by the runner") })
        #expect(problems.contains { $0.contains("careless: the declaration of 'checked' throws (n must be positive)") })
        #expect(problems.contains { $0.contains("careless: kind(of:) names a 'wrong' event 'other'") })
        #expect(problems.count == 3, "\(problems)")
    }

    @Test("a field read on a path the declaration did not take is an error naming the domain bug")
    func undeclaredReadIsCaught() throws {
        // `extra` is not declared, so the validator refuses it when present...
        let present = try #require(failure(Careless.self, "0 conditional mode=1 extra=2\n"))
        #expect(present.message.contains("unknown field 'extra'"))
        // ...and when absent, reading it anyway is caught instead of silently returning nil.
        let absent = try #require(failure(Careless.self, "0 conditional mode=1\n"))
        #expect(absent.message == "domain bug: field 'extra' is read but not declared for 'conditional'; read every field unconditionally in the declaration")
        #expect(absent.line == 3 && absent.column == 3)
        // The path that does not read it works.
        #expect(try run(Careless.self, "0 conditional mode=0\n").contains("1 0.000000000 conditional"))
    }

    @Test("the spec lockstep list shows is derived from the decoding closure")
    func specIsDerived() throws {
        let spec = try #require(Typed.entry.eventKinds.first)
        #expect(spec.kind == "wait" && spec.summary == "Waits.")
        #expect(spec.fields.map(\.name) == ["after", "at", "mode", "label"])
        #expect(spec.fields.map(\.required) == [true, false, false, false])
        #expect(spec.fields.map(\.type.description) == ["duration", "instant", "slow|fast", "string"])
        #expect(spec.fields[2].defaultText == "slow")
        #expect(spec.fields[0].summary == "0.000000000s...86400.000000000s")
        let keys = Typed.entry.configKeys
        #expect(keys.map(\.name) == ["mode", "delay"])
        #expect(keys.map(\.defaultText) == ["slow", "1.000000000s"])
        #expect(Typed.entry.faults.map(\.name) == ["doubleDelay"])
        #expect(Typed.entry.problems.isEmpty)
    }

    @Test("duration fields read the scenario time syntax exactly: 1.5, 90s, +2h30m, 250ms")
    func durations() throws {
        let trace = try run(Typed.self, """
            0 wait after=1.5
            0 wait after=90s
            0 wait after=+2h30m
            0 wait after=250ms
            0 wait after=0.1
            0 wait after=1d
            """ + "\n")
        let waits = trace.split(separator: "\n").filter { $0.hasPrefix("  wait") }.map { String($0.dropFirst(2)) }
        #expect(waits == ["wait after=1.500000000s mode=slow", "wait after=90.000000000s mode=slow", "wait after=9000.000000000s mode=slow",
                          "wait after=0.250000000s mode=slow", "wait after=0.100000000s mode=slow", "wait after=86400.000000000s mode=slow"])
        let bad = try #require(failure(Typed.self, "0 wait after=1.0000000001\n"))
        #expect(bad.column == 14)
        let range = try #require(failure(Typed.self, "0 wait after=2d\n"))
        #expect(range.message == "after=2d is out of range 0.000000000s...86400.000000000s")
        let negative = try #require(failure(Typed.self, "0 wait after=-1\n"))
        #expect(negative.message.contains("expected a digit"))
        let word = try #require(failure(Typed.self, "0 wait after=soon\n"))
        #expect(word.message.contains("malformed time 'soon'"))
    }

    @Test("instant fields take @ISO-8601 or a quoted string; enums list their cases")
    func instantsAndChoices() throws {
        let trace = try run(Typed.self, "0 wait after=1 at=@2026-03-29T01:30:00+01:00 mode=fast label=\"x\"\n0 wait after=1 at=\"2026-03-29T00:30:00Z\"\n")
        #expect(trace.contains("  wait after=1.000000000s mode=fast at=2026-03-29T00:30:00Z label=\"x\""))
        #expect(trace.contains("  wait after=1.000000000s mode=slow at=2026-03-29T00:30:00Z"))
        let badInstant = try #require(failure(Typed.self, "0 wait after=1 at=\"2026-02-30T00:00:00Z\"\n"))
        #expect(badInstant.message.hasPrefix("bad instant '2026-02-30T00:00:00Z'"))
        let badChoice = try #require(failure(Typed.self, "0 wait after=1 mode=medium\n"))
        #expect(badChoice.message == "unknown mode 'medium'; expected one of: slow, fast")
    }

    @Test("typed settings with typed defaults, range errors at the value, typed faults")
    func settingsAndFaults() throws {
        #expect(try run(Typed.self, "").contains("  settings mode=slow delay=1.000000000s"))
        #expect(try run(Typed.self, "set mode fast\nset delay 90s\n").contains("  settings mode=fast delay=90.000000000s"))
        let e = try #require(failure(Typed.self, "set delay 2h\n"))
        #expect(e.message == "delay=2h is out of range 0.000000000s...3600.000000000s" && e.line == 3 && e.column == 11)
        let unknown = try #require(failure(Typed.self, "set fault tripleDelay\n"))
        #expect(unknown.message == "unknown fault 'tripleDelay' for domain typed; known: doubleDelay")
        let doubled = try run(Typed.self, "0 wait after=1h\n", faults: ["doubleDelay"])
        #expect(doubled.contains("  wait after=7200.000000000s mode=slow"))
    }

    @Test("settings errors point at the set line of the wrong key, or at the domain line: never line 0")
    func settingsErrorsAreLocated() throws {
        // `domain conflicting` is line 2, the name at column 8; each `set` line's value is at its column.
        func at(_ body: String) throws -> (Int, Int, String) {
            let e = try #require(failure(Conflicting.self, body))
            #expect(e.path == "t.scenario")
            return (e.line, e.column, e.message)
        }
        // A required setting that is missing, and a default that is wrong: the domain line.
        #expect(try at("") == (2, 8, "missing setting 'tag'"))
        #expect(try at("set tag a\n") == (2, 8, "size must be at least 1"))
        #expect(try at("set tag whole\nset size 1\n") == (2, 8, "the settings as a whole are refused"))
        // The key that is wrong, when the scenario set it.
        #expect(try at("set tag a\nset size 0\n") == (4, 10, "size must be at least 1"))
        // Two keys in conflict: the one set last (the other may be a default).
        #expect(try at("set tag a\nset low 20\n") == (4, 9, "low 20 is above high 10"))
        #expect(try at("set tag a\nset high 5\nset size 1\nset low 20\n") == (6, 9, "low 20 is above high 5"))
        #expect(try at("set tag a\nset low 20\nset high 5\n") == (5, 10, "low 20 is above high 5"))
        #expect(try run(Conflicting.self, "set tag a\nset size 1\n").contains("status complete"))
    }

    @Test("world.reject writes the standard record and the footer counts rejections")
    func rejections() throws {
        let trace = try run(Typed.self, "0 wait after=1\n", faults: ["doubleDelay"])
        #expect(trace.contains("\nrejections 0\n"))
        let slow = try run(Typed.self, "0 wait after=40m\n1 wait after=50m\n", faults: ["doubleDelay"])
        #expect(slow.contains("  rejected input=wait reason=too-long after=4800.000000000s"))
        #expect(slow.contains("\nrejections 2\n"))
    }
}
