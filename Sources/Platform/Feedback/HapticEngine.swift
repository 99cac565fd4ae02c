/// A `CHHapticEngine` model on a virtual clock: lifecycle, OS events, the auto-shutdown idle timer
/// and the server reset, with the article's handlers as flags a fault can remove. The engine owns
/// its players because a server reset must invalidate every one of them at once.
public struct HapticEngine: Hashable, Sendable {
    /// The article's GAP proposal for the system-defined auto-shutdown delay.
    public static let defaultIdleTimeoutMicroseconds: Int64 = 10_000_000
    /// Upper bound for the idle-timeout knob (one hour).
    public static let maxIdleTimeoutMicroseconds: Int64 = 3_600_000_000
    /// Players held at once; a new player per play must not grow without bound.
    public static let maxLivePlayers = 1_000

    /// `CHHapticEngine.capabilitiesForHardware().supportsHaptics`.
    public let supportsHaptics: Bool
    public let idleTimeoutMicroseconds: Int64
    public internal(set) var state: HapticEngineState

    /// The article sets both to true; settable so a scenario can vary them.
    public var playsHapticsOnly = true
    public var isAutoShutdownEnabled = true
    /// The article's `stoppedHandler` (logs, never restarts) and `resetHandler` (`try? start()`).
    public var hasStoppedHandler = true
    public var hasResetHandler = true

    /// Injected faults, consumed by the next `create()` / start attempt.
    public var pendingCreateFailure: HapticError?
    public var pendingStartFailure: HapticError?

    /// Live players in creation order (an Array, so iteration order is the creation order).
    public internal(set) var players: [HapticPlayer] = []
    var nextPlayerNumber = 1
    /// Last engine start or player start/stop: the idle timer counts from the latest of this and
    /// the natural end of every sounding player.
    var lastActivityMicroseconds: Int64?

    public init(supportsHaptics: Bool,
                idleTimeoutMicroseconds: Int64 = HapticEngine.defaultIdleTimeoutMicroseconds) {
        self.supportsHaptics = supportsHaptics
        self.idleTimeoutMicroseconds = SaturatingTime.clamp(idleTimeoutMicroseconds, to: 0...Self.maxIdleTimeoutMicroseconds)
        self.state = supportsHaptics ? .none : .notSupported
    }

    /// True when an engine object exists (running or not).
    public var exists: Bool {
        switch state {
        case .notSupported, .none: return false
        case .created, .running, .stopped: return true
        }
    }

    // MARK: Lifecycle

    /// `try CHHapticEngine()`.
    public mutating func create() -> HapticEngineOutcome {
        guard supportsHaptics else { return .noHardware(.create) }
        guard state == .none else { return .alreadyCreated(state) }
        if let failure = pendingCreateFailure {
            pendingCreateFailure = nil
            return .createFailed(failure, logLine: HapticLogLine.engineFailed(failure))
        }
        state = .created
        return .created
    }

    /// `try engine.start()`: cheap when already running, needed after any stop.
    public mutating func start(at t: Int64) -> HapticEngineOutcome {
        start(at: t, failureLog: HapticLogLine.engineFailed)
    }

    /// The article's `HapticEngineManager.start()`: guard hardware, create, set both flags,
    /// start; any failure logs "Haptic engine failed: …" and leaves no engine (state `none`).
    public mutating func createAndStart(at t: Int64) -> [HapticEngineOutcome] {
        guard supportsHaptics else { return [.noHardware(.create)] }
        let created = create()
        guard created == .created else { return [created] }
        playsHapticsOnly = true
        isAutoShutdownEnabled = true
        let started = start(at: t)
        if case .startFailed = started { state = .none }
        return [created, started]
    }

    /// The OS stopped the engine (any reason). Sounding players end at `t`; the stopped handler
    /// logs but does not restart.
    public mutating func stop(reason: HapticEngineStoppedReason, at t: Int64) -> HapticEngineOutcome {
        guard supportsHaptics else { return .noHardware(.stop) }
        guard state == .running else { return .notRunning(state, atMicroseconds: t) }
        let from = state
        let cut = stopSoundingPlayers(at: t, cause: .engineStopped(reason))
        state = .stopped(reason)
        pruneReleasedPlayers(at: t)
        return .stopped(HapticEngineStop(reason: reason, atMicroseconds: t, from: from,
                                         logLine: hasStoppedHandler ? HapticLogLine.engineStopped(reason) : nil,
                                         stoppedPlayers: cut))
    }

    /// App went to the background → `stopped(applicationSuspended)`.
    public mutating func backgrounded(at t: Int64) -> HapticEngineOutcome {
        stop(reason: .applicationSuspended, at: t)
    }

    /// Audio session interruption began → `stopped(audioSessionInterrupt)`.
    public mutating func interruptionBegan(at t: Int64) -> HapticEngineOutcome {
        stop(reason: .audioSessionInterrupt, at: t)
    }

    /// The OS says the engine auto-shut down → `stopped(idleTimeout)`, unconditionally (an explicit
    /// scenario event); use `checkIdle(at:)` to drive it from the idle timer instead.
    public mutating func idle(at t: Int64) -> HapticEngineOutcome {
        stop(reason: .idleTimeout, at: t)
    }

    /// When auto-shutdown would stop the engine by itself: `idleTimeout` after the later of the
    /// last activity and the natural end of every sounding player. Nil when not running,
    /// auto-shutdown is off, or a looping player keeps the engine busy.
    public var nextIdleDeadline: Int64? {
        guard state == .running, isAutoShutdownEnabled, var latest = lastActivityMicroseconds else { return nil }
        for player in players where player.valid && player.startedAtMicroseconds != nil && player.stoppedAtMicroseconds == nil {
            guard let end = player.naturalEndMicroseconds else { return nil }
            latest = max(latest, end)
        }
        return SaturatingTime.add(latest, idleTimeoutMicroseconds)
    }

    /// The caller's idle timer fired: stops with `idleTimeout`, dated at the deadline itself,
    /// when the deadline has been reached; otherwise reports the (possibly moved) deadline.
    public mutating func checkIdle(at t: Int64) -> HapticEngineOutcome {
        guard supportsHaptics else { return .noHardware(.checkIdle) }
        guard let deadline = nextIdleDeadline, deadline <= t else {
            return .idleNotDue(deadlineMicroseconds: nextIdleDeadline)
        }
        return stop(reason: .idleTimeout, at: deadline)
    }

    /// The haptic server reset: every player invalid, engine stopped (`systemError`; the stopped
    /// handler is not the notification for this, so no log line), then the reset handler's
    /// `try? start()` if installed. Held players are NOT rebuilt (failure mode 11).
    public mutating func serverReset(at t: Int64) -> HapticEngineOutcome {
        guard supportsHaptics else { return .noHardware(.serverReset) }
        guard exists else { return .notCreated(.serverReset) }
        let from = state
        let cut = stopSoundingPlayers(at: t, cause: .serverReset)
        var invalidated: [HapticPlayerID] = []
        for index in players.indices where players[index].valid {
            players[index].valid = false
            invalidated.append(players[index].id)
        }
        state = .stopped(.systemError)
        var steps: [HapticResetStep] = [
            .playersInvalidated(invalidated),
            .engineStopped(HapticEngineStop(reason: .systemError, atMicroseconds: t, from: from,
                                            logLine: nil, stoppedPlayers: cut)),
        ]
        if hasResetHandler {
            switch start(at: t, failureLog: nil) {
            case .startFailed(let error, _): steps.append(.restartFailed(error))
            default: steps.append(.restartedByResetHandler(atMicroseconds: t))
            }
        } else {
            steps.append(.stayedStopped)
        }
        pruneReleasedPlayers(at: t)
        return .serverReset(atMicroseconds: t, steps: steps)
    }

    // MARK: Internals shared with the player operations

    /// Start with a context-dependent failure log (manager: "Haptic engine failed", play():
    /// "Play failed", reset handler's `try?`: none).
    mutating func start(at t: Int64, failureLog: ((HapticError) -> String)?) -> HapticEngineOutcome {
        guard supportsHaptics else { return .noHardware(.start) }
        switch state {
        case .notSupported, .none:
            return .notCreated(.start)
        case .running:
            return .alreadyRunning(atMicroseconds: t)
        case .created, .stopped:
            if let failure = pendingStartFailure {
                pendingStartFailure = nil
                return .startFailed(failure, logLine: failureLog?(failure))
            }
            let from = state
            state = .running
            lastActivityMicroseconds = t
            return .started(from: from, atMicroseconds: t)
        }
    }

    /// Ends every player still sounding at `t` and reports it (creation order).
    mutating func stopSoundingPlayers(at t: Int64, cause: HapticPlayerStopCause) -> [HapticPlayerStop] {
        var cut: [HapticPlayerStop] = []
        for index in players.indices where players[index].isSounding(atMicroseconds: t) {
            if let stop = players[index].end(at: t, cause: cause) { cut.append(stop) }
        }
        return cut
    }

    /// Drops players the caller released once they are silent (ARC keeps a playing one alive).
    /// A pruned player's natural end is folded into the last activity first, so forgetting it
    /// cannot pull the idle deadline earlier.
    mutating func pruneReleasedPlayers(at t: Int64) {
        for player in players where !player.retainedByCaller && !player.isSounding(atMicroseconds: t) {
            if player.valid, player.stoppedAtMicroseconds == nil, let end = player.naturalEndMicroseconds {
                lastActivityMicroseconds = max(lastActivityMicroseconds ?? end, end)
            }
        }
        players.removeAll { !$0.retainedByCaller && !$0.isSounding(atMicroseconds: t) }
    }
}
