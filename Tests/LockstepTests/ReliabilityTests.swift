import Testing
@testable import LockstepCore
@testable import LockstepRunner

// Issue #11, classes 1 (time overflow), 2 (tuple elements) and the small ones of class 10: each
// test is a table over the whole class, asserting a located error or an explicit record, never a
// trap or a silent acceptance.

private let counterHeader = "lockstep 1\ndomain counter\n"
private let noopHeader = "lockstep 1\ndomain noop\n"
private let farHeader = "lockstep 1\ndomain farclock\n"
private let folder = TempScenarioTree.folder

/// 2026-01-01T00:00:00Z (the default start) + 63552 days is exactly 2200-01-01T00:00:00Z, the last
/// supported instant.
private let daysToLimit = 63_552
private let nsToLimit = Instant.latestSupported.nanosecondsSinceEpoch - Instant.defaultStart.nanosecondsSinceEpoch

/// A test domain whose timers and generator take raw nanoseconds, so every time sum can be pushed to
/// Int64's edges; plus a number-tuple field and a file field.
enum FarClock: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event { case after(Int64), at(Int64), ping, colour([Double]), read(Int) }
    static let name = "farclock"
    static let summary = "Test: timers and generated events at the edges of time."
    static let events: [EventKind<Event>] = [
        EventKind("after") { f throws(ScenarioError) in .after(try f("ns", .integer, in: Int64.min...Int64.max)) },
        EventKind("at") { f throws(ScenarioError) in .at(try f("ns", .integer, in: Int64.min...Int64.max)) },
        EventKind("colour") { f throws(ScenarioError) in .colour(try f("rgb", .tuple(3))) },
        EventKind("values") { f throws(ScenarioError) in .colour(try f("v", .tuple())) },
        EventKind("read") { f throws(ScenarioError) in .read(try f("path", .file).count) },
    ]
    static let generators: [Generator<Event>] = [
        Generator("pair", "a ping now and one ns later", parameters: { f throws(ScenarioError) in
            try f("ns", .integer, in: Int64.min...Int64.max)
        }, expand: { ns, _ throws(ScenarioError) in
            [Generated(.zero, .ping), Generated(Duration(nanoseconds: ns), .ping)]
        }),
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .after: "after"
        case .at: "at"
        case .ping: "ping"
        case .colour: "colour"
        case .read: "read"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<FarClock>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<FarClock>) {
        switch event {
        case .after(let ns): world.schedule(after: Duration(nanoseconds: ns), .ping)
        case .at(let ns): world.schedule(at: Instant(nanosecondsSinceEpoch: ns), .ping)
        case .colour(let values): world.emit(Record("colour").with("v", .tuple(values.map { .fixed($0, places: 3) })))
        case .read(let n): world.emit(Record("read").int("bytes", n))
        case .ping: world.emit(Record("pong"))
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

/// Runs `text`; nil error means it ran. Never traps: a trap would kill the test process.
private func outcome(_ text: String, tree: TempScenarioTree, name: String = "s.scenario") throws -> (trace: String?, error: ScenarioError?) {
    let display = try tree.scenario(name, text)
    do {
        let result = try tree.run(display, extraDomains: [DomainEntry(FarClock.self)])
        return (String(decoding: result.trace, as: UTF8.self), nil)
    } catch {
        return (nil, error)
    }
}

/// One row: a scenario body, and either the error's (line, column, fragment) or nil for "runs".
private struct Row: CustomStringConvertible {
    var text: String
    var error: (line: Int, column: Int, fragment: String)?
    var path: String?
    var description: String { text.replacingOccurrences(of: "\n", with: "⏎") }
}

private func ok(_ text: String) -> Row { Row(text: text, error: nil) }
private func bad(_ text: String, _ line: Int, _ column: Int, _ fragment: String, in path: String? = nil) -> Row {
    Row(text: text, error: (line, column, fragment), path: path)
}

private func check(_ rows: [Row], tree: TempScenarioTree, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for row in rows {
        let (_, error) = try outcome(row.text, tree: tree)
        if let expected = row.error {
            expectLocated(error, path: row.path ?? folder + "/s.scenario", line: expected.line, column: expected.column,
                          expected.fragment, sourceLocation: sourceLocation)
        } else {
            #expect(error == nil, "\(row): \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }
}

@Suite("Class 1: every time sum is checked against the supported range")
struct TimeOverflowTests {
    static let outside = "lands outside the supported range 1900-01-01T00:00:00Z ... 2200-01-01T00:00:00Z"

    @Test("line times, + times, @ times, until and start, near Int64's edges and just past 2200")
    func readerSums() throws {
        let tree = try TempScenarioTree()
        let maxSeconds = "9223372036.854775807"  // Int64.max nanoseconds
        try check([
            // Since the start.
            ok(counterHeader + "\(daysToLimit)d add n=1\n"),
            ok(counterHeader + "\(nsToLimit)ns add n=1\n"),
            bad(counterHeader + "\(daysToLimit)d1ns add n=1\n", 3, 1, Self.outside),
            bad(counterHeader + "\(nsToLimit + 1)ns add n=1\n", 3, 1, Self.outside),
            bad(counterHeader + "100000d add n=1\n", 3, 1, Self.outside),
            bad(counterHeader + "106751d add n=1\n", 3, 1, Self.outside),  // fits Int64, the sum does not
            bad(counterHeader + "\(maxSeconds) add n=1\n", 3, 1, Self.outside),
            bad(counterHeader + "\(Int64.max)ns add n=1\n", 3, 1, Self.outside),
            bad(counterHeader + "106752d add n=1\n", 3, 1, "is out of range"),  // the duration itself overflows
            bad(counterHeader + "9223372036.854775808 add n=1\n", 3, 1, "is out of range"),
            // Since the previous event.
            ok(counterHeader + "0 add n=1\n+\(daysToLimit)d add n=1\n"),
            ok(counterHeader + "\(daysToLimit)d add n=1\n+0 add n=2\n"),
            bad(counterHeader + "\(daysToLimit)d add n=1\n+1ns add n=2\n", 4, 1, Self.outside),
            bad(counterHeader + "0 add n=1\n+\(daysToLimit)d1ns add n=1\n", 4, 1, Self.outside),
            bad(counterHeader + "1 add n=1\n+\(maxSeconds) add n=1\n", 4, 1, Self.outside),
            bad(counterHeader + "1 add n=1\n+\(Int64.max)ns add n=1\n", 4, 1, Self.outside),
            bad(counterHeader + "+\(Int64.max)ns add n=1\n", 3, 1, Self.outside),
            // Absolute.
            ok(counterHeader + "@2200-01-01T00:00:00Z add n=1\n"),
            ok(counterHeader + "@2200-01-01T01:00:00+01:00 add n=1\n"),
            bad(counterHeader + "@2200-01-01T00:00:00.000000001Z add n=1\n", 3, 2, "outside the supported range"),
            bad(counterHeader + "@2200-01-01T00:00:00-00:01 add n=1\n", 3, 2, "outside the supported range"),
            bad(counterHeader + "@2262-04-11T23:47:16.854775808Z add n=1\n", 3, 2, "outside the supported range"),
            bad(counterHeader + "@9999-12-31T23:59:59Z add n=1\n", 3, 2, "outside the supported range"),
            bad(counterHeader + "@2200-01-01T00:00:00Z add n=1\n+1ns add n=1\n", 4, 1, Self.outside),
            // until, in the header and as the last line.
            ok(counterHeader + "until \(daysToLimit)d\n"),
            ok(counterHeader + "until @2200-01-01T00:00:00Z\n"),
            bad(counterHeader + "until \(daysToLimit)d1ns\n", 3, 7, "'until' '\(daysToLimit)d1ns' from the start " + Self.outside),
            bad(counterHeader + "until \(maxSeconds)\n", 3, 7, Self.outside),
            bad(counterHeader + "until \(Int64.max)ns\n", 3, 7, Self.outside),
            bad(counterHeader + "until @2200-01-01T00:00:00.000000001Z\n", 3, 8, "outside the supported range"),
            bad(counterHeader + "0 add n=1\nuntil \(daysToLimit)d1ns\n", 4, 7, Self.outside),
            bad(counterHeader + "0 add n=1\nuntil \(maxSeconds)\n", 4, 7, Self.outside),
            // A late start leaves little room.
            ok(counterHeader + "start 2199-12-31T23:59:59Z\n1 add n=1\n"),
            ok(counterHeader + "start 2200-01-01T00:00:00Z\n0 add n=1\n+0 add n=1\n"),
            bad(counterHeader + "start 2199-12-31T23:59:59Z\n1.000000001 add n=1\n", 4, 1, Self.outside),
            bad(counterHeader + "start 2200-01-01T00:00:00Z\n1ns add n=1\n", 4, 1, Self.outside),
            bad(counterHeader + "start 2200-01-01T00:00:00Z\nuntil 1ns\n", 4, 7, Self.outside),
            // until counts from the start even when the start comes after it.
            bad(counterHeader + "until 2s\nstart 2199-12-31T23:59:59Z\n", 3, 7, Self.outside),
        ], tree: tree)
    }

    @Test("a header until counts from the start, whichever comes first")
    func untilBeforeStart() throws {
        let tree = try TempScenarioTree()
        let (trace, error) = try outcome(counterHeader + "until 30\nstart 2100-01-01T00:00:00Z\n10 add n=1\n", tree: tree)
        #expect(error == nil, "\(String(describing: error))")
        #expect(footer(trace ?? "", "end") == "30.000000000")
        let (_, before) = try outcome(counterHeader + "until 5\nstart 2100-01-01T00:00:00Z\n10 add n=1\n", tree: tree)
        expectLocated(before, path: folder + "/s.scenario", line: 5, column: 1, "after 'until'")
    }

    @Test("include offsets: an included file's times count from the include and are checked")
    func includeSums() throws {
        let tree = try TempScenarioTree()
        let included = folder + "/inc.events"
        try tree.write(included, "0 add n=1\n+0 add n=2\n")
        try check([ok(counterHeader + "\(daysToLimit)d include inc.events\n")], tree: tree)
        let fromInclude = "from the include at 2200-01-01T00:00:00Z " + Self.outside
        let fromPrevious = "from the previous event " + Self.outside
        for (body, line, fragment) in [("1ns add n=1\n", 1, fromInclude), ("0 add n=1\n+1ns add n=1\n", 2, fromPrevious),
                                       ("9223372036.854775807 add n=1\n", 1, fromInclude), ("+\(Int64.max)ns add n=1\n", 1, fromPrevious)] {
            try tree.write(included, body)
            let (_, error) = try outcome(counterHeader + "\(daysToLimit)d include inc.events\n", tree: tree)
            expectLocated(error, path: included, line: line, column: 1, fragment)
        }
        // A large since-start time in a file included early is still checked against the range.
        try tree.write(included, "\(daysToLimit)d add n=1\n")
        let (_, error) = try outcome(counterHeader + "1ns include inc.events\n", tree: tree)
        expectLocated(error, path: included, line: 1, column: 1, "from the include at 2026-01-01T00:00:00.000000001Z " + Self.outside)
        // The include line itself and the + time after an include.
        try tree.write(included, "0 add n=1\n")
        try check([
            bad(counterHeader + "\(daysToLimit)d1ns include inc.events\n", 3, 1, Self.outside),
            bad(counterHeader + "\(daysToLimit)d include inc.events\n+1ns add n=1\n", 4, 1, Self.outside),
        ], tree: tree)
    }

    @Test("generated offsets: an event past 2200 or past Int64 is a located error at the gen line")
    func generatorSums() throws {
        let tree = try TempScenarioTree()
        let gen = "produced an event"
        try check([
            ok(counterHeader + "\(daysToLimit - 1)d gen adds count=2 n=1 interval=1d\n"),
            bad(counterHeader + "\(daysToLimit - 1)d1ns gen adds count=2 n=1 interval=1d\n", 3, 11, gen),
            ok(noopHeader + "@2199-12-31T22:00:00Z gen ticks count=3 interval=1h\n"),
            bad(noopHeader + "@2199-12-31T23:00:00Z gen ticks count=3 interval=1h\n", 3, 23, gen),
            ok(farHeader + "0 gen pair ns=\(nsToLimit)\n"),
            bad(farHeader + "0 gen pair ns=\(nsToLimit + 1)\n", 3, 3, gen),
            bad(farHeader + "0 gen pair ns=\(Int64.max)\n", 3, 3, gen),
            bad(farHeader + "1 gen pair ns=\(Int64.max)\n", 3, 3, gen),
            bad(farHeader + "0 gen pair ns=-1\n", 3, 3, "out of order"),
            bad(farHeader + "0 gen pair ns=\(Int64.min)\n", 3, 3, "out of order"),
            // With until, the run's own limit comes first.
            bad(farHeader + "until 10\n0 gen pair ns=\(Int64.max)\n", 4, 3, gen),
            bad(farHeader + "until 10\n0 gen pair ns=10000000001\n", 4, 3, "runs past 'until'"),
            ok(farHeader + "until 10\n0 gen pair ns=10000000000\n"),
        ], tree: tree)
    }

    @Test("timers a domain asks for past 2200 (or past Int64) are dropped with a record; before now, late")
    func timerSums() throws {
        let tree = try TempScenarioTree()
        let limitRecord = "lockstep.limit name=timeRange value=2200-01-01T00:00:00Z dropped=ping"
        let max = Int64.max
        let late = "lockstep.late-timer kind=ping"
        let latest = Instant.latestSupported.nanosecondsSinceEpoch
        // (time of the line, event line, the record it must produce or nil, pending timers at the end)
        let rows: [(String, String, String?, String)] = [
            ("0", "after ns=\(nsToLimit)", nil, "1"),
            ("0", "after ns=\(nsToLimit + 1)", limitRecord + " requested=2200-01-01T00:00:00.000000001Z", "0"),
            ("0", "after ns=\(max - Instant.defaultStart.nanosecondsSinceEpoch)", limitRecord + " requested=2262-04-11T23:47:16.854775807Z", "0"),
            ("0", "after ns=\(max - Instant.defaultStart.nanosecondsSinceEpoch + 1)", limitRecord + " after=7456146436.854775808s", "0"),
            ("0", "after ns=\(max)", limitRecord + " after=9223372036.854775807s", "0"),
            ("0", "after ns=-1", late + " requested=2025-12-31T23:59:59.999999999Z firing=2026-01-01T00:00:00Z", "0"),
            ("0", "after ns=\(Int64.min)", late, "0"),
            ("\(daysToLimit)d", "after ns=0", nil, "0"),  // due at the last event's instant: fires
            ("\(daysToLimit)d", "after ns=1", limitRecord + " requested=2200-01-01T00:00:00.000000001Z", "0"),
            ("\(daysToLimit)d", "after ns=\(nsToLimit)", limitRecord + " after=5490892800.000000000s", "0"),  // overflows
            ("\(daysToLimit)d", "after ns=\(max)", limitRecord + " after=9223372036.854775807s", "0"),
            ("\(daysToLimit)d", "after ns=\(Int64.min)", late, "0"),
            ("\(daysToLimit)d", "after ns=\(-latest)", late + " requested=1970-01-01T00:00:00Z firing=2200-01-01T00:00:00Z", "0"),
        ] + ["0", "\(daysToLimit)d"].flatMap { time in [
            (time, "at ns=\(latest)", nil, time == "0" ? "1" : "0"),
            (time, "at ns=\(latest + 1)", limitRecord + " requested=2200-01-01T00:00:00.000000001Z", "0"),
            (time, "at ns=\(max)", limitRecord + " requested=2262-04-11T23:47:16.854775807Z", "0"),
            (time, "at ns=\(Int64.min)", late + " requested=1677-09-21T00:12:43.145224192Z", "0"),
            (time, "at ns=0", late + " requested=1970-01-01T00:00:00Z", "0"),
        ] as [(String, String, String?, String)] }
        for (time, event, record, pending) in rows {
            let (trace, error) = try outcome(farHeader + "\(time) \(event)\n", tree: tree)
            #expect(error == nil, "\(event): \(String(describing: error))")
            let body = stepBody(trace ?? "")
            if let record {
                #expect(body.contains { $0.hasPrefix("  " + record) }, "\(time) \(event): \(body)")
            } else {
                #expect(!body.contains { $0.contains("lockstep.") }, "\(time) \(event): \(body)")
            }
            // A late timer fires at once and a dropped one never; one due at the run's last instant
            // fires then; a later one stays pending.
            #expect(footer(trace ?? "", "pending-timers") == pending, "\(time) \(event)")
            #expect(footer(trace ?? "", "status") == "complete", "\(time) \(event)")
        }
    }

    @Test("Instant.addingInRange: nil on overflow and outside 1900 ... 2200, never a trap")
    func addingInRange() {
        let start = Instant.defaultStart
        #expect(start.addingInRange(Duration(nanoseconds: nsToLimit)) == Instant.latestSupported)
        #expect(start.addingInRange(Duration(nanoseconds: nsToLimit + 1)) == nil)
        #expect(start.addingInRange(Duration(nanoseconds: .max)) == nil)
        #expect(start.addingInRange(Duration(nanoseconds: .min)) == nil)
        #expect(Instant.latestSupported.addingInRange(.zero) == Instant.latestSupported)
        #expect(Instant.earliestSupported.addingInRange(Duration(nanoseconds: -1)) == nil)
        #expect(Instant(nanosecondsSinceEpoch: .max).addingInRange(Duration(nanoseconds: 1)) == nil)
        #expect(Instant(nanosecondsSinceEpoch: .min).addingInRange(Duration(nanoseconds: -1)) == nil)
        #expect(ScenarioLimits.timeRange.lowerBound.description == "1900-01-01T00:00:00Z")
        #expect(ScenarioLimits.timeRange.upperBound.description == "2200-01-01T00:00:00Z")
    }
}

@Suite("Class 2: every tuple element is a number in the plain number grammar")
struct TupleElementTests {
    /// `0 tick colour=` is 14 bytes: the tuple starts at column 15.
    static func tick(_ tuple: String) -> String { noopHeader + "0 tick colour=\(tuple)\n" }
    /// `0 values v=` is 11 bytes: the tuple starts at column 12.
    static func values(_ tuple: String) -> String { farHeader + "0 values v=\(tuple)\n" }

    static let notANumber = "is not a number; tuples hold numbers only"

    /// (tuple, offset of the bad element from the tuple's start, message fragment)
    static let malformed: [(String, Int, String)] = [
        ("1,2,/", 4, "tuple element '/' " + notANumber),
        ("1,2,//", 4, "tuple element '//' " + notANumber),
        ("1,2,..", 4, "tuple element '..' " + notANumber),
        ("1,./x", 2, "tuple element './x' " + notANumber),
        ("/etc,1", 0, "tuple element '/etc' " + notANumber),
        ("1,,2", 2, "empty tuple element"),
        ("1,2,", 3, "ends with a comma"),
        (",1", 0, "cannot start with ','"),
        ("1,-,3", 2, "malformed number '-'"),
        ("1,a,3", 2, "tuple element 'a' " + notANumber),
        ("a,b", 0, "tuple element 'a' " + notANumber),
        ("1,true", 2, "tuple element 'true' " + notANumber),
        ("1,2,3x", 4, "malformed number '3x'"),
        ("1,3s", 2, "malformed number '3s'"),
        ("1,+2", 2, "tuple element '+2' " + notANumber),
        ("1,+2s", 2, "tuple element '+2s' " + notANumber),
        ("1,@2026-01-01T00:00:00Z", 2, "tuple element '@2026-01-01T00:00:00Z' " + notANumber),
        ("1,\"a\"", 2, "strings cannot be tuple elements"),
        ("1,.5", 2, "tuple element '.5' " + notANumber),
        ("1,1.", 2, "malformed number '1.'"),
        ("1,1e", 2, "malformed number '1e'"),
        ("1,1e+", 2, "malformed number '1e+'"),
        ("1,0x", 2, "malformed number '0x'"),
        ("1,0x1G", 2, "malformed number '0x1G'"),
        ("1,0x12345678901234567", 2, "has more than 16 digits"),
        ("1,--1", 2, "malformed number '--1'"),
        ("1,nana", 2, "tuple element 'nana' " + notANumber),
        ("1,-nan", 2, "malformed number '-nan'"),
        ("1,Inf", 2, "tuple element 'Inf' " + notANumber),
        (Array(repeating: "1", count: 65).joined(separator: ","), 128, "more than 64 elements"),
        (Array(repeating: "0.5", count: 65).joined(separator: ","), 256, "more than 64 elements"),
        (Array(repeating: "1", count: 63).joined(separator: ",") + ",x", 126, "tuple element 'x' " + notANumber),
        (Array(repeating: "1", count: 64).joined(separator: ",") + ",/", 128, "tuple element '/' " + notANumber),
    ]

    static let wellFormed = ["1,2,3", "1,nan,3", "nan,inf,-inf", "-1,-0.5,1e-3", "0x1F,-0x10,2.5E+2", "1e999,-1e999,0",
                             Array(repeating: "1", count: 64).joined(separator: ","),
                             Array(repeating: "0.5", count: 64).joined(separator: ",")]

    @Test("malformed tuples are errors at the bad element's column, in every domain")
    func malformedTuples() throws {
        let tree = try TempScenarioTree()
        var rows: [Row] = []
        for (tuple, offset, fragment) in Self.malformed {
            rows.append(bad(Self.tick(tuple), 3, 15 + offset, fragment))
            rows.append(bad(Self.values(tuple), 3, 12 + offset, fragment))
        }
        try check(rows, tree: tree)
    }

    @Test("well-formed tuples, nan and inf included, read as numbers")
    func wellFormedTuples() throws {
        let tree = try TempScenarioTree()
        try check(Self.wellFormed.flatMap { [ok(Self.tick($0)), ok(Self.values($0))] }, tree: tree)
        let (trace, _) = try outcome(farHeader + "0 colour rgb=1,nan,-inf\n+0 values v=0x10,2.5E+2,1e-3\n", tree: tree)
        let body = stepBody(trace ?? "")
        #expect(body.contains("  colour v=1.000,nan,-inf"), "\(body)")
        #expect(body.contains("  colour v=16.000,250.000,0.001"), "\(body)")
    }

    @Test("the lexer's element check is the plain number grammar: every element that validates alone validates in a tuple")
    func sameGrammar() throws {
        let atoms = ["0", "-0", "1", "12", "1.5", "-1.5", "1e3", "1E-3", "2.5e+2", "0x1f", "-0x1F", "nan", "inf", "-inf",
                     "1.", ".5", "-", "+1", "a", "/", "//", "..", "1x", "0x", "1e", "3s", "--1", "-nan", "true", "@x"]
        for atom in atoms {
            let alone: Bool = Array(atom.utf8).withUnsafeBufferPointer { p in
                do {
                    return try Lexer.classify(p, 0, p.count, maxTupleElements: 64) == .number
                } catch { return false }
            }
            let inTuple: Bool = Array("1,\(atom),2".utf8).withUnsafeBufferPointer { p in
                (try? Lexer.classify(p, 0, p.count, maxTupleElements: 64)) == .tuple
            }
            #expect(alone == inTuple, "\(atom): alone \(alone), in a tuple \(inTuple)")
        }
    }
}

@Suite("Class 10: paths, trace header, repeated keys, JSON keys")
struct SmallReliabilityTests {
    @Test("control bytes in an include or file path are refused at the path, escaped in the message")
    func controlBytesInPaths() throws {
        let tree = try TempScenarioTree()
        try tree.write(folder + "/ok", "0 add n=1\n")
        try tree.write(folder + "/ok.events", "0 add n=1\n")
        for (escape, shown) in [("\\u{0}", "\\u{00}"), ("\\n", "\\u{0a}"), ("\\t", "\\u{09}"), ("\\u{1}", "\\u{01}"),
                                ("\\u{1F}", "\\u{1f}"), ("\\u{7F}", "\\u{7f}")] {
            let include = counterHeader + "0 include \"ok\(escape).events\"\n"
            let (_, error) = try outcome(include, tree: tree)
            expectLocated(error, path: folder + "/s.scenario", line: 3, column: 11, "path holds the control character \(shown) at byte 3")
            #expect(error?.message.hasPrefix("cannot include 'ok\(shown).events'") == true, "\(String(describing: error))")
            #expect(error.map { !$0.message.utf8.contains { $0 < 0x20 } } == true)
            let file = farHeader + "0 read path=\"ok\(escape).events\"\n"
            let (_, fileError) = try outcome(file, tree: tree)
            expectLocated(fileError, path: folder + "/s.scenario", line: 3, column: 13, "control character \(shown)")
        }
        // The same files without the control byte are read.
        try check([ok(counterHeader + "0 include ok.events\n"), ok(farHeader + "0 read path=ok\n")], tree: tree)
    }

    @Test("folders, the root, symbolic link loops and dangling links each get their own message")
    func pathMessages() throws {
        let tree = try TempScenarioTree()
        let dir = tree.root + "/" + folder
        try tree.write(folder + "/sub/a.events", "0 add n=1\n")
        try tree.write(folder + "/plain", "x")
        try FileManagerLink.make(at: dir + "/loop1.events", to: "loop2.events")
        try FileManagerLink.make(at: dir + "/loop2.events", to: "loop1.events")
        try FileManagerLink.make(at: dir + "/self.events", to: "self.events")
        try FileManagerLink.make(at: dir + "/dangling.events", to: "nowhere.events")
        try FileManagerLink.make(at: dir + "/root", to: tree.root + "/Scenarios")
        try FileManagerLink.make(at: dir + "/subdir", to: "sub")
        let cases: [(String, String, [String])] = [
            // (path, message fragment, fragments the message must not hold)
            ("..", "path names the Scenarios/ folder itself, not a file", ["symbolic link", "no such file"]),
            ("../", "path names the Scenarios/ folder itself, not a file", ["symbolic link"]),
            ("sub/..", "Scenarios/lockstep-unit-tmp is a folder, not a file", ["symbolic link"]),
            ("\".\"", "Scenarios/lockstep-unit-tmp is a folder, not a file", ["symbolic link"]),
            ("sub", "Scenarios/lockstep-unit-tmp/sub is a folder, not a file", ["symbolic link"]),
            ("subdir", "Scenarios/lockstep-unit-tmp/subdir is a folder, not a file", ["no such file"]),
            ("root", "path names the Scenarios/ folder itself (through a symbolic link), not a file", ["outside"]),
            ("../..", "path leaves Scenarios/", []),
            ("loop1.events", "Scenarios/lockstep-unit-tmp/loop1.events is a symbolic link loop", ["no such file"]),
            ("self.events", "Scenarios/lockstep-unit-tmp/self.events is a symbolic link loop", ["no such file"]),
            ("loop1.events/x.events", "is a symbolic link loop", ["no such file"]),
            ("dangling.events", "no such file: Scenarios/lockstep-unit-tmp/dangling.events", ["loop"]),
            ("nothere.events", "no such file: Scenarios/lockstep-unit-tmp/nothere.events", ["loop"]),
            ("plain/x.events", "a part of Scenarios/lockstep-unit-tmp/plain/x.events before the last '/' is a file, not a folder", []),
        ]
        for (path, fragment, never) in cases {
            let (_, error) = try outcome(counterHeader + "0 include \(path)\n", tree: tree)
            expectLocated(error, path: folder + "/s.scenario", line: 3, column: 11, fragment)
            for word in never { #expect(error?.message.contains(word) == false, "\(path): \(String(describing: error))") }
            // A file field goes through the same gate.
            let (_, fileError) = try outcome(farHeader + "0 read path=\(path)\n", tree: tree)
            expectLocated(fileError, path: folder + "/s.scenario", line: 3, column: 13, fragment)
        }
        try check([ok(counterHeader + "0 include sub/a.events\n"), ok(counterHeader + "0 include subdir/a.events\n")], tree: tree)
    }

    @Test("a scenario file name with control bytes, quotes or backslashes is a quoted string in the trace header")
    func headerPath() throws {
        let tree = try TempScenarioTree()
        let cases: [(String, String)] = [
            ("plain.scenario", "plain.scenario"),
            ("with space.scenario", "with space.scenario"),
            ("café.scenario", "café.scenario"),
            ("new\nline.scenario", "\"\(folder)/new\\nline.scenario\""),
            ("tab\there.scenario", "\"\(folder)/tab\\there.scenario\""),
            ("cr\rhere.scenario", "\"\(folder)/cr\\u{0d}here.scenario\""),
            ("bell\u{7}.scenario", "\"\(folder)/bell\\u{07}.scenario\""),
            ("del\u{7F}.scenario", "\"\(folder)/del\\u{7f}.scenario\""),
            ("quote\".scenario", "\"\(folder)/quote\\\".scenario\""),
            ("\"leading.scenario", "\"\(folder)/\\\"leading.scenario\""),
            ("back\\slash.scenario", "\"\(folder)/back\\\\slash.scenario\""),
        ]
        for (name, shown) in cases {
            let (trace, error) = try outcome(counterHeader + "0 add n=1\n", tree: tree, name: name)
            #expect(error == nil, "\(name): \(String(describing: error))")
            let lines = (trace ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            let expected = shown.hasPrefix("\"") ? "scenario " + shown : "scenario \(folder)/\(shown)"
            #expect(lines.count > 2 && lines[1] == expected, "\(name): \(lines.prefix(3))")
            #expect(lines.count > 2 && lines[2] == "domain counter", "\(name): \(lines.prefix(3))")
            // No control byte other than the line ends anywhere in the trace.
            #expect(!(trace ?? "").utf8.contains { $0 < 0x20 && $0 != 10 }, "\(name)")
        }
        // The JSON header escapes it as JSON does.
        let display = try tree.scenario("j\nk.scenario", counterHeader + "0 add n=1\n")
        let result = try tree.run(display, options: RunOptions(format: .json))
        let first = String(decoding: result.trace.prefix { $0 != 10 }, as: UTF8.self)
        #expect(first.contains("\"scenario\":\"\(folder)/j\\nk.scenario\""), "\(first)")
    }

    @Test("a repeated key is an error on lines that accept other keys too")
    func repeatedKeys() throws {
        let tree = try TempScenarioTree()
        try check([
            bad(noopHeader + "0 tick k=1 k=2\n", 3, 12, "duplicate field 'k' (first given at column 8)"),
            bad(noopHeader + "0 tick a=1 b=2 a=3\n", 3, 16, "duplicate field 'a'"),
            bad(noopHeader + "0 tick a=1 b=2 c=3 b=x\n", 3, 20, "duplicate field 'b'"),
            bad(noopHeader + "0 frame nose=1,2,3 neck=1,2,3 nose=1,2,3\n", 3, 31, "duplicate field 'nose'"),
            bad(noopHeader + "0 tick a.b=1 a.b=1\n", 3, 14, "duplicate field 'a.b'"),
            bad(counterHeader + "0 add n=1 n=2\n", 3, 11, "duplicate field 'n'"),
            ok(noopHeader + "0 tick k=1 K=2 k.x=3 k_=4 kk=5\n"),
            ok(noopHeader + "0 tick " + (0..<256).map { "k\($0)=1" }.joined(separator: " ") + "\n"),
        ], tree: tree)
    }

    @Test("JSON keys compare by bytes: NFC and NFD spellings are two keys, the same bytes twice a duplicate")
    func jsonKeysByBytes() throws {
        let nfc = "caf\u{E9}"        // é precomposed
        let nfd = "cafe\u{301}"      // e + combining acute
        #expect(nfc == nfd)          // Swift says equal (canonical equivalence); JSON must not
        for filler in [0, 10] {      // below and above the set threshold (8 members)
            let extra = (0..<filler).map { ",\"k\($0)\":0" }.joined()
            let text = "{\"\(nfc)\":1,\"\(nfd)\":2\(extra)}"
            let value = try JSONDocument.parse(Array(text.utf8))
            #expect(value.object?.count == 2 + filler)
            #expect(value[nfc] == .number("1"))
            #expect(value[nfd] == .number("2"))
            let again = "{\"\(nfd)\":1\(extra),\"\(nfd)\":2}"
            #expect(throws: JSONParseError.self) { try JSONDocument.parse(Array(again.utf8)) }
            let escaped = "{\"caf\\u00e9\":1\(extra),\"\(nfc)\":2}"
            #expect(throws: JSONParseError.self) { try JSONDocument.parse(Array(escaped.utf8)) }
        }
        #expect(JSONValue.string(nfc) != JSONValue.string(nfd))
        #expect(JSONValue.object([(nfc, .null)]) != JSONValue.object([(nfd, .null)]))
        #expect(JSONValue.object([(nfc, .null)]) == JSONValue.object([(nfc, .null)]))
        // Both survive a round trip, as two members, sorted by bytes.
        let built = JSONValue.object([(nfd, .integer(2)), (nfc, .integer(1))])
        let bytes = JSONDocument.bytes(built)
        #expect(try JSONDocument.parse(bytes) == .object([(nfd, .integer(2)), (nfc, .integer(1))]))  // "e" < 0xC3
    }
}
