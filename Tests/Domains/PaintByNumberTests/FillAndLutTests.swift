import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

@Suite struct FillAndLutTests {
    /// The note's sequence on a 3-region state [0,0,0,0].
    @Test func applyFillKnownSequence() {
        var state: [UInt8] = [0, 0, 0, 0]
        #expect(!FillState.applyFill(&state, regionId: 0, colorIndex: 1))
        #expect(!FillState.applyFill(&state, regionId: 4, colorIndex: 1))
        #expect(FillState.applyFill(&state, regionId: 1, colorIndex: 2))
        #expect(state == [0, 3, 0, 0])
        #expect(!FillState.applyFill(&state, regionId: 1, colorIndex: 0))
        #expect(state == [0, 3, 0, 0])
        #expect(!FillState.applyFill(&state, regionId: -1, colorIndex: 0))
        // colour 255 would be stored as 256 → 0 ("unfilled") in a byte; refused, not wrapped.
        #expect(!FillState.applyFill(&state, regionId: 2, colorIndex: 255))
        #expect(state == [0, 3, 0, 0])
    }

    @Test func validateRestoredBytes() {
        #expect(FillState.validate([0, 1, 2, 0], regionCount: 3, paletteCount: 2) == nil)
        #expect(FillState.validate([0, 1, 2], regionCount: 3, paletteCount: 2) != nil)
        #expect(FillState.validate([0, 1, 3, 0], regionCount: 3, paletteCount: 2) != nil)
        #expect(FillState.validate([1, 0, 0, 0], regionCount: 3, paletteCount: 2) != nil)
    }

    /// 3 regions with colour numbers [0, 1, 0], palette red (229,57,53) and blue (30,136,229);
    /// region 1 filled with colour 0, colour 0 active. By the flag rules, texel by texel:
    /// 0: white 254; 1: filled red 255; 2: unfilled other colour → white 254; 3: unfilled, active → red 253.
    @Test func lutBytesForThreeRegions() throws {
        let meta = try RegionMeta(colorIndex: [0, 1, 0], palette: [RGB8(229, 57, 53), RGB8(30, 136, 229)])
        let lut = RenderLut.build(meta: meta, fills: [0, 1, 0, 0], active: 0)
        #expect(lut.count == 16)
        #expect(lut == [255, 255, 255, 254, 229, 57, 53, 255, 255, 255, 255, 254, 229, 57, 53, 253])
        // Colour 1 active: region 2 becomes the highlight with its target blue; region 3 plain white.
        let lut1 = RenderLut.build(meta: meta, fills: [0, 1, 0, 0], active: 1)
        #expect(lut1 == [255, 255, 255, 254, 229, 57, 53, 255, 30, 136, 229, 253, 255, 255, 255, 254])
        // Region 2 filled with colour 0 (a debug fill, not its number): the fill colour wins.
        let lut2 = RenderLut.build(meta: meta, fills: [0, 0, 1, 0], active: 1)
        #expect(Array(lut2[8..<12]) == [229, 57, 53, 255])
    }
}
