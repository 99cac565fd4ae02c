import LockstepCore

/// Equal-temperament maths relative to a reference A4 (= MIDI 69), spec item 6.
///
/// WHY optionals everywhere: `Int(exact.rounded())` traps on NaN/∞ and log2 of f ≤ 0 is not a
/// note, so invalid input yields nil instead of a crash (only reachable if the detector, whose
/// output is ≥ ~30 Hz, is bypassed). Transcendentals go through DetMath for bit-stable goldens.
enum NoteMath {
    static let defaultA4Hz = 440.0
    /// GAP (proposed): user-settable reference range; the article mentions 432 and 442 Hz.
    static let a4RangeHz: ClosedRange<Double> = 400...480
    static let noteNames = ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"]

    /// `a4Hz` if it is an acceptable reference pitch (finite, 400…480 Hz), else nil.
    static func validatedA4(_ a4Hz: Double) -> Double? {
        a4Hz.isFinite && a4RangeHz.contains(a4Hz) ? a4Hz : nil
    }

    /// Fractional MIDI number `69 + 12·log2(f / a4)`; nil for invalid f or a4.
    static func midi(frequencyHz: Double, a4Hz: Double = defaultA4Hz) -> Double? {
        guard let a4 = validatedA4(a4Hz), frequencyHz.isFinite, frequencyHz > 0 else { return nil }
        let ratio = frequencyHz / a4
        guard ratio > 0, ratio.isFinite else { return nil }   // underflow of tiny f
        return 69 + 12 * DetMath.log2(ratio)
    }

    /// `a4 · 2^((midi − 69)/12)`; nil for an invalid a4.
    static func frequencyHz(midi: Int, a4Hz: Double = defaultA4Hz) -> Double? {
        guard let a4 = validatedA4(a4Hz) else { return nil }
        let semitones = Double(midi) - 69
        let hz = a4 * DetMath.pow(2, semitones / 12)
        return hz.isFinite && hz > 0 ? hz : nil
    }

    /// Nearest note and cents offset. Rounding is Swift's `.rounded()` rule (to nearest, ties
    /// away from zero) so an exact midpoint reads as the upper note at −50 cents.
    static func reading(frequencyHz: Double, a4Hz: Double = defaultA4Hz) -> NoteReading? {
        guard let exact = midi(frequencyHz: frequencyHz, a4Hz: a4Hz),
              let nearest = Rounding.nearestInt(exact) else { return nil }
        let cents = (exact - Double(nearest)) * 100
        let name = noteNames[((nearest % 12) + 12) % 12]
        // Floor division: the article's `nearest / 12 − 1` truncates toward zero and would put
        // MIDI −1 (B−2) in octave −1; flooring gives −2, matching the name index above.
        let octave = Rounding.floorDivide(nearest, by: 12) - 1
        return NoteReading(name: name, octave: octave, midi: nearest, cents: cents, frequencyHz: frequencyHz)
    }

    /// Signed interval `1200·log2(f / target)` in cents (+ = f is sharp of target); nil unless
    /// both are finite and > 0.
    static func cents(from frequencyHz: Double, to targetHz: Double) -> Double? {
        guard frequencyHz.isFinite, frequencyHz > 0, targetHz.isFinite, targetHz > 0 else { return nil }
        let ratio = frequencyHz / targetHz
        guard ratio.isFinite, ratio > 0 else { return nil }
        return 1200 * DetMath.log2(ratio)
    }

    /// Name and octave of a MIDI note, e.g. 45 → ("A", 2); used for labels of preset strings.
    static func noteName(midi: Int) -> (name: String, octave: Int) {
        (noteNames[((midi % 12) + 12) % 12], Rounding.floorDivide(midi, by: 12) - 1)
    }
}
