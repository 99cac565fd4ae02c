import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Haptics

func hapticsRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(Haptics.self, body) }
func hapticsError(_ body: String) -> String? { InlineScenario.error(Haptics.self, body) }

/// The domain through scenario text; expected values come from the article and the note.
@Suite struct HapticsDomainTests {
    @Test func declarationsMeetTheContract() {
        #expect(Haptics.entry.problems.isEmpty, "\(Haptics.entry.problems)")
    }

    /// The heartbeat's four taps (0, 0.15, 0.8, 0.95 s; 1.0/0.3 and 0.6/0.2) reach the actuator.
    @Test func heartbeatRendersItsFourTaps() throws {
        let records = try hapticsRecords("0 playLibrary id=heartbeat\nuntil 2\n")
        let taps = records.filter { $0.hasPrefix("actuator") }
        #expect(taps == [
            "actuator t=0.000000 kind=transient intensity=1.000000 sharpness=0.300000",
            "actuator t=0.150000 kind=transient intensity=0.600000 sharpness=0.200000",
            "actuator t=0.800000 kind=transient intensity=1.000000 sharpness=0.300000",
            "actuator t=0.950000 kind=transient intensity=0.600000 sharpness=0.200000",
        ])
    }

    /// The explosion's control curve at 0.50 s is 1.0 - 0.3/0.7 = 0.571429 (linear from 1.0 at 0.20 s to 0.0 at 0.90 s).
    @Test func explosionCurveAtHalfASecond() throws {
        let records = try hapticsRecords("0 playLibrary id=explosion\nuntil 2\n")
        #expect(records.contains("curve t=0.500 scale=0.571429"))
        #expect(records.contains("curve t=0.050 scale=0.200000"))
        #expect(records.contains("curve t=0.900 scale=0.000000"))
    }

    /// Long test at 1x: loop period 1.15 s, 14 loop starts and 53 taps in 15 s.
    @Test func longTestAtOneX() throws {
        let records = try hapticsRecords("0 longTest id=heartbeat\nuntil 20\n")
        let render = try #require(records.first { $0.hasPrefix("render") })
        #expect(render.contains("taps=53") && render.contains("loops=14") && render.contains("lastTap=14.950000"))
    }

    /// Rhythm [10, 10.5, 11.2, 14, 14.1] s gives offsets [0, 0.5, 1.2, 4.0], whatever the wall clock does.
    @Test func rhythmUsesTheMonotonicClock() throws {
        let body = "10 recordTap\n10.5 recordTap\n11.2 recordTap wall=-3600\n14 recordTap wall=-3600\n14.1 recordTap\n15 recordFinish\n"
        let offsets = try hapticsRecords(body).filter { $0.hasPrefix("rhythmEvent") }.map { $0.split(separator: " ")[1] }
        #expect(offsets == ["offset=0.000000", "offset=0.500000", "offset=1.200000", "offset=4.000000"])
    }

    /// The same taps stamped with the jumping wall clock (the fault) give a negative offset.
    @Test func wallClockFaultGivesNegativeOffsets() throws {
        var sim = try Simulation<Haptics>(settings: ["fault rhythmOnWallClock"])
        sim.send(.recordTap(wallOffsetMicroseconds: 0), at: .milliseconds(10_000))
        sim.send(.recordTap(wallOffsetMicroseconds: -3_600_000_000), at: .milliseconds(11_000))
        sim.send(.recordFinish, at: .seconds(12))
        #expect(sim.state.lastRhythmOffsets.contains { $0 < 0 })
    }

    /// Save with draws true, true, false (seed 0) gives success, none, error.
    @Test func saveFeedbackOnChangeOnly() throws {
        let records = try hapticsRecords("1 swiftUITrigger control=save\n2 swiftUITrigger control=save\n3 swiftUITrigger control=save\n")
        let feedback = records.filter { $0.hasPrefix("feedback") }.compactMap { $0.split(separator: " ").first { $0.hasPrefix("feedback=") } }
        #expect(feedback == ["feedback=success", "feedback=none", "feedback=error"])
    }

    /// Touch-up inside the prepared window has no latency; without prepare it is one frame late.
    @Test func prepareRemovesLatency() throws {
        let records = try hapticsRecords("1 touch down\n1.5 touch up\n3 touch up\n")
        let fired = records.filter { $0.contains("impactOccurred") }
        #expect(fired.count == 2)
        #expect(fired[0].contains("latencyMs=0.000") && fired[1].contains("latencyMs=16.667"))
    }

    @Test func badRateAndUnknownPatternAreRefused() throws {
        let records = try hapticsRecords("1 loop start id=heartbeat rate=0.25\n2 playLibrary id=nope\n3 replayLast source=siri\n")
        #expect(records.contains("rejected input=loop reason=rate-out-of-range rate=0.250"))
        #expect(records.contains("rejected input=playLibrary reason=unknown-pattern id=nope"))
        #expect(records.contains("rejected input=replayLast reason=nothing-to-replay source=siri"))
    }

    @Test func loopStartNeedsAnID() {
        #expect(hapticsError("1 loop start\n") != nil)
    }

    /// Every invariant holds on a mixed run.
    @Test func invariantsHoldOnAMixedRun() throws {
        let records = try hapticsRecords("1 loop start id=heartbeat\n2 haptics serverReset\n3 lifecycle background\n4 lifecycle foreground\n5 playLibrary id=explosion\n")
        #expect(!records.contains { $0.hasPrefix("lockstep.invariant") })
    }
}

@Suite struct HapticsResetTests {
    /// The note's proposal: after a server reset the held loop is rebuilt on a new player and keeps looping.
    @Test func resetRebuildsTheHeldLoop() throws {
        let records = try hapticsRecords("1 loop start id=heartbeat\n3 haptics serverReset\n6 loop stop\n")
        #expect(records.contains("loop event=rebuiltAfterReset id=heartbeat player=2"))
        #expect(records.contains { $0.hasPrefix("render pattern=heartbeat player=2") && $0.contains("taps=10") })
    }

    /// The article's code (fault): the loop is gone after the reset, and an invariant says so.
    @Test func staleLoopFaultBreaksAnInvariant() throws {
        let records = try hapticsRecords("set fault staleLoopAfterReset\n1 loop start id=heartbeat\n3 haptics serverReset\n")
        #expect(records.contains { $0.contains("name=heldLoopPlayable") })
    }

    /// Without a reset handler the engine stays stopped until the next play starts it.
    @Test func noResetHandlerLeavesTheEngineStopped() throws {
        let records = try hapticsRecords("set fault noResetHandler\n1 haptics serverReset\n2 playLibrary id=heartbeat\n")
        #expect(records.contains("engine state=stopped(systemError) handler=none"))
        #expect(records.contains("engine from=stopped(systemError) to=running call=start"))
    }
}
