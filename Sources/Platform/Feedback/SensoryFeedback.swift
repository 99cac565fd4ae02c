/// SwiftUI's `SensoryFeedback` as named tokens, not waveforms: the semantic cases (`.increase`,
/// `.levelChange`, …) let the system pick the sensation per platform, so a trace pins the token.
public enum SensoryFeedback: Hashable, Sendable {
    case selection
    case success
    case warning
    case error
    case increase
    case decrease
    case start
    case stop
    case alignment
    case levelChange
    /// `.impact(weight:intensity:)`; SwiftUI's defaults are `.medium` and 1.0.
    case impact(weight: Weight = .medium, intensity: Double = 1.0)
    /// `.impact(flexibility:intensity:)`.
    case impact(flexibility: Flexibility, intensity: Double = 1.0)

    /// `SensoryFeedback.Weight`.
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case light, medium, heavy
    }

    /// `SensoryFeedback.Flexibility`.
    public enum Flexibility: String, Hashable, Sendable, CaseIterable {
        case rigid, solid, soft
    }
}
