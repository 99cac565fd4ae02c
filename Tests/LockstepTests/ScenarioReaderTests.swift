import Testing
@testable import LockstepCore
@testable import LockstepRunner

private let counterHeader = "lockstep 1\ndomain counter\n"

/// `index seconds kind` of each step line, digests dropped.
private func steps(_ trace: String) -> [String] { stepLines(trace).map(withoutDigest) }

@Suite("Scenario format: good paths")
struct ScenarioGoodPathTests {
    @Test("comments, blank lines and indentation are ignored; header values are read")
    func commentsAndHeader() throws {
        let tree = try TempScenarioTree()
        let text = """
            # leading comment

            lockstep 1
               # indented comment
            domain counter
            title "A \\"quoted\\" title"
            seed 0x2A
            start 2026-03-14T09:00:00Z
            zone Europe/Berlin
            set step 3
            set label tally

            0 add n=1   # trailing text is not a comment: it would be an argument, so none here
            \t+1\tadd\tn=2

            """.replacingOccurrences(of: "   # trailing text is not a comment: it would be an argument, so none here", with: "")
        let display = try tree.scenario("ok.scenario", text)
        let reader = try tree.reader(display)
        let header = try reader.readHeader()
        #expect(header.domain == "counter")
        #expect(header.title == "A \"quoted\" title")
        #expect(header.seed == 42)
        #expect(header.start == Instant(secondsSinceEpoch: 1_773_478_800))  // calendar.timegm(2026-03-14 09:00)
        #expect(header.zone.name == "Europe/Berlin")
        #expect(header.settings.count == 2)
        let trace = String(decoding: try tree.run(display).trace, as: UTF8.self)
        #expect(steps(trace) == ["0 0.000000000 start", "1 0.000000000 add", "2 1.000000000 add"])
        #expect(trace.contains("  total value=3\n"))   // 1 · step 3
        #expect(trace.contains("  total value=9\n"))   // + 2 · 3
        #expect(trace.contains("seed 42\n"))
        #expect(trace.contains("zone Europe/Berlin\n"))
        #expect(trace.contains("  label=tally\n"))
    }

    @Test("CRLF line endings read exactly like LF")
    func crlf() throws {
        let lf = counterHeader + "seed 3\n0 add n=1\n+0.5 roll sides=20\n+1 remind after=1 label=\"x\"\nuntil 5\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = try TempScenarioTree(), b = try TempScenarioTree()
        let traceLF = try a.trace(lf), traceCRLF = try b.trace(crlf)
        #expect(traceLF == traceCRLF)
        #expect(steps(traceLF).count == 5)
        // No trailing newline at all, and a CRLF file whose last line has none.
        #expect(try TempScenarioTree().trace(String(lf.dropLast())) == traceLF)
        // (Drop bytes, not Characters: "\r\n" is one Character in Swift.)
        #expect(try TempScenarioTree().trace(String(decoding: crlf.utf8.dropLast(2), as: UTF8.self)) == traceLF)
    }

    @Test("@ absolute times, with Z or an offset")
    func absoluteTimes() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + """
            start 2026-03-14T09:00:00Z
            @2026-03-14T10:00:00Z add n=1
            @2026-03-14T11:30:00+01:00 add n=1
            +0.25 add n=1

            """)
        #expect(steps(trace) == ["0 0.000000000 start", "1 3600.000000000 add", "2 5400.000000000 add", "3 5400.250000000 add"])
    }

    @Test("include splices the file's lines shifted to the include's time; + counts from its last event")
    func includeSplice() throws {
        let tree = try TempScenarioTree()
        try tree.write(TempScenarioTree.folder + "/rec/part.events", """
            # a recording: its times are relative to the include line
            0 add n=1
            +0.5 add n=2
            2 add n=3
            +1 include deeper/more.events

            """)
        try tree.write(TempScenarioTree.folder + "/rec/deeper/more.events", "1 add n=4\n")
        let trace = try tree.trace(counterHeader + """
            1 add n=10
            10 include rec/part.events
            +1 add n=100
            15.5 add n=1000

            """)
        // part.events at 10: 10, 10.5, 12; more.events included at 12 + 1 = 13, its event at 14;
        // "+1" after the include counts from 14; "15.5" counts from the scenario's start again.
        #expect(steps(trace) == ["0 0.000000000 start", "1 1.000000000 add", "2 10.000000000 add", "3 10.500000000 add",
                                 "4 12.000000000 add", "5 14.000000000 add", "6 15.000000000 add", "7 15.500000000 add"])
        #expect(trace.contains("  total value=1120\n"))  // 10 + 1 + 2 + 3 + 4 + 100 + 1000
        // An include of a file with no events is fine, and quoted paths work.
        try tree.write(TempScenarioTree.folder + "/empty.events", "# nothing\n")
        let empty = try tree.trace(counterHeader + "1 add n=1\n2 include \"empty.events\"\n+1 add n=1\n", name: "e.scenario")
        #expect(steps(empty).last == "2 3.000000000 add")
        // A path through ./ and ../ that stays inside the tree.
        let dotted = try tree.trace(counterHeader + "0 include ./rec/../rec/deeper/more.events\n", name: "d.scenario")
        #expect(steps(dotted) == ["0 0.000000000 start", "1 1.000000000 add"])
    }

    @Test("the first event line may itself be an include")
    func includeFirst() throws {
        let tree = try TempScenarioTree()
        try tree.write(TempScenarioTree.folder + "/first.events", "0 add n=1\n+1 add n=1\n")
        let trace = try tree.trace(counterHeader + "5 include first.events\n+1 add n=1\n")
        #expect(steps(trace) == ["0 0.000000000 start", "1 5.000000000 add", "2 6.000000000 add", "3 7.000000000 add"])
    }

    @Test("a trailing until lets timers fire up to it, and no further")
    func trailingUntil() throws {
        let tree = try TempScenarioTree()
        let fires = try tree.trace(counterHeader + "0 remind after=10 label=\"a\"\nuntil 10\n", name: "a.scenario")
        #expect(steps(fires).last == "2 10.000000000 timer:reminder")
        #expect(footer(fires, "end") == "10.000000000")
        #expect(footer(fires, "pending-timers") == "0")
        let early = try tree.trace(counterHeader + "0 remind after=10 label=\"a\"\nuntil 9.999999999\n", name: "b.scenario")
        #expect(steps(early).count == 2)
        #expect(footer(early, "end") == "9.999999999")
        #expect(footer(early, "pending-timers") == "1")
        // until in the header works the same, and may be an @instant.
        let header = try tree.trace(counterHeader + "until @2026-01-01T00:01:00Z\n0 remind after=30 label=\"a\"\n", name: "c.scenario")
        #expect(steps(header).last == "2 30.000000000 timer:reminder")
        #expect(footer(header, "end") == "60.000000000")
    }

    @Test("gen expands into ordinary steps; + after it counts from its last event")
    func gen() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + "1 gen adds count=3 n=2 interval=0.5\n+1 add n=1\n")
        #expect(steps(trace) == ["0 0.000000000 start", "1 1.000000000 add", "2 1.500000000 add", "3 2.000000000 add",
                                 "4 3.000000000 add"])
        #expect(trace.contains("  total value=7\n"))
        // A timer due inside a generated run fires between generated steps, in time order.
        let mixed = try tree.trace(counterHeader + "0 remind after=1.2 label=\"t\"\n1 gen adds count=3 n=1 interval=0.5\n",
                                   name: "m.scenario")
        #expect(steps(mixed) == ["0 0.000000000 start", "1 0.000000000 remind", "2 1.000000000 add",
                                 "3 1.200000000 timer:reminder", "4 1.500000000 add", "5 2.000000000 add"])
        // count=0 produces nothing, and the next + still counts from the gen line's time.
        let none = try tree.trace(counterHeader + "2 gen adds count=0 n=1 interval=1\n+1 add n=1\n", name: "n.scenario")
        #expect(steps(none) == ["0 0.000000000 start", "1 3.000000000 add"])
    }
}

@Suite("Scenario reader streaming")
struct ScenarioStreamingTests {
    @Test("a multi-MiB file streams through a bounded block buffer")
    func boundedBuffer() throws {
        let tree = try TempScenarioTree()
        let line = "+0.001 frame nose=0.500000,0.200000,0.900000 leftShoulder=0.400000,0.300000,0.950000\n"
        let count = 100_000
        var bytes = Array("lockstep 1\ndomain noop\n".utf8)
        bytes.reserveCapacity(count * line.utf8.count + 64)
        for _ in 0..<count { bytes.append(contentsOf: line.utf8) }
        #expect(bytes.count > 8 * LineReader.blockBytes)  // several MiB: at least eight blocks
        try tree.write(TempScenarioTree.folder + "/big.scenario", bytes: bytes)
        let reader = try tree.reader(TempScenarioTree.folder + "/big.scenario")
        _ = try reader.readHeader()
        var event = EventLine(path: "", buffer: [])
        var events = 0
        var largestBlock = 0
        var blocks = Set<Int>()  // distinct block sizes seen, to show the buffer is replaced, not grown
        while try reader.next(into: &event) {
            events += 1
            largestBlock = max(largestBlock, event.buffer.count)
            blocks.insert(event.buffer.count)
            if events == 1 || events == count {
                #expect(try event.triple(at: 0) == (0.5, 0.2, 0.9))
            }
        }
        #expect(events == count)
        #expect(reader.eventCount == count)
        // The buffer a line lives in is one block (plus at most a carried-over partial line), far
        // smaller than the file.
        #expect(largestBlock <= 2 * LineReader.blockBytes)
        #expect(largestBlock * 4 < bytes.count)
        #expect(reader.previousTime == .defaultStart + .milliseconds(Int64(count)))
    }

    @Test("a line split across blocks is read whole")
    func lineAcrossBlocks() throws {
        let tree = try TempScenarioTree()
        // Pad so that a long line straddles the first block boundary.
        var text = "lockstep 1\ndomain noop\n"
        let filler = "0 tick pad=\"" + String(repeating: "x", count: 1000) + "\"\n"
        while text.utf8.count < LineReader.blockBytes - 500 { text += filler }
        let long = "0 tick marker=\"" + String(repeating: "y", count: 3000) + "\"\n"
        text += long + "1 tick last=1\n"
        try tree.write(TempScenarioTree.folder + "/straddle.scenario", text)
        let reader = try tree.reader(TempScenarioTree.folder + "/straddle.scenario")
        _ = try reader.readHeader()
        var event = EventLine(path: "", buffer: [])
        var found = false
        var lastLine = 0
        while try reader.next(into: &event) {
            if event.keyedArguments.first?.key == "marker" {
                #expect(try event.string(at: 0) == String(repeating: "y", count: 3000))
                found = true
            }
            lastLine = event.lineNumber
        }
        #expect(found)
        #expect(lastLine == text.split(separator: "\n").count)
    }
}
