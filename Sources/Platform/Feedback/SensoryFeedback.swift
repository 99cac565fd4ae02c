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
    /// `.impact(weight:intensity:)`. Its own base name because Swift cannot pattern-match two
    /// cases that share one (`impact`) apart by their labels; build it with `impact(weight:)`.
    case impactWeight(Weight, intensity: Double)
    /// `.impact(flexibility:intensity:)`; build it with `impact(flexibility:)`.
    case impactFlexibility(Flexibility, intensity: Double)

    /// SwiftUI's `.impact(weight:intensity:)`, defaults `.medium` and 1.0.
    public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        .impactWeight(weight, intensity: intensity)
    }

    /// SwiftUI's `.impact(flexibility:intensity:)`, intensity 1.0 by default.
    public static func impact(flexibility: Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
        .impactFlexibility(flexibility, intensity: intensity)
    }

    /// The token a trace prints: the case name, and an impact's parameters as
    /// `impact(medium,0.8)` (intensity in Swift's shortest round-trip form).
    public var name: String {
        switch self {
        case .selection: "selection"
        case .success: "success"
        case .warning: "warning"
        case .error: "error"
        case .increase: "increase"
        case .decrease: "decrease"
        case .start: "start"
        case .stop: "stop"
        case .alignment: "alignment"
        case .levelChange: "levelChange"
        case .impactWeight(let w, let i): "impact(\(w.rawValue),\(i))"
        case .impactFlexibility(let f, let i): "impact(\(f.rawValue),\(i))"
        }
    }

    /// `SensoryFeedback.Weight`.
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case light, medium, heavy
    }

    /// `SensoryFeedback.Flexibility`.
    public enum Flexibility: String, Hashable, Sendable, CaseIterable {
        case rigid, solid, soft
    }
}
