import LockstepCore

/// The recording side of the session (issue #7): record permission, the input node's format, the
/// echo-cancelled input trio, engine configuration changes and engine generations. Shared by every
/// domain that records (`liveMic`, `transcription`).
extension AudioSession {
    /// A session whose app already has a record-permission decision from an earlier run.
    public init(recordPermission: RecordPermissionState) {
        self.init()
        permission = RecordPermission(state: recordPermission)
    }

    // MARK: Derived

    /// What `inputNode.outputFormat(forBus: 0)` reports now: the scripted format if there is one,
    /// else derived from the route (GAP, the articles give no table): no input port or a category
    /// without input → `0 Hz / 0 ch`; Bluetooth HFP → 16 kHz mono; USB → the granted rate in stereo;
    /// built-in and headset microphones → the granted rate (48 kHz before any grant) in mono.
    public var inputFormat: AudioFormat {
        if let scriptedInputFormat { return scriptedInputFormat }
        guard category.hasInput else { return .noInput }
        let rate = granted?.sampleRateHz ?? AudioGrant.defaultRateHz
        switch route.input {
        case .none: return .noInput
        case .bluetoothHFP: return AudioFormat(sampleRateHz: AudioGrant.hfpRateHz, channels: 1)
        case .usbAudio: return AudioFormat(sampleRateHz: rate, channels: 2)
        case .builtInMic, .headsetMic: return AudioFormat(sampleRateHz: rate, channels: 1)
        }
    }

    /// `isEchoCancelledInputEnabled`: available ∧ preferred ∧ `.playAndRecord` ∧ mode `.default` ∧
    /// the built-in microphone and speaker route. Recomputed from the current route, so it switches
    /// off when the route moves to headphones, Bluetooth or the receiver.
    public var isEchoCancelledInputEnabled: Bool {
        echoCancelledInputAvailable && prefersEchoCancelledInput && category == .playAndRecord && mode == .default
            && route.input == .builtInMic && route.output == .builtInSpeaker
    }

    /// Whether an engine built with `handle` is still valid (no media services reset since).
    public func isCurrent(_ handle: AudioEngineHandle) -> Bool { handle.generation == generation }

    // MARK: App side

    /// Builds a new engine in the current generation. Emits `audio.engine-built`.
    public mutating func makeEngine<D: Domain>(_ world: inout World<D>) -> AudioEngineHandle {
        enginesBuilt += 1
        let h = AudioEngineHandle(generation: generation, serial: enginesBuilt)
        world.emit(Record("audio.engine-built").int("serial", h.serial).int("generation", h.generation))
        return h
    }

    /// Sets the record permission as a scenario states it, and what the next synchronous prompt
    /// answers (see `RecordPermission.script`).
    public mutating func scriptRecordPermission(state: RecordPermissionState, answer: RecordPermissionState?) {
        permission.script(state: state, answer: answer)
    }

    /// The synchronous, scripted prompt (see `RecordPermission.promptAnsweredAtOnce`); emits nothing.
    public mutating func promptRecordPermissionAnsweredAtOnce() -> Bool { permission.promptAnsweredAtOnce() }

    /// Asks for the microphone through the API `os` selects. Emits `audio.permission-request`.
    public mutating func requestRecordPermission<D: Domain>(os: OSRelease, _ world: inout World<D>) -> RecordPermissionRequest {
        permission.request(api: .forRelease(os), &world)
    }

    /// `setPrefersEchoCancelledInput(_:)`: refused below iOS 18.2 (the API does not exist there).
    /// Emits `audio.echoCancelledInput` with the preference, availability and the enabled result.
    @discardableResult
    public mutating func setPrefersEchoCancelledInput<D: Domain>(_ on: Bool, os: OSRelease, _ world: inout World<D>) -> Bool {
        guard os >= .echoCancelledInput else {
            world.reject("setPrefersEchoCancelledInput", "os-too-old") {
                $0.string("why", "needs iOS \(OSRelease.echoCancelledInput), running \(os)")
            }
            return false
        }
        prefersEchoCancelledInput = on
        world.emit(echoRecord())
        return true
    }

    // MARK: System side

    func echoRecord() -> Record {
        Record("audio.echoCancelledInput").bool("available", echoCancelledInputAvailable).bool("prefers", prefersEchoCancelledInput)
            .bool("enabled", isEchoCancelledInputEnabled)
    }

    mutating func handleInput<D: Domain>(_ event: AudioSystemEvent, _ world: inout World<D>) -> AudioSessionNotice {
        switch event {
        case .permissionAnswer(let answer):
            guard let api = permission.answer(answer) else {
                return answer == .undetermined ? ignore("permission", "not-an-answer", "undetermined is not an answer", &world)
                    : ignore("permission", "no-prompt", "no permission prompt is on screen", &world)
            }
            world.emit(Record("audio.permission").word("answer", answer.rawValue).word("api", api.rawValue).int("prompts", permission.promptCount))
            return .permissionAnswered(answer, api: api)

        case .permissionSettings(let to):
            let from = permission.setFromSettings(to)
            world.emit(Record("audio.permission").word("settings", to.rawValue).word("from", from.rawValue))
            return .permissionChanged(from: from, to: to)

        case .inputFormat(let f):
            if let f, let problem = f.problem {
                world.reject("audio", "invalid-format") { $0.word("event", "input").string("why", problem) }
                return .rejected(problem)
            }
            scriptedInputFormat = f
            let now = inputFormat
            world.emit(Record("audio.input").word("format", now.description).word("source", f == nil ? "route" : "scripted")
                .bool("usable", now.isUsable))
            return .inputFormatChanged(now)

        case .engineConfigurationChange(let rate, let channels):
            let proposed = AudioFormat(sampleRateHz: rate ?? 1, channels: channels ?? 1)
            if let problem = proposed.problem ?? (proposed.isUsable ? nil : "a configuration change reports a usable format (rate > 0, channels > 0)") {
                world.reject("audio", "invalid-format") { $0.word("event", "engineConfigurationChange").string("why", problem) }
                return .rejected(problem)
            }
            engineConfigurationChanges += 1
            if let rate, let g = granted {
                // The hardware keeps its buffer size in frames; its duration follows the new rate.
                granted = AudioGrant(sampleRateHz: rate, ioBufferSeconds: g.ioBufferFrames / rate)
            }
            if rate != nil || channels != nil {
                let current = inputFormat
                scriptedInputFormat = AudioFormat(sampleRateHz: rate ?? current.sampleRateHz, channels: channels ?? current.channels)
            }
            var r = Record("audio.engine-configuration-change").int("n", engineConfigurationChanges).word("input", inputFormat.description)
            if let g = granted, rate != nil { r = r.fixed("ioBufferMs", g.ioBufferSeconds * 1000, 3).fixed("frames", g.ioBufferFrames, 1) }
            world.emit(r.string("effect", "every running engine was stopped by the system"))
            return .engineConfigurationChanged(input: inputFormat)

        case .echoCancelledInputAvailability(let available):
            echoCancelledInputAvailable = available
            world.emit(echoRecord())
            return .echoCancelledInputAvailability(available: available, enabled: isEchoCancelledInputEnabled)

        default:
            return ignore(event.word, "not-recording-side", "not a recording-side event", &world)
        }
    }

    /// One line, `audio.input=`: permission state, prompts, pending prompt API, input format rate and
    /// channels, its source, echo-cancelled input available/prefers/enabled, configuration changes,
    /// engines built. Recording domains write it after `write(to:)`.
    public func writeInput(to out: inout CanonicalWriter) {
        let f = inputFormat
        out.tuple("audio.input") { v in
            v.word(permission.state.rawValue); v.int(permission.promptCount); v.word(permission.pendingPrompt?.rawValue ?? "none")
            v.fixed(f.sampleRateHz, places: 1); v.int(f.channels); v.word(scriptedInputFormat == nil ? "route" : "scripted")
            v.bool(echoCancelledInputAvailable); v.bool(prefersEchoCancelledInput); v.bool(isEchoCancelledInputEnabled)
            v.int(engineConfigurationChanges); v.int(enginesBuilt)
        }
    }
}
