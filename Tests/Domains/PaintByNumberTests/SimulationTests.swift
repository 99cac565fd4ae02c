import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

@Suite struct SimulationTests {
    func names(_ records: [Record]) -> [String] { records.map(\.name) }

    /// Record names, with a rejection shown as `rejected:<input>:<reason>`.
    func outcomes(_ records: [Record]) -> [String] {
        records.map { r in
            guard r.name == "rejected" else { return r.name }
            let field = { (key: String) in r.fields.first { $0.key == key }.map { $0.value.text } ?? "?" }
            return "rejected:\(field("input")):\(field("reason"))"
        }
    }

    /// The declarations (events, settings, generators, faults) are consistent with `kind(of:)`.
    @Test func entryHasNoProblems() {
        #expect(PaintByNumber.entry.problems.isEmpty)
    }

    /// Typed settings and faults: a release build ignores a debug command out loud, and under
    /// `releaseDebugHookSilent` says nothing at all (the domain writes no record; the only one in
    /// the step is the engine's report that the invariant `everyInputIsAnswered` broke).
    @Test func releaseDebugHook() throws {
        var loud = try Simulation<PaintByNumber>(settings: PaintByNumber.Settings(build: .release, lutArtifacts: false))
        loud.send(.debug(.zoom(scale: 4)))
        #expect(outcomes(loud.takeOutputs()) == ["rejected:debug:release-build"])
        var silent = try Simulation<PaintByNumber>(settings: PaintByNumber.Settings(build: .release, lutArtifacts: false),
                                                   faults: [.releaseDebugHookSilent])
        silent.send(.debug(.zoom(scale: 4)))
        #expect(names(silent.takeOutputs()) == [InvariantViolation.recordName])
        #expect(silent.state.view == PaintView())
    }

    /// A miss emits its tap record and nothing else: no haptic, no LUT rebuild, no store write.
    /// A hit emits tap, haptic, store.write, lut, artifact in that order.
    @Test func missCostsNothing() throws {
        var sim = try Simulation<PaintByNumber>(settings: ["pickRadiusBase 2", "lutArtifacts false"])
        sim.send(.generate(width: 32, height: 32, regions: 6, colours: 3, seed: 4, png: false))
        _ = sim.takeOutputs()
        let meta = sim.state.page!.meta
        let map = sim.state.page!.map
        // Find a pixel of a region whose colour is not active (0) and one that is.
        var wrong: (Int, Int)? = nil, right: (Int, Int)? = nil
        for y in 2..<30 {
            for x in 2..<30 {
                let id = Int(map.id(x: x, y: y))
                // Every pixel of the radius-2 disc must belong to the same region.
                var uniform = true
                for dy in -2...2 { for dx in -2...2 where dx * dx + dy * dy <= 4 && Int(map.id(x: x + dx, y: y + dy)) != id { uniform = false } }
                guard uniform, id != 0 else { continue }
                if meta.colour(of: id) == 0 { right = right ?? (x, y) } else { wrong = wrong ?? (x, y) }
            }
        }
        let w = try #require(wrong), r = try #require(right)
        let before = sim.state.lutRebuilds
        sim.send(.tap(x: Double(w.0), y: Double(w.1)))
        #expect(names(sim.takeOutputs()) == ["tap"])
        #expect(sim.state.haptics == 0 && sim.state.lutRebuilds == before && sim.state.store.keys.isEmpty)
        sim.send(.tap(x: Double(r.0), y: Double(r.1)))
        #expect(names(sim.takeOutputs()) == ["tap", "haptic", "store.write", "lut"])
        #expect(sim.state.haptics == 1 && sim.state.lutRebuilds == before + 1)
    }

    /// Fill, teardown (retained 0), taps rejected, reopen: fills restored and the LUT identical.
    @Test func reloadRestoresIdenticalLut() throws {
        var sim = try Simulation<PaintByNumber>(settings: ["lutArtifacts false"])
        let open = PaintEvent.generate(width: 64, height: 48, regions: 30, colours: 2, seed: 9, png: false)
        sim.send(open)
        for k in 0..<20 { sim.send(.tap(x: Double(3 + (k * 13) % 60), y: Double(3 + (k * 7) % 44))) }
        let page = try #require(sim.state.page)
        #expect(FillState.filledCount(page.fills) > 0)
        _ = sim.takeOutputs()
        sim.send(.teardown)
        let torn = sim.takeOutputs()
        #expect(torn.first?.name == "teardown" && torn.first?.description.contains("retainedBytes=0") == true)
        #expect(sim.state.page == nil)
        sim.send(.tap(x: 5, y: 5))
        sim.send(.select(colour: 1))
        #expect(outcomes(sim.takeOutputs()) == ["rejected:tap:torn-down", "rejected:select:torn-down"])
        sim.send(open)
        let again = try #require(sim.state.page)
        #expect(again.fills == page.fills)
        #expect(again.lut == page.lut)
        #expect(sim.state.idDecodes == 2)
    }

    /// Bad input keeps the page: a refused artwork and a refused restore leave fills and LUT alone.
    @Test func refusalsKeepState() throws {
        var sim = try Simulation<PaintByNumber>(settings: ["lutArtifacts false"])
        sim.send(.generate(width: 16, height: 16, regions: 4, colours: 2, seed: 1, png: false))
        let before = try #require(sim.state.page)
        sim.send(.load(name: "junk", png: [1, 2, 3], meta: [], colorSpace: .none))
        sim.send(.restore([0, 1]))
        sim.send(.zoom(scale: 0, fit: 1, offsetX: 0, offsetY: 0))
        sim.send(.tap(x: .nan, y: 3))
        let after = try #require(sim.state.page)
        #expect(after.fills == before.fills && after.lut == before.lut && after.name == before.name)
        #expect(sim.state.view == PaintView())
        #expect(outcomes(sim.takeOutputs()).suffix(4) == ["rejected:load:bad-png", "rejected:restore:wrong-size",
                                                          "rejected:zoom:bad-scale", "rejected:tap:non-finite"])
        #expect(sim.world.rejectionCount == 4 && sim.state.rejected == 4)
    }
}
