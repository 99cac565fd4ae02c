/// The Core Haptics engine's observable states and stop reasons, plus the errors the model can
/// raise; kept apart from the engine so trace code can name them without the engine itself.

/// `CHHapticEngine.StoppedReason`, with Apple's raw values (the article logs `reason.rawValue`).
public enum HapticEngineStoppedReason: Int, Hashable, Sendable, CaseIterable {
    case audioSessionInterrupt = 1
    case applicationSuspended = 2
    case idleTimeout = 3
    case notifyWhenFinished = 4
    case engineDestroyed = 5
    case gameControllerDisconnect = 6
    case systemError = -1
}

/// Where the engine is. `created` (an engine object that was never started) is added to the
/// brief's list because `create()` and `start(at:)` are separate steps.
public enum HapticEngineState: Hashable, Sendable {
    /// `supportsHaptics == false` (most iPads, the Simulator): no engine can exist.
    case notSupported
    /// No engine object yet (or creation/first start failed, so the manager dropped it).
    case none
    case created
    case running
    case stopped(HapticEngineStoppedReason)
}

/// A subset of `CHHapticError.Code` with Apple's raw values, used in injected faults and log lines.
public enum HapticError: Int, Hashable, Sendable, CaseIterable {
    case engineNotRunning = -4805
    case operationNotPermitted = -4806
    case engineStartTimeout = -4808
    case notSupported = -4809
    case serverInitFailed = -4810
    case serverInterrupted = -4811
    case invalidPatternPlayer = -4812
    case resourceNotAvailable = -4825
    case unknownError = -4898

    /// Canonical text after "Haptic engine failed: " / "Play failed: ": `engineNotRunning (-4805)`.
    /// (The article interpolates an NSError, whose text the model cannot reproduce byte for byte.)
    public var logDescription: String { "\(self) (\(rawValue))" }
}

/// The engine-side operation a refusal refers to.
public enum HapticEngineOperation: String, Hashable, Sendable, CaseIterable {
    case create, start, stop, checkIdle, serverReset, makePlayer, startPlayer, stopPlayer, releasePlayer, play
}

/// The log lines the article prints, built in one place so goldens match them exactly.
public enum HapticLogLine {
    public static func engineStopped(_ reason: HapticEngineStoppedReason) -> String {
        "Haptic engine stopped: \(reason.rawValue)"
    }

    public static func engineFailed(_ error: HapticError) -> String {
        "Haptic engine failed: \(error.logDescription)"
    }

    public static func playFailed(_ error: HapticError) -> String {
        "Play failed: \(error.logDescription)"
    }
}
