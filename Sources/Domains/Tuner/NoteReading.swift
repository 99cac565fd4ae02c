/// A frequency expressed as the nearest equal-tempered note plus a cents offset (spec item 6).
struct NoteReading: Equatable, Sendable {
    /// Pitch-class name with ♯ for sharps, e.g. "A♯".
    var name: String
    /// Scientific-pitch octave (MIDI 60 = C4).
    var octave: Int
    /// Nearest MIDI note number.
    var midi: Int
    /// Offset from that note in cents, in [−50, +50) (+ = sharp).
    var cents: Double
    /// The frequency that was read.
    var frequencyHz: Double
}
