import LockstepCore

/// The five exercises the app counts.
public enum Exercise: String, CaseIterable, Sendable {
    case pushUp, squat, sitUp, pullUp, jumpingJack

    /// The article's thresholds table: signal oriented so low = contracted, high = extended.
    public var model: ExerciseModel {
        switch self {
        case .pushUp: ExerciseModel(contracted: 100, extended: 150, minRepInterval: .milliseconds(700), baseSeconds: 30)
        case .squat: ExerciseModel(contracted: 110, extended: 160, minRepInterval: .milliseconds(700), baseSeconds: 20)
        case .sitUp: ExerciseModel(contracted: 80, extended: 120, minRepInterval: .milliseconds(700), baseSeconds: 20)
        case .pullUp: ExerciseModel(contracted: 0.0, extended: 0.35, minRepInterval: .milliseconds(1_000), baseSeconds: 90)
        case .jumpingJack: ExerciseModel(contracted: 0.0, extended: 0.8, minRepInterval: .milliseconds(400), baseSeconds: 10)
        }
    }

    /// Whether the signal is a joint angle in degrees (else a height in torso lengths).
    public var isAngle: Bool { self == .pushUp || self == .squat || self == .sitUp }

    /// The unit the trace prints the signal in.
    public var signalUnit: String { isAngle ? "deg" : "torsos" }
}

/// One exercise's thresholds, speed floor and price.
public struct ExerciseModel: Sendable, Equatable {
    /// Below this (strict `<`) the phase flips to contracted.
    public var contracted: Double
    /// At or above this (inclusive `>=`) a contracted phase returns to extended and a rep may count.
    public var extended: Double
    /// Two counted reps closer than this: the second is "too fast" and does not count.
    public var minRepInterval: Duration
    /// Seconds of app time one clean rep buys at rate ×1.
    public var baseSeconds: Int

    /// The half-rep line, 35 % of the way down from `extended` towards `contracted`.
    public var halfLine: Double { extended - RepConstants.halfLineFraction * (extended - contracted) }
}

/// Constants of the counter taken from the seed article.
public enum RepConstants {
    /// EMA weight of the new sample, per frame (not per second).
    public static let smoothingAlpha = 0.35
    public static let halfLineFraction = 0.35
    /// Consecutive frames without the exercise's joints that pass silently; the next one says "can't see you".
    public static let maxSilentMissingFrames = 8
    public static let slowDownHint = "Slow down — that one didn't count."
    /// GAP: the article does not quote the go-deeper text.
    public static let goDeeperHint = "Go deeper — that one didn't count."
}
