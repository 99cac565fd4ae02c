/// UIKit's feedback generators (`UIImpactFeedbackGenerator`, `UISelectionFeedbackGenerator`,
/// `UINotificationFeedbackGenerator`) as one value type, so a scenario can replay prepare/fire
/// sequences on a virtual clock and pin both the latency and the construction API per OS.

/// `UIImpactFeedbackGenerator.FeedbackStyle` (`.soft`/`.rigid` are iOS 13+; the app's minimum is 17).
public enum ImpactFeedbackStyle: String, Hashable, Sendable, CaseIterable {
    case light, medium, heavy, soft, rigid
}

/// `UINotificationFeedbackGenerator.FeedbackType`: outcomes only, never a generic tap.
public enum NotificationFeedbackType: String, Hashable, Sendable, CaseIterable {
    case success, warning, error
}

/// Which UIKit class the generator stands for. A notification generator is one object that fires
/// any of the three types, as in UIKit, so the type travels with the call, not the kind.
public enum FeedbackGeneratorKind: Hashable, Sendable {
    case impact(style: ImpactFeedbackStyle)
    case selection
    case notification
}

/// The initializer the app used; pinned because iOS 27 deprecates `UIImpactFeedbackGenerator(style:)`.
public enum FeedbackGeneratorAPI: String, Hashable, Sendable, CaseIterable {
    /// `UIImpactFeedbackGenerator(style:)` (before iOS 17.5).
    case initStyle
    /// `UIImpactFeedbackGenerator(style:view:)` (iOS 17.5+).
    case initStyleView
    /// `UISelectionFeedbackGenerator()` / `UINotificationFeedbackGenerator()` (before iOS 17.5).
    case initPlain
    /// `UISelectionFeedbackGenerator(view:)` / `UINotificationFeedbackGenerator(view:)` (iOS 17.5+).
    case initView

    /// True for the one initializer Apple's docs mark deprecated in iOS 27, so a golden can flag it.
    public var isDeprecatedInIOS27: Bool { self == .initStyle }

    /// The `if #available(iOS 17.5, *)` branch the article recommends.
    public static func chosen(for kind: FeedbackGeneratorKind, osAtLeast17_5: Bool) -> FeedbackGeneratorAPI {
        switch kind {
        case .impact: return osAtLeast17_5 ? .initStyleView : .initStyle
        case .selection, .notification: return osAtLeast17_5 ? .initView : .initPlain
        }
    }
}

/// One method call on a generator, as the trace records it (intensity already clamped).
public enum FeedbackGeneratorCall: Hashable, Sendable {
    case prepare
    case impactOccurred(intensity: Double)
    case selectionChanged
    case notificationOccurred(NotificationFeedbackType)
}

/// Why the intensity that was played differs from the one requested (UIKit documents 0.0…1.0).
public enum FeedbackIntensityWarning: String, Hashable, Sendable, CaseIterable {
    case clampedToZero
    case clampedToOne
    /// NaN is not a request for a strong tap, so it plays as 0.
    case notANumberPlayedAsZero
}

/// A delivered feedback: when it was asked for and how late the actuator answered.
public struct FeedbackFire: Hashable, Sendable {
    public var kind: FeedbackGeneratorKind
    public var api: FeedbackGeneratorAPI
    public var call: FeedbackGeneratorCall
    public var atMicroseconds: Int64
    /// 0 inside the prepared window, else the generator's cold latency.
    public var latencyMicroseconds: Int64
    public var wasPrepared: Bool
    public var intensityWarning: FeedbackIntensityWarning?

    public init(kind: FeedbackGeneratorKind, api: FeedbackGeneratorAPI, call: FeedbackGeneratorCall,
                atMicroseconds: Int64, latencyMicroseconds: Int64, wasPrepared: Bool,
                intensityWarning: FeedbackIntensityWarning?) {
        self.kind = kind
        self.api = api
        self.call = call
        self.atMicroseconds = atMicroseconds
        self.latencyMicroseconds = latencyMicroseconds
        self.wasPrepared = wasPrepared
        self.intensityWarning = intensityWarning
    }

    /// When the actuator actually moved.
    public var deliveredAtMicroseconds: Int64 { SaturatingTime.add(atMicroseconds, latencyMicroseconds) }
}

/// Everything a generator call can lead to, refusals included, so nothing is silent in a trace.
public enum FeedbackGeneratorOutcome: Hashable, Sendable {
    /// The Taptic Engine is ready over `[atMicroseconds, preparedUntilMicroseconds)`.
    case prepared(kind: FeedbackGeneratorKind, api: FeedbackGeneratorAPI, atMicroseconds: Int64, preparedUntilMicroseconds: Int64)
    case fired(FeedbackFire)
    /// `supportsHaptics == false`: UIKit generators are silent no-ops there (iPad, Simulator).
    case noHardware(kind: FeedbackGeneratorKind, call: FeedbackGeneratorCall, atMicroseconds: Int64)
    /// The call does not exist on this UIKit class (e.g. `selectionChanged` on an impact generator).
    case wrongCall(kind: FeedbackGeneratorKind, call: FeedbackGeneratorCall, atMicroseconds: Int64)
}

/// A UIKit feedback generator on a virtual clock. Firing does not consume the prepared window
/// (a choice: UIKit only says the ready state lasts "a short time"); re-preparing restarts it.
public struct FeedbackGenerator: Hashable, Sendable {
    /// The article's GAP proposal: prepare() keeps the engine ready for 1 s.
    public static let defaultPrepareWindowMicroseconds: Int64 = 1_000_000
    /// One 60 Hz frame, the article's proposed cold-start latency.
    public static let defaultColdLatencyMicroseconds: Int64 = 16_667
    /// Bounds for the knobs, so a scenario cannot configure a window that never closes.
    public static let maxPrepareWindowMicroseconds: Int64 = 60_000_000
    public static let maxColdLatencyMicroseconds: Int64 = 1_000_000

    public let kind: FeedbackGeneratorKind
    public let api: FeedbackGeneratorAPI
    public let supportsHaptics: Bool
    public let prepareWindowMicroseconds: Int64
    public let coldLatencyMicroseconds: Int64
    /// The open prepared window, `[from, until)`; nil before the first prepare().
    public private(set) var preparedFromMicroseconds: Int64?
    public private(set) var preparedUntilMicroseconds: Int64?

    /// Knobs outside their bounds are clamped into 0…max (never a trap).
    public init(kind: FeedbackGeneratorKind, osAtLeast17_5: Bool, supportsHaptics: Bool = true,
                prepareWindowMicroseconds: Int64 = FeedbackGenerator.defaultPrepareWindowMicroseconds,
                coldLatencyMicroseconds: Int64 = FeedbackGenerator.defaultColdLatencyMicroseconds) {
        self.kind = kind
        self.api = FeedbackGeneratorAPI.chosen(for: kind, osAtLeast17_5: osAtLeast17_5)
        self.supportsHaptics = supportsHaptics
        self.prepareWindowMicroseconds = SaturatingTime.clamp(prepareWindowMicroseconds, to: 0...Self.maxPrepareWindowMicroseconds)
        self.coldLatencyMicroseconds = SaturatingTime.clamp(coldLatencyMicroseconds, to: 0...Self.maxColdLatencyMicroseconds)
    }

    /// Inside the window: start inclusive, end EXCLUSIVE (prepare at 0 with a 1 s window is
    /// cold at exactly 1_000_000). A time before the prepare (clock misuse) counts as cold.
    public func isPrepared(atMicroseconds t: Int64) -> Bool {
        guard let from = preparedFromMicroseconds, let until = preparedUntilMicroseconds else { return false }
        return t >= from && t < until
    }

    /// `prepare()`: wakes the Taptic Engine (touch-down on a button).
    public mutating func prepare(at t: Int64) -> FeedbackGeneratorOutcome {
        guard supportsHaptics else { return .noHardware(kind: kind, call: .prepare, atMicroseconds: t) }
        let until = SaturatingTime.add(t, prepareWindowMicroseconds)
        preparedFromMicroseconds = t
        preparedUntilMicroseconds = until
        return .prepared(kind: kind, api: api, atMicroseconds: t, preparedUntilMicroseconds: until)
    }

    /// `impactOccurred(intensity:)`; 1.0 is UIKit's default for `impactOccurred()`.
    public func impactOccurred(at t: Int64, intensity: Double = 1.0) -> FeedbackGeneratorOutcome {
        let (value, warning) = Self.clampIntensity(intensity)
        return deliver(.impactOccurred(intensity: value), at: t, warning: warning)
    }

    /// `selectionChanged()`: the picker-wheel tick.
    public func selectionChanged(at t: Int64) -> FeedbackGeneratorOutcome {
        deliver(.selectionChanged, at: t, warning: nil)
    }

    /// `notificationOccurred(_:)`.
    public func notificationOccurred(_ type: NotificationFeedbackType, at t: Int64) -> FeedbackGeneratorOutcome {
        deliver(.notificationOccurred(type), at: t, warning: nil)
    }

    /// One entry point for scripted calls (a scenario step names the call); routes to the methods above.
    public mutating func fire(_ call: FeedbackGeneratorCall, at t: Int64) -> FeedbackGeneratorOutcome {
        switch call {
        case .prepare: return prepare(at: t)
        case .impactOccurred(let intensity): return impactOccurred(at: t, intensity: intensity)
        case .selectionChanged: return selectionChanged(at: t)
        case .notificationOccurred(let type): return notificationOccurred(type, at: t)
        }
    }

    /// Clamp to 0…1 and say so, because UIKit documents the range but a caller may not respect it.
    static func clampIntensity(_ intensity: Double) -> (Double, FeedbackIntensityWarning?) {
        if intensity.isNaN { return (0, .notANumberPlayedAsZero) }
        if intensity < 0 { return (0, .clampedToZero) }
        if intensity > 1 { return (1, .clampedToOne) }
        return (intensity, nil)
    }

    private func accepts(_ call: FeedbackGeneratorCall) -> Bool {
        switch (kind, call) {
        case (_, .prepare), (.impact, .impactOccurred), (.selection, .selectionChanged),
             (.notification, .notificationOccurred):
            return true
        default:
            return false
        }
    }

    private func deliver(_ call: FeedbackGeneratorCall, at t: Int64, warning: FeedbackIntensityWarning?) -> FeedbackGeneratorOutcome {
        guard accepts(call) else { return .wrongCall(kind: kind, call: call, atMicroseconds: t) }
        guard supportsHaptics else { return .noHardware(kind: kind, call: call, atMicroseconds: t) }
        let prepared = isPrepared(atMicroseconds: t)
        return .fired(FeedbackFire(kind: kind, api: api, call: call, atMicroseconds: t,
                                   latencyMicroseconds: prepared ? 0 : coldLatencyMicroseconds,
                                   wasPrepared: prepared, intensityWarning: warning))
    }
}
