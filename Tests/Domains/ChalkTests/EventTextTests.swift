import Testing
import LockstepCore
import LockstepRunner
@testable import Chalk

/// `Chalk.text(of:)`: every event kind with a line is written so that the scenario reader, the
/// validator and the decoder give back the same event (compared field by field, bit for bit).
@Suite struct ChalkEventTextTests {
    static func expectSame(_ events: [ChalkEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(Chalk.self, events) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .touch(TouchSample(.began, id: 1, x: 0.1, y: -0.0, force: 1e-7, maxForce: 6.666666666666667, altitude: Double.pi / 2,
                               azimuth: -3.141592653589793, type: .pencil)),
            .touch(TouchSample(.moved, id: 7, x: 123456789.125, y: Double.leastNonzeroMagnitude, force: -0.0, maxForce: 0, altitude: 0.3, type: .pencil)),
            .touch(TouchSample(.ended, id: 0, x: .infinity, y: -.infinity, altitude: 0, type: .finger)),
            .touch(TouchSample(.cancelled, id: Int(Int32.max), x: 1.7976931348623157e308, y: 2, altitude: 1, type: .finger)),
            .zoom(scale: 0.5, anchorX: 0, anchorY: 0), .zoom(scale: -2, anchorX: 0.1, anchorY: -0.0),
            .pan(dx: -60, dy: 1e21), .brush("chalk"), .brush("crayon"),
            .colour(r: 0.1, g: 0.2, b: 0.30000000000000004, a: 1), .size(screenPoints: 1e-7), .size(screenPoints: 1e300),
            .eraser(true), .eraser(false), .layer(-1), .layer(Int.max), .page(0), .page(Int.min),
            .undo, .redo, .clear, .render, .save,
        ])
    }

    /// NaN reads back as NaN (the structure writes every NaN as `nan`).
    @Test func nanReadsBackAsNaN() throws {
        let back = try EventDecoding.roundTrip(Chalk.self, [.size(screenPoints: .nan)])
        guard case .size(let v)? = back.first else { Issue.record("not a size: \(back)"); return }
        #expect(v.isNaN)
    }

    /// Every sample of every stroke shape, as `gen stroke` and `gen session` make them.
    @Test func generatedStrokesReadBackTheSame() throws {
        for path in ["line", "arc", "zigzag", "scribble"] {
            let events = try EventDecoding.generated(Chalk.self, "gen stroke path=\(path) from=8.3,20 to=56,20.7 samples=24 pressure=0.3,0.9")
            #expect(events.count >= 24)
            try Self.expectSame(events)
        }
        try Self.expectSame(try EventDecoding.generated(Chalk.self, "gen stroke path=arc from=0,0 to=30,40 type=finger id=3"))
        try Self.expectSame(try EventDecoding.generated(Chalk.self, "gen session strokes=12", seed: 7))
    }

    /// Known lines: defaults are left out, numbers are short.
    @Test func linesAreShortAndExact() {
        #expect(Chalk.text(of: .touch(TouchSample(.began, x: 0.1, y: 3, altitude: .pi / 2))) == "touch phase=began x=0.1 y=3.0")
        #expect(Chalk.text(of: .touch(TouchSample(.moved, x: 1, y: 2, altitude: 0))) == "touch phase=moved x=1.0 y=2.0 altitude=0.0")
        #expect(Chalk.text(of: .touch(TouchSample(.ended, x: 1, y: 2, force: -0.0, altitude: 0, type: .finger)))
            == "touch phase=ended x=1.0 y=2.0 force=-0.0 type=finger")
        #expect(Chalk.text(of: .zoom(scale: 2, anchorX: 0, anchorY: 0)) == "zoom scale=2.0")
    }

    /// What has no line: a loaded document (the event holds bytes, not a path), and a brush name
    /// that is not a word.
    @Test func noLineForLoadOrANonWord() {
        #expect(Chalk.text(of: .load([1, 2, 3])) == nil)
        #expect(Chalk.text(of: .brush("two words")) == nil)
        #expect(Chalk.text(of: .brush("nan")) == nil)
    }

    /// The comparison is strict: a line one bit off, or with a default written differently, is
    /// another event.
    @Test func theComparisonSeesOneBit() throws {
        let original = ChalkEvent.touch(TouchSample(.began, x: 0.1, y: 0, force: 0, altitude: .pi / 2))
        let near = try EventDecoding.events(Chalk.self, lines: ["0 touch phase=began x=0.10000000000000002 y=0"])
        let negativeZero = try EventDecoding.events(Chalk.self, lines: ["0 touch phase=began x=0.1 y=-0.0"])
        let same = try EventDecoding.events(Chalk.self, lines: ["0 touch phase=began x=0.1 y=0"])
        #expect(EventDecoding.structure(near[0]) != EventDecoding.structure(original))
        #expect(EventDecoding.structure(negativeZero[0]) != EventDecoding.structure(original))
        #expect(EventDecoding.structure(same[0]) == EventDecoding.structure(original))
    }
}
