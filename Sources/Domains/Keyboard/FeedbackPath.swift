/// What triggered an activation: a key or a suggestion chip (item 7).
enum FeedbackSource: Equatable, Sendable {
    case key
    case suggestion
}

enum FeedbackVariant: Equatable, Sendable {
    case shared
    /// Chips bypass the shared function: no sound, haptic or press — "taps that failed to register".
    case chipsWithoutFeedback
}

/// One activation's feedback record.
struct FeedbackRecord: Equatable, Sendable {
    var source: FeedbackSource
    var sound: Bool
    var haptic: Bool
    var visualPress: Bool
}

/// The single feedback function for keys AND chips.
///
/// WHY one function: chips are hit by the same finger in the same gesture as keys, so
/// any divergence in feedback reads as a missed tap. `sound` is whether a click was
/// requested (audibility is the bus model's business); haptics need no permission.
enum FeedbackPath {
    static func activate(_ source: FeedbackSource, soundEnabled: Bool,
                         variant: FeedbackVariant = .shared) -> FeedbackRecord {
        if variant == .chipsWithoutFeedback, source == .suggestion {
            return FeedbackRecord(source: source, sound: false, haptic: false, visualPress: false)
        }
        return FeedbackRecord(source: source, sound: soundEnabled, haptic: true, visualPress: true)
    }
}
