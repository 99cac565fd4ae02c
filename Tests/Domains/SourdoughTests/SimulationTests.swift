import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Sourdough

/// The reducer end to end on the engine: values from the note's reference planner (A9).
@Suite struct SimulationTests {
    static let thu20 = Instant(secondsSinceEpoch: 1_794_510_000)  // 2026-11-12T19:00:00Z, Thu 20:00 in Berlin

    func sim(_ faults: [Sourdough.Fault] = []) throws -> Simulation<Sourdough> {
        try Simulation<Sourdough>(settings: Sourdough.Settings(permission: .granted), faults: faults, start: Self.thu20,
                                  zone: try Zone.named("Europe/Berlin"))
    }

    func golden(_ s: inout Simulation<Sourdough>) throws {
        s.send(.configure(SetupInput(temperatureC: 23, starter: "main", ripe: false, quiet: "23:00-07:00", coldProofMaxMinutes: nil, coldProofStepMinutes: nil)), at: .zero)
        s.send(.plan(.local(try LocalDateTime(year: 2026, month: 11, day: 14, hour: 10, minute: 0), text: "2026-11-14 10:00")), at: .zero)
    }

    @Test func goldenPlanSchedulesSeventeenIntervals() throws {
        var s = try sim()
        try golden(&s)
        let adds = s.outputs.filter { $0.name == "notification.add" }
        #expect(adds.count == 17)
        #expect(s.state.plan?.costUnits == 1750)
        // Fri 07:10 Berlin = 06:10 UTC = minute 29,909,170 since the epoch (1,794,510,000 s + 40,200 s).
        #expect(s.state.widgetSnapshot.count == 7 && s.state.widgetSnapshot.first == "29909170 Fri 07:10 levain")
    }

    /// +45 at Fri 21:30: the promise is kept and both the shape span and the fridge move flagged;
    /// under the fault the bread moves instead.
    @Test func unabsorbableExtensionIsFlagged() throws {
        var s = try sim()
        try golden(&s)
        s.send(.needMore(minutes: 45), at: .seconds(25 * 3600 + 30 * 60))
        #expect(s.state.plan?.driftMinutes == 0 && s.state.plan?.flagged.count == 2 && s.state.plan?.costUnits == 2_001_975)
        var f = try sim([.moveReadyInsteadOfFlag])
        try golden(&f)
        f.send(.needMore(minutes: 45), at: .seconds(25 * 3600 + 30 * 60))
        #expect(f.state.plan?.driftMinutes == 45 && f.state.plan?.flagged.isEmpty == true)
    }

    @Test func buttonsWithoutARunningStepAreRefused() throws {
        var s = try sim()
        s.send(.done, at: .zero)
        try golden(&s)
        s.send(.plus15, at: .seconds(2))
        #expect(s.world.rejectionCount == 2)
    }

    @Test func learningAgainstTheCorrectedPredictionSettlesAtTheSquareRoot() throws {
        var good = try sim(), bad = try sim([.learnAgainstCorrected])
        for i in 0..<60 {
            good.send(.logPeak(actualMinutes: 604.8, baselineMinutes: 420), at: .seconds(Int64(i + 1)))
            bad.send(.logPeak(actualMinutes: 604.8, baselineMinutes: 420), at: .seconds(Int64(i + 1)))
        }
        #expect(abs(good.state.correction.value - 1.44) < 1e-6)
        #expect(abs(bad.state.correction.value - 1.2) < 1e-6)
    }

    /// The note's Live Activity values: Fri 07:30 is 7 h 25 min (26,700 s) before the 14:55
    /// autolyse, outside the 7 h window; Fri 08:00 is 6 h 55 min, requested, stale at 15:25 local
    /// (14:25 UTC); the 8 h limit ends it at 16:00 local.
    @Test func liveActivityStartsOnlyWithinSevenHours() throws {
        var s = try sim()
        try golden(&s)
        s.send(.lifecycle(LifecycleLine(event: .enterBackground)), at: .seconds(60))
        s.send(.lifecycle(LifecycleLine(event: .enterForeground)), at: .seconds(11 * 3600 + 30 * 60))  // Fri 06:30 UTC
        let skipped = s.outputs.last { $0.name == "activity.skipped" }
        #expect(skipped?.description.contains("untilNextSeconds=26700") == true)
        #expect(s.state.activities.active.isEmpty)
        s.send(.lifecycle(LifecycleLine(event: .enterBackground)), at: .seconds(11 * 3600 + 31 * 60))
        s.send(.lifecycle(LifecycleLine(event: .enterForeground)), at: .seconds(12 * 3600))            // Fri 07:00 UTC
        let a = s.state.activities.activity(tag: "p1")
        #expect(a?.staleDate == Instant(secondsSinceEpoch: 1_794_510_000 + 18 * 3600 + 55 * 60 + 30 * 60))
        #expect(a?.relevance == 100 && s.state.lastRequestLeadSeconds == 24_900)
        s.send(.lifecycle(LifecycleLine(event: .enterBackground)), at: .seconds(12 * 3600 + 60))
        s.advance(to: .seconds(20 * 3600))
        #expect(s.state.activities.activity(tag: "p1") == nil)
        #expect(s.state.activities.activities.first?.endReason == .lifetime)
    }

    /// A Lock Screen intent may start the activity from the background; the app's request may not.
    @Test func intentStartsTheActivityFromTheBackground() throws {
        var s = try sim()
        try golden(&s)
        s.send(.lifecycle(LifecycleLine(event: .enterBackground)), at: .seconds(60))
        // Fri 13:00 UTC (14:00 local): Done on the levain; the next action (mix 15:00) is 1 h away.
        s.send(.activity(.line(.intent(action: "done", tag: nil))), at: .seconds(18 * 3600))
        #expect(s.state.activities.activity(tag: "p1") != nil)
        var f = try sim()
        try golden(&f)
        f.send(.lifecycle(LifecycleLine(event: .enterBackground)), at: .seconds(60))
        f.send(.done, at: .seconds(18 * 3600))
        #expect(f.state.activities.activity(tag: "p1") == nil)
        #expect(f.outputs.contains { $0.name == "activity.refused" && $0.description.contains("reason=notForeground") })
    }

    /// Under the fault the activity is asked for at plan time, 40,200 s before the levain.
    @Test func ignoringTheStartWindowRequestsTooEarly() throws {
        var f = try sim([.ignoreStartWindow])
        try golden(&f)
        #expect(f.state.lastRequestLeadSeconds == 40_200)
        let inv = Sourdough.invariants.first { $0.name == "activityStartedInWindow" }!
        #expect(inv.check(f.state, []) != nil)
    }
}
