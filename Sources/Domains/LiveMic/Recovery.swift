import LockstepCore
import Platform

/// `AudioEventsHandler`: interruptions, route changes, media services resets and engine
/// configuration changes, each the article's policy.
extension LiveMic {
    static func audio(_ s: inout LiveMicState, _ e: AudioSystemEvent, _ world: inout World<LiveMic>) {
        switch s.session.handle(e, &world) {
        case .interruptionBegan:
            // The session ignores a nested began (wasLive kept from the first; Apple promises no pairs).
            s.wasLiveBeforeInterruption = s.engine.isRunning
            world.emit(Record("handler.interruption").word("phase", "began").bool("wasLive", s.wasLiveBeforeInterruption))
            stopEngine(&s, reason: "interruption", &world)
            stateChange(&s, false, reason: "interruption", &world)
        case .interruptionEnded(let shouldResume, _):
            let wasLive = s.wasLiveBeforeInterruption
            s.wasLiveBeforeInterruption = false
            guard wasLive && shouldResume else {
                // No onStateChange: the app stays visibly stopped (a mic that turns itself on is a privacy surprise).
                world.emit(Record("handler.interruption").word("phase", "ended").word("resume", "no")
                    .word("why", !wasLive ? "wasNotLive" : "noShouldResume"))
                return
            }
            world.emit(Record("handler.interruption").word("phase", "ended").word("resume", "yes"))
            do throws(LiveAudioError) {
                guard s.session.setActive(true, &world) else { throw .sessionActivationFailed }
                try startEngine(&s, &world)
                stateChange(&s, true, reason: "resumed", &world)
            } catch {
                stateChange(&s, false, reason: "resumeFailed", &world)
            }
        case .routeChanged(let reason, _, _):
            noteEchoCancellation(&s, &world)
            switch reason {
            case .oldDeviceUnavailable where !world.isOn(.keepLiveOnUnplug):
                // Stop before we howl: the audio would otherwise jump to the loudspeaker.
                stopEngine(&s, reason: "oldDeviceUnavailable", &world)
                stateChange(&s, false, reason: "oldDeviceUnavailable", &world)
            case .newDeviceAvailable, .categoryChange, .override, .oldDeviceUnavailable:
                restartIfNeeded(&s, reason: reason.word, &world)
            default:
                world.emit(Record("handler.route").word("reason", reason.word).word("action", "none"))
            }
        case .mediaServicesReset(let generation):
            stopEngine(&s, reason: "mediaServicesReset", &world)
            if world.isOn(.reuseNodesAfterReset) {
                world.emit(Record("handler.reset").int("generation", generation).word("engine", "kept")
                    .int("serial", s.engine.handle.serial).int("observerSerial", s.observerSerial))
            } else {
                // Every audio object is invalid: a new engine, defaults restored, the observer re-bound.
                s.engine = LiveEngine(handle: s.session.makeEngine(&world))
                s.observerSerial = s.engine.handle.serial
                world.emit(Record("handler.reset").int("generation", generation).word("engine", "rebuilt")
                    .int("serial", s.engine.handle.serial).int("observerSerial", s.observerSerial))
            }
            // GAP: the category and preferences are restored now; activation waits for the user's Start.
            try? configure(&s, activate: false, &world)
            stateChange(&s, false, reason: "mediaServicesReset", &world)
        case .engineConfigurationChanged(let input):
            // The system stopped the real engine; the intent flag is what makes the restart happen.
            let was = s.engine.realRunning
            s.engine.realRunning = false
            world.emit(Record("handler.configurationChange").bool("realWasRunning", was).bool("intent", s.engine.isRunning)
                .word("input", input.description).int("observerSerial", s.observerSerial))
            restartIfNeeded(&s, reason: "engineConfigurationChange", &world)
        case .granted:
            logGrant(s, &world)
        case .permissionAnswered(let answer, _):
            guard s.startPending else {
                world.emit(Record("handler.permission").word("answer", answer.rawValue).word("action", "none"))
                return
            }
            s.startPending = false
            if answer == .granted { startLive(&s, &world) } else { denied(&s, &world) }
        case .permissionChanged(_, let to):
            if to != .granted && s.isLive {
                world.emit(Record("handler.permission").word("settings", to.rawValue)
                    .string("effect", "the engine keeps running but captures only silence"))
            }
        case .inputFormatChanged(let f):
            world.emit(Record("handler.input").word("format", f.description)
                .string("effect", s.engine.isRunning ? "the running graph keeps its format until the next start" : "used at the next start"))
        case .echoCancelledInputAvailability:
            noteEchoCancellation(&s, &world)
        case .grantScripted, .silentSwitch, .activationPolicy, .ignored, .rejected:
            break
        }
    }

    /// `restartIfNeeded()`: only when the app means to be running; stop, then start with the
    /// input format of the moment (connections rebuilt). A failed start tells the view model.
    static func restartIfNeeded(_ s: inout LiveMicState, reason: String, _ world: inout World<LiveMic>) {
        guard s.engine.isRunning else {
            world.emit(Record("handler.restart").word("reason", reason).word("action", "none").word("why", "notRunning"))
            return
        }
        world.emit(Record("handler.restart").word("reason", reason).word("action", "restart"))
        stopEngine(&s, reason: reason, &world)
        do throws(LiveAudioError) {
            try startEngine(&s, &world)
        } catch {
            s.errorMessage = startFailurePrefix + error.description
            stateChange(&s, false, reason: "restartFailed", &world)
        }
    }

    /// `setVoiceProcessing(enabled)`: stop, change, restart if it was running (the input format may change).
    static func setVoiceProcessing(_ s: inout LiveMicState, _ on: Bool, _ world: inout World<LiveMic>) {
        let wasRunning = s.engine.isRunning
        stopEngine(&s, reason: "voiceProcessing", &world)
        s.engine.voiceProcessing = on
        world.emit(Record("voiceProcessing").bool("enabled", on).bool("agc", false).bool("restart", wasRunning))
        guard wasRunning else { return }
        do throws(LiveAudioError) {
            try startEngine(&s, &world)
        } catch {
            s.errorMessage = startFailurePrefix + error.description
            stateChange(&s, false, reason: "restartFailed", &world)
        }
    }
}
