import Testing
import LockstepCore
import LockstepRunner
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
        #expect(s.state.widget.count == 7 && s.state.widget.first == "Fri 07:10 levain")
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
}
