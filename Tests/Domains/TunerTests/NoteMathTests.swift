import LockstepCore
import Testing
@testable import Tuner

@Suite struct NoteMathTests {
    @Test(arguments: [
        (28, 41.2034), (33, 55.0), (38, 73.4162), (40, 82.4069), (43, 97.9989), (45, 110.0),
        (50, 146.8324), (55, 195.9977), (59, 246.9417), (60, 261.6256), (64, 329.6276), (69, 440.0),
    ])
    func midiToHz(midi: Int, hz: Double) {
        #expect(NoteMath.frequencyHz(midi: midi).map { rounded($0, 4) } == hz)
    }

    @Test(arguments: [
        (440.0, 440.0, "A", 4, 69, 0.0), (441, 440, "A", 4, 69, 3.93), (445, 440, "A", 4, 69, 19.56),
        (430, 440, "A", 4, 69, -39.80), (466.1638, 440, "A♯", 4, 70, 0.0), (452.893, 440, "A♯", 4, 70, -50.0),
        (427, 440, "G♯", 4, 68, 48.08), (30, 440, "B", 0, 23, -49.36), (1200, 440, "D", 6, 86, 36.95),
        (440, 442, "A", 4, 69, -7.85), (110, 440, "A", 2, 45, 0.0), (82.41, 440, "E", 2, 40, 0.07),
    ])
    func reading(hz: Double, a4: Double, name: String, octave: Int, midi: Int, cents: Double) {
        let r = NoteMath.reading(frequencyHz: hz, a4Hz: a4)
        #expect(r?.name == name && r?.octave == octave && r?.midi == midi)
        #expect(r.map { rounded($0.cents, 2) } == cents)
    }

    @Test func articleReadingStatesAndPrecision() {
        #expect(NoteMath.reading(frequencyHz: 441).map { TuneState(cents: $0.cents) } == .inTune)
        #expect(NoteMath.reading(frequencyHz: 445).map { TuneState(cents: $0.cents) } == .adjust)
        #expect(NoteMath.reading(frequencyHz: 82.41).map { rounded($0.cents, 3) } == 0.065)
        // The exact A4/A♯4 midpoint rounds away from zero → A♯4 at −50.
        let mid = NoteMath.frequencyHz(midi: 69)! * DetMath.pow(2, 1.0 / 24)
        // 440·2^(1/24) = 452.89298…: the note writes 452.8929 (truncated); to 4 places it is 452.8930.
        #expect(rounded(mid, 4) == 452.893)
    }

    @Test func centsBetweenFrequencies() {
        #expect(NoteMath.cents(from: 82.4069 + 5, to: 82.4069).map { rounded($0, 2) } == 101.98)
        #expect(NoteMath.cents(from: 329.6276 + 5, to: 329.6276).map { rounded($0, 2) } == 26.06)
        #expect(NoteMath.cents(from: 41.2034 + 5, to: 41.2034).map { rounded($0, 2) } == 198.28)
        #expect(NoteMath.cents(from: 440, to: 441).map { $0 < 0 } == true)
    }

    @Test func articleTimingFacts() {
        #expect(rounded(1000 / 41.2, 1) == 24.3)                 // ms for one period of E1
        #expect(rounded(4096 / 48_000.0 * 1000, 1) == 85.3)      // window length in ms
        #expect(rounded(48_000 / 2048.0, 1) == 23.4)             // readings per second
        #expect(rounded(48_000 / 109.0, 3) == 440.367 && rounded(48_000 / 110.0, 3) == 436.364)
    }

    @Test func invalidInputIsNilNotATrap() {
        for f in [0.0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude] {
            #expect(NoteMath.reading(frequencyHz: f) == nil)
            #expect(NoteMath.cents(from: f, to: 440) == nil)
            #expect(NoteMath.cents(from: 440, to: f) == nil)
        }
        #expect(NoteMath.reading(frequencyHz: .greatestFiniteMagnitude) != nil)
        for a4 in [0.0, -440, .nan, .infinity, 399.99, 480.01] {
            #expect(NoteMath.validatedA4(a4) == nil)
            #expect(NoteMath.reading(frequencyHz: 440, a4Hz: a4) == nil)
            #expect(NoteMath.frequencyHz(midi: 69, a4Hz: a4) == nil)
        }
        #expect(NoteMath.validatedA4(400) == 400 && NoteMath.validatedA4(480) == 480 && NoteMath.validatedA4(432) == 432)
        #expect(NoteMath.frequencyHz(midi: Int.max) == nil && NoteMath.frequencyHz(midi: Int.min) == nil)
    }

    @Test func negativeMidiUsesFloorOctave() {
        // 8.1758 Hz = MIDI 0 (C−1); an octave lower is MIDI −12 (C−2); MIDI −1 is B−2.
        let c0 = NoteMath.frequencyHz(midi: 0)!
        #expect(NoteMath.reading(frequencyHz: c0).map { "\($0.name)\($0.octave) \($0.midi)" } == "C-1 0")
        #expect(NoteMath.reading(frequencyHz: c0 / 2).map { "\($0.name)\($0.octave) \($0.midi)" } == "C-2 -12")
        let b = NoteMath.frequencyHz(midi: -1)!
        #expect(NoteMath.reading(frequencyHz: b).map { "\($0.name)\($0.octave)" } == "B-2")
        #expect(NoteMath.noteName(midi: -1) == ("B", -2) && NoteMath.noteName(midi: 60) == ("C", 4))
    }

    @Test func roundingMatchesSwiftRule() {
        #expect(Rounding.halfAwayFromZero(2.5) == 3 && Rounding.halfAwayFromZero(-2.5) == -3)
        #expect(Rounding.halfAwayFromZero(2.4999) == 2 && Rounding.halfAwayFromZero(-0.5) == -1)
        #expect(Rounding.halfAwayFromZero(.nan) == nil && Rounding.halfAwayFromZero(1e300) == nil)
        #expect(Rounding.floorDivide(-1, by: 12) == -1 && Rounding.floorDivide(-12, by: 12) == -1
            && Rounding.floorDivide(-13, by: 12) == -2 && Rounding.floorDivide(11, by: 12) == 0)
    }
}
