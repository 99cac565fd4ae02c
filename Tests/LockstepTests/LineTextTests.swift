import Testing
import LockstepCore
import LockstepRunner
import Fixtures

/// A domain with one field of every kind, so that `LineText` is checked through the real reader,
/// validator and field decoders (not against a copy of their rules).
private enum Probe: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event {
        case number(Double)
        case tuple([Double])
        case text(word: String?, string: String?, any: String?)
        case time(Duration, Instant)
        case whole(Int64, UInt64)
    }
    static let name = "probe"
    static let summary = "Test: one field of every kind."
    static let uint64 = FieldKind<UInt64>(type: .integer, placeholder: { 0 }, read: { line, i throws(ScenarioError) in try line.uint64(at: i) },
                                          text: { String($0) })
    static let events: [EventKind<Event>] = [
        EventKind("number") { f throws(ScenarioError) in .number(try f("v", .number)) },
        EventKind("tuple") { f throws(ScenarioError) in .tuple(try f("v", .tuple())) },
        EventKind("text") { f throws(ScenarioError) in
            .text(word: try f.optional("w", .word), string: try f.optional("s", .string), any: try f.optional("t", .text))
        },
        EventKind("time") { f throws(ScenarioError) in .time(try f("d", .duration), try f("at", .instant)) },
        EventKind("whole") { f throws(ScenarioError) in .whole(try f("i", .integer), try f("u", uint64)) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .number: "number"
        case .tuple: "tuple"
        case .text: "text"
        case .time: "time"
        case .whole: "whole"
        }
    }
    static func text(of event: Event) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .number(let v): return line.number("v", v).line
        case .tuple(let v): return line.tuple("v", v).line
        case .text(let w, let s, let t):
            return line.optional(w) { $0.word("w", $1) }.optional(s) { $0.string("s", $1) }.optional(t) { $0.text("t", $1) }.line
        case .time(let d, let at): return line.duration("d", d).instant("at", at).line
        case .whole(let i, let u): return line.int("i", i).int("u", u).line
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<Probe>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Probe>) {}
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

@Suite struct LineTextTests {
    static func expectSame<D: Domain>(_ domain: D.Type, _ events: [D.Event], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(D.self, events) == [], sourceLocation: sourceLocation)
    }

    /// Awkward doubles read back bit for bit: tenths, subnormals, the extremes, negative zero,
    /// values whose shortest form has an exponent, and many seeded random bit patterns.
    @Test func numbersReadBackBitForBit() throws {
        var values: [Double] = [0, -0.0, 0.1, 0.2, 0.30000000000000004, -0.1, 1e-7, 1.0000000000000002, 123456789.123456789, 1e16, 1e22, 1e23,
                                9007199254740991, 2.2250738585072014e-308, Double.leastNonzeroMagnitude, -Double.leastNormalMagnitude,
                                Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, -.infinity, Double.pi, -1e-300,
                                Double.leastNonzeroMagnitude * 3, 0.1 + 0.2, 1 / 3.0, 100, -7]
        var rng = SeededRNG(seed: 42)
        for _ in 0..<2000 {
            let v = Double(bitPattern: rng.next())
            if v.isFinite { values.append(v) }
        }
        try Self.expectSame(Probe.self, values.map { .number($0) })
        try Self.expectSame(Probe.self, stride(from: 0, to: values.count, by: 64).map { .tuple(Array(values[$0..<min($0 + 64, values.count)])) })
        #expect(LineText.number(0.1) == "0.1")
        #expect(LineText.number(1e-7) == "1e-07")
        #expect(LineText.number(-0.0) == "-0.0")
        #expect(LineText.number(Double.nan) == "nan")
    }

    /// Floats: the short Float text when it narrows back, checked for seeded random bit patterns.
    @Test func floatsNarrowBackBitForBit() throws {
        var rng = SeededRNG(seed: 7)
        for _ in 0..<5000 {
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
            guard f.isFinite, let text = LineText.number(f) else { continue }
            let back = try EventDecoding.events(Probe.self, lines: ["0 number v=\(text)"])
            guard case .number(let d) = back[0] else { Issue.record("not a number"); return }
            #expect(Float(d).bitPattern == f.bitPattern, "\(f) written \(text)")
        }
        #expect(LineText.number(Float(0.1)) == "0.1")
    }

    /// Strings with quotes, backslashes, newlines, tabs, control characters and non-ASCII read
    /// back as the same bytes; words are written bare only when the lexer reads them as words.
    @Test func stringsAndWordsReadBackTheSame() throws {
        let long = String(repeating: "a \"quoted\" \\ path/with spaces ", count: 200)
        try Self.expectSame(Probe.self, [
            .text(word: "pencil", string: "", any: ""), .text(word: "Europe/Berlin", string: "line\nbreak\ttab\r\u{7}\u{7F}", any: "two words"),
            .text(word: "en-US", string: "ü ✓ 😀 \u{301}e", any: "plain"), .text(word: "_x.y:z", string: long, any: "nan"),
            .text(word: nil, string: "#not a comment", any: "12"), .text(word: "a90s", string: "=", any: "1,2"),
            .text(word: nil, string: nil, any: "@2026-03-29T01:30:00Z"),
        ])
        for notWord in ["", "two words", "nan", "inf", "12", "1,2", "\"q\"", "a=b", "a#b", "-x"] {
            #expect(!LineText.isWord(notWord), "\(notWord)")
            #expect(LineText("k").word("w", notWord).line == nil, "\(notWord)")
        }
        #expect(LineText.quoted("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"")
    }

    /// Durations to the nanosecond and instants across the supported range.
    @Test func timesReadBackTheSame() throws {
        try Self.expectSame(Probe.self, [
            .time(.zero, .defaultStart), .time(.nanoseconds(1), Instant.earliestSupported), .time(.seconds(90), Instant.latestSupported),
            .time(.nanoseconds(86_400_000_000_123), Instant(nanosecondsSinceEpoch: -1)),
            .time(.milliseconds(250), Instant(nanosecondsSinceEpoch: 1_774_747_800_123_456_789)),
        ])
        #expect(LineText("k").duration("d", .milliseconds(250)).line == "k d=0.25s")
        #expect(LineText("k").duration("d", .nanoseconds(-1)).line == nil)
        #expect(LineText("k").instant("at", Instant(nanosecondsSinceEpoch: Instant.supportedRange.upperBound + 1)).line == nil)
    }

    /// Whole numbers, to Int64's ends. A `UInt64` field (paintByNumber's `seed`) is declared
    /// `.integer`, which the validator checks as Int64: above Int64.max no line reads back, whatever
    /// the text (a gap of the validator, not of `LineText`).
    @Test func wholeNumbersReadBackTheSame() throws {
        try Self.expectSame(Probe.self, [.whole(0, 0), .whole(Int64.min, UInt64(Int64.max)), .whole(Int64.max, 1), .whole(-1, 12_345)])
        #expect(throws: ScenarioError.self) { try EventDecoding.events(Probe.self, lines: ["0 whole i=0 u=\(UInt64.max)"]) }
    }

    /// What no line holds is nil, not a line that reads back as something else.
    @Test func unwritableValuesMakeNoLine() {
        #expect(LineText("k").tuple("v", []).line == nil)
        #expect(LineText("k").tuple("v", [Double](repeating: 1, count: 65)).line == nil)
        #expect(LineText("k").tuple("v", [Double](repeating: 1, count: 64)).line != nil)
        #expect(LineText("k").raw("f", "two words").line == nil)
        #expect(LineText("k").raw("f", "\"two words\"").line == "k f=\"two words\"")
        #expect(LineText("1k").line == nil)
        #expect(LineText("k").string("s", String(repeating: "x", count: 70_000)).line == nil)
        #expect(LineText("k").number("a", 1).unwritable().line == nil)
    }

    /// The fixtures with generators: counter's `adds` and noop's `ticks`, and every counter kind.
    @Test func fixturesReadBackTheSame() throws {
        try Self.expectSame(Counter.self, [.add(-3), .add(1_000_000), .remind(after: .nanoseconds(1), label: "a \"b\" \\ c"),
                                           .remind(after: .days(365), label: ""), .cancel(label: "r1"), .roll(sides: 6), .roll(sides: 1_000), .newID])
        try Self.expectSame(Counter.self, try EventDecoding.generated(Counter.self, "gen adds count=3 n=10 interval=0.5"))
        #expect(Counter.text(of: .reminderDue(label: "x")) == nil)
        #expect(Counter.text(of: .roll(sides: 6)) == "roll")
        try Self.expectSame(Noop.self, [.tick, .frame])
        try Self.expectSame(Noop.self, try EventDecoding.generated(Noop.self, "gen ticks count=3 interval=250ms"))
    }
}
