import Testing
import LockstepCore
import LockstepRunner
@testable import Chalk

@Suite struct DocumentTests {
    /// Awkward Floats (subnormal-free but long, tiny canvas sizes from deep zoom) read back bit for bit.
    @Test func roundTripIsExact() throws {
        let pts = [InkPoint(x: 63.93, y: 1e-5, pressure: 0.33157894, tilt: 0.3633802, azimuth: -0.0),
                   InkPoint(x: -7_654_321, y: 0.1, pressure: 1, tilt: 0, azimuth: 6.2831855)]
        let s = Stroke(brushKind: .ink, color: RGBA(0.1, 0.2, 0.3, 0.4), size: 0.0125, erasing: true, seed: 4_294_967_295, points: pts, layer: 7)
        let bytes = ChalkDocument.encode([s])
        let back = try ChalkDocument.decode(bytes)
        #expect(back == [s])
        #expect(back[0].points.map(\.x.bitPattern) == pts.map(\.x.bitPattern))
        #expect(ChalkDocument.encode(back) == bytes)
    }

    @Test func keysAreSorted() {
        let text = String(decoding: ChalkDocument.encode([Stroke(size: 2, seed: 1)]), as: UTF8.self)
        #expect(text == #"{"format":"flying-chalk","strokes":[{"brushKind":"chalk","color":[0.96,0.95,0.9,1.0],"erasing":false,"layer":0,"points":[],"seed":1,"size":2.0}],"version":1}"#)
    }

    @Test func badDocumentsAreRejectedWithReasons() {
        func reason(_ json: String) -> String? {
            do { _ = try ChalkDocument.decode(Array(json.utf8)); return nil } catch { return error.message }
        }
        let head = #"{"format":"flying-chalk","version":1,"strokes":["#
        #expect(reason(head + #"{"brushKind":"crayon","color":[1,1,1,1],"points":[],"seed":1,"size":2}]}"#)?.contains("unknown brushKind") == true)
        #expect(reason(head + #"{"brushKind":"chalk","color":[1,1,1,1],"points":[],"size":2}]}"#)?.contains("missing seed") == true)
        #expect(reason(head + #"{"brushKind":"chalk","color":[1,1,1,1],"points":3,"seed":1,"size":2}]}"#)?.contains("points must be a list") == true)
        #expect(reason(head + #"{"brushKind":"chalk","color":[1,1,1,1],"points":[],"seed":1,"size":0}]}"#)?.contains("size must be positive") == true)
        #expect(reason(head + #"{"brushKind":"chalk","color":[1,2,1,1],"points":[],"seed":1,"size":2}]}"#)?.contains("outside 0...1") == true)
        #expect(reason(head + #"{"brushKind":"chalk","color":[1,1,1,1],"points":[],"seed":-1,"size":2}]}"#)?.contains("seed") == true)
        #expect(reason("[") != nil)
        #expect(reason(String(repeating: "[", count: 100)) != nil)
        // Missing layer and erasing take their defaults.
        let ok = try? ChalkDocument.decode(Array((head + #"{"brushKind":"chalk","color":[1,1,1,1],"points":[[1,2,0.5,0,0]],"seed":1,"size":2}]}"#).utf8))
        #expect(ok?.first?.layer == 0 && ok?.first?.erasing == false)
    }
}

@Suite struct ChalkSimulationTests {
    /// Every kind, setting and generator declares cleanly, and `kind(of:)` names each kind's own event.
    @Test func entryHasNoProblems() {
        #expect(Chalk.entry.problems.isEmpty)
    }

    /// A bad document load keeps the current page, and non-finite samples are records.
    @Test func badInputKeepsTheDocument() throws {
        var sim = try Simulation<Chalk>(seed: 1)
        sim.send(.touch(TouchSample(.began, x: 10, y: 10, force: 2, maxForce: 4)), at: .zero)
        sim.send(.touch(TouchSample(.moved, x: .nan, y: 10)), at: .milliseconds(8))
        sim.send(.touch(TouchSample(.ended, x: 30, y: 10, force: 2, maxForce: 4)), at: .milliseconds(16))
        let before = sim.state.strokesDigest
        sim.send(.load(Array("{".utf8)), at: .seconds(1))
        sim.send(.size(screenPoints: 0), at: .seconds(2))
        let rejected = sim.outputs.filter { $0.name == "rejected" }.map { Array($0.fields.prefix(2)) }
        let expected: [[Record.Field]] = [("touch", "non-finite-position"), ("load", "bad-document"), ("size", "out-of-range")]
            .map { [Record.Field("input", .word($0.0)), Record.Field("reason", .word($0.1))] }
        #expect(rejected == expected)
        #expect(sim.world.rejectionCount == 3)
        #expect(sim.state.strokesDigest == before && sim.state.page.strokes.count == 1)
        #expect(sim.state.page.strokes[0].stroke.points.count == 2)
    }

    /// A full undo replay reproduces every live instance list (500 short strokes).
    @Test func undoReplayOf500Strokes() throws {
        var sim = try Simulation<Chalk>(seed: 2)
        var t = Duration.zero
        for i in 0..<500 {
            let y = Double(i % 200) + 20
            sim.send(.touch(TouchSample(.began, x: 10, y: y, force: 2, maxForce: 4)), at: t)
            sim.send(.touch(TouchSample(.moved, x: 60, y: y + 3, force: 3, maxForce: 4)), at: t + .milliseconds(8))
            sim.send(.touch(TouchSample(.ended, x: 120, y: y, force: 1, maxForce: 4)), at: t + .milliseconds(16))
            t = t + .milliseconds(100)
        }
        _ = sim.takeOutputs()
        sim.send(.undo, at: t)
        sim.send(.render, at: t + .milliseconds(1))
        let spans = sim.takeOutputs().filter { $0.name == "span" }
        #expect(spans.count == 499)
        #expect(spans.allSatisfy { $0.fields.last?.value == .word("match") })
    }
}
