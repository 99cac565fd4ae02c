import Testing
@testable import LockstepCore
@testable import LockstepRunner

private let counterHeader = "lockstep 1\ndomain counter\n"
private let noopHeader = "lockstep 1\ndomain noop\n"

/// Runs `text` as `Scenarios/lockstep-unit-tmp/s.scenario` and checks the error's line, column and message.
private func expectError(_ text: String, line: Int, column: Int, _ fragment: String,
                         limits: ScenarioLimits = .standard, name: String = "s.scenario",
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let tree = try TempScenarioTree()
    let error = try tree.error(text, name: name, limits: limits)
    expectLocated(error, path: TempScenarioTree.folder + "/" + name, line: line, column: column, fragment,
                  sourceLocation: sourceLocation)
}

/// Checks a produced error against the expected location and message fragment.
func expectLocated(_ error: ScenarioError?, path: String, line: Int, column: Int, _ fragment: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error else {
        Issue.record("expected an error containing '\(fragment)', but the scenario ran", sourceLocation: sourceLocation)
        return
    }
    #expect(error.path == path, "\(error)", sourceLocation: sourceLocation)
    #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
    #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    #expect(error.description == "\(error.path):\(error.line):\(error.column): \(error.message)", sourceLocation: sourceLocation)
}

@Suite("Scenario header errors")
struct ScenarioHeaderErrorTests {
    @Test func missingMagic() throws {
        try expectError("domain counter\n0 add n=1\n", line: 1, column: 1, "missing 'lockstep 1'")
        try expectError("# only a comment\n\n0 add n=1\n", line: 3, column: 3, "missing 'lockstep 1'")
        try expectError("", line: 1, column: 1, "missing 'lockstep 1'")
        try expectError("# nothing but comments\n", line: 1, column: 1, "missing 'lockstep 1'")
    }

    @Test func unknownVersion() throws {
        try expectError("lockstep 2\ndomain counter\n", line: 1, column: 10, "unknown scenario format version '2'")
        try expectError("lockstep one\ndomain counter\n", line: 1, column: 10, "unknown scenario format version 'one'")
    }

    @Test func missingDomain() throws {
        try expectError("lockstep 1\n0 add n=1\n", line: 2, column: 1, "missing 'domain' header")
    }

    @Test("an unknown domain is reported at the domain's name by Project.run")
    func unknownDomain() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("unknown-domain.scenario", "lockstep 1\ndomain nosuch\n0 add n=1\n")
        var caught: ScenarioError?
        do { _ = try tree.project().run(display) } catch { caught = error }
        // Project.run resolves a relative display path against the working directory first; this
        // folder does not exist there, so the temporary checkout is used.
        expectLocated(caught, path: display, line: 2, column: 8, "unknown domain 'nosuch'")
    }

    @Test func duplicateHeader() throws {
        try expectError(counterHeader + "seed 1\n# again\nseed 2\n", line: 5, column: 1, "duplicate 'seed' header (first given at line 3)")
        try expectError(counterHeader + "domain noop\n", line: 3, column: 1, "duplicate 'domain'")
        try expectError(counterHeader + "set step 2\nset step 3\n", line: 4, column: 5, "duplicate 'set step'")
    }

    @Test func setAfterFirstEvent() throws {
        try expectError(counterHeader + "0 add n=1\nset step 2\n", line: 4, column: 1, "'set' must come before the first event (line 3)")
        try expectError(counterHeader + "0 add n=1\nseed 2\n", line: 4, column: 1, "'seed' is a header and must come before the first event")
    }

    @Test func unknownZone() throws {
        try expectError(counterHeader + "zone Mars/Olympus\n", line: 3, column: 6, "Mars/Olympus")
        try expectError(counterHeader + "zone IST\n", line: 3, column: 6, "IST")
    }

    @Test("start must be UTC ISO-8601")
    func badStart() throws {
        let tree = try TempScenarioTree()
        let offset = try tree.error(counterHeader + "start 2026-03-14T09:00:00+01:00\n")
        #expect(offset?.line == 3)
        #expect(offset?.column == 26)  // the '+' of the offset: "start " is 6 bytes, the offset starts 19 in
        #expect(offset?.message.contains("UTC") == true)
        #expect(offset?.message.contains("bad start") == true, "\(String(describing: offset))")
        let word = try tree.error(counterHeader + "start tomorrow\n")
        #expect(word?.line == 3)
        #expect(word?.column == 7)
        #expect(word?.message.contains("bad start") == true, "\(String(describing: word))")
    }

    @Test func unknownSetting() throws {
        try expectError(counterHeader + "set colour red\n", line: 3, column: 5, "unknown setting 'colour'")
        try expectError(counterHeader + "set step many\n", line: 3, column: 10, "step must be a whole number")
    }

    @Test func unknownFault() throws {
        try expectError(counterHeader + "set fault nope\n", line: 3, column: 11, "unknown fault 'nope'")
    }

    @Test func unknownHeaderKeyword() throws {
        try expectError(counterHeader + "colour red\n", line: 3, column: 1, "unknown header 'colour'")
    }
}

@Suite("Scenario lexical errors")
struct ScenarioLexerErrorTests {
    @Test("malformed numbers point at the number", arguments: ["1.2.3", "1e", "0x", "1.", "-", "0x1G", "12a"])
    func malformedNumber(token: String) throws {
        // "0 add n=" is 8 bytes, so the value starts at column 9.
        try expectError(counterHeader + "0 add n=\(token)\n", line: 3, column: 9, "malformed number '\(token)'")
    }

    @Test func unterminatedString() throws {
        // "0 remind after=1 label=" is 23 bytes: the quote is at column 24.
        try expectError(counterHeader + "0 remind after=1 label=\"tea\n", line: 3, column: 24, "unterminated string")
    }

    @Test func badEscape() throws {
        // The backslash of \q is the 26th byte.
        try expectError(counterHeader + "0 remind after=1 label=\"a\\q\"\n", line: 3, column: 26, "bad escape '\\q'")
        try expectError(counterHeader + "0 remind after=1 label=\"\\u{110000}\"\n", line: 3, column: 25, "not a Unicode scalar")
        try expectError(counterHeader + "0 remind after=1 label=\"\\u{}\"\n", line: 3, column: 25, "1 to 6 hex digits")
    }

    @Test("a tuple written with a space is an error at the stray comma")
    func tupleWithSpace() throws {
        // "0 tick x=1" is 10 bytes: the trailing comma of "1," is column 11.
        try expectError(noopHeader + "0 tick x=1, 2\n", line: 3, column: 11, "ends with a comma")
        // "0 tick x=1 " is 11 bytes: ",2" starts at column 12.
        try expectError(noopHeader + "0 tick x=1 ,2\n", line: 3, column: 12, "cannot start with ','")
        try expectError(noopHeader + "0 tick x=1,,2\n", line: 3, column: 12, "empty tuple element")
    }

    @Test func invalidUTF8() throws {
        let tree = try TempScenarioTree()
        // "0 tick s=\"a" is 11 bytes: the 0xFF byte is column 12.
        let bytes = Array((noopHeader + "0 tick s=\"a").utf8) + [0xFF] + Array("\"\n".utf8)
        try tree.write(TempScenarioTree.folder + "/bad.scenario", bytes: bytes)
        expectLocated(tree.error(running: TempScenarioTree.folder + "/bad.scenario"),
                      path: TempScenarioTree.folder + "/bad.scenario", line: 3, column: 12, "invalid UTF-8 byte 0xff")
        // A truncated multi-byte sequence (the first byte of "é" alone) is caught too.
        let truncated = Array((noopHeader + "0 tick w=").utf8) + [0xC3] + [10]
        try tree.write(TempScenarioTree.folder + "/trunc.scenario", bytes: truncated)
        expectLocated(tree.error(running: TempScenarioTree.folder + "/trunc.scenario"),
                      path: TempScenarioTree.folder + "/trunc.scenario", line: 3, column: 10, "invalid UTF-8 byte 0xc3")
    }

    @Test func lineOverLimit() throws {
        var limits = ScenarioLimits()
        limits.maxLineBytes = 40
        let long = "0 tick note=\"" + String(repeating: "x", count: 60) + "\"\n"
        try expectError(noopHeader + long + "1 tick\n", line: 3, column: 41, "longer than 40 bytes", limits: limits)
        // The last line, without a newline, is checked as well.
        try expectError(noopHeader + long.dropLast(), line: 3, column: 41, "longer than 40 bytes", limits: limits)
    }

    @Test func fileOverLimit() throws {
        var limits = ScenarioLimits()
        limits.maxFileBytes = 64
        let text = noopHeader + (0..<10).map { "\($0) tick\n" }.joined()
        #expect(text.utf8.count > 64)
        try expectError(text, line: 1, column: 1, "over the limit of 64 bytes", limits: limits)
    }

    @Test("a time token that is malformed points at the time")
    func badTime() throws {
        try expectError(counterHeader + "0 add n=1\n+ add n=1\n", line: 4, column: 1, "missing time after '+'")
        try expectError(counterHeader + "0 add n=1\n+30m2h add n=1\n", line: 4, column: 1, "largest to smallest")
        try expectError(counterHeader + "0.0000000001 add n=1\n", line: 3, column: 1, "finer than one nanosecond")
        try expectError(counterHeader + "  5\n", line: 3, column: 4, "missing event kind")
    }
}

@Suite("Scenario event errors")
struct ScenarioEventErrorTests {
    @Test func timeGoesBackwards() throws {
        try expectError(counterHeader + "5 add n=1\n4.999999999 add n=1\n", line: 4, column: 1, "time goes backwards")
        try expectError(counterHeader + "start 2026-03-14T09:00:00Z\n10 add n=1\n@2026-03-14T09:00:05Z add n=1\n",
                        line: 5, column: 1, "time goes backwards")
        try expectError(counterHeader + "start 2026-03-14T09:00:00Z\n@2026-03-14T08:59:59Z add n=1\n",
                        line: 4, column: 1, "before the scenario's start")
    }

    @Test func unknownKind() throws {
        try expectError(counterHeader + "0 jump high=1\n", line: 3, column: 3, "unknown event kind 'jump'")
    }

    @Test func unknownField() throws {
        try expectError(counterHeader + "0 add n=1 m=2\n", line: 3, column: 11, "unknown field 'm'")
    }

    @Test func duplicateField() throws {
        try expectError(counterHeader + "0 add n=1 n=2\n", line: 3, column: 11, "duplicate field 'n'")
    }

    @Test func missingField() throws {
        try expectError(counterHeader + "0 add\n", line: 3, column: 3, "missing field 'n'")
        try expectError(counterHeader + "0 remind after=3\n", line: 3, column: 3, "missing field 'label'")
    }

    @Test func wrongType() throws {
        try expectError(counterHeader + "0 add n=abc\n", line: 3, column: 9, "n must be a whole number, found word 'abc'")
        try expectError(counterHeader + "0 add n=1.5\n", line: 3, column: 9, "whole number")
        try expectError(counterHeader + "0 remind after=1 label=tea\n", line: 3, column: 24, "label must be a quoted string")
        try expectError(counterHeader + "0 add 3\n", line: 3, column: 7, "unexpected value '3'")
    }

    @Test("a domain's own range check points at the value")
    func outOfRange() throws {
        try expectError(counterHeader + "0 roll sides=1\n", line: 3, column: 14, "out of range 2...1000")
    }

    @Test func eventsAfterTrailingUntil() throws {
        try expectError(counterHeader + "0 add n=1\nuntil 10\n1 add n=1\n", line: 5, column: 3, "events after 'until'")
        try expectError(counterHeader + "until 10\n11 add n=1\n", line: 4, column: 1, "after 'until'")
        try expectError(counterHeader + "5 add n=1\nuntil 4\n", line: 4, column: 7, "before the last event")
    }

    @Test("the event limit counts recorded, included and generated events")
    func eventLimit() throws {
        var limits = ScenarioLimits()
        limits.maxEvents = 3
        try expectError(noopHeader + "0 tick\n1 tick\n2 tick\n3 tick\n", line: 6, column: 3, "event limit of 3", limits: limits)
        // A generator asked for more than the budget allows (the counter generator does not check;
        // the runner does).
        limits.maxEvents = 5
        try expectError(counterHeader + "0 add n=1\n1 gen adds count=10 n=1 interval=1\n", line: 4, column: 3,
                        "allows 4 more", limits: limits)  // 5 minus the add line before it
        // Generated events count against later lines.
        try expectError(counterHeader + "0 gen adds count=5 n=1 interval=1\n10 add n=1\n", line: 4, column: 4,
                        "event limit of 5", limits: limits)
        // The noop generator checks its own count against the budget it is given (an error at the
        // `gen` line, from GeneratorContext.error).
        try expectError(noopHeader + "0 gen ticks count=10 interval=1\n", line: 3, column: 3,
                        "count=10 is more than the 5 events", limits: limits)
    }

    @Test func unknownGenerator() throws {
        try expectError(counterHeader + "0 gen nothing\n", line: 3, column: 7, "unknown generator 'nothing'")
    }

    @Test func badZoneEvent() throws {
        try expectError(counterHeader + "0 zone IST\n", line: 3, column: 8, "IST")
        try expectError(counterHeader + "0 zone\n", line: 3, column: 3, "expected 'zone NAME'")
    }
}

@Suite("Scenario include errors")
struct ScenarioIncludeErrorTests {
    let folder = TempScenarioTree.folder

    @Test func missingFile() throws {
        // "0 include " is 10 bytes: the path is at column 11.
        try expectError(counterHeader + "0 include nothere.events\n", line: 3, column: 11, "no such file")
    }

    @Test("paths that leave Scenarios/ are refused, even when the target exists")
    func outside() throws {
        let tree = try TempScenarioTree()
        try tree.write("outside.events", "0 add n=1\n")
        try tree.write("Scenarios/top.scenario", counterHeader + "0 include ../outside.events\n")
        expectLocated(tree.error(running: "Scenarios/top.scenario"), path: "Scenarios/top.scenario",
                      line: 3, column: 11, "leaves Scenarios/")
        let nested = try tree.scenario("nested.scenario", counterHeader + "0 include ../../outside.events\n")
        expectLocated(tree.error(running: nested), path: nested, line: 3, column: 11, "leaves Scenarios/")
    }

    @Test func absolutePath() throws {
        let tree = try TempScenarioTree()
        try tree.write("outside.events", "0 add n=1\n")
        let display = try tree.scenario("abs.scenario", counterHeader + "0 include \"\(tree.root)/outside.events\"\n")
        expectLocated(tree.error(running: display), path: display, line: 3, column: 11, "absolute paths are not allowed")
        let bare = try tree.scenario("bare.scenario", counterHeader + "0 include \(tree.root)/outside.events\n")
        expectLocated(tree.error(running: bare), path: bare, line: 3, column: 11, "absolute paths are not allowed")
    }

    @Test("a symbolic link that leads out of Scenarios/ is refused")
    func symlinkOut() throws {
        let tree = try TempScenarioTree()
        try tree.write("outside.events", "0 add n=1\n")
        let display = try tree.scenario("link.scenario", counterHeader + "0 include link.events\n")
        try FileManagerLink.make(at: tree.root + "/" + folder + "/link.events", to: tree.root + "/outside.events")
        expectLocated(tree.error(running: display), path: display, line: 3, column: 11, "symbolic link")
    }

    @Test("a cycle a → b → a names the chain")
    func cycle() throws {
        let tree = try TempScenarioTree()
        try tree.write(folder + "/b.events", "0 add n=1\n1 include a.scenario\n")
        let a = try tree.scenario("a.scenario", counterHeader + "0 include b.events\n")
        let error = tree.error(running: a)
        expectLocated(error, path: folder + "/b.events", line: 2, column: 11, "include cycle")
        #expect(error?.message.contains("\(folder)/a.scenario → \(folder)/b.events → \(folder)/a.scenario") == true,
                "\(String(describing: error))")
        // Between two included files, and a file including itself.
        try tree.write(folder + "/x.events", "0 include y.events\n")
        try tree.write(folder + "/y.events", "0 include ./x.events\n")
        let xy = try tree.scenario("xy.scenario", counterHeader + "0 include x.events\n")
        expectLocated(tree.error(running: xy), path: folder + "/y.events", line: 1, column: 11, "include cycle")
        try tree.write(folder + "/self.events", "0 include self.events\n")
        let selfie = try tree.scenario("self.scenario", counterHeader + "0 include self.events\n")
        expectLocated(tree.error(running: selfie), path: folder + "/self.events", line: 1, column: 11, "include cycle")
    }

    @Test("includes nest at most 8 deep")
    func depth() throws {
        let tree = try TempScenarioTree()
        // e1 … e9, each including the next; e9 holds an event.
        for i in 1...8 { try tree.write(folder + "/e\(i).events", "0 add n=\(i)\n0 include e\(i + 1).events\n") }
        try tree.write(folder + "/e9.events", "0 add n=9\n")
        // Eight levels (scenario → e2 … e9) are fine.
        let eight = try tree.scenario("eight.scenario", counterHeader + "0 include e2.events\n")
        #expect(tree.error(running: eight) == nil)
        // Nine levels fail at the include that would open the ninth.
        let nine = try tree.scenario("nine.scenario", counterHeader + "0 include e1.events\n")
        expectLocated(tree.error(running: nine), path: folder + "/e8.events", line: 2, column: 11, "deeper than 8")
    }

    @Test("included files hold events only, and no absolute times")
    func includedRules() throws {
        let tree = try TempScenarioTree()
        try tree.write(folder + "/h.events", "0 add n=1\nseed 3\n")
        let h = try tree.scenario("h.scenario", counterHeader + "0 include h.events\n")
        expectLocated(tree.error(running: h), path: folder + "/h.events", line: 2, column: 1, "event lines only")
        try tree.write(folder + "/at.events", "@2026-01-01T00:00:01Z add n=1\n")
        let at = try tree.scenario("at.scenario", counterHeader + "0 include at.events\n")
        expectLocated(tree.error(running: at), path: folder + "/at.events", line: 1, column: 1, "absolute @times are not allowed")
        // An included file's own errors carry its path and line.
        try tree.write(folder + "/bad.events", "0 add n=1\n\n1 add n=x\n")
        let bad = try tree.scenario("bad.scenario", counterHeader + "0 include bad.events\n")
        expectLocated(tree.error(running: bad), path: folder + "/bad.events", line: 3, column: 9, "whole number")
    }

    @Test("an included file over the size limit is an error at its first line")
    func includedTooLarge() throws {
        let tree = try TempScenarioTree()
        var limits = ScenarioLimits()
        limits.maxFileBytes = 100
        try tree.write(folder + "/big.events", (0..<40).map { "\($0) add n=1\n" }.joined())
        let display = try tree.scenario("big.scenario", counterHeader + "0 include big.events\n")
        expectLocated(tree.error(running: display, limits: limits), path: folder + "/big.events", line: 1, column: 1,
                      "over the limit of 100 bytes")
    }
}
