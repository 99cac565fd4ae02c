/// Colour band of a cents offset, and its spoken form (spec item 10).
///
/// WHY ±5 / ±15: the article's own choice (≈ 5 cents is where most listeners stop hearing a
/// difference), not a standard. NaN falls through to `.adjust`.
enum TuneState: Equatable, Sendable {
    case inTune, close, adjust

    init(cents: Double) {
        let m = cents.magnitude
        if m < 5 { self = .inTune } else if m < 15 { self = .close } else { self = .adjust }
    }

    /// VoiceOver value (GAP format): "A2, 3 cents sharp", "A2, 12 cents flat", and
    /// "A2, in tune" when the cents round (ties away from zero) to 0; "1 cent" in the singular,
    /// since VoiceOver reads the string as written. nil when cents is not finite.
    static func accessibilityValue(name: String, octave: Int, cents: Double) -> String? {
        guard let rounded = Rounding.nearestInt(cents) else { return nil }
        let note = "\(name)\(octave)"
        if rounded == 0 { return "\(note), in tune" }
        let direction = rounded > 0 ? "sharp" : "flat"
        return "\(note), \(rounded.magnitude) \(rounded.magnitude == 1 ? "cent" : "cents") \(direction)"
    }
}
