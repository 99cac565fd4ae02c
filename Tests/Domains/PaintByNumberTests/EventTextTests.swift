import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

/// `PaintByNumber.text(of:)`: every event kind with a line is written so that the scenario reader,
/// the validator and the decoder give back the same event (compared field by field, bit for bit).
@Suite struct PaintEventTextTests {
    static func expectSame(_ events: [PaintEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(PaintByNumber.self, events) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .generate(width: 160, height: 120, regions: 12, colours: 4, seed: 0, png: false),
            // The seed field is declared to read any UInt64, but the validator checks `.integer` fields as
            // Int64, so a seed above Int64.max is refused before the decoder sees it (a gap of the
            // decoder, not of the text): Int64.max is the largest seed a line gives.
            .generate(width: -1_000_000, height: 1_000_000, regions: 0, colours: -3, seed: UInt64(Int64.max), png: true),
            .select(colour: 0), .select(colour: -7), .highlight(mode: 2), .highlight(mode: 99), .edges(true), .edges(false),
            .zoom(scale: 1, fit: 1, offsetX: 0, offsetY: 0), .zoom(scale: 0.1, fit: 0, offsetX: -0.0, offsetY: 1e-7),
            .zoom(scale: -.infinity, fit: .infinity, offsetX: -1e300, offsetY: 0.30000000000000004),
            .tap(x: 8, y: 7.5), .tap(x: -0.1, y: 5e-7),
            .render(scale: 1, probes: []), .render(scale: 64, probes: [(x: 0, y: 0), (x: 1_000_000, y: 3)]),
            .restore([0]), .restore([0, 1, 255, 2]), .restore([UInt8](repeating: 9, count: 64)),
            .teardown, .debug(.fill(region: 3, colour: 1)), .debug(.fill(region: -1, colour: 1_000_000)), .debug(.zoom(scale: 2.5)),
        ])
    }

    /// NaN fields read back as NaN.
    @Test func nanReadsBackAsNaN() throws {
        let back = try EventDecoding.roundTrip(PaintByNumber.self, [.zoom(scale: .nan, fit: 1, offsetX: 0, offsetY: 0)])
        guard case .zoom(let scale, let fit, _, _)? = back.first else { Issue.record("not a zoom: \(back)"); return }
        #expect(scale.isNaN && fit == 1)
    }

    /// The two tap generators, as the Voronoi scenario uses them and with a seed.
    @Test func generatedTapsReadBackTheSame() throws {
        for gen in ["gen tapGrid from=8,7.5 step=16,15 count=10,8 interval=0.05", "gen randomTaps count=40 area=0,0,160,120 interval=0.05",
                    "gen tapGrid from=-0.1,1e-7 step=0.1,-0.3 count=3,3"] {
            let events = try EventDecoding.generated(PaintByNumber.self, gen, seed: 11)
            #expect(events.count >= 9, "\(gen)")
            try Self.expectSame(events)
        }
    }

    @Test func knownLines() {
        #expect(PaintByNumber.text(of: .tap(x: 8, y: 7.5)) == "tap x=8.0 y=7.5")
        #expect(PaintByNumber.text(of: .render(scale: 1, probes: [])) == "render")
        #expect(PaintByNumber.text(of: .debug(.zoom(scale: 2))) == "debug command=zoom scale=2.0")
    }

    /// What has no line: a load (bytes, no metadata path), fill bytes no tuple holds.
    @Test func noLineForLoadOrFillsNoTupleHolds() {
        #expect(PaintByNumber.text(of: .load(name: "art/basic.png", png: [1], meta: [2], colorSpace: .none)) == nil)
        #expect(PaintByNumber.text(of: .restore([])) == nil)
        #expect(PaintByNumber.text(of: .restore([UInt8](repeating: 0, count: 65))) == nil)
    }
}
