import Testing
@testable import Platform

@Suite struct HapticPlayerTests {
    @Test func advancedPlayerLoopEndDefaultsToDurationPlusGap() {
        var e = runningEngine()
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true)
                == .created(HapticPlayerID(rawValue: 1), isAdvanced: true, loopEnabled: true, loopEndMicroseconds: 1_150_000, playbackRate: 1))
        #expect(e.player(HapticPlayerID(rawValue: 1))?.wallLoopPeriodMicroseconds == 1_150_000)
    }

    @Test func explicitLoopEndIsKeptAndBadOnesRefused() {
        var e = runningEngine()
        #expect(createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true, loopEndMicroseconds: 2_000_000)).flatMap { e.player($0)?.loopEndMicroseconds } == 2_000_000)
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, loopEndMicroseconds: 0) == .loopEndRefused(loopEndMicroseconds: 0))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, loopEndMicroseconds: Int64.max) == .loopEndRefused(loopEndMicroseconds: Int64.max))
    }

    @Test func playbackRateBoundsInclusiveAndRefusalsOutside() {
        var e = runningEngine()
        #expect(createdID(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 0.5)) != nil)
        #expect(createdID(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 2.0)) != nil)
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 0.49) == .playbackRateRefused(.belowMinimum))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 2.01) == .playbackRateRefused(.aboveMaximum))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 0) == .playbackRateRefused(.belowMinimum))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: -1) == .playbackRateRefused(.belowMinimum))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: .nan) == .playbackRateRefused(.notANumber))
        #expect(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: .infinity) == .playbackRateRefused(.aboveMaximum))
    }

    @Test func rateScalesLoopPeriodAndNaturalEnd() {
        var e = runningEngine()
        let fast = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true, playbackRate: 2))!
        let slow = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, playbackRate: 0.5))!
        #expect(e.player(fast)?.wallLoopPeriodMicroseconds == 575_000)
        _ = e.startPlayer(slow, at: 1_000)
        #expect(e.player(slow)?.naturalEndMicroseconds == 1_901_000)
    }

    @Test func startRequiresRunningEngine() {
        var e = runningEngine()
        let id = createdID(e.makePlayer(feedbackHeartbeat))!
        _ = e.idle(at: 10)
        #expect(e.startPlayer(id, at: 20) == .engineStopped(id, state: .stopped(.idleTimeout), logLine: "Play failed: engineNotRunning (-4805)"))
    }

    @Test func playSkippingEngineStartAfterIdleIsSilent() {
        var e = runningEngine()
        _ = e.idle(at: 10)
        let steps = e.play(feedbackHeartbeat, at: 20, startEngine: false)
        #expect(steps.count == 2)
        #expect(steps.last == .player(.engineStopped(HapticPlayerID(rawValue: 1), state: .stopped(.idleTimeout),
                                                     logLine: "Play failed: engineNotRunning (-4805)")))
        #expect(e.players.isEmpty)
    }

    @Test func playStartsEngineThenPlayer() {
        var e = runningEngine()
        _ = e.idle(at: 10)
        let steps = e.play(feedbackHeartbeat, at: 20)
        #expect(steps == [
            .player(.created(HapticPlayerID(rawValue: 1), isAdvanced: false, loopEnabled: false, loopEndMicroseconds: 1_150_000, playbackRate: 1)),
            .engine(.started(from: .stopped(.idleTimeout), atMicroseconds: 20)),
            .player(.started(HapticPlayerStart(playerID: HapticPlayerID(rawValue: 1), atMicroseconds: 20, loopEnabled: false,
                                               loopEndMicroseconds: 1_150_000, playbackRate: 1,
                                               naturalEndMicroseconds: 950_020, interruptedRun: nil))),
        ])
    }

    @Test func playEngineStartFailureLogsPlayFailed() {
        var e = runningEngine()
        _ = e.backgrounded(at: 1)
        e.pendingStartFailure = .resourceNotAvailable
        let steps = e.play(feedbackHeartbeat, at: 2)
        #expect(steps.last == .engine(.startFailed(.resourceNotAvailable, logLine: "Play failed: resourceNotAvailable (-4825)")))
        #expect(e.players.isEmpty)
    }

    @Test func playWithoutEngineDoesNothing() {
        var e = HapticEngine(supportsHaptics: true)
        #expect(e.play(feedbackHeartbeat, at: 0) == [.engine(.notCreated(.play))])
    }

    @Test func backgroundingMidPatternReportsAbsoluteStopTime() {
        var e = runningEngine()
        let id = HapticEngine.playerID(in: e.play(feedbackHeartbeat, at: 0))!
        guard case .stopped(let stop) = e.backgrounded(at: 500_000) else { Issue.record("not stopped"); return }
        #expect(stop.stoppedPlayers == [HapticPlayerStop(playerID: id, startedAtMicroseconds: 0, stoppedAtMicroseconds: 500_000,
                                                         loopEnabled: false, cause: .engineStopped(.applicationSuspended))])
        // Foreground later: the next play works.
        let again = e.play(feedbackHeartbeat, at: 3_000_000)
        #expect(again.contains(.engine(.started(from: .stopped(.applicationSuspended), atMicroseconds: 3_000_000))))
        #expect(e.player(HapticEngine.playerID(in: again)!)?.isSounding(atMicroseconds: 3_100_000) == true)
    }

    @Test func finishedPlayerIsNotCutByLaterStop() {
        var e = runningEngine()
        _ = e.play(feedbackHeartbeat, at: 0)
        guard case .stopped(let stop) = e.backgrounded(at: 950_000) else { Issue.record("not stopped"); return }
        #expect(stop.stoppedPlayers.isEmpty) // natural end is exclusive: 950_000 is already over
    }

    @Test func explicitStopReportsTimeAndSecondStopIsNotPlaying() {
        var e = runningEngine()
        let id = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true))!
        _ = e.startPlayer(id, at: 0)
        #expect(e.stopPlayer(id, at: 15_000_000) == .stopped(HapticPlayerStop(playerID: id, startedAtMicroseconds: 0,
                                                                               stoppedAtMicroseconds: 15_000_000, loopEnabled: true, cause: .playerStopped)))
        #expect(e.stopPlayer(id, at: 15_000_001) == .notPlaying(id, atMicroseconds: 15_000_001))
        #expect(e.player(id)?.renderEndMicroseconds == 15_000_000)
    }

    @Test func restartWhileSoundingReportsInterruptedRun() {
        var e = runningEngine()
        let id = createdID(e.makePlayer(feedbackHeartbeat))!
        _ = e.startPlayer(id, at: 0)
        guard case .started(let start) = e.startPlayer(id, at: 400_000) else { Issue.record("not started"); return }
        #expect(start.interruptedRun?.stoppedAtMicroseconds == 400_000)
        #expect(start.interruptedRun?.cause == .restarted)
        #expect(start.naturalEndMicroseconds == 1_350_000)
    }

    @Test func serverResetInvalidatesLoopingPlayerAndCutsIt() {
        var e = runningEngine()
        let loop = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true))!
        _ = e.startPlayer(loop, at: 0)
        guard case .serverReset(_, let steps) = e.serverReset(at: 3_000_000),
              case .engineStopped(let stop) = steps[1] else { Issue.record("no reset"); return }
        #expect(stop.stoppedPlayers.map(\.cause) == [.serverReset])
        #expect(stop.stoppedPlayers.map(\.stoppedAtMicroseconds) == [3_000_000])
        #expect(e.state == .running)
        #expect(e.startPlayer(loop, at: 3_100_000) == .playerInvalid(loop, logLine: "Play failed: invalidPatternPlayer (-4812)"))
        #expect(e.stopPlayer(loop, at: 3_100_000) == .playerInvalid(loop, logLine: "Play failed: invalidPatternPlayer (-4812)"))
        // A fresh player after the reset works.
        let fresh = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true))!
        #expect(e.startPlayer(fresh, at: 3_100_000) != .playerInvalid(fresh, logLine: "Play failed: invalidPatternPlayer (-4812)"))
        #expect(e.player(fresh)?.valid == true)
    }

    @Test func unknownPlayerIsAnOutcome() {
        var e = runningEngine()
        let ghost = HapticPlayerID(rawValue: 99)
        #expect(e.startPlayer(ghost, at: 0) == .unknownPlayer(ghost))
        #expect(e.stopPlayer(ghost, at: 0) == .unknownPlayer(ghost))
        #expect(e.releasePlayer(ghost, at: 0) == .unknownPlayer(ghost))
    }

    @Test func livePlayerLimitAndReleaseFreesSlot() {
        var e = runningEngine()
        var last: HapticPlayerID?
        for _ in 0..<HapticEngine.maxLivePlayers { last = createdID(e.makePlayer(feedbackHeartbeat)) }
        #expect(e.players.count == 1_000)
        #expect(e.makePlayer(feedbackHeartbeat) == .tooManyPlayers(limit: 1_000))
        _ = e.releasePlayer(last!, at: 0)
        #expect(createdID(e.makePlayer(feedbackHeartbeat)) == HapticPlayerID(rawValue: 1_001))
    }

    @Test func fireAndForgetPlaysDoNotAccumulate() {
        var e = runningEngine()
        for i in 0..<2_000 { _ = e.play(feedbackHeartbeat, at: Int64(i) * 1_000_000) }
        #expect(e.players.count == 1)
    }

    @Test func releasedSoundingPlayerKeepsPlayingUntilDone() {
        var e = runningEngine()
        let id = createdID(e.makePlayer(feedbackHeartbeat))!
        _ = e.startPlayer(id, at: 0)
        _ = e.releasePlayer(id, at: 100)
        #expect(e.player(id) != nil)
        _ = e.releasePlayer(createdID(e.makePlayer(feedbackHeartbeat))!, at: 2_000_000)
        #expect(e.player(id) == nil)
    }

    @Test func makePlayerNeedsEngineObject() {
        var e = HapticEngine(supportsHaptics: true)
        #expect(e.makePlayer(feedbackHeartbeat) == .notCreated(.makePlayer))
    }

    @Test func outOfRangePatternIsRefusedNotTrapped() {
        var e = runningEngine()
        let huge = HapticPattern(events: [HapticEvent(.continuous(durationMicroseconds: Int64.max), timeMicroseconds: Int64.max,
                                                      intensity: 1, sharpness: 1)])
        #expect(e.makePlayer(huge) == .patternRefused(.timeOutOfRange))
        let negative = HapticPattern(events: [HapticEvent(.transient, timeMicroseconds: -1, intensity: 1, sharpness: 1)])
        #expect(e.makePlayer(negative) == .patternRefused(.timeOutOfRange))
        let badCurve = HapticPattern(events: [], curves: [HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0,
                                                                               points: [HapticCurvePoint(timeMicroseconds: Int64.min, value: 0)])])
        #expect(e.makePlayer(badCurve) == .patternRefused(.timeOutOfRange))
        let many = HapticPattern(events: Array(repeating: HapticEvent(.transient, timeMicroseconds: 0, intensity: 1, sharpness: 1),
                                               count: HapticPlayer.maxPatternEvents + 1))
        #expect(e.makePlayer(many) == .patternRefused(.tooManyEvents(limit: HapticPlayer.maxPatternEvents)))
    }
}
