/// What engine operations report, so the project can turn each into trace records; the models
/// never print. Every stop carries the absolute time and the players it cut short, because a
/// renderer must truncate the timeline there (backgrounding mid-pattern).

/// Why a player stopped sounding.
public enum HapticPlayerStopCause: Hashable, Sendable {
    /// `player.stop(atTime:)`.
    case playerStopped
    /// The player was started again while playing; the earlier run ends here.
    case restarted
    case engineStopped(HapticEngineStoppedReason)
    /// The haptic server reset; the player is also invalid from now on.
    case serverReset
}

/// A player that was sounding and stopped at an absolute time.
public struct HapticPlayerStop: Hashable, Sendable {
    public var playerID: HapticPlayerID
    public var startedAtMicroseconds: Int64
    public var stoppedAtMicroseconds: Int64
    public var loopEnabled: Bool
    public var cause: HapticPlayerStopCause

    public init(playerID: HapticPlayerID, startedAtMicroseconds: Int64, stoppedAtMicroseconds: Int64,
                loopEnabled: Bool, cause: HapticPlayerStopCause) {
        self.playerID = playerID
        self.startedAtMicroseconds = startedAtMicroseconds
        self.stoppedAtMicroseconds = stoppedAtMicroseconds
        self.loopEnabled = loopEnabled
        self.cause = cause
    }
}

/// The engine left `running`.
public struct HapticEngineStop: Hashable, Sendable {
    public var reason: HapticEngineStoppedReason
    public var atMicroseconds: Int64
    public var from: HapticEngineState
    /// "Haptic engine stopped: <raw>" when a stopped handler is installed (and the stop came
    /// from the OS rather than a server reset), else nil.
    public var logLine: String?
    /// Players cut short, in creation order.
    public var stoppedPlayers: [HapticPlayerStop]

    public init(reason: HapticEngineStoppedReason, atMicroseconds: Int64, from: HapticEngineState,
                logLine: String?, stoppedPlayers: [HapticPlayerStop]) {
        self.reason = reason
        self.atMicroseconds = atMicroseconds
        self.from = from
        self.logLine = logLine
        self.stoppedPlayers = stoppedPlayers
    }
}

/// One step of a haptic server reset, in the order it happened.
public enum HapticResetStep: Hashable, Sendable {
    /// Every player the engine held is invalid now (creation order).
    case playersInvalidated([HapticPlayerID])
    /// The engine went to `stopped(systemError)`; carries the players cut short.
    case engineStopped(HapticEngineStop)
    /// The reset handler's `try? engine.start()` succeeded.
    case restartedByResetHandler(atMicroseconds: Int64)
    /// The reset handler's start failed; `try?` swallows it, so there is no log line.
    case restartFailed(HapticError)
    /// No reset handler: the engine stays stopped until the next explicit start (failure mode 2).
    case stayedStopped
}

public enum HapticEngineOutcome: Hashable, Sendable {
    /// `supportsHaptics == false`: a no-op, never a crash.
    case noHardware(HapticEngineOperation)
    case created
    case createFailed(HapticError, logLine: String)
    case alreadyCreated(HapticEngineState)
    /// The operation needs an engine object and there is none.
    case notCreated(HapticEngineOperation)
    case started(from: HapticEngineState, atMicroseconds: Int64)
    /// `start()` is cheap when already running: nothing changes.
    case alreadyRunning(atMicroseconds: Int64)
    /// `logLine` is "Haptic engine failed: …" (manager start), "Play failed: …" (inside play), or nil.
    case startFailed(HapticError, logLine: String?)
    case stopped(HapticEngineStop)
    /// A stop request (OS event) while not running changes nothing.
    case notRunning(HapticEngineState, atMicroseconds: Int64)
    /// `checkIdle(at:)` before the deadline (nil: no deadline pending).
    case idleNotDue(deadlineMicroseconds: Int64?)
    case serverReset(atMicroseconds: Int64, steps: [HapticResetStep])
}
