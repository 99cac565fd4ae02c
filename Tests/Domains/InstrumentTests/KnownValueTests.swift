import Instrument
import LockstepCore
import LockstepRunner
import Platform
import Testing

/// Known values from the seed article and the domain note, each with its independent argument.
@Suite struct InstrumentKnownValueTests {
    /// The note's verified table for a 700×200 two-octave keyboard from 60: w = 700/14 = 50 pt,
    /// black zone y < 120, black key k of an octave spans [(7o+a+1)·50 − 15, … + 30).
    @Test func hitTestTable() {
        let g = KeyboardGeometry(widthPoints: 700, heightPoints: 200, firstMidi: 60, octaves: 2)
        let table: [(Double, Double, Int?)] = [
            (25, 150, 60), (50, 50, 61), (50, 150, 62), (60, 119.9, 61), (60, 120, 62), (35, 10, 61),
            (34.999, 10, 60), (65, 10, 62), (185, 10, 66), (215, 10, 67), (235, 10, 68), (399, 10, 73),
            (399, 150, 72), (699, 150, 83), (700, 10, nil), (-1, 5, nil), (350, 200, nil), (0, 0, 60),
        ]
        for (x, y, expected) in table {
            #expect(g.note(atX: x, y: y) == expected, "(\(x), \(y))")
        }
        #expect(g.note(atX: .nan, y: 10) == nil && g.note(atX: 10, y: .infinity) == nil)
    }

    @Test func keyboardSize() {
        let g = KeyboardGeometry()
        #expect(g.keys.count == 24 && g.keys.filter(\.isBlack).count == 10 && g.keys.filter { !$0.isBlack }.count == 14)
        #expect(g.keys.first?.midi == 60 && g.keys.last?.midi == 83)
    }

    /// The right-edge bug: the note says 129 integer widths in 100…2000 make `width.nextDown / w`
    /// round to 14 on two octaves, among them 114. Counted here from the division itself.
    @Test func rightEdgeRounding() {
        var bad: [Int] = []
        for width in 100...2000 {
            let w = Double(width) / 14
            if Int(Double(width).nextDown / w) == 14 { bad.append(width) }
        }
        #expect(bad.count == 129)
        #expect(bad.contains(114))
        for width in bad {
            let g = KeyboardGeometry(widthPoints: Double(width), heightPoints: 200)
            #expect(g.note(atX: Double(width).nextDown, y: 150) == 83)
            #expect(g.note(atX: Double(width).nextDown, y: 150, clampRightEdge: false) == 84)
        }
    }

    @Test func noteNames() {
        #expect(NoteNaming.letters.name(for: 60) == "C4")
        #expect(NoteNaming.solfege.name(for: 64) == "Mi4")
        #expect(NoteNaming.letters.name(for: 0) == "C-1")
        #expect(NoteNaming.letters.name(for: 21) == "A0")
        #expect(NoteNaming.letters.name(for: 61) == "C\u{266F}4")
        #expect(NoteNaming.solfege.name(for: 67) == "Sol4")
        #expect(NoteNaming.letters.name(for: 69) == "A4")
        #expect(NoteNaming.letters.name(for: 71) == "B4" && NoteNaming.solfege.name(for: 71) == "Si4")
        #expect(NoteNaming.letters.name(for: 108) == "C8")
        #expect(NoteNaming.letters.name(for: 127) == "G9")
        #expect(NoteNaming.letters.name(for: 61, withOctave: false) == "C\u{266F}")
    }

    @Test func badKeyboardsAreRefused() {
        #expect(KeyboardGeometry(octaves: 0).problem != nil)  // w = ∞ otherwise
        #expect(KeyboardGeometry(firstMidi: 108, octaves: 2).problem != nil)  // 108 + 23 > 127
        #expect(KeyboardGeometry(firstMidi: 96, octaves: 2).problem == nil)  // 96 + 23 = 119
        #expect(KeyboardGeometry(widthPoints: 0).problem != nil)
        #expect(KeyboardGeometry(widthPoints: .nan).problem != nil)
    }

    /// The article's log line, Swift `Double` formatting: 256 frames at 48 kHz.
    @Test func ioLogLine() throws {
        let sim = try Simulation<Instrument>()
        let line = sim.outputs.first { $0.name == "log" }?.description
        #expect(line == "log line=\"IO buffer: 5.333333333333333 ms, rate: 48000.0 Hz\"")
        #expect(sim.outputs.contains { $0.description == "engine running=true generation=1 nodes=29 reason=started" })  // 1 sampler + 7×4
    }

    private func touch(_ sim: inout Simulation<Instrument>, _ phase: TouchPhase, _ points: [(Int, Double, Double)], at ms: Int64) {
        sim.send(.touches(.keyboard, phase, points.map { TouchPoint(id: $0.0, x: $0.1, y: $0.2) }), at: .milliseconds(ms))
    }

    private func notes(_ records: [Record]) -> [String] {
        records.compactMap { r in
            guard r.name == "note-on" || r.name == "note-off" else { return nil }
            return (r.name == "note-on" ? "on" : "off") + r.fields[0].value.text
        }
    }

    /// Glissando at y = 150 from x = 25 to 375 in 50-pt steps: off before on at every white key.
    @Test func glissando() throws {
        var sim = try Simulation<Instrument>()
        _ = sim.takeOutputs()
        touch(&sim, .began, [(1, 25, 150)], at: 1000)
        for (k, x) in stride(from: 75.0, through: 375, by: 50).enumerated() { touch(&sim, .moved, [(1, x, 150)], at: 1010 + Int64(k) * 10) }
        touch(&sim, .ended, [(1, 375, 150)], at: 2000)
        #expect(notes(sim.takeOutputs()) == ["on60", "off60", "on62", "off62", "on64", "off64", "on65", "off65", "on67",
                                             "off67", "on69", "off69", "on71", "off71", "on72", "off72"])
        #expect(sim.state.touchNotes.isEmpty && sim.state.sampler.heldNotes.isEmpty)
    }

    /// Chromatic slide at y = 50 from 25 to 200 in 25-pt steps: 60 … 65, no event at 175, 66.
    @Test func chromaticSlide() throws {
        var sim = try Simulation<Instrument>()
        _ = sim.takeOutputs()
        touch(&sim, .began, [(1, 25, 50)], at: 1000)
        for (k, x) in stride(from: 50.0, through: 200, by: 25).enumerated() { touch(&sim, .moved, [(1, x, 50)], at: 1010 + Int64(k) * 10) }
        let ons = notes(sim.takeOutputs()).filter { $0.hasPrefix("on") }
        #expect(ons == ["on60", "on61", "on62", "on63", "on64", "on65", "on66"])
    }

    /// Five snare hits 50 ms apart: voices 0,1,2,3,0; the fifth cuts hit 1 of a 0.4 s sample with
    /// 0.2 s left (9600 frames at 48 kHz). With one voice per pad: four cuts.
    @Test func drumRoundRobin() throws {
        for (voices, expectedVoices, expectedCuts) in [(4, [0, 1, 2, 3, 0], 1), (1, [0, 0, 0, 0, 0], 4)] {
            var sim = try Simulation<Instrument>(settings: ["instrument drums", "voicesPerPad \(voices)"])
            _ = sim.takeOutputs()
            for k in 0..<5 { sim.send(.hit(pad: "snare", velocity: 1), at: .milliseconds(1000 + Int64(k) * 50)) }
            let hits = sim.takeOutputs().filter { $0.name == "drum" }
            #expect(hits.map { Int($0.fields[1].value.text)! } == expectedVoices)
            #expect(sim.state.drums.cuts == expectedCuts)
            if voices == 4 { #expect(hits[4].description.contains("cutMs=200.000 cutFrames=9600")) }
        }
    }

    /// A call mid-chord cancels every touch: three note-offs, nothing held. With the
    /// `noCancelHandling` fault the three notes stay held (stuck).
    @Test func callMidChordReleasesEverything() throws {
        for fault in [false, true] {
            var sim = try Simulation<Instrument>(settings: fault ? ["fault noCancelHandling"] : [])
            touch(&sim, .began, [(1, 25, 150), (2, 125, 150), (3, 225, 150)], at: 1000)
            _ = sim.takeOutputs()
            sim.send(.audio(.interruption(typeRaw: 1, optionsRaw: nil)), at: .milliseconds(2000))
            let offs = notes(sim.takeOutputs()).filter { $0.hasPrefix("off") }
            #expect(offs == (fault ? [] : ["off60", "off64", "off67"]))
            #expect(sim.state.sampler.heldNotes == (fault ? [60, 64, 67] : []))
        }
    }

    /// Two fingers on one key: the first lift keeps the note sounding (holder count).
    @Test func twoFingersOneKey() throws {
        var sim = try Simulation<Instrument>()
        touch(&sim, .began, [(1, 20, 150)], at: 1000)
        touch(&sim, .began, [(2, 30, 150)], at: 1100)
        touch(&sim, .ended, [(1, 20, 150)], at: 1200)
        #expect(sim.state.sampler.heldNotes == [60])
        touch(&sim, .ended, [(2, 30, 150)], at: 1300)
        #expect(sim.state.sampler.heldNotes.isEmpty)
    }

    @Test func padGrid() {
        let p = PadGrid()
        #expect(p.hit(x: 50, y: 50) == .pad(0) && p.hit(x: 150, y: 50) == .pad(1) && p.hit(x: 250, y: 150) == .pad(6))
        #expect(p.hit(x: 350, y: 150) == .emptyCell && p.hit(x: 400, y: 10) == .outside)
        #expect(DrumKit().nodeCount == 28)
    }

    /// A refused input is the standard rejection record, counted by the world and in the state.
    @Test func refusedInputsAreStandardRejections() throws {
        var sim = try Simulation<Instrument>(settings: Instrument.Settings(instrument: .drums))
        _ = sim.takeOutputs()
        sim.send(.hit(pad: "cowbell", velocity: 1), at: .milliseconds(1000))
        sim.send(.hit(pad: "snare", velocity: 2), at: .milliseconds(1100))
        #expect(sim.takeOutputs().map(\.description) == [
            "rejected input=hit reason=unknown-pad pad=cowbell detail=\"expected one of: kick, snare, hihat-closed, hihat-open, crash, tom-high, tom-low\"",
            "rejected input=hit reason=bad-velocity pad=snare velocity=2.000 detail=\"velocity must be a finite number in 0...1\"",
        ])
        #expect(sim.world.rejectionCount == 2 && sim.state.rejectedInputs == 2)
    }

    /// The declarations satisfy the domain contract (no declaration throws, `kind(of:)` names every
    /// kind as declared).
    @Test func declarationsHaveNoProblems() {
        #expect(Instrument.entry.problems.isEmpty, "\(Instrument.entry.problems)")
    }
}
