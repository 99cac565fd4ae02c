import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

/// The paintByNumber invariants and explorer: clean walks hold every invariant; each invariant
/// catches a concrete broken case; and exploration finds the article's faults it can express.
@Suite struct PaintInvariantTests {
    static let root = Project.findRoot(from: String(#filePath)) ?? "."
    static let project = Project(root: root, domains: [PaintByNumber.entry])

    static func walk(_ seed: UInt64, steps: Int = 200, faults: [String] = []) throws -> RunSummary {
        let text = PaintByNumber.explorer!.scenario(domain: "paintByNumber", seed: seed, steps: steps)
        return try project.run("Scenarios/paintByNumber/found/explore.scenario", bytes: Array(text.utf8),
                               options: RunOptions(extraFaults: faults)).summary
    }

    static func run(_ body: String, header: String = "", faults: [String] = []) throws -> RunSummary {
        let text = "lockstep 1\ndomain paintByNumber\nset lutArtifacts false\n" + header + "\n" + body
        return try project.run("Scenarios/paintByNumber/test.scenario", bytes: Array(text.utf8), options: RunOptions(extraFaults: faults)).summary
    }

    static func invariant(_ name: String) -> Invariant<PaintByNumber> { PaintByNumber.invariants.first { $0.name == name }! }

    /// The basic fixture (3 regions: 1 and 3 colour 0, 2 colour 1) open, region 1 filled by a tap.
    static func filledBasic() throws -> (PaintState, [Record]) {
        var sim = try Simulation<PaintByNumber>(settings: ["pickRadiusBase 2", "lutArtifacts false"])
        let png = try FileIO.read(root + "/Scenarios/paintByNumber/art/basic.png")
        let meta = try FileIO.read(root + "/Scenarios/paintByNumber/art/basic.meta")
        sim.send(.load(name: "basic", png: png, meta: meta, colorSpace: .none))
        _ = sim.takeOutputs()
        sim.send(.tap(x: 1, y: 1))
        let outputs = sim.takeOutputs()
        #expect(outputs.contains { $0.name == "haptic" })
        return (sim.state, outputs)
    }

    // MARK: (a) clean walks

    @Test func cleanWalksHoldEveryInvariant() throws {
        var fills = 0
        for seed in UInt64(1)...30 {
            let s = try PaintInvariantTests.walk(seed)
            #expect(s.firstViolation == nil, "seed \(seed): \(s.firstViolation?.description ?? "")")
            #expect(s.stopReason == nil)
            fills += s.rejections > 0 ? 1 : 0
        }
        #expect(fills > 20)  // the hostile inputs are there, and refused
    }

    /// Prints how long one 200-step walk takes (a report, not a limit: the machine is shared).
    @Test func walkSpeed() throws {
        let clock = ContinuousClock()
        let start = clock.now
        for seed in UInt64(1)...5 { _ = try PaintInvariantTests.walk(seed) }
        print("paintByNumber: 5 walks of 200 steps in \(clock.now - start)")
    }

    // MARK: (b) each invariant catches a broken case

    @Test func cleanCaseHoldsEveryInvariant() throws {
        let (state, outputs) = try PaintInvariantTests.filledBasic()
        for i in PaintByNumber.invariants { #expect(i.check(state, outputs) == nil, "\(i.name)") }
    }

    @Test func tapFillsItsNumberCatchesAWrongColour() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        state.page!.fills[1] = 2  // region 1 (colour number 0) holding colour 1
        #expect(PaintInvariantTests.invariant("tapFillsItsNumber").check(state, outputs)
            == "a tap filled region 1 (colour number 0) with byte 2 while colour 0 is active")
    }

    @Test func fillsOnlyRealRegionsCatchesByteZeroAndStrayIds() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        let invariant = PaintInvariantTests.invariant("fillsOnlyRealRegions")
        let check = { invariant.check($0, $1) }
        #expect(check(state, outputs + [Record("haptic").word("kind", "success").int("region", 4)])
            == "region 4 was filled; this artwork has regions 1...3")
        state.page!.fills[0] = 1
        #expect(check(state, outputs) == "byte 0 of the fill state is 1; id 0 is never a region")
        state.page!.fills.append(0)
        #expect(check(state, outputs) == "the fill state has 5 bytes for 3 regions")
    }

    @Test func fillAddsExactlyOneRegionCatchesARefill() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        let invariant = PaintInvariantTests.invariant("fillAddsExactlyOneRegion")
        let check = { invariant.check($0, $1) }
        state.audit.progressBefore = 1  // the region was already filled: a refill
        #expect(check(state, outputs) == "a fill took progress from 1 to 1 filled regions, expected 2")
        let colour = [Record("lut").word("reason", "colour")]
        state.audit.progressBefore = 0
        #expect(check(state, colour) == "selecting a colour took progress from 0 to 1 filled regions")
    }

    @Test func progressWithinRegionCountCatchesAnOverflow() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        let invariant = PaintInvariantTests.invariant("progressWithinRegionCount")
        let check = { invariant.check($0, $1) }
        state.audit.progress = 4
        #expect(check(state, outputs) == "progress is 4 filled regions of 3")
        state.audit.progress = 1
        state.page!.lut.removeLast(4)
        #expect(check(state, outputs) == "the LUT has 3 texels for 3 regions")
    }

    @Test func lutShowsTheFillCatchesAStaleLut() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        state.page!.lut[7] = RenderLut.flagHighlight  // the LUT still shows region 1 as a highlight
        #expect(PaintInvariantTests.invariant("lutShowsTheFill").check(state, outputs)
            == "region 1 is filled with colour 0 (e53935) but its LUT texel is e53935fd")
    }

    @Test func idMapDecodedOncePerOpenCatchesAReDecode() throws {
        var (state, outputs) = try PaintInvariantTests.filledBasic()
        state.idDecodes += 1
        #expect(PaintInvariantTests.invariant("idMapDecodedOncePerOpen").check(state, outputs) == "2 id map decodes for 1 page opens")
    }

    @Test(arguments: ["srgbIdTexture", "linearIdFilter"])
    func shaderReadsTheIdMapCatchesTheTextureFaults(_ fault: String) throws {
        // Scale 4 samples between texel centres, where linear filtering invents ids.
        let body = "0 load image=art/basic.png meta=art/basic.meta\n1 render scale=4\n"
        #expect(try PaintInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try PaintInvariantTests.run(body, faults: [fault]).firstViolation)
        #expect(v.name == "shaderReadsTheIdMap" && v.step == 2)
        #expect(v.message.hasPrefix("render 1: ") && v.message.hasSuffix(" pixels decode another id than the id map holds"))
    }

    @Test func generatedArtworkOpensCatchesTheSwappedByteOrder() throws {
        let body = "0 generate width=16 height=16 regions=5 colours=2\n"
        #expect(try PaintInvariantTests.run(body).firstViolation == nil)
        let v = try #require(try PaintInvariantTests.run(body, faults: ["swappedByteOrder"]).firstViolation)
        #expect(v.name == "generatedArtworkOpens")
        #expect(v.message.hasPrefix("a generated artwork was refused (id-without-meta): "))
    }

    @Test func everyInputIsAnsweredCatchesTheSilentReleaseHook() throws {
        let body = "0 debug command=zoom scale=2\n"
        #expect(try PaintInvariantTests.run(body, header: "set build release\n").firstViolation == nil)
        let v = try #require(try PaintInvariantTests.run(body, header: "set build release\n", faults: ["releaseDebugHookSilent"]).firstViolation)
        #expect(v.name == "everyInputIsAnswered" && v.step == 1 && v.message == "the input of this step wrote no record")
    }

    // MARK: (c) exploration finds the faults

    static let found: [(fault: String, invariant: String)] = [
        ("srgbIdTexture", "shaderReadsTheIdMap"),
        ("linearIdFilter", "shaderReadsTheIdMap"),
        ("swappedByteOrder", "generatedArtworkOpens"),
        ("releaseDebugHookSilent", "everyInputIsAnswered"),
    ]

    @Test(arguments: PaintInvariantTests.found.indices)
    func explorationFindsFault(_ i: Int) throws {
        let (fault, expected) = PaintInvariantTests.found[i]
        var hit: (seed: UInt64, violation: InvariantViolation)? = nil
        for seed in UInt64(1)...200 {
            if let v = try PaintInvariantTests.walk(seed, faults: [fault]).firstViolation { hit = (seed, v); break }
        }
        let h = try #require(hit, "fault \(fault) breaks no invariant within seeds 1...200")
        #expect(h.violation.name == expected, "fault \(fault): seed \(h.seed) broke \(h.violation)")
        print("paintByNumber fault \(fault): seed \(h.seed) step \(h.violation.step) \(h.violation.name)")
    }
}
