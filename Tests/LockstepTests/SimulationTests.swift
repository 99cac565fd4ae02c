import Testing
@testable import LockstepCore
@testable import LockstepRunner
import Fixtures

/// `Simulation<D>` drives a domain from Swift with the runner's own engine.
@Suite struct SimulationTests {
    @Test func sendDeliversTypedEventsAndCollectsOutputs() throws {
        var sim = try Simulation<Counter>(seed: 1, settings: ["step 3"])
        sim.send(.add(2), at: .seconds(1))
        #expect(sim.takeOutputs() == [Record("total").int64("value", 6)])
        sim.send(.add(-1), at: .seconds(2))
        #expect(sim.takeOutputs() == [Record("total").int64("value", 3)])
        #expect(sim.now == Instant.defaultStart + .seconds(2))
    }

    @Test func faultsComeFromSettings() throws {
        var sim = try Simulation<Counter>(settings: ["fault offByOne"])
        sim.send(.add(2), at: .zero)
        #expect(sim.outputs == [Record("total").int64("value", 3)])
    }

    @Test func unknownSettingIsAnError() {
        #expect(throws: ScenarioError.self) { try Simulation<Counter>(settings: ["colour red"]) }
        #expect(throws: ScenarioError.self) { try Simulation<Counter>(settings: ["fault nope"]) }
    }

    @Test func timersFireOnAdvanceInOrder() throws {
        var sim = try Simulation<Counter>()
        sim.send(.remind(after: .seconds(5), label: "b"), at: .zero)
        sim.send(.remind(after: .seconds(2), label: "a"), at: .seconds(1))
        _ = sim.takeOutputs()
        sim.advance(to: .seconds(10))
        #expect(sim.takeOutputs() == [Record("reminder").string("label", "a"), Record("reminder").string("label", "b")])
        #expect(sim.steps.last.map { "\($0.kind)" } == "timer(\"reminder\")")
    }

    /// A recorded event at the same instant as a due timer goes first.
    @Test func recordedBeforeTimerAtSameInstant() throws {
        var sim = try Simulation<Counter>()
        sim.send(.remind(after: .seconds(2), label: "t"), at: .zero)
        _ = sim.takeOutputs()
        sim.send(.add(1), at: .seconds(2))
        #expect(sim.takeOutputs() == [Record("total").int64("value", 1)])
        sim.advance(to: .seconds(2))
        #expect(sim.takeOutputs() == [Record("reminder").string("label", "t")])
    }

    /// Known civil-time values (from the EU and US DST rules, not from the code): Berlin switches to
    /// CEST at 2026-03-29T01:00Z, so a daily 08:00 alarm is at 07:00Z on the 28th and 06:00Z on the 29th.
    @Test func alarmFollowsLocalTimeAcrossSpringForward() throws {
        let start = Instant(secondsSinceEpoch: 1_774_612_800)  // 2026-03-27T12:00:00Z
        #expect(CivilTime.iso8601UTC(start) == "2026-03-27T12:00:00Z")
        var sim = try Simulation<Alarm>(start: start, zone: try Zone.named("Europe/Berlin"), settings: ["hour 8"])
        sim.advance(by: .hours(48))
        let rings = sim.steps.filter { "\($0.kind)" == "timer(\"alarm\")" }.map { CivilTime.iso8601UTC($0.time) }
        #expect(rings == ["2026-03-28T07:00:00Z", "2026-03-29T06:00:00Z"])
    }

    @Test func zoneChangeReArmsInTheNewZone() throws {
        let start = Instant(secondsSinceEpoch: 1_775_001_600)  // 2026-04-01T00:00:00Z
        var sim = try Simulation<Alarm>(start: start, zone: try Zone.named("Europe/Berlin"), settings: ["hour 7"])
        sim.advance(by: .hours(1))
        // The move happens at 01:00Z = 06:30 IST, so 07:00 IST that same day (01:30Z) is still ahead.
        sim.changeZone(try Zone.named("Asia/Kolkata"))
        sim.advance(by: .hours(30))
        let rings = sim.steps.filter { "\($0.kind)" == "timer(\"alarm\")" }.map { CivilTime.iso8601UTC($0.time) }
        #expect(!rings.contains("2026-04-01T05:00:00Z"))  // Berlin's 07:00 (05:00Z) was cancelled by the move
        #expect(rings == ["2026-04-01T01:30:00Z", "2026-04-02T01:30:00Z"])
    }

    @Test func digestTracksState() throws {
        var sim = try Simulation<Counter>()
        let d0 = sim.digest()
        sim.send(.add(1), at: .zero)
        let d1 = sim.digest()
        sim.send(.cancel(label: "none"), at: .zero)
        #expect(d0 != d1)
        #expect(sim.digest() == d1)
    }
}

/// `nan`, `inf` and `-inf` are number literals so scenarios can feed domains non-finite sensor values.
@Suite struct NonFiniteLiteralTests {
    @Test func nonFiniteNumbersReachTheDomain() throws {
        let text = "lockstep 1\ndomain noop\n0 tick a=nan b=inf c=-inf d=nan,1,-inf\n"
        let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
        _ = try reader.readHeader()
        var line = EventLine(path: "t.scenario", buffer: [])
        #expect(try reader.next(into: &line))
        #expect(try line.double("a").isNaN)
        #expect(try line.double("b") == .infinity)
        #expect(try line.double("c") == -.infinity)
        let d = try line.triple("d")
        #expect(d.0.isNaN && d.1 == 1 && d.2 == -.infinity)
        #expect(throws: ScenarioError.self) { try line.int("a") }
    }

    @Test func wordsThatMerelyStartLikeNonFiniteAreWords() throws {
        let text = "lockstep 1\ndomain noop\n0 tick a=nano b=infinity c=-info\n"
        let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
        let error = #expect(throws: ScenarioError.self) { _ = try reader.readHeader() }  // reads the first event too
        #expect(error?.description == "t.scenario:3:28: malformed number '-info'")
        var line = EventLine(path: "t.scenario", buffer: [])
        let ok = "lockstep 1\ndomain noop\n0 tick a=nano b=infinity\n"
        let r2 = try ScenarioReader(display: "t.scenario", bytes: Array(ok.utf8), files: nil)
        _ = try r2.readHeader()
        #expect(try r2.next(into: &line))
        #expect(line.args[0].kind == .word && line.args[1].kind == .word)
    }
}
