import Testing
import LockstepCore
import LockstepRunner
@testable import Chalk

/// The chalk invariants and explorer: clean walks hold every invariant; each invariant catches a
/// concrete broken case; and exploration finds the article's faults.
@Suite struct ChalkInvariantTests {
    static let root = Project.findRoot(from: String(#filePath)) ?? "."
    static let project = Project(root: root, domains: [Chalk.entry])

    static func walk(_ seed: UInt64, steps: Int = 200, faults: [String] = []) throws -> RunSummary {
        let text = Chalk.explorer!.scenario(domain: "chalk", seed: seed, steps: steps)
        return try project.run("Scenarios/chalk/found/explore.scenario", bytes: Array(text.utf8),
                               options: RunOptions(extraFaults: faults)).summary
    }

    static func run(_ body: String, faults: [String] = []) throws -> RunSummary {
        let text = "lockstep 1\ndomain chalk\nseed 5\nset width 64\nset height 64\n\n" + body
        return try project.run("Scenarios/chalk/test.scenario", bytes: Array(text.utf8), options: RunOptions(extraFaults: faults)).summary
    }

    static func invariant(_ name: String) -> Invariant<Chalk> { Chalk.invariants.first { $0.name == name }! }

    // MARK: (a) clean walks

    @Test func cleanWalksHoldEveryInvariant() throws {
        for seed in UInt64(1)...30 {
            let s = try ChalkInvariantTests.walk(seed)
            #expect(s.firstViolation == nil, "seed \(seed): \(s.firstViolation?.description ?? "")")
            #expect(s.stopReason == nil, "seed \(seed): \(s.stopReason ?? "")")
            #expect(s.events > 200, "seed \(seed): only \(s.events) events")
        }
    }

    @Test func walksAreValidScenarioText() throws {
        // Every line the explorer writes must parse for the domain: a run error would throw here.
        let text = Chalk.explorer!.scenario(domain: "chalk", seed: 77, steps: 400)
        let s = try ChalkInvariantTests.project.run("Scenarios/chalk/found/explore.scenario", bytes: Array(text.utf8)).summary
        #expect(s.rejections > 0)  // the hostile inputs are there, and refused
        #expect(s.firstViolation == nil)
    }

    /// Prints how long one 200-step walk takes (a report, not a limit: the machine is shared).
    @Test func walkSpeed() throws {
        let clock = ContinuousClock()
        let start = clock.now
        for seed in UInt64(1)...5 { _ = try ChalkInvariantTests.walk(seed) }
        print("chalk: 5 walks of 200 steps in \(clock.now - start)")
    }

    // MARK: (b) each invariant catches a broken case

    @Test func liveBakeEqualsReplayCatchesAMismatch() {
        let state = ChalkState(width: 16, height: 16, textures: ChalkTextures(rng: { SeededRNG.substream(seed: 1, label: $0, index: $1) }))
        let broken = Record("stroke-end").int("stroke", 3).digest("live", 1).digest("replay", 2).bool("match", false)
        #expect(ChalkInvariantTests.invariant("liveBakeEqualsReplay").check(state, [broken])
            == "stroke 3 ended with live #0000000000000001 but its replay from the seed is #0000000000000002")
        let fine = Record("stroke-end").int("stroke", 3).digest("live", 1).digest("replay", 1).bool("match", true)
        #expect(ChalkInvariantTests.invariant("liveBakeEqualsReplay").check(state, [fine]) == nil)
    }

    @Test func stampsPerSegmentCappedCatchesAnOverflow() {
        let state = ChalkState(width: 16, height: 16, textures: ChalkTextures(rng: { SeededRNG.substream(seed: 1, label: $0, index: $1) }))
        let broken = Record("segment").int("stroke", 0).int("seg", 2).int("n", 4001)
        #expect(ChalkInvariantTests.invariant("stampsPerSegmentCapped").check(state, [broken])
            == "stroke 0 seg 2 has n=4001 stamps, outside 1...4000")
        #expect(ChalkInvariantTests.invariant("stampsPerSegmentCapped").check(state, [Record("segment").int("n", 4000)]) == nil)
    }

    @Test func fourDrawsPerStampCatchesTheGuardBeforeTheDraws() throws {
        let body = "0 size pt=0.5\n0 gen stroke path=line from=4,20 to=60,20 samples=4 pressure=0,1 ease=constant\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["rngGuardBeforeDraws"]).firstViolation)
        #expect(v.name == "fourDrawsPerStamp")
        #expect(v.message.hasPrefix("stroke 0 seg 0: ") && v.message.contains(" draws for ") && v.message.contains(" skipped), expected "))
    }

    @Test func replayKeepsTheDrawingCatchesShiftedGrains() throws {
        // A thin stroke drawn at zoom 1, replayed at zoom 3 after an undo: with the skip before the
        // draws the grains both zooms show move.
        let body = """
            0 size pt=0.5
            0 gen stroke path=line from=4,20 to=60,20 samples=12 pressure=0,1 ease=constant
            1 size pt=6
            1 gen stroke path=line from=4,40 to=60,40 samples=8
            2 zoom scale=3 at=32,20
            3 undo
            4 render

            """
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let s = try ChalkInvariantTests.run(body, faults: ["rngGuardBeforeDraws"])
        #expect(s.invariantViolations >= 2)  // fourDrawsPerStamp while drawing, then the replay
        let trace = try ChalkInvariantTests.project.run("Scenarios/chalk/test.scenario",
            bytes: Array(("lockstep 1\ndomain chalk\nseed 5\nset width 64\nset height 64\n\n" + body).utf8),
            options: RunOptions(extraFaults: ["rngGuardBeforeDraws"])).trace
        let text = String(decoding: trace, as: UTF8.self)
        #expect(text.contains("lockstep.invariant name=replayKeepsTheDrawing broken=\"replay span 0 of stroke 0 is live=shifted: the replayed grains are not the drawn ones\""))
    }

    @Test func fingerIsUprightCatchesTheAltitudeLandmine() throws {
        let body = "0 gen stroke path=line from=4,20 to=60,20 samples=3 type=finger\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["fingerAltitudeAsTilt"]).firstViolation)
        #expect(v.name == "fingerIsUpright" && v.message == "finger stroke 0 point 0 has tilt 1.0000")
    }

    @Test func speedIsZoomInvariantCatchesTheFixedFullSpeed() throws {
        let body = "0 zoom scale=800\n0 gen stroke path=line from=4,20 to=60,20 samples=3 ease=constant\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["fixedFullSpeed26"]).firstViolation)
        #expect(v.name == "speedIsZoomInvariant")
        #expect(v.message == "stroke 0 seg 0: speed 0.0013 but the move is 28.000 pt with a 12.000 pt pen (expected 0.8046)")
    }

    @Test func visiblePenLeavesMarksCatchesTheThresholdWithoutScale() throws {
        let body = "0 zoom scale=40\n0 gen stroke path=line from=4,20 to=60,20 samples=3 ease=constant\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["screenThresholdWithoutScale"]).firstViolation)
        #expect(v.name == "visiblePenLeavesMarks")
        #expect(v.message.hasPrefix("stroke 0 seg 0: ") && v.message.contains("stamps skipped though the smallest stamp is"))
    }

    @Test func penKeepsScreenSizeCatchesTheCanvasFloor() throws {
        let body = "0 zoom scale=800\n0 size pt=2\n0 gen stroke path=line from=4,20 to=60,20 samples=3\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["sizeFloorInCanvasUnits"]).firstViolation)
        #expect(v.name == "penKeepsScreenSize")
        #expect(v.message == "stroke 0 is 400.000 pt on screen (size 0.500000 at zoom 800.0000) but the pen is 2.000 pt")
    }

    @Test func onlyNoiseIsFilteredCatchesTheCanvasJitterFilter() throws {
        let body = "0 zoom scale=800\n0 gen stroke path=line from=4,20 to=60,20 samples=3 ease=constant\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["jitterFilterInCanvasUnits"]).firstViolation)
        #expect(v.name == "onlyNoiseIsFiltered")
        #expect(v.message == "stroke 0: a move of 28.0000 pt on screen was dropped as jitter (filter 0.500 pt)")
    }

    @Test func emptyPageRendersEmptyCatchesTheFailingEmptyUpload() throws {
        let body = "0 gen stroke path=line from=4,20 to=60,20 samples=4\n1 render\n2 clear\n3 render\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["emptyUploadFails"]).firstViolation)
        #expect(v.name == "emptyPageRendersEmpty")
        #expect(v.message.hasPrefix("page 0 has no strokes but its rendered frame shows ") && v.message.hasSuffix(" inked pixels"))
    }

    @Test func replaySpansDisjointCatchesTheOffsetZeroCopy() throws {
        let body = "0 gen stroke path=line from=4,20 to=60,20 samples=4\n1 gen stroke path=line from=4,40 to=60,40 samples=4\n2 undo\n3 redo\n4 render\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["bufferOffsetZero"]).firstViolation)
        #expect(v.name == "replaySpansDisjoint")
        #expect(v.message.hasPrefix("replay span 1 (stroke 1) reads instances 0..<") && v.message.contains("overlapping the previous span (ends at "))
    }

    @Test func layersDrawInOrderCatchesTheUnstableSort() throws {
        let body = "0 gen stroke path=line from=4,20 to=60,20 samples=3\n1 gen stroke path=line from=4,40 to=60,40 samples=3\n2 clear\n3 undo\n4 render\n"
        #expect(try ChalkInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try ChalkInvariantTests.run(body, faults: ["unstableLayerSort"]).firstViolation)
        #expect(v.name == "layersDrawInOrder" && v.message == "replay span 1 draws stroke 0 (layer 0) after stroke 1 (layer 0)")
    }

    // MARK: (c) exploration finds the faults

    /// Fault → the invariant its first breaking walk breaks, for 200 seeds × 200 steps. The RNG
    /// desync breaks two: the draw count while drawing a thin stamp, the replay after a zoom.
    static let found: [(fault: String, invariant: String)] = [
        ("rngGuardBeforeDraws", "fourDrawsPerStamp|replayKeepsTheDrawing"),
        ("fixedFullSpeed26", "speedIsZoomInvariant"),
        ("screenThresholdWithoutScale", "visiblePenLeavesMarks"),
        ("bufferOffsetZero", "replaySpansDisjoint"),
        ("emptyUploadFails", "emptyPageRendersEmpty"),
        ("unstableLayerSort", "layersDrawInOrder"),
        ("fingerAltitudeAsTilt", "fingerIsUpright"),
        ("sizeFloorInCanvasUnits", "penKeepsScreenSize"),
        ("jitterFilterInCanvasUnits", "onlyNoiseIsFiltered"),
    ]

    @Test(arguments: ChalkInvariantTests.found.indices)
    func explorationFindsFault(_ i: Int) throws {
        let (fault, expected) = ChalkInvariantTests.found[i]
        var hit: (seed: UInt64, violation: InvariantViolation)? = nil
        for seed in UInt64(1)...200 {
            if let v = try ChalkInvariantTests.walk(seed, faults: [fault]).firstViolation { hit = (seed, v); break }
        }
        let h = try #require(hit, "fault \(fault) breaks no invariant within seeds 1...200")
        #expect(expected.split(separator: "|").contains(Substring(h.violation.name)), "fault \(fault): seed \(h.seed) broke \(h.violation)")
        print("chalk fault \(fault): seed \(h.seed) step \(h.violation.step) \(h.violation.name)")
    }
}
