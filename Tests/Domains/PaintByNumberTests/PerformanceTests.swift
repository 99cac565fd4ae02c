import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The figures for a 2048×2048 id map with 10,000 regions: decode time, taps/s, LUT
/// rebuilds/s. Slow in a debug build, so it runs only with `PBN_PERF=1`, e.g.
/// `PBN_PERF=1 swift test -c release --filter PaintByNumberTests.PerformanceTests`.
@Suite struct PerformanceTests {
    static var enabled: Bool { getenv("PBN_PERF") != nil }

    func seconds(_ d: Swift.Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    @Test(.enabled(if: PerformanceTests.enabled)) func bigMapFigures() throws {
        let clock = ContinuousClock()
        let (w, h, n) = (2048, 2048, 10_000)
        var rng = SeededRNG(seed: 2048)
        var art: GeneratedArtwork? = nil
        let tGen = clock.measure { art = VoronoiArtwork.generate(width: w, height: h, regions: n, colours: 24, rng: &rng) }
        let artwork = try #require(art)
        let image = try PNGImage(width: w, height: h, rgba: artwork.rgba)
        var png: [UInt8] = []
        let tEnc = clock.measure { png = PNG.encode(image) }
        var decoded: PNGImage? = nil
        let tPng = clock.measure { decoded = try? PNG.decode(png) }
        let rgba = try #require(decoded).rgba
        #expect(rgba == artwork.rgba)
        var map: IdMap? = nil
        let tIds = clock.measure { map = try? IdMap.decode(rgba: rgba, width: w, height: h, regionCount: n) }
        let idMap = try #require(map)
        #expect(idMap.pixelsPerId.count == n + 1)

        // LUT rebuilds: the whole (n+1)-texel table, as after every fill.
        var fills = [UInt8](repeating: 0, count: n + 1)
        for id in stride(from: 1, through: n, by: 3) { fills[id] = artwork.meta.colorIndex[id - 1] + 1 }
        let rebuilds = 2000
        var sink = 0
        let tLut = clock.measure {
            for k in 0..<rebuilds { sink &+= Int(RenderLut.build(meta: artwork.meta, fills: fills, active: k % 24)[7]) }
        }

        // Picks alone (histogram + choice) at radius 24 (fit scale) and 3 (8× zoom).
        var taps = SeededRNG(seed: 7)
        let pickCount = 20_000
        let points = (0..<pickCount).map { _ in (taps.int(below: w), taps.int(below: h)) }
        let tPick24 = clock.measure {
            for (x, y) in points {
                let bins = Picker.histogram(idMap, cx: x, cy: y, radius: 24)
                sink &+= Picker.choose(bins, fills: fills, meta: artwork.meta, active: 0) ?? 0
            }
        }
        let tPick3 = clock.measure {
            for (x, y) in points {
                let bins = Picker.histogram(idMap, cx: x, cy: y, radius: 3)
                sink &+= Picker.choose(bins, fills: fills, meta: artwork.meta, active: 0) ?? 0
            }
        }

        // Full reducer taps (picking, applyFill, store write, LUT rebuild on hits, records, digest).
        var sim = try Simulation<PaintByNumber>(settings: ["lutArtifacts false"])
        sim.send(.generate(width: w, height: h, regions: n, colours: 24, seed: 1, png: false))
        _ = sim.takeOutputs()
        let reducerTaps = 5000
        let tSim = clock.measure {
            for k in 0..<reducerTaps {
                let (x, y) = points[k]
                sim.send(.tap(x: Double(x), y: Double(y)), at: .milliseconds(Int64(k + 1)))
            }
        }
        let hits = sim.state.fillsApplied

        print("""
        PBN-PERF 2048x2048, \(n) regions (sink \(sink % 10))
          generate (Voronoi, baked outlines): \(seconds(tGen)) s
          PNG encode: \(seconds(tEnc)) s, \(png.count) bytes
          decode: PNG \(seconds(tPng)) s + id map \(seconds(tIds)) s = \(seconds(tPng) + seconds(tIds)) s
          LUT rebuilds: \(Double(rebuilds) / seconds(tLut)) /s (\(n + 1) texels)
          picks r=24: \(Double(pickCount) / seconds(tPick24)) /s; r=3: \(Double(pickCount) / seconds(tPick3)) /s
          reducer taps (incl. \(hits) fills with LUT rebuild + store write, digest every step): \(Double(reducerTaps) / seconds(tSim)) /s
        """)
    }
}
