import LockstepCore
import Platform

/// The screen's audio: the session in `.measurement` mode (no automatic gain or voice EQ on the
/// signal being measured), the permission, the mic sampler (input format check, tap, engine),
/// and releasing all of it when the screen goes or the app backgrounds.
extension Tuner {
    static func appear(_ s: inout TunerState, _ world: inout World<Tuner>) {
        if s.screenVisible { world.reject("appear", "alreadyVisible"); return }
        s.screenVisible = true
        world.emit(Record("screen").word("state", "visible"))
        switch s.session.permission.state {
        case .denied:
            world.emit(Record("permission").word("state", "denied").string("show", "Open Settings to let Guitar Tuner use the microphone"))
        case .undetermined:
            switch s.session.requestRecordPermission(os: s.os, &world) {
            case .answered(let granted): if granted { startListening(&s, &world) }
            case .prompting, .alreadyPrompting: break  // the answer comes as `audio permission answer=`
            }
        case .granted:
            startListening(&s, &world)
        }
    }

    /// `TunerSession.activate` and `MicSampler.start`.
    static func startListening(_ s: inout TunerState, _ world: inout World<Tuner>) {
        guard s.screenVisible, !s.engineRunning, s.session.permission.state == .granted else { return }
        let mode: AudioMode = world.isOn(.voiceChatMode) ? .voiceChat : .measurement
        s.session.setCategory(.record, mode: mode, options: [], &world)
        _ = s.session.setPreferredSampleRate(48_000, &world)
        guard s.session.setActive(true, &world) else { return }
        let input = s.session.inputFormat
        guard input.isUsable, input.sampleRateHz.rounded() == input.sampleRateHz, input.sampleRateHz <= 384_000 else {
            world.emit(Record("error").word("domain", "Tuner").int("code", 1).string("message", "No microphone input available")
                .word("format", input.description))
            _ = s.session.setActive(false, notifyOthers: true, &world)
            return
        }
        s.tapFormat = PCMFormat(sampleRateHz: Int(input.sampleRateHz), channels: input.channels)
        s.tapInstalled = true
        s.engineRunning = true
        s.window.clear()
        world.emit(Record("tap").word("state", "installed").int("bufferSize", 4096).word("format", s.tapFormat!.description))
        world.emit(Record("engine").word("state", "running"))
    }

    /// `MicSampler.stop` and `TunerSession.deactivate`: the smoother and readout reset too.
    static func stopListening(_ s: inout TunerState, reason: String, _ world: inout World<Tuner>) {
        guard s.engineRunning || s.tapInstalled else { return }
        s.tapInstalled = false
        s.engineRunning = false
        s.tapFormat = nil
        s.window.clear()
        s.smoother.reset()
        s.lastDisplayedHz = nil
        world.emit(Record("tap").word("state", "removed").word("reason", reason))
        world.emit(Record("engine").word("state", "stopped"))
        _ = s.session.setActive(false, notifyOthers: true, &world)
    }

    static func disappear(_ s: inout TunerState, _ world: inout World<Tuner>) {
        guard s.screenVisible else { world.reject("disappear", "notVisible"); return }
        s.screenVisible = false
        world.emit(Record("screen").word("state", "hidden"))
        if s.releasesMic { stopListening(&s, reason: "screenHidden", &world) }
    }

    static func lifecycle(_ s: inout TunerState, _ line: LifecycleLine, _ world: inout World<Tuner>) {
        guard line.process == "app" else {
            world.reject(LifecycleVocabulary.kind, "noExtensions") { $0.word("process", line.process) }
            return
        }
        _ = s.life.handle(line.event, &world)
        switch line.event {
        case .enterBackground:
            if s.releasesMic { stopListening(&s, reason: "background", &world) } else if s.engineRunning {
                world.emit(Record("mic").word("state", "stillInUse").string("why", "the engine was not stopped on background"))
            }
        case .enterForeground:
            if s.screenVisible, s.session.permission.state == .granted { startListening(&s, &world) }
        default: break
        }
    }

    static func audio(_ s: inout TunerState, _ event: AudioSystemEvent, _ world: inout World<Tuner>) {
        let notice = s.session.handle(event, &world)
        switch notice {
        case .permissionAnswered(let state, _):
            if state == .granted { startListening(&s, &world) } else {
                world.emit(Record("permission").word("state", "denied").string("show", "Open Settings to let Guitar Tuner use the microphone"))
            }
        case .permissionChanged(_, let to):
            // Revoking the microphone in Settings ends the app's access at once: stop listening.
            if to != .granted, s.engineRunning { stopListening(&s, reason: "permissionRevoked", &world) }
            if to == .granted, s.screenVisible { startListening(&s, &world) }
        case .interruptionBegan:
            // Same as a stop: the readout resets (a GAP; the article does not say).
            if s.engineRunning { stopListening(&s, reason: "interruption", &world) }
        case .interruptionEnded(let shouldResume, _):
            if shouldResume, s.screenVisible { startListening(&s, &world) }
        case .mediaServicesReset:
            s.tapInstalled = false
            s.engineRunning = false
            s.tapFormat = nil
            if s.screenVisible { startListening(&s, &world) }
        default: break
        }
    }
}
