/// Player operations on the engine (`makePlayer`, `makeAdvancedPlayer`, `start`, `stop`, release).
/// They live on the engine because a player can only sound while its engine runs, and a reset
/// must reach every player.

/// A player run that began.
public struct HapticPlayerStart: Hashable, Sendable {
    public var playerID: HapticPlayerID
    public var atMicroseconds: Int64
    public var loopEnabled: Bool
    public var loopEndMicroseconds: Int64
    public var playbackRate: Float
    /// Absolute natural end of this run; nil when looping (only a stop ends it).
    public var naturalEndMicroseconds: Int64?
    /// The previous run, cut here, when the player was started while still sounding.
    public var interruptedRun: HapticPlayerStop?

    public init(playerID: HapticPlayerID, atMicroseconds: Int64, loopEnabled: Bool, loopEndMicroseconds: Int64,
                playbackRate: Float, naturalEndMicroseconds: Int64?, interruptedRun: HapticPlayerStop?) {
        self.playerID = playerID
        self.atMicroseconds = atMicroseconds
        self.loopEnabled = loopEnabled
        self.loopEndMicroseconds = loopEndMicroseconds
        self.playbackRate = playbackRate
        self.naturalEndMicroseconds = naturalEndMicroseconds
        self.interruptedRun = interruptedRun
    }
}

public enum HapticPlayerOutcome: Hashable, Sendable {
    case created(HapticPlayerID, isAdvanced: Bool, loopEnabled: Bool, loopEndMicroseconds: Int64, playbackRate: Float)
    case noHardware(HapticEngineOperation)
    /// No engine object to make or drive players.
    case notCreated(HapticEngineOperation)
    case tooManyPlayers(limit: Int)
    case patternRefused(HapticPatternProblem)
    case playbackRateRefused(HapticPlaybackRateProblem)
    /// `loopEnd` outside 1…`HapticPlayer.maxLoopEndMicroseconds`.
    case loopEndRefused(loopEndMicroseconds: Int64)
    case started(HapticPlayerStart)
    case stopped(HapticPlayerStop)
    /// `stop` on a player that is not sounding (never started, finished, or already cut).
    case notPlaying(HapticPlayerID, atMicroseconds: Int64)
    /// The engine is not running: the "auto-shutdown without start()" regression lands here.
    case engineStopped(HapticPlayerID, state: HapticEngineState, logLine: String)
    /// Invalidated by a server reset.
    case playerInvalid(HapticPlayerID, logLine: String)
    case unknownPlayer(HapticPlayerID)
    case released(HapticPlayerID)
}

extension HapticEngine {
    /// The live player with this id, if any.
    public func player(_ id: HapticPlayerID) -> HapticPlayer? {
        players.first { $0.id == id }
    }

    /// `engine.makePlayer(with:)`: plays the pattern once at rate 1.
    public mutating func makePlayer(_ pattern: HapticPattern) -> HapticPlayerOutcome {
        addPlayer(pattern, isAdvanced: false, loopEnabled: false, loopEndMicroseconds: nil, playbackRate: 1)
    }

    /// `engine.makeAdvancedPlayer(with:)` with the article's settings; `loopEndMicroseconds`
    /// nil means `duration + 200_000`.
    public mutating func makeAdvancedPlayer(_ pattern: HapticPattern, loopEnabled: Bool = false,
                                            loopEndMicroseconds: Int64? = nil, playbackRate: Float = 1) -> HapticPlayerOutcome {
        addPlayer(pattern, isAdvanced: true, loopEnabled: loopEnabled, loopEndMicroseconds: loopEndMicroseconds,
                  playbackRate: playbackRate)
    }

    /// `player.start(atTime: CHHapticTimeImmediate)` at `t`. Requires a running engine; a
    /// sounding player restarts (its earlier run is reported as cut).
    public mutating func startPlayer(_ id: HapticPlayerID, at t: Int64) -> HapticPlayerOutcome {
        guard supportsHaptics else { return .noHardware(.startPlayer) }
        guard let index = players.firstIndex(where: { $0.id == id }) else { return .unknownPlayer(id) }
        guard players[index].valid else {
            return .playerInvalid(id, logLine: HapticLogLine.playFailed(.invalidPatternPlayer))
        }
        guard state == .running else {
            return .engineStopped(id, state: state, logLine: HapticLogLine.playFailed(.engineNotRunning))
        }
        var interrupted: HapticPlayerStop?
        if players[index].isSounding(atMicroseconds: t) {
            interrupted = players[index].end(at: t, cause: .restarted)
        }
        players[index].startedAtMicroseconds = t
        players[index].stoppedAtMicroseconds = nil
        lastActivityMicroseconds = max(lastActivityMicroseconds ?? t, t)
        let player = players[index]
        pruneReleasedPlayers(at: t)
        return .started(HapticPlayerStart(playerID: id, atMicroseconds: t, loopEnabled: player.loopEnabled,
                                          loopEndMicroseconds: player.loopEndMicroseconds,
                                          playbackRate: player.playbackRate,
                                          naturalEndMicroseconds: player.naturalEndMicroseconds,
                                          interruptedRun: interrupted))
    }

    /// `player.stop(atTime: CHHapticTimeImmediate)` at `t`; reports the absolute stop time.
    public mutating func stopPlayer(_ id: HapticPlayerID, at t: Int64) -> HapticPlayerOutcome {
        guard supportsHaptics else { return .noHardware(.stopPlayer) }
        guard let index = players.firstIndex(where: { $0.id == id }) else { return .unknownPlayer(id) }
        guard players[index].valid else {
            return .playerInvalid(id, logLine: HapticLogLine.playFailed(.invalidPatternPlayer))
        }
        guard players[index].isSounding(atMicroseconds: t),
              let stop = players[index].end(at: t, cause: .playerStopped) else {
            return .notPlaying(id, atMicroseconds: t)
        }
        lastActivityMicroseconds = max(lastActivityMicroseconds ?? t, t)
        pruneReleasedPlayers(at: t)
        return .stopped(stop)
    }

    /// The caller dropped its reference (ARC). A sounding player keeps playing and is forgotten
    /// once silent; a silent one is forgotten now, which frees a slot under the limit.
    public mutating func releasePlayer(_ id: HapticPlayerID, at t: Int64) -> HapticPlayerOutcome {
        guard supportsHaptics else { return .noHardware(.releasePlayer) }
        guard let index = players.firstIndex(where: { $0.id == id }) else { return .unknownPlayer(id) }
        players[index].retainedByCaller = false
        pruneReleasedPlayers(at: t)
        return .released(id)
    }

    private mutating func addPlayer(_ pattern: HapticPattern, isAdvanced: Bool, loopEnabled: Bool,
                                    loopEndMicroseconds: Int64?, playbackRate: Float) -> HapticPlayerOutcome {
        guard supportsHaptics else { return .noHardware(.makePlayer) }
        guard exists else { return .notCreated(.makePlayer) }
        guard players.count < Self.maxLivePlayers else { return .tooManyPlayers(limit: Self.maxLivePlayers) }
        if let problem = HapticPlayer.validate(pattern) { return .patternRefused(problem) }
        if let problem = HapticPlayer.problem(withRate: playbackRate) { return .playbackRateRefused(problem) }
        let duration = pattern.durationMicroseconds
        let loopEnd = loopEndMicroseconds ?? (duration + HapticPlayer.defaultLoopGapMicroseconds)
        guard loopEnd >= 1, loopEnd <= HapticPlayer.maxLoopEndMicroseconds else {
            return .loopEndRefused(loopEndMicroseconds: loopEnd)
        }
        let id = HapticPlayerID(rawValue: nextPlayerNumber)
        nextPlayerNumber += 1
        players.append(HapticPlayer(id: id, pattern: pattern, durationMicroseconds: duration, isAdvanced: isAdvanced,
                                    loopEnabled: loopEnabled, loopEndMicroseconds: loopEnd, playbackRate: playbackRate))
        return .created(id, isAdvanced: isAdvanced, loopEnabled: loopEnabled, loopEndMicroseconds: loopEnd,
                        playbackRate: playbackRate)
    }
}
