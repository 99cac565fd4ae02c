import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

@Suite struct PickerTests {
    /// The note's radius table (JS Math.round, checked with node there): BASE 24.
    @Test func radiusValues() {
        #expect(Picker.radius(base: 24, scale: 1, fitScale: 1).radius == 24)
        #expect(Picker.radius(base: 24, scale: 2, fitScale: 1).radius == 12)
        #expect(Picker.radius(base: 24, scale: 8, fitScale: 1).radius == 3)
        #expect(Picker.radius(base: 24, scale: 100, fitScale: 1).radius == 1)
        #expect(Picker.radius(base: 24, scale: 1, fitScale: 0).radius == 24)
        #expect(Picker.radius(base: 24, scale: 3, fitScale: 2).radius == 16)
        // 10 / 4 = 2.5 → 3: half up, not half to even.
        #expect(Picker.radius(base: 10, scale: 4, fitScale: 1).radius == 3)
        let capped = Picker.radius(base: 24, scale: 0.01, fitScale: 1)
        #expect(capped.radius == Picker.maxRadius && capped.capped)
        #expect(!Picker.radius(base: 24, scale: 1, fitScale: 1).capped)
    }

    /// A 5×3 map:     row 0: 1 1 0 2 2
    ///                row 1: 1 1 0 2 2
    ///                row 2: 3 3 3 3 3
    /// Disc of radius 2 at (2,1): offsets with dx²+dy² ≤ 4 inside the map.
    /// Row 0 (dy −1): x 1,2,3 → 1, (0), 2. Row 1 (dy 0): x 0..4 → 1,1,(0),2,2. Row 2 (dy +1): x 1,2,3 → 3,3,3.
    /// First seen: 1 (row 0), then 2, then 3. Counts 1:3, 2:3, 3:3.
    @Test func histogramCountsInFirstSeenOrder() throws {
        let ids: [UInt16] = [1, 1, 0, 2, 2, 1, 1, 0, 2, 2, 3, 3, 3, 3, 3]
        var rgba: [UInt8] = []
        for id in ids {
            let p = id == 0 ? IdContract.outline : IdContract.encode(id)
            rgba += [p.r, p.g, p.b, p.a]
        }
        let map = try IdMap.decode(rgba: rgba, width: 5, height: 3, regionCount: 3)
        let bins = Picker.histogram(map, cx: 2, cy: 1, radius: 2)
        #expect(bins == [Picker.Bin(id: 1, count: 3), Picker.Bin(id: 2, count: 3), Picker.Bin(id: 3, count: 3)])
        // All three of colour 0: a three-way tie goes to the first seen (1).
        let meta = try RegionMeta(colorIndex: [0, 0, 0], palette: [RGB8(1, 2, 3)])
        #expect(Picker.choose(bins, fills: [0, 0, 0, 0], meta: meta, active: 0) == 1)
        // Region 1 filled: 2 and 3 tie, 2 was seen first.
        #expect(Picker.choose(bins, fills: [0, 1, 0, 0], meta: meta, active: 0) == 2)
        // Nothing selectable → miss.
        #expect(Picker.choose(bins, fills: [0, 1, 1, 1], meta: meta, active: 0) == nil)
        // Clamped at the corner: radius 1 at (0,0) sees (0,0),(1,0),(0,1) → 1:3.
        #expect(Picker.histogram(map, cx: 0, cy: 0, radius: 1) == [Picker.Bin(id: 1, count: 3)])
    }

    @Test func selectableMeansUnfilledDescribedAndActiveColour() throws {
        let meta = try RegionMeta(colorIndex: [0, 1], palette: [RGB8(1, 2, 3), RGB8(4, 5, 6)])
        #expect(Picker.isSelectable(1, fills: [0, 0, 0], meta: meta, active: 0))
        #expect(!Picker.isSelectable(2, fills: [0, 0, 0], meta: meta, active: 0))   // wrong colour
        #expect(!Picker.isSelectable(1, fills: [0, 1, 0], meta: meta, active: 0))   // filled
        #expect(!Picker.isSelectable(3, fills: [0, 0, 0], meta: meta, active: 0))   // no metadata
        #expect(!Picker.isSelectable(0, fills: [0, 0, 0], meta: meta, active: 0))
    }

    /// A bigger count of an ineligible region never wins over an eligible one.
    @Test func eligibilityBeatsCount() throws {
        let meta = try RegionMeta(colorIndex: [1, 0], palette: [RGB8(1, 2, 3), RGB8(4, 5, 6)])
        let bins = [Picker.Bin(id: 1, count: 1000), Picker.Bin(id: 2, count: 1)]
        #expect(Picker.choose(bins, fills: [0, 0, 0], meta: meta, active: 0) == 2)
    }
}
