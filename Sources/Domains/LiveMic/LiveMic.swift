import LockstepCore
import Platform

/// `liveMic`: Mic to Speaker – Virtual Mic. The user taps to go live and the iPhone microphone
/// plays straight out through the loudspeaker, a wired speaker, Bluetooth or AirPlay, with volume,
/// boost, bass/treble and reverb controls and optional voice processing.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a real-time mic-to-speaker app on iOS
/// with AVAudioEngine" (note `shared/domains/liveMic.md`). Modelled: record permission at the
/// moment of need (the 17.0 `AVAudioApplication` path and the older session path; only
/// `undetermined` prompts; denial shows the Settings message); `configure` in the article's order
/// (`.playAndRecord`, `.default`, `[.defaultToSpeaker, .allowBluetoothA2DP, .allowAirPlay]` plus
/// `.allowBluetoothHFP` on request, 48 kHz, 5 ms, echo-cancelled input from 18.2 when available,
/// activate, log the grant); the input-format-driven graph (every connection uses the input
/// node's format, rebuilt on every start; a zero format is `noInputAvailable`, an error message,
/// never a crash); controls with finite clamps; volume 0.3 on every start; voice processing
/// (stop, change, restart); the speaker override; and the recovery matrix of the
/// `AudioEventsHandler` (interruption with/without `shouldResume`, old device unavailable, new
/// device, category change, override, media services reset, engine configuration change) plus
/// background and foreground. All on the shared `Platform` `AudioSession`.
///
/// Choices where the article is silent (GAPs):
/// - Controls: NaN and ±∞ are refused with a record (the old value kept); finite values outside a
///   range are clamped, as the article's `min(max())` does.
/// - Signal path: boost × RBJ shelves (bypassed at 0 dB) × (1 − reverbMix/100) × volume; the
///   reverb's wet tail is not rendered (see `Render.swift`). Output buffers are pinned by digest.
/// - Feedback: a per-port coupling constant (speaker 0.5, receiver 0.1, A2DP/AirPlay 0.25, wired
///   and HFP 0), divided by 10 with voice processing or echo-cancelled input; `feedback howl=true`
///   when coupling × linear gain ≥ 1.
/// - Voice processing makes the input node report mono at the same rate.
/// - A second tap while the permission prompt is up is refused (at most one start in flight).
/// - A failed start deactivates the session again (never held with the engine stopped).
/// - After a media services reset the category and preferences are restored at once, activation
///   waits for the user's Start (the article's `try? configure()` would hold the session while stopped).
/// - Background: a live app with `UIBackgroundModes: audio` and audible output keeps running;
///   otherwise it is suspended (engine stopped, session deactivated, `onStateChange(false)`).
///   Foreground never restarts by itself.
/// - A missing `NSMicrophoneUsageDescription` ends the app at the first microphone access; every
///   later event is refused with a record.
/// - Revoking the permission in Settings while live leaves the engine running on silence.
/// - A `mic` sine batch starts at phase 0, or at frame `first=K` of the tone; `gen tone` carries
///   the phase across its buffers (a steady input for long sessions), and `lockstep expand` writes
///   each of its buffers as `mic sine=... first=K`. Both sample through `SineOscillator` (within 1e-13 of
///   `DetMath.sin` per sample, a few ns instead of ~25 ns: a 2-hour session must replay in
///   seconds, not minutes).
/// - An output buffer's digest is FNV-1a 64 over its Float32 bit patterns, one 32-bit word per
///   sample (`Render.swift`).
///
/// Invariants (six, checked after every step) and the explorer's episodes: `Invariants.swift`.
public enum LiveMic: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = LiveMicState
    public typealias Event = LiveMicEvent

    public static let name = "liveMic"
    public static let summary = "Virtual Mic: live mic-to-speaker with permission, session configuration, input-format-driven graph, clamps and the interruption/route/reset recovery matrix (seed 001, \"Building a real-time mic-to-speaker app\")."

    /// At most this many samples in one `mic` batch (1 s of 48 kHz stereo).
    public static let maxSamplesPerBatch = 96_000

    public typealias Fault = LiveMicFault

    public static let events: [EventKind<LiveMicEvent>] = [
        EventKind("tap", "The big on/off button (MicViewModel.toggle).") { _ throws(ScenarioError) in .tap },
        EventKind("control", "A slider: control NAME VALUE (nan and inf are accepted by the parser and refused by the app).") { f throws(ScenarioError) in
            .control(try f.argument("name", .choice(ControlName.self)), try f.argument("value", .number))
        },
        EventKind("voiceProcessing", "The voice-processing switch.") { f throws(ScenarioError) in .voiceProcessing(try f("on", .bool)) },
        EventKind("speaker", "The speaker button: overrideOutputAudioPort(.speaker / .none).") { f throws(ScenarioError) in
            .speaker(try f("on", .bool))
        },
        EventKind("bluetoothMic", "The 'use Bluetooth microphone' preference (next configure).") { f throws(ScenarioError) in
            .bluetoothMic(try f("on", .bool))
        },
        EventKind("openSettings", "The Open Settings button.") { _ throws(ScenarioError) in .openSettings },
        EventKind("mic", "Microphone audio: samples=a,b,... or sine=HZ frames=N [amplitude=A] [first=K]; sampleRate=/channels= declare the capture format.") { f throws(ScenarioError) in
            .mic(try decodeMic(&f))
        },
        AudioVocabulary.eventKind { .audio($0) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
    ]

    public static var generators: [Generator<LiveMicEvent>] { LiveMicGenerators.all }

    public static func kind(of event: LiveMicEvent) -> String {
        switch event {
        case .tap: "tap"
        case .control: "control"
        case .voiceProcessing: "voiceProcessing"
        case .speaker: "speaker"
        case .bluetoothMic: "bluetoothMic"
        case .openSettings: "openSettings"
        case .mic: "mic"
        case .audio: AudioVocabulary.kind
        case .lifecycle: LifecycleVocabulary.kind
        }
    }

    public struct Settings: Sendable {
        public var device: Device
        public var allowBluetoothMic: Bool
        public var preferEchoCancellation: Bool
        public var permission: RecordPermissionState
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let os = try s("os", DeviceVocabulary.osRelease, default: OSRelease(17, 0), "iOS version: 16.6 takes the session permission API, 17.0 AVAudioApplication, 18.2 adds echo-cancelled input")
        let purposeString = try s("purposeString", .bool, default: true, "NSMicrophoneUsageDescription present")
        let backgroundAudio = try s("backgroundAudio", .bool, default: true, "UIBackgroundModes contains audio")
        let allowBluetoothMic = try s("allowBluetoothMic", .bool, default: false, "configure(allowBluetoothMic:)")
        let preferEchoCancellation = try s("preferEchoCancellation", .bool, default: true, "configure(preferEchoCancellation:)")
        let permission = try s("permission", .choice(RecordPermissionState.self), default: .undetermined, "the record permission decided in an earlier run")
        // Read as written (Platform's release field), so `17.10` is minor ten and "17.5.1" a patch.
        guard os >= OSRelease(16, 6) else {
            throw s.error("expected an iOS version from 16.6 (the app's minimum), like 16.6, 17.0 or 18.2", at: "os")
        }
        var capabilities: FlagSet<Capability> = []
        capabilities.set(.microphoneUsageDescription, purposeString)
        capabilities.set(.backgroundAudio, backgroundAudio)
        return Settings(device: Device(os: os, capabilities: capabilities), allowBluetoothMic: allowBluetoothMic,
                        preferEchoCancellation: preferEchoCancellation, permission: permission)
    }

    public static func start(_ settings: Settings, _ world: inout World<LiveMic>) throws(ScenarioError) -> LiveMicState {
        var session = AudioSession(recordPermission: settings.permission)
        let handle = session.makeEngine(&world)
        var s = LiveMicState(engine: LiveEngine(handle: handle))
        s.session = session
        s.device = settings.device
        s.allowBluetoothMic = settings.allowBluetoothMic
        s.preferEchoCancellation = settings.preferEchoCancellation
        s.life.handle(.launch(.user), &world)
        s.life.handle(.becomeActive, &world)
        // Launch validation: the purpose string is checked before any audio event (the system
        // would end the app at the first microphone access).
        // The app's own launch record, not `Device.record`: its fields are what the traces have always shown.
        let d = s.device
        world.emit(Record("launch").word("os", d.os.description).word("permissionAPI", RecordPermissionAPI.forRelease(d.os).rawValue)
            .bool("purposeString", d.has(.microphoneUsageDescription)).bool("backgroundAudio", d.has(.backgroundAudio))
            .word("permission", s.session.permission.state.rawValue))
        if !d.has(.microphoneUsageDescription) {
            world.emit(Record("launch-problem").string("problem", "NSMicrophoneUsageDescription is missing: the app will be ended at its first microphone access"))
        }
        return s
    }

    /// A `mic` line: every field read first (the declaration), then checked in the order the
    /// error messages have always come in.
    static func decodeMic(_ f: inout Fields) throws(ScenarioError) -> MicFrames {
        let samples = try f.optional("samples", .tuple(), "interleaved Float32 samples")
        let sine = try f.optional("sine", .number, "a sine of this frequency in Hz, phase 0")
        let frameCount = try f.optional("frames", .integer, "sine: frames per channel")
        let amplitudeValue = try f.optional("amplitude", .number, "sine: peak, default 0.5")
        let firstFrame = try f.optional("first", .integer, in: 0...(1 << 52), "sine: the first frame's index in the tone, default 0 (a later buffer of one tone)")
        let rate = try f.optional("sampleRate", .number, "the capture's rate (checked against the graph)")
        let channelCount = try f.optional("channels", .integer, "the capture's channels (checked against the graph)")
        if f.isDeclaring { return MicFrames(samples: [], sampleRateHz: nil, channels: nil) }

        if let rate, !(rate.isFinite && rate > 0 && rate <= 384_000) {
            throw f.error("sampleRate must be a finite number of Hz in (0, 384000]", at: "sampleRate")
        }
        let channels = try channelCount.map { c throws(ScenarioError) in
            Int(try inRange(c, "channels", 1...Int64(AudioFormat.maxChannels), f))
        }
        switch (samples, sine) {
        case (let v?, nil):
            if frameCount != nil { throw f.error("'frames' goes with sine=, not samples=", at: "frames") }
            if amplitudeValue != nil { throw f.error("'amplitude' goes with sine=, not samples=", at: "amplitude") }
            if firstFrame != nil { throw f.error("'first' goes with sine=, not samples=", at: "first") }
            guard !v.isEmpty, v.count <= maxSamplesPerBatch else { throw f.error("samples= needs 1...\(maxSamplesPerBatch) values", at: "samples") }
            return MicFrames(samples: v.map { Float($0) }, sampleRateHz: rate, channels: channels)
        case (nil, let hz?):
            guard hz.isFinite, hz >= 0 else { throw f.error("sine= must be a finite frequency ≥ 0 Hz", at: "sine") }
            let ch = channels ?? 1
            guard let frameCount else { throw f.line.location.error("missing field 'frames'") }
            let frames = Int(try inRange(frameCount, "frames", 1...Int64(maxSamplesPerBatch / ch), f))
            let amplitude = amplitudeValue ?? 0.5
            guard amplitude.isFinite, abs(amplitude) <= 1 else { throw f.error("amplitude must be finite, within -1...1", at: "amplitude") }
            let r = rate ?? AudioGrant.defaultRateHz
            let first = firstFrame ?? 0
            let out = SineOscillator(frequencyHz: hz, sampleRateHz: r, amplitude: amplitude).floats(first: first, count: frames, channels: ch)
            return MicFrames(samples: out, sampleRateHz: rate, channels: channels,
                             sine: MicSine(hz: hz, amplitude: amplitude, frames: frames, firstFrame: first))
        default:
            throw f.error("'mic' needs exactly one of samples=a,b,... or sine=HZ frames=N")
        }
    }

    /// A range check whose bound depends on another field (the frames of a sine depend on its
    /// channels), with the same message a declared range gives.
    private static func inRange(_ v: Int64, _ key: StaticString, _ range: ClosedRange<Int64>, _ f: Fields) throws(ScenarioError) -> Int64 {
        guard range.contains(v) else {
            let raw = f.line.index(of: key).map { f.line.rawText($0) } ?? String(v)
            throw f.error("\(key)=\(raw) is out of range \(range.lowerBound)...\(range.upperBound)", at: key)
        }
        return v
    }

    public static func write(_ s: LiveMicState, to out: inout CanonicalWriter) {
        // Written at every step: `tuple` lines append straight into the buffer (see CanonicalWriter).
        let e = s.engine
        out.tuple("app") { v in
            v.word(s.life.phase.word); v.word(s.device.os.description); v.bool(s.device.has(.microphoneUsageDescription))
            v.bool(s.device.has(.backgroundAudio)); v.bool(s.allowBluetoothMic); v.bool(s.terminated); v.int(s.rejectedInputs)
        }
        out.tuple("view") { v in
            v.bool(s.isLive); v.add(s.errorMessage.map { .string($0) } ?? .word("none")); v.bool(s.startPending); v.bool(s.micInUse)
        }
        out.tuple("engine") { v in
            v.int(e.handle.serial); v.int(e.handle.generation); v.bool(e.isRunning); v.bool(e.realRunning); v.bool(e.voiceProcessing)
            if let format = e.format { v.custom { format.appendWord(to: &$0) } } else { v.word("none") }
            v.int(e.starts); v.int(e.stops)
        }
        out.tuple("controls") { v in
            v.fixed(Double(e.volume), places: 3); v.fixed(Double(e.boostDB), places: 3); v.fixed(Double(e.bassDB), places: 3)
            v.fixed(Double(e.trebleDB), places: 3); v.fixed(Double(e.reverbMix), places: 3)
        }
        out.tuple("handler") { v in
            v.bool(s.wasLiveBeforeInterruption); v.int(s.observerSerial); v.int(s.stateChanges); v.bool(s.howling)
            v.bool(s.echoCancelledEnabled); v.int(s.renderedFrames); v.int(s.droppedFrames); v.add(.digest(e.filterDigest))
        }
        s.session.write(to: &out)
        s.session.writeInput(to: &out)
    }
}
