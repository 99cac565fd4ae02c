import Testing
import LockstepCore
import LockstepRunner
import Platform
import Instrument

/// `Instrument.text(of:)`: every event kind is written so that the scenario reader, the validator
/// and the decoder give back the same event (compared field by field, bit for bit).
@Suite struct InstrumentEventTextTests {
    static func expectSame(_ events: [InstrumentEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(Instrument.self, events) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .touches(.keyboard, .began, [TouchPoint(id: 0, x: 0.1, y: -0.0)]),
            .touches(.pads, .moved, [TouchPoint(id: 1, x: 113.99999999999999, y: 150), TouchPoint(id: 2, x: -1e-7, y: 1e22),
                                     TouchPoint(id: Int(Int32.max), x: .infinity, y: -.infinity)]),
            .touches(.keyboard, .ended, [TouchPoint(id: 5, x: 25, y: 150)]), .touches(.keyboard, .cancelled, [TouchPoint(id: 9, x: 1, y: 2)]),
            .layout(.keyboard, width: 700, height: 0.30000000000000004), .layout(.pads, width: -1, height: 1e-300),
            .keyboard(firstMidi: -1_000_000, octaves: 1_000_000), .keyboard(firstMidi: 60, octaves: 2),
            .labels(.letters, showSharps: false), .labels(.solfege, showSharps: true),
            .switchInstrument(.piano), .switchInstrument(.xylophone), .switchInstrument(.drums),
            .systemGesture(.controlCenter), .systemGesture(.notificationCenter), .systemGesture(.appSwitcher),
            .hit(pad: "snare", velocity: 1), .hit(pad: "kick", velocity: -0.5), .hit(pad: "hat", velocity: 1.0000000000000002),
            .check,
            .audio(.interruption(typeRaw: 1, optionsRaw: nil)), .audio(.silentSwitch(on: true)), .audio(.mediaServicesReset),
        ])
        // Lifecycle lines have no public initialiser: the originals are decoded from lines.
        try Self.expectSame(try EventDecoding.events(Instrument.self, lines: [
            "0 lifecycle background", "0 lifecycle launch reason=user foreground=false", "0 lifecycle terminate reason=jetsam",
        ]))
    }

    /// Every callback of every touch generator (the scenarios' lines and seeded random ones).
    @Test func generatedTouchesReadBackTheSame() throws {
        for gen in ["gen chord notes=60,64,67,72 hold=0.25", "gen glissando from=100,150 to=113.99999999999999,150 samples=4 hz=10 id=2",
                    "gen roll pad=snare hits=5 interval=0.05", "gen taps view=pads grid=3,4 interval=0.1",
                    "gen randomTaps view=keyboard count=30", "gen session fingers=10 hz=120 duration=3"] {
            let events = try EventDecoding.generated(Instrument.self, gen, seed: 3)
            #expect(events.count >= 2, "\(gen)")
            try Self.expectSame(events)
        }
    }

    @Test func knownLines() {
        #expect(Instrument.text(of: .touches(.keyboard, .began, [TouchPoint(id: 1, x: 25, y: 150), TouchPoint(id: 2, x: 0.1, y: 2)]))
            == "touches keyboard began t1=25.0,150.0 t2=0.1,2.0")
        #expect(Instrument.text(of: .hit(pad: "snare", velocity: 1)) == "hit pad=snare")
        #expect(Instrument.text(of: .switchInstrument(.drums)) == "instrument drums")
    }

    /// Callbacks the decoder could not give back: no touches, a negative id, ids out of order or
    /// repeated (it sorts and refuses duplicates); a pad name that is not a word.
    @Test func noLineForWhatTheDecoderWouldChange() {
        #expect(Instrument.text(of: .touches(.keyboard, .began, [])) == nil)
        #expect(Instrument.text(of: .touches(.keyboard, .began, [TouchPoint(id: -1, x: 0, y: 0)])) == nil)
        #expect(Instrument.text(of: .touches(.keyboard, .began, [TouchPoint(id: 2, x: 0, y: 0), TouchPoint(id: 1, x: 0, y: 0)])) == nil)
        #expect(Instrument.text(of: .touches(.keyboard, .began, [TouchPoint(id: 1, x: 0, y: 0), TouchPoint(id: 1, x: 1, y: 0)])) == nil)
        #expect(Instrument.text(of: .hit(pad: "floor tom", velocity: 1)) == nil)
    }
}
