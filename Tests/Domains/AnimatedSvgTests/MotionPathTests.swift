import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct MotionPathTests {
    func flat(_ d: String) -> FlatPath? { try? flattenPath(d).get() }

    /// W28 / W55: `M0,0 L50,0 L50,50`.
    @Test func w28Corner() throws {
        let p = try #require(flat("M0,0 L50,0 L50,50"))
        #expect(p.lengthTotal == 100)
        #expect(p.chords.count == 2)
        let a = p.point(atDistance: 25)
        #expect(formatNumber(a.x) == "25" && formatNumber(a.y) == "0" && a.dx == 50 && a.dy == 0)
        let b = p.point(atDistance: 50)
        #expect(b.x == 50 && b.y == 0 && b.dx == 0 && b.dy == 50)
        let c = p.point(atDistance: 75)
        #expect(formatNumber(c.x) == "50" && formatNumber(c.y) == "25")
        let end = p.point(atDistance: 100)
        #expect(end.x == 50 && end.y == 50 && end.dx == 0 && end.dy == 50)
    }

    /// W29: one cubic, 16 chords.
    @Test func w29Cubic() throws {
        let p = try #require(flat("M0,0 C0,100 100,100 100,0"))
        #expect(p.chords.count == 16)
        #expect(formatNumber(p.lengthTotal) == "199.6931")
        let q = p.point(atDistance: 0.25 * p.lengthTotal)
        #expect(formatNumber(q.x) == "10.7562")
        #expect(formatNumber(q.y) == "48.2221")
    }

    @Test func relativeAndHV() throws {
        let p = try #require(flat("m10 10 h10 v10 H0 V0 l5,5"))
        #expect(p.chords.map { [$0.x1, $0.y1] } == [[20, 10], [20, 20], [0, 20], [0, 0], [5, 5]])
        #expect(p.startX == 10 && p.startY == 10)
    }

    @Test func implicitRepeatsAndMoveLineto() throws {
        let p = try #require(flat("M0 0 10 0 10 10L20 10 20 20"))
        #expect(p.chords.map { [$0.x1, $0.y1] } == [[10, 0], [10, 10], [20, 10], [20, 20]])
        let r = try #require(flat("m1 1 2 2"))
        #expect(r.chords.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == [[1, 1, 3, 3]])
        let n = try #require(flat("M0-1-2.5.5"))
        #expect(n.chords.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == [[0, -1, -2.5, 0.5]])
    }

    @Test func closeAndMoveAddNoLength() throws {
        let p = try #require(flat("M0 0 L30 0 L30 40 Z M100 100 L100 110"))
        #expect(p.chords.count == 4)
        #expect(p.chords[2].x1 == 0 && p.chords[2].y1 == 0 && p.chords[2].length == 50)
        #expect(p.lengthTotal == 30 + 40 + 50 + 10)
        #expect(p.chords[3].start == 120)
        let z = try #require(flat("M5 5 L10 5 z l1 0"))
        #expect(z.chords.last?.x0 == 5 && z.chords.last?.x1 == 6)
    }

    @Test func quadraticAndRelativeCubic() throws {
        let q = try #require(flat("M0 0 Q50 100 100 0"))
        #expect(q.chords.count == 16)
        #expect(q.chords[7].x1 == 50 && q.chords[7].y1 == 50) // t = 1/2: 0.25·0 + 0.5·100 + 0.25·0
        let c = try #require(flat("M10 10 c0,100 100,100 100,0"))
        #expect(c.chords.last?.x1 == 110 && c.chords.last?.y1 == 10)
    }

    @Test func chordStartsSumLeftToRight() throws {
        let p = try #require(flat("M0 0 C0,100 100,100 100,0"))
        var running = 0.0
        for chord in p.chords {
            #expect(chord.start == running)
            running = running + chord.length
        }
        #expect(running == p.lengthTotal)
    }

    @Test func distancesPastTheEndAndZeroChords() throws {
        let p = try #require(flat("M0 0 L10 0 L10 0"))
        let e = p.point(atDistance: 10)
        #expect(e.x == 10 && e.y == 0 && e.dx == 10 && e.dy == 0)
        let only = try #require(flat("M3 4"))
        let o = only.point(atDistance: 0)
        #expect(o.x == 3 && o.y == 4 && o.dx == 0 && o.dy == 0)
        let dot = try #require(flat("M3 4 L3 4"))
        #expect(dot.point(atDistance: 0).x == 3)
    }

    @Test func unsupportedCommands() {
        #expect(flattenPath("M0 0 S1 1 2 2") == .failure(.unsupportedCommand("S")))
        #expect(flattenPath("M0 0 t1 1") == .failure(.unsupportedCommand("t")))
        #expect(flattenPath("M0 0 A1 1 0 0 1 2 2") == .failure(.unsupportedCommand("A")))
    }

    @Test func invalidPaths() {
        for bad in ["", "   ", "L0 0", "0 0", "M0", "M0 0 L", "M0,,0", "M,0 0", "M0 0,", "M0 0 Z 1 1", "M0 0 X1 1",
                    "M0 0 C1 1 2 2", "M0 0 Q1 1", "M0 0 L1e400 0", "M0 0 L1 1 é", "M0 0 H", "Mx"] {
            #expect(flattenPath(bad) == .failure(.invalid), "\(bad)")
        }
    }

    @Test func segmentLimit() {
        let ok = "M0 0" + String(repeating: " L1 1", count: 9_999)
        #expect((try? flattenPath(ok).get())?.chords.count == 9_999)
        let tooMany = "M0 0" + String(repeating: " L1 1", count: 10_000)
        #expect(flattenPath(tooMany) == .failure(.limit))
    }
}
