import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

@Suite struct ArtworkTests {
    func rgba(_ ids: [UInt16]) -> [UInt8] {
        ids.flatMap { id -> [UInt8] in
            let p = id == 0 ? IdContract.outline : IdContract.encode(id)
            return [p.r, p.g, p.b, p.a]
        }
    }

    @Test func decodeCountsAndRefusals() throws {
        let ids: [UInt16] = [1, 1, 0, 2, 300, 0]
        let map = try IdMap.decode(rgba: rgba(ids), width: 3, height: 2, regionCount: 300)
        #expect(map.ids == ids && map.outlinePixels == 2 && map.backgroundPixels == 2)
        #expect(map.pixelsPerId[1] == 2 && map.pixelsPerId[300] == 1 && map.pixelsPerId[3] == 0)
        #expect(throws: IdMapError.wrongBufferSize(expected: 24, actual: 20)) {
            try IdMap.decode(rgba: Array(rgba(ids).prefix(20)), width: 3, height: 2, regionCount: 300)
        }
        #expect(throws: IdMapError.idWithoutMeta(x: 1, y: 1, id: 300, regionCount: 299)) {
            try IdMap.decode(rgba: rgba(ids), width: 3, height: 2, regionCount: 299)
        }
        var bad = rgba(ids)
        bad[4 * 4 + 2] = 200
        #expect(throws: IdMapError.outlineByte(x: 1, y: 1, b: 200)) { try IdMap.decode(rgba: bad, width: 3, height: 2, regionCount: 300) }
        bad = rgba(ids)
        bad[3] = 254
        #expect(throws: IdMapError.alpha(x: 0, y: 0, a: 254)) { try IdMap.decode(rgba: bad, width: 3, height: 2, regionCount: 300) }
        #expect(throws: IdMapError.badSize(width: 0, height: 2)) { try IdMap.decode(rgba: [], width: 0, height: 2, regionCount: 1) }
    }

    /// Through Lockstep's PNG encoder and decoder, the bytes (and so the ids) survive exactly.
    @Test func pngRoundTrip() throws {
        let ids: [UInt16] = [1, 256, 0, 65535]
        let image = try PNGImage(width: 2, height: 2, rgba: rgba(ids))
        let back = try PNG.decode(PNG.encode(image))
        #expect(try IdMap.decode(rgba: back.rgba, width: 2, height: 2, regionCount: 65535).ids == ids)
    }

    @Test func metaFormatParsesAndRefuses() throws {
        let text = "# comment\r\nnumbrush-meta 1\r\npalette e53935 1E88E5\r\nregions 0 1\nregions 0\n"
        let meta = try MetaFormat.decode(Array(text.utf8))
        #expect(meta.colorIndex == [0, 1, 0] && meta.palette == [RGB8(229, 57, 53), RGB8(30, 136, 229)])
        #expect(try MetaFormat.decode(MetaFormat.encode(meta)) == meta)

        func error(_ s: String) -> MetaError? {
            do { _ = try MetaFormat.decode(Array(s.utf8)); return nil } catch { return error }
        }
        #expect(error("palette 000000\n")?.line == 1)
        #expect(error("numbrush-meta 1\npalette 00000\nregions 0\n")?.line == 2)
        #expect(error("numbrush-meta 1\npalette 000000\nregions 1\n")?.message.contains("palette has 1") == true)
        #expect(error("numbrush-meta 1\npalette 000000\nregions 255\n")?.line == 3)
        #expect(error("numbrush-meta 1\npalette 000000\n")?.message.contains("no regions") == true)
        #expect(error("numbrush-meta 1\ncolours 1\n")?.line == 2)
        let p255 = (0..<255).map { _ in "000000" }.joined(separator: " ")
        #expect(error("numbrush-meta 1\npalette \(p255)\nregions 254\n") == nil)
        #expect(error("numbrush-meta 1\npalette \(p255) 000000\nregions 0\n")?.message.contains("more than 255") == true)
        // 65,535 regions fit the two-byte ceiling; one more does not.
        let line = "regions " + (0..<65_535).map { _ in "0" }.joined(separator: " ") + "\n"
        #expect(try MetaFormat.decode(Array("numbrush-meta 1\npalette 000000\n\(line)".utf8)).regionCount == 65_535)
        #expect(error("numbrush-meta 1\npalette 000000\n\(line)regions 0\n")?.message.contains("more than 65535") == true)
    }

    /// The generator against an independent brute-force nearest-site search, on a small map.
    @Test func voronoiMatchesBruteForceAndBakesOutlines() throws {
        var rng = SeededRNG(seed: 11)
        let art = VoronoiArtwork.generate(width: 40, height: 30, regions: 25, colours: 4, rng: &rng)
        var again = SeededRNG(seed: 11)
        #expect(VoronoiArtwork.generate(width: 40, height: 30, regions: 25, colours: 4, rng: &again).rgba == art.rgba)
        // Re-draw the same sites.
        var r = SeededRNG(seed: 11)
        var sites: [(Double, Double)] = []
        for _ in 0..<25 { let x = r.double() * 40; sites.append((x, r.double() * 30)) }
        var owner = [Int](repeating: 0, count: 40 * 30)
        for y in 0..<30 {
            for x in 0..<40 {
                var best = Double.infinity, k = 0
                for (i, s) in sites.enumerated() {
                    let d = (s.0 - (Double(x) + 0.5)) * (s.0 - (Double(x) + 0.5)) + (s.1 - (Double(y) + 0.5)) * (s.1 - (Double(y) + 0.5))
                    if d < best { best = d; k = i }
                }
                owner[y * 40 + x] = k
            }
        }
        let map = try IdMap.decode(rgba: art.rgba, width: 40, height: 30, regionCount: 25)
        for y in 0..<30 {
            for x in 0..<40 {
                let i = y * 40 + x
                let edge = (x + 1 < 40 && owner[i + 1] != owner[i]) || (y + 1 < 30 && owner[i + 40] != owner[i])
                #expect(map.ids[i] == (edge ? 0 : UInt16(owner[i] + 1)))
            }
        }
        #expect(art.meta.regionCount == 25 && art.meta.palette.count == 4)
    }

    /// Swapped generator output decodes as id·256 for ids below 256: refused when that exceeds the count.
    @Test func swappedGeneratorIsRefused() {
        var rng = SeededRNG(seed: 3)
        let art = VoronoiArtwork.generate(width: 20, height: 20, regions: 5, colours: 2, rng: &rng, swappedByteOrder: true)
        #expect(throws: IdMapError.self) { try IdMap.decode(rgba: art.rgba, width: 20, height: 20, regionCount: 5) }
    }
}
