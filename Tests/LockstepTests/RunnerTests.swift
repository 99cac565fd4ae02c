import Foundation
import Testing
@testable import LockstepCore
@testable import LockstepRunner

private let counterHeader = "lockstep 1\ndomain counter\n"

private func steps(_ trace: String) -> [String] { stepLines(trace).map(withoutDigest) }

/// The digest of each step line, in order.
private func digests(_ trace: String) -> [String] {
    stepLines(trace).map { line in line.split(separator: " ").last.map(String.init) ?? "" }
}

/// A test-only domain whose timer re-arms itself for "now" on every firing: a runaway the runner must stop.
enum Rearm: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var firings = 0 }
    enum Event { case arm, again, ping }
    static let name = "rearm"
    static let summary = "Test: a timer that re-arms itself at the same instant."
    static let events: [EventKind<Event>] = [EventKind("arm") { _ throws(ScenarioError) in .arm }, EventKind("ping") { _ throws(ScenarioError) in .ping }]
    static func kind(of event: Event) -> String {
        switch event {
        case .arm: "arm"
        case .again: "again"
        case .ping: "ping"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<Rearm>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Rearm>) {
        switch event {
        case .arm: world.schedule(after: .zero, .again)
        case .ping: break
        case .again:
            state.firings += 1
            world.schedule(after: .zero, .again)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { out.int("firings", state.firings) }
}

@Suite("Runner")
struct RunnerTests {
    @Test("order: time, then recorded before timer at the same instant, then scheduling order")
    func ordering() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + """
            0 remind after=5 label="first"
            1 remind after=4 label="second"
            2 remind after=1 label="early"
            5 add n=1
            until 6

            """)
        #expect(steps(trace) == [
            "0 0.000000000 start", "1 0.000000000 remind", "2 1.000000000 remind", "3 2.000000000 remind",
            "4 3.000000000 timer:reminder",  // early: due at 3, before the two due at 5
            "5 5.000000000 add",             // recorded before timers at the same instant
            "6 5.000000000 timer:reminder", "7 5.000000000 timer:reminder",
        ])
        let body = stepBody(trace)
        let reminders = body.filter { $0.hasPrefix("  reminder ") }
        #expect(reminders == ["  reminder label=\"early\"", "  reminder label=\"first\"", "  reminder label=\"second\""])
    }

    @Test("a cancelled timer never fires")
    func cancel() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + """
            0 remind after=2 label="a"
            0 remind after=3 label="b"
            1 cancel label="a"
            until 10

            """)
        #expect(steps(trace).filter { $0.hasSuffix("timer:reminder") } == ["4 3.000000000 timer:reminder"])
        #expect(trace.contains("  cancelled label=\"a\" found=true\n"))
        #expect(!trace.contains("reminder label=\"a\""))
        #expect(footer(trace, "pending-timers") == "0")
    }

    @Test("a timer past until does not fire and shows in pending-timers")
    func pastUntil() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + "0 remind after=30 label=\"late\"\n0 remind after=5 label=\"soon\"\nuntil 20\n")
        #expect(steps(trace).last == "3 5.000000000 timer:reminder")
        #expect(footer(trace, "pending-timers") == "1")
        #expect(footer(trace, "end") == "20.000000000")
        #expect(footer(trace, "status") == "complete")
    }

    @Test("without until the run ends at the last event; later timers stay pending")
    func noUntil() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + "0 remind after=5 label=\"a\"\n4 add n=1\n")
        #expect(steps(trace).last == "2 4.000000000 add")
        #expect(footer(trace, "end") == "4.000000000")
        #expect(footer(trace, "pending-timers") == "1")
        // A timer due exactly at the last event fires after it.
        let exact = try tree.trace(counterHeader + "0 remind after=4 label=\"a\"\n4 add n=1\n", name: "b.scenario")
        #expect(steps(exact).suffix(2) == ["2 4.000000000 add", "3 4.000000000 timer:reminder"])
        #expect(footer(exact, "pending-timers") == "0")
    }

    @Test("a timer re-arming itself at one instant stops the run with a lockstep.limit record")
    func runawayTimer() throws {
        let tree = try TempScenarioTree()
        var limits = ScenarioLimits()
        limits.maxTimerFiringsPerInstant = 5
        let trace = try tree.trace("lockstep 1\ndomain rearm\n1 arm\n2 ping\n", options: RunOptions(limits: limits),
                                   extraDomains: [DomainEntry(Rearm.self)])
        let s = steps(trace)
        #expect(s.filter { $0.hasSuffix("timer:again") }.count == 5)
        #expect(s.last == "7 1.000000000 lockstep.stop")
        #expect(trace.contains("  lockstep.limit name=maxTimerFiringsPerInstant value=5\n"))
        #expect(footer(trace, "status") == "stopped limit maxTimerFiringsPerInstant=5")
        #expect(!s.contains { $0.hasSuffix(" ping") })  // nothing runs after the stop
        #expect(trace.contains("  firings=5\n"))
    }

    @Test("the total timer budget stops a run too")
    func timerBudget() throws {
        let tree = try TempScenarioTree()
        var limits = ScenarioLimits()
        limits.maxTimerFirings = 3
        let trace = try tree.trace("lockstep 1\ndomain rearm\n1 arm\n", options: RunOptions(limits: limits),
                                   extraDomains: [DomainEntry(Rearm.self)])
        #expect(trace.contains("  lockstep.limit name=maxTimerFirings value=3\n"))
        #expect(footer(trace, "status") == "stopped limit maxTimerFirings=3")
    }

    @Test("a zone event changes the zone and emits lockstep.zone")
    func zoneEvent() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + "zone Europe/Berlin\n1 zone America/New_York\n2 zone \"UTC\"\n")
        #expect(steps(trace) == ["0 0.000000000 start", "1 1.000000000 zone", "2 2.000000000 zone"])
        // 2026-01-01 is winter: New York is UTC−5 (EST).
        #expect(trace.contains("  lockstep.zone from=Europe/Berlin to=America/New_York offset=-05:00\n"))
        #expect(trace.contains("  lockstep.zone from=America/New_York to=UTC offset="))
        #expect(trace.contains("zone Europe/Berlin\n"))  // the header keeps the starting zone
    }

    @Test("digests change when the state changes and not otherwise")
    func digestsFollowState() throws {
        let tree = try TempScenarioTree()
        let trace = try tree.trace(counterHeader + """
            0 add n=1
            1 cancel label="nothing"
            2 id
            3 add n=0
            4 add n=1
            5 add n=-1

            """)
        let d = digests(trace)
        #expect(d.count == 7)
        #expect(d.allSatisfy { $0.hasPrefix("#") && $0.count == 17 })
        #expect(d[0] != d[1])   // add 1 changes the total
        #expect(d[2] == d[1])   // cancelling nothing changes nothing
        #expect(d[3] == d[1])   // an id uses the world's uuid stream, not state
        #expect(d[4] == d[1])   // adding zero changes nothing
        #expect(d[5] != d[1])   // total 2
        #expect(d[6] == d[1])   // back to total 1: the same canonical state, the same digest
        #expect(footer(trace, "final") == d[6])
        // The digest is FNV-1a 64 of the canonical state printed in the footer.
        let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let stateStart = try #require(lines.firstIndex(of: "state"))
        let stateText = lines[(stateStart + 1)...].filter { !$0.isEmpty }.map { String($0.dropFirst(2)) + "\n" }.joined()
        #expect("#" + Hex.lower(FNV1a64.hash(Array(stateText.utf8))) == d[6])
    }

    @Test("the same scenario twice gives identical bytes, in the same and in another process-like setup")
    func deterministic() throws {
        let text = counterHeader + """
            seed 42
            start 2026-03-14T09:00:00Z
            zone Europe/Berlin
            0 add n=3
            +0.5 remind after=10 label="tea"
            +1 roll sides=20
            +1 roll
            +1 id
            +1 id
            1m gen adds count=50 n=1 interval=0.25
            until 2m

            """
        let a = try TempScenarioTree(), b = try TempScenarioTree()
        let first = try a.run(try a.scenario("d.scenario", text)).trace
        let second = try a.run(TempScenarioTree.folder + "/d.scenario").trace
        let other = try b.run(try b.scenario("d.scenario", text)).trace
        #expect(first == second)
        #expect(first == other)
        // A different seed changes the dice and ids, and nothing else about the shape.
        let reseeded = try a.trace(text.replacingOccurrences(of: "seed 42", with: "seed 43"), name: "r.scenario")
        #expect(reseeded != String(decoding: first, as: UTF8.self))
        #expect(steps(reseeded) == steps(String(decoding: first, as: UTF8.self)))
    }

    @Test("--json writes one valid JSON object per line: header, steps, footer")
    func json() throws {
        let tree = try TempScenarioTree()
        let text = counterHeader + """
            title "JSON \\"check\\"\\n"
            seed 18446744073709551615
            0 add n=-3
            +0.5 remind after=1 label="tab\\there"
            +1 roll
            +1 id
            +1 zone Asia/Kolkata
            until 5

            """
        let display = try tree.scenario("j.scenario", text)
        let json = try tree.run(display, options: RunOptions(format: .json)).trace
        let textTrace = String(decoding: try tree.run(display).trace, as: UTF8.self)
        let lines = String(decoding: json, as: UTF8.self).split(separator: "\n").map(String.init)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let dict = try #require(object as? [String: Any], "not an object: \(line)")
            objects.append(dict)
        }
        #expect(objects.first?["type"] as? String == "header")
        #expect(objects.first?["title"] as? String == "JSON \"check\"\n")
        #expect(objects.first?["seed"] as? String == "18446744073709551615")
        #expect(objects.last?["type"] as? String == "footer")
        let stepObjects = objects.filter { $0["type"] as? String == "step" }
        #expect(stepObjects.count == stepLines(textTrace).count)
        // Step times and digests match the text trace.
        for (object, line) in zip(stepObjects, stepLines(textTrace)) {
            let parts = line.split(separator: " ").map(String.init)
            #expect(object["t"] as? String == parts[1])
            #expect(object["kind"] as? String == parts[2])
            #expect(object["digest"] as? String == parts[3])
        }
        let outputs = stepObjects.flatMap { ($0["outputs"] as? [[String: Any]]) ?? [] }
        let total = outputs.first { $0["record"] as? String == "total" }
        #expect((total?["fields"] as? [String: Any])?["value"] as? Int == -3)
        let scheduled = outputs.first { $0["record"] as? String == "scheduled" }
        #expect((scheduled?["fields"] as? [String: Any])?["label"] as? String == "tab\there")
        #expect(objects.last?["pendingTimers"] as? Int == 0)
    }
}
