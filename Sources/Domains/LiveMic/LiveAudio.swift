import LockstepCore
import Platform

/// Why starting audio failed, with the harness's own stable descriptions (the real
/// `localizedDescription` differs between platforms and languages).
public enum LiveAudioError: Error, Equatable, Sendable {
    /// The input node reports 0 Hz or 0 channels: connecting would raise an uncatchable exception.
    case noInputAvailable(AudioFormat)
    /// `setActive(true)` failed (a call holds the hardware, or the system refused).
    case sessionActivationFailed

    public var description: String {
        switch self {
        case .noInputAvailable(let f): "no audio input is available (input format \(f))"
        case .sessionActivationFailed: "the audio session could not be activated"
        }
    }
}

/// The session configuration, engine start/stop and the view model's toggle, in the article's order.
extension LiveMic {
    /// The preferred hardware rate and IO buffer ("requests, not guarantees").
    public static let preferredSampleRateHz = 48_000.0
    public static let preferredIOBufferSeconds = 0.005
    public static let deniedMessage = "Microphone access is off. Turn it on in Settings."
    public static let startFailurePrefix = "Couldn't start audio: "

    /// The options `configure` passes: speaker by default, A2DP and AirPlay outputs, and the HFP
    /// microphone only when the user asked for it.
    static func options(_ s: LiveMicState, _ world: World<LiveMic>) -> [AudioCategoryOption] {
        var o: [AudioCategoryOption] = [.allowBluetoothA2DP, .allowAirPlay]
        if !world.isOn(.noDefaultToSpeaker) { o.append(.defaultToSpeaker) }
        if s.allowBluetoothMic { o.append(.allowBluetoothHFP) }
        return o
    }

    /// `AVAudioSession.Port` raw values, as the configure log line prints them.
    static func portName(_ p: AudioOutputPort) -> String {
        switch p {
        case .receiver: "Receiver"
        case .builtInSpeaker: "Speaker"
        case .headphones: "Headphones"
        case .usbAudio: "USBAudio"
        case .bluetoothA2DP: "BluetoothA2DPOutput"
        case .bluetoothHFP: "BluetoothHFP"
        case .airPlay: "AirPlay"
        case .none: "None"
        }
    }

    /// `AudioSessionConfigurator.configure`: category, preferences, echo-cancelled input, and
    /// (unless `activate` is false) activation and the log line. Throws when activation fails.
    static func configure(_ s: inout LiveMicState, activate: Bool = true, _ world: inout World<LiveMic>) throws(LiveAudioError) {
        s.session.setCategory(.playAndRecord, mode: .default, options: options(s, world), &world)
        s.session.setPreferredSampleRate(preferredSampleRateHz, &world)
        s.session.setPreferredIOBufferDuration(preferredIOBufferSeconds, &world)
        if !s.device.isAvailable(.echoCancelledInput) {
            world.emit(Record("config.echoCancelledInput").word("requested", "false").string("why", "needs iOS 18.2, running \(s.device.os)"))
        } else if !s.preferEchoCancellation {
            world.emit(Record("config.echoCancelledInput").word("requested", "false").string("why", "the app does not prefer it"))
        } else if !s.session.echoCancelledInputAvailable {
            world.emit(Record("config.echoCancelledInput").word("requested", "false").string("why", "not available on this device or route"))
        } else {
            s.session.setPrefersEchoCancelledInput(true, os: s.device.os, &world)
        }
        noteEchoCancellation(&s, &world)
        guard activate else { return }
        guard s.session.setActive(true, &world) else { throw .sessionActivationFailed }
        logGrant(s, &world)
    }

    /// The article's log line, built from what was granted (Swift's `Double.description`).
    static func logGrant(_ s: LiveMicState, _ world: inout World<LiveMic>) {
        guard let g = s.session.granted else { return }
        let ms = g.ioBufferSeconds * 1000
        world.emit(Record("log").string("line", "Sample rate: \(g.sampleRateHz) Hz, IO buffer: \(ms) ms, route: [\"\(portName(s.session.route.output))\"]")
            .int("frames", Int(g.ioBufferFrames.rounded())))
    }

    /// Emits `echoCancelledInput enabled=` when the derived flag changed (it follows the route).
    static func noteEchoCancellation(_ s: inout LiveMicState, _ world: inout World<LiveMic>) {
        let now = s.session.isEchoCancelledInputEnabled
        guard now != s.echoCancelledEnabled else { return }
        s.echoCancelledEnabled = now
        world.emit(Record("echoCancelledInput").bool("enabled", now).word("output", s.session.route.output.rawValue)
            .word("input", s.session.route.input.rawValue))
    }

    /// `LiveAudioEngine.start()`: guard not running, read the input format, refuse a zero format,
    /// rebuild every connection with it, prepare and start.
    static func startEngine(_ s: inout LiveMicState, _ world: inout World<LiveMic>) throws(LiveAudioError) {
        guard !s.engine.isRunning else {
            world.emit(Record("engine.start").word("result", "alreadyRunning").int("serial", s.engine.handle.serial))
            return
        }
        let format = s.engine.inputFormat(hardware: s.session.inputFormat)
        guard format.isUsable else {
            world.emit(Record("engine.start").word("result", "noInputAvailable").word("format", format.description))
            throw .noInputAvailable(format)
        }
        s.engine.rebuild(format)
        s.engine.starts += 1
        s.engine.isRunning = true
        let stale = !s.session.isCurrent(s.engine.handle)
        // A stale engine's start "works" from the app's side, but its nodes belong to media
        // services that no longer exist: nothing renders.
        s.engine.realRunning = !stale
        var r = Record("engine.start").word("result", stale ? "staleEngine" : "started").int("serial", s.engine.handle.serial)
            .int("generation", s.engine.handle.generation).word("format", format.description)
            .word("graph", "input>eq>reverb>mainMixer>output").bool("voiceProcessing", s.engine.voiceProcessing)
        if stale { r = r.int("sessionGeneration", s.session.generation).string("effect", "nodes from before the media services reset: no audio") }
        world.emit(r)
    }

    /// `LiveAudioEngine.stop()`: guard running, stop.
    static func stopEngine(_ s: inout LiveMicState, reason: String, _ world: inout World<LiveMic>) {
        guard s.engine.isRunning else {
            world.emit(Record("engine.stop").word("result", "notRunning").word("reason", reason))
            return
        }
        s.engine.isRunning = false
        s.engine.realRunning = false
        s.engine.stops += 1
        world.emit(Record("engine.stop").word("result", "stopped").word("reason", reason).int("serial", s.engine.handle.serial))
    }

    /// `onStateChange(live)`: the handler tells the view model.
    static func stateChange(_ s: inout LiveMicState, _ live: Bool, reason: String, _ world: inout World<LiveMic>) {
        s.stateChanges += 1
        s.isLive = live
        world.emit(Record("onStateChange").bool("live", live).word("reason", reason).int("n", s.stateChanges))
    }

    static func emitView(_ s: LiveMicState, _ world: inout World<LiveMic>) {
        world.emit(Record("view").bool("isLive", s.isLive).with("error", s.errorMessage.map { .string($0) } ?? .word("none"))
            .bool("micInUse", s.micInUse))
    }

    // MARK: MicViewModel.toggle()

    static func toggle(_ s: inout LiveMicState, _ world: inout World<LiveMic>) {
        if s.startPending {
            s.rejectedInputs += 1
            world.reject("tap", "start-pending")
            return
        }
        if s.isLive {
            stopEngine(&s, reason: "user", &world)
            s.session.setActive(false, notifyOthers: true, &world)
            s.isLive = false
            emitView(s, &world)
            return
        }
        guard s.device.has(.microphoneUsageDescription) else {
            s.terminated = true
            s.isLive = false
            world.emit(Record("app.terminated").word("reason", "missingPurposeString")
                .string("why", "NSMicrophoneUsageDescription is missing: the system ends the app on microphone access"))
            return
        }
        switch s.session.requestRecordPermission(os: s.device.os, &world) {
        case .answered(let granted):
            if granted { startLive(&s, &world) } else { denied(&s, &world) }
        case .prompting:
            s.startPending = true
            world.emit(Record("tap").word("result", "waitingForPermission"))
        case .alreadyPrompting:
            s.rejectedInputs += 1
            world.reject("tap", "prompt-on-screen")
        }
    }

    static func denied(_ s: inout LiveMicState, _ world: inout World<LiveMic>) {
        s.errorMessage = deniedMessage
        s.isLive = false
        emitView(s, &world)
    }

    /// Permission granted: configure, volume 0.3, start, live. On a failure the session is
    /// deactivated again (GAP: never hold the session with the engine stopped).
    static func startLive(_ s: inout LiveMicState, _ world: inout World<LiveMic>) {
        do throws(LiveAudioError) {
            try configure(&s, &world)
            s.engine.volume = Controls.startVolume
            world.emit(Record("control").word("name", "volume").fixed("value", Double(Controls.startVolume), 3).word("why", "startQuiet"))
            try startEngine(&s, &world)
            s.isLive = true
            s.errorMessage = nil
        } catch {
            s.errorMessage = startFailurePrefix + error.description
            s.isLive = false
            if s.session.isActive { s.session.setActive(false, notifyOthers: true, &world) }
        }
        emitView(s, &world)
    }
}
