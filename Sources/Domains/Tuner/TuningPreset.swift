/// One tuning: open-string MIDI notes, low → high (spec item 8).
struct TuningPreset: Equatable, Sendable {
    enum Instrument: String, Equatable, Sendable { case guitar, bass }

    var id: String
    var name: String
    var instrument: Instrument
    /// MIDI note of each open string, lowest (thickest) first.
    var strings: [Int]
    /// Available without Premium (article: E, D and D♯ Standard for guitar and bass).
    var isFree: Bool
    /// True when the definition is our proposal (the article only names the family).
    var isProposal: Bool

    /// Target frequency of each string. WHY the 440 default: the article computes targets with
    /// the default reference, ignoring a custom A4 (failure 14, pinned); pass the user's a4 to
    /// apply the proposed fix. nil for an invalid a4.
    func frequenciesHz(a4Hz: Double = NoteMath.defaultA4Hz) -> [Double]? {
        var result: [Double] = []
        result.reserveCapacity(strings.count)
        for midi in strings {
            guard let hz = NoteMath.frequencyHz(midi: midi, a4Hz: a4Hz) else { return nil }
            result.append(hz)
        }
        return result
    }
}
