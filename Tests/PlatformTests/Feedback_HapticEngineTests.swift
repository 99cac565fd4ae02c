import Testing
@testable import Platform

@Suite struct HapticEngineTests {
    @Test func stoppedReasonRawValuesMatchApple() {
        #expect(HapticEngineStoppedReason.allCases.map(\.rawValue) == [1, 2, 3, 4, 5, 6, -1])
    }

    @Test func noHardwareEngineRefusesEverything() {
        var e = HapticEngine(supportsHaptics: false)
        #expect(e.state == .notSupported)
        #expect(e.createAndStart(at: 0) == [.noHardware(.create)])
        #expect(e.start(at: 0) == .noHardware(.start))
        #expect(e.makePlayer(feedbackHeartbeat) == .noHardware(.makePlayer))
        #expect(e.play(feedbackHeartbeat, at: 0) == [.engine(.noHardware(.play))])
        #expect(e.serverReset(at: 0) == .noHardware(.serverReset))
        #expect(e.state == .notSupported)
    }

    @Test func createThenStartGoesNoneCreatedRunning() {
        var e = HapticEngine(supportsHaptics: true)
        #expect(e.state == .none)
        #expect(e.start(at: 0) == .notCreated(.start))
        #expect(e.create() == .created)
        #expect(e.state == .created)
        #expect(e.create() == .alreadyCreated(.created))
        #expect(e.start(at: 10) == .started(from: .created, atMicroseconds: 10))
        #expect(e.state == .running)
        #expect(e.playsHapticsOnly && e.isAutoShutdownEnabled)
    }

    @Test func startWhenRunningIsCheap() {
        var e = runningEngine()
        #expect(e.start(at: 50) == .alreadyRunning(atMicroseconds: 50))
        #expect(e.state == .running)
    }

    @Test func createFailureLogsAndLeavesNoEngine() {
        var e = HapticEngine(supportsHaptics: true)
        e.pendingCreateFailure = .serverInitFailed
        #expect(e.createAndStart(at: 0) == [.createFailed(.serverInitFailed, logLine: "Haptic engine failed: serverInitFailed (-4810)")])
        #expect(e.state == .none)
    }

    @Test func firstStartFailureLogsAndDropsEngine() {
        var e = HapticEngine(supportsHaptics: true)
        e.pendingStartFailure = .engineStartTimeout
        let out = e.createAndStart(at: 0)
        #expect(out == [.created, .startFailed(.engineStartTimeout, logLine: "Haptic engine failed: engineStartTimeout (-4808)")])
        #expect(e.state == .none)
    }

    @Test func backgroundedStopsWithApplicationSuspendedAndLogs() {
        var e = runningEngine()
        let out = e.backgrounded(at: 500_000)
        #expect(out == .stopped(HapticEngineStop(reason: .applicationSuspended, atMicroseconds: 500_000, from: .running,
                                                 logLine: "Haptic engine stopped: 2", stoppedPlayers: [])))
        #expect(e.state == .stopped(.applicationSuspended))
    }

    @Test func interruptionStopsWithAudioSessionInterrupt() {
        var e = runningEngine()
        guard case .stopped(let stop) = e.interruptionBegan(at: 1) else { Issue.record("not stopped"); return }
        #expect(stop.logLine == "Haptic engine stopped: 1")
        #expect(e.state == .stopped(.audioSessionInterrupt))
    }

    @Test func idleStopsWithIdleTimeout() {
        var e = runningEngine()
        guard case .stopped(let stop) = e.idle(at: 1) else { Issue.record("not stopped"); return }
        #expect(stop.logLine == "Haptic engine stopped: 3")
        #expect(e.state == .stopped(.idleTimeout))
    }

    @Test func systemErrorLogsMinusOneAndNoLogWithoutStoppedHandler() {
        var e = runningEngine()
        guard case .stopped(let s1) = e.stop(reason: .systemError, at: 1) else { Issue.record("not stopped"); return }
        #expect(s1.logLine == "Haptic engine stopped: -1")
        _ = e.start(at: 2)
        e.hasStoppedHandler = false
        guard case .stopped(let s2) = e.stop(reason: .gameControllerDisconnect, at: 3) else { Issue.record("not stopped"); return }
        #expect(s2.logLine == nil)
        #expect(e.state == .stopped(.gameControllerDisconnect))
    }

    @Test func stopWhenNotRunningChangesNothing() {
        var e = runningEngine()
        _ = e.backgrounded(at: 1)
        #expect(e.interruptionBegan(at: 2) == .notRunning(.stopped(.applicationSuspended), atMicroseconds: 2))
        #expect(e.state == .stopped(.applicationSuspended))
    }

    @Test func stoppedEngineRestartsOnExplicitStart() {
        var e = runningEngine()
        _ = e.backgrounded(at: 1)
        #expect(e.start(at: 3_000_000) == .started(from: .stopped(.applicationSuspended), atMicroseconds: 3_000_000))
    }

    @Test func serverResetWithResetHandlerRestarts() {
        var e = runningEngine()
        let id = createdID(e.makePlayer(feedbackHeartbeat))!
        let out = e.serverReset(at: 2_000_000)
        #expect(out == .serverReset(atMicroseconds: 2_000_000, steps: [
            .playersInvalidated([id]),
            .engineStopped(HapticEngineStop(reason: .systemError, atMicroseconds: 2_000_000, from: .running,
                                            logLine: nil, stoppedPlayers: [])),
            .restartedByResetHandler(atMicroseconds: 2_000_000),
        ]))
        #expect(e.state == .running)
        #expect(e.player(id)?.valid == false)
    }

    @Test func serverResetWithoutResetHandlerStaysStoppedUntilPlay() {
        var e = runningEngine()
        e.hasResetHandler = false
        guard case .serverReset(_, let steps) = e.serverReset(at: 1) else { Issue.record("no reset"); return }
        #expect(steps.last == .stayedStopped)
        #expect(e.state == .stopped(.systemError))
        let steps2 = e.play(feedbackHeartbeat, at: 2)
        #expect(steps2.contains(.engine(.started(from: .stopped(.systemError), atMicroseconds: 2))))
        #expect(e.state == .running)
    }

    @Test func serverResetRestartFailureIsSilent() {
        var e = runningEngine()
        e.pendingStartFailure = .serverInterrupted
        guard case .serverReset(_, let steps) = e.serverReset(at: 1) else { Issue.record("no reset"); return }
        #expect(steps.last == .restartFailed(.serverInterrupted))
        #expect(e.state == .stopped(.systemError))
    }

    @Test func serverResetWithoutEngineIsRefused() {
        var e = HapticEngine(supportsHaptics: true)
        #expect(e.serverReset(at: 0) == .notCreated(.serverReset))
    }

    @Test func idleDeadlineCountsFromLastPlayerEnd() {
        var e = runningEngine(at: 0)
        #expect(e.nextIdleDeadline == 10_000_000)
        _ = e.play(feedbackHeartbeat, at: 1_000_000)
        #expect(e.nextIdleDeadline == 11_950_000)
        #expect(e.checkIdle(at: 11_949_999) == .idleNotDue(deadlineMicroseconds: 11_950_000))
        guard case .stopped(let stop) = e.checkIdle(at: 12_000_000) else { Issue.record("not stopped"); return }
        #expect(stop.reason == .idleTimeout)
        #expect(stop.atMicroseconds == 11_950_000)
        #expect(e.nextIdleDeadline == nil)
    }

    @Test func idleDeadlineSurvivesPruningOfFinishedPlayer() {
        var e = runningEngine(at: 0)
        _ = e.play(feedbackHeartbeat, at: 1_000_000)
        let other = createdID(e.makePlayer(feedbackHeartbeat))!
        #expect(e.releasePlayer(other, at: 3_000_000) == .released(other)) // prunes the finished feedbackHeartbeat
        #expect(e.players.isEmpty)
        #expect(e.nextIdleDeadline == 11_950_000)
    }

    @Test func loopingPlayerSuppressesIdleDeadline() {
        var e = runningEngine()
        let id = createdID(e.makeAdvancedPlayer(feedbackHeartbeat, loopEnabled: true))!
        _ = e.startPlayer(id, at: 0)
        #expect(e.nextIdleDeadline == nil)
        _ = e.stopPlayer(id, at: 15_000_000)
        #expect(e.nextIdleDeadline == 25_000_000)
    }

    @Test func autoShutdownDisabledHasNoDeadline() {
        var e = runningEngine()
        e.isAutoShutdownEnabled = false
        #expect(e.nextIdleDeadline == nil)
        #expect(e.checkIdle(at: Int64.max) == .idleNotDue(deadlineMicroseconds: nil))
    }

    @Test func configurableIdleTimeout() {
        var e = HapticEngine(supportsHaptics: true, idleTimeoutMicroseconds: 2_000_000)
        _ = e.createAndStart(at: 100)
        #expect(e.nextIdleDeadline == 2_000_100)
    }
}
