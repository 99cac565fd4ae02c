import Testing
import LockstepCore
import LockstepTesting
@testable import Steep

/// Known values from the tea table (green 2 min, black 4 min), not from the code's own output.
@Suite struct SteepTests {
    /// Green tea steeps 2 minutes: started at 10 s, ready at 130 s, not before.
    @Test func greenTeaIsReadyAfterTwoMinutes() throws {
        var sim = try Simulation<Steep>()
        sim.send(.steep(.green), at: .seconds(10))
        sim.advance(to: .seconds(129))
        #expect(!sim.outputs.contains(where: { $0.name == "ready" }))
        sim.advance(to: .seconds(130))
        #expect(sim.outputs.last == Record("ready").word("tea", "green").int("cups", 1))
    }

    /// A second brew replaces the first: one cup (black, 60 s + 4 min + 30 s = 330 s), not two.
    @Test func newBrewReplacesOld() throws {
        var sim = try Simulation<Steep>(settings: ["extra 30s"])
        sim.send(.steep(.green), at: .zero)
        sim.send(.steep(.black), at: .seconds(60))
        sim.advance(to: .seconds(329))
        #expect(!sim.outputs.contains(where: { $0.name == "ready" }))
        sim.advance(to: .minutes(20))
        #expect(sim.outputs.filter { $0.name == "ready" } == [Record("ready").word("tea", "black").int("cups", 1)])
    }

    /// The fault's bug: the old green timer survives and a second cup is announced.
    @Test func faultAnnouncesTwoCups() throws {
        var sim = try Simulation<Steep>(settings: Steep.Settings(extra: .seconds(30)), faults: [.keepOldTimer])
        sim.send(.steep(.green), at: .zero)
        sim.send(.steep(.black), at: .seconds(60))
        sim.advance(to: .minutes(20))
        #expect(sim.outputs.filter { $0.name == "ready" }.count == 2)
    }

    /// Cancel with nothing brewing is refused, visibly, and counted.
    @Test func cancelWithNothingBrewingIsRejected() throws {
        var sim = try Simulation<Steep>()
        sim.send(.cancel, at: .seconds(1))
        #expect(sim.takeOutputs() == [Record("rejected").word("input", "cancel").word("reason", "not-brewing")])
        #expect(sim.world.rejectionCount == 1)
    }
}
