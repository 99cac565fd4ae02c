import LockstepCore
import Platform

extension LiveMic {
    public static func reduce(_ s: inout LiveMicState, _ event: LiveMicEvent, _ world: inout World<LiveMic>) {
        guard !s.terminated else {
            s.rejectedInputs += 1
            // The cause is in the earlier `app.terminated` record.
            world.reject(kind(of: event), "terminated")
            return
        }
        switch event {
        case .tap:
            toggle(&s, &world)
        case .control(let name, let value):
            setControl(&s, name, value, &world)
        case .voiceProcessing(let on):
            setVoiceProcessing(&s, on, &world)
        case .speaker(let on):
            let before = s.session.route
            s.session.overrideOutputToSpeaker(on, &world)
            world.emit(Record("speaker").bool("on", on).word("output", s.session.route.output.rawValue).bool("moved", s.session.route != before))
            noteEchoCancellation(&s, &world)
            if s.session.route != before { restartIfNeeded(&s, reason: "override", &world) }
        case .bluetoothMic(let on):
            s.allowBluetoothMic = on
            world.emit(Record("preference").word("name", "bluetoothMic").bool("on", on).string("applies", "at the next start (configure)"))
        case .openSettings:
            world.emit(Record("openSettings").string("url", "app-settings:").word("permission", s.session.permission.state.rawValue))
        case .mic(let frames):
            render(&s, frames, &world)
        case .audio(let e):
            audio(&s, e, &world)
        case .lifecycle(let line):
            lifecycle(&s, line, &world)
        }
        updateHowl(&s, &world)
    }

    /// A slider: non-finite values refused (the `nanThroughClamp` fault lets NaN through), finite
    /// ones clamped as in the article.
    static func setControl(_ s: inout LiveMicState, _ name: ControlName, _ value: Double, _ world: inout World<LiveMic>) {
        let outcome = Controls.clamp(name, value, naive: world.isOn(.nanThroughClamp))
        let stored: Float
        var r = Record("control").word("name", name.rawValue)
        switch outcome {
        case .rejected(let why):
            s.rejectedInputs += 1
            let kept: Float = switch name {
            case .volume: s.engine.volume
            case .boostDB: s.engine.boostDB
            case .bassDB: s.engine.bassDB
            case .trebleDB: s.engine.trebleDB
            case .reverbMix: s.engine.reverbMix
            }
            world.reject("control", "not-finite") {
                $0.word("name", name.rawValue).fixed("value", value, 3).string("why", why).fixed("kept", Double(kept), 3)
            }
            return
        case .accepted(let v):
            stored = v
            r = r.fixed("value", Double(v), 3)
        case .clamped(let v):
            stored = v
            r = r.fixed("value", Double(v), 3).fixed("requested", value, 3).word("clamped", "true")
        }
        switch name {
        case .volume: s.engine.volume = stored
        case .boostDB: s.engine.boostDB = stored
        case .bassDB: s.engine.bassDB = stored
        case .trebleDB: s.engine.trebleDB = stored
        case .reverbMix: s.engine.reverbMix = stored
        }
        world.emit(r.fixed("linearGain", s.engine.linearGain, 6))
    }

    /// Background keeps a live app running only with `UIBackgroundModes: audio` (and real, audible
    /// output); otherwise the system suspends it and the audio stops. Foreground never restarts by
    /// itself: the user taps Start again.
    static func lifecycle(_ s: inout LiveMicState, _ line: LifecycleLine, _ world: inout World<LiveMic>) {
        guard line.process == "app" else {
            s.rejectedInputs += 1
            world.reject(LifecycleVocabulary.kind, "no-extensions") { $0.word("process", line.process) }
            return
        }
        let t = s.life.handle(line.event, &world)
        switch line.event {
        case .enterBackground:
            if s.engine.isRunning && s.device.has(.backgroundAudio) && s.session.isAudible {
                world.emit(Record("background").word("audio", "continues").bool("micInUse", s.micInUse))
            } else if s.engine.isRunning {
                world.emit(Record("background").word("audio", "suspended")
                    .string("why", s.device.has(.backgroundAudio) ? "no audible output: an idle session does not keep the app alive" : "UIBackgroundModes lacks audio"))
                stopEngine(&s, reason: "suspended", &world)
                s.session.setActive(false, notifyOthers: true, &world)
                stateChange(&s, false, reason: "suspended", &world)
            } else {
                world.emit(Record("background").word("audio", "none").bool("sessionActive", s.session.isActive))
            }
        case .enterForeground:
            world.emit(Record("foreground").bool("isLive", s.isLive).bool("micInUse", s.micInUse))
        default:
            if t.actions.contains(.discardMemory) {
                s.engine.isRunning = false
                s.engine.realRunning = false
                s.isLive = false
                world.emit(Record("engine.stop").word("result", "processEnded"))
            }
        }
    }
}
