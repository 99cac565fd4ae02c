/// How key labels name notes: letters (C D E …) or fixed-do solfège (Do Re Mi …), sharps written
/// with U+266F "♯". MIDI 60 is C4 (octave = midi / 12 − 1).
public enum NoteNaming: String, CaseIterable, Sendable {
    case letters, solfege

    public static let letterNames = ["C", "C\u{266F}", "D", "D\u{266F}", "E", "F", "F\u{266F}", "G", "G\u{266F}", "A", "A\u{266F}", "B"]
    public static let solfegeNames = ["Do", "Do\u{266F}", "Re", "Re\u{266F}", "Mi", "Fa", "Fa\u{266F}", "Sol", "Sol\u{266F}", "La", "La\u{266F}", "Si"]

    /// The name of a MIDI note, with its octave by default: 60 → "C4", 64 (solfège) → "Mi4", 0 → "C-1".
    public func name(for midi: Int, withOctave: Bool = true) -> String {
        let pitchClass = ((midi % 12) + 12) % 12
        let base = self == .letters ? Self.letterNames[pitchClass] : Self.solfegeNames[pitchClass]
        // Floor division so that the label of a (rejected) negative note would still be sensible.
        let octave = (midi >= 0 ? midi / 12 : (midi - 11) / 12) - 1
        return withOctave ? "\(base)\(octave)" : base
    }

    /// Whether a MIDI note is a black key (C♯ D♯ F♯ G♯ A♯).
    public static func isBlack(_ midi: Int) -> Bool { [1, 3, 6, 8, 10].contains(((midi % 12) + 12) % 12) }
}
