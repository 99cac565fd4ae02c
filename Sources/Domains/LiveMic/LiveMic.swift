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
/// - A `mic` sine batch starts at phase 0.
public enum LiveMic: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = LiveMicState
    public typealias Event = LiveMicEvent

    public static let name = "liveMic"
    public static let summary = "Virtual Mic: live mic-to-speaker with permission, session configuration, input-format-driven graph, clamps and the interruption/route/reset recovery matrix (seed 001, \"Building a real-time mic-to-speaker app\")."

    /// At most this many samples in one `mic` batch (1 s of 48 kHz stereo).
    public static let maxSamplesPerBatch = 96_000

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("tap", "The big on/off button (MicViewModel.toggle)."),
            EventSpec("control", "A slider: control NAME VALUE (nan and inf are accepted by the parser and refused by the app).",
                      positional: [FieldSpec("name", .word(choices: ControlName.allCases.map(\.rawValue))), FieldSpec("value", .number)]),
            EventSpec("voiceProcessing", "The voice-processing switch.", fields: [FieldSpec("on", .bool)]),
            EventSpec("speaker", "The speaker button: overrideOutputAudioPort(.speaker / .none).", fields: [FieldSpec("on", .bool)]),
            EventSpec("bluetoothMic", "The 'use Bluetooth microphone' preference (next configure).", fields: [FieldSpec("on", .bool)]),
            EventSpec("openSettings", "The Open Settings button."),
            EventSpec("mic", "Microphone audio: samples=a,b,... or sine=HZ frames=N [amplitude=A]; sampleRate=/channels= declare the capture format.",
                      fields: [.optional("samples", .tuple(count: 0), "interleaved Float32 samples"),
                               .optional("sine", .number, "a sine of this frequency in Hz, phase 0"),
                               .optional("frames", .integer, "sine: frames per channel"),
                               .optional("amplitude", .number, "sine: peak, default 0.5"),
                               .optional("sampleRate", .number, "the capture's rate (checked against the graph)"),
                               .optional("channels", .integer, "the capture's channels (checked against the graph)")]),
            AudioVocabulary.spec,
            LifecycleVocabulary.spec,
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("os", .number, default: "17.0", "iOS version: 16.6 takes the session permission API, 17.0 AVAudioApplication, 18.2 adds echo-cancelled input"),
         ConfigSpec("purposeString", .bool, default: "true", "NSMicrophoneUsageDescription present"),
         ConfigSpec("backgroundAudio", .bool, default: "true", "UIBackgroundModes contains audio"),
         ConfigSpec("allowBluetoothMic", .bool, default: "false", "configure(allowBluetoothMic:)"),
         ConfigSpec("preferEchoCancellation", .bool, default: "true", "configure(preferEchoCancellation:)"),
         ConfigSpec("permission", .word(choices: RecordPermissionState.allCases.map(\.rawValue)), default: "undetermined",
                    "the record permission decided in an earlier run")]
    }

    public static var faults: [FaultSpec] { LiveMicFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }

    public static func start(_ config: Config, _ world: inout World<LiveMicEvent>) throws(ScenarioError) -> LiveMicState {
        let osText = String(try config.double("os", default: 17.0))
        guard let os = OSRelease.parse(osText), os >= OSRelease(16, 6) else {
            throw config.error("os", "expected an iOS version from 16.6 (the app's minimum), like 16.6, 17.0 or 18.2")
        }
        var session = AudioSession(recordPermission: try config.choice("permission", default: RecordPermissionState.undetermined))
        let handle = session.makeEngine(&world)
        var s = LiveMicState(engine: LiveEngine(handle: handle))
        s.session = session
        s.os = os
        s.faults = LiveMicFaults { world.fault($0.rawValue) }
        s.hasPurposeString = try config.bool("purposeString", default: true)
        s.hasBackgroundAudio = try config.bool("backgroundAudio", default: true)
        s.allowBluetoothMic = try config.bool("allowBluetoothMic", default: false)
        s.preferEchoCancellation = try config.bool("preferEchoCancellation", default: true)
        s.life.handle(.launch(.user), &world)
        s.life.handle(.becomeActive, &world)
        // Launch validation: the purpose string is checked before any audio event (the system
        // would end the app at the first microphone access).
        world.emit(Record("launch").word("os", os.description).word("permissionAPI", RecordPermissionAPI.forRelease(os).rawValue)
            .bool("purposeString", s.hasPurposeString).bool("backgroundAudio", s.hasBackgroundAudio)
            .word("permission", s.session.permission.state.rawValue))
        if !s.hasPurposeString {
            world.emit(Record("launch-problem").string("problem", "NSMicrophoneUsageDescription is missing: the app will be ended at its first microphone access"))
        }
        return s
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> LiveMicEvent {
        switch line.kind {
        case "tap": return .tap
        case "control":
            let p = line.positionalIndices
            return .control(try line.choice(at: p[0]), try line.double(at: p[1]))
        case "voiceProcessing": return .voiceProcessing(try line.bool("on"))
        case "speaker": return .speaker(try line.bool("on"))
        case "bluetoothMic": return .bluetoothMic(try line.bool("on"))
        case "openSettings": return .openSettings
        case "mic": return .mic(try decodeMic(line))
        case AudioVocabulary.kind: return .audio(try AudioVocabulary.decode(line))
        case LifecycleVocabulary.kind: return .lifecycle(try LifecycleVocabulary.decode(line))
        default: throw line.error("unknown liveMic event '\(line.kind)'")
        }
    }

    static func decodeMic(_ line: EventLine) throws(ScenarioError) -> MicFrames {
        let rate: Double? = line.has("sampleRate") ? try line.double("sampleRate") : nil
        if let rate, !(rate.isFinite && rate > 0 && rate <= 384_000) {
            throw line.error("sampleRate must be a finite number of Hz in (0, 384000]", at: "sampleRate")
        }
        let channels: Int? = line.has("channels") ? Int(try line.int("channels", in: 1...Int64(AudioFormat.maxChannels))) : nil
        switch (line.has("samples"), line.has("sine")) {
        case (true, false):
            for key: StaticString in ["frames", "amplitude"] where line.has(key) {
                throw line.error("'\(key)' goes with sine=, not samples=", at: key)
            }
            let v = try line.doubles("samples")
            guard !v.isEmpty, v.count <= maxSamplesPerBatch else { throw line.error("samples= needs 1...\(maxSamplesPerBatch) values", at: "samples") }
            return MicFrames(samples: v.map { Float($0) }, sampleRateHz: rate, channels: channels)
        case (false, true):
            let hz = try line.double("sine")
            guard hz.isFinite, hz >= 0 else { throw line.error("sine= must be a finite frequency ≥ 0 Hz", at: "sine") }
            let ch = channels ?? 1
            let frames = Int(try line.int("frames", in: 1...Int64(maxSamplesPerBatch / ch)))
            let amplitude = try line.double("amplitude", default: 0.5)
            guard amplitude.isFinite, abs(amplitude) <= 1 else { throw line.error("amplitude must be finite, within -1...1", at: "amplitude") }
            let r = rate ?? AudioGrant.defaultRateHz
            var samples: [Float] = []
            samples.reserveCapacity(frames * ch)
            for n in 0..<frames {
                let v = Float(amplitude * DetMath.sin(2 * Double.pi * hz * Double(n) / r))
                for _ in 0..<ch { samples.append(v) }
            }
            return MicFrames(samples: samples, sampleRateHz: rate, channels: channels)
        default:
            throw line.error("'mic' needs exactly one of samples=a,b,... or sine=HZ frames=N")
        }
    }

    public static func write(_ s: LiveMicState, to out: inout CanonicalWriter) {
        let e = s.engine
        out.write("app", .tuple([.word(s.life.phase.word), .word(s.os.description), .bool(s.hasPurposeString), .bool(s.hasBackgroundAudio),
                                 .bool(s.allowBluetoothMic), .bool(s.terminated), .int(s.rejectedInputs)]))
        out.write("view", .tuple([.bool(s.isLive), s.errorMessage.map { .string($0) } ?? .word("none"), .bool(s.startPending), .bool(s.micInUse)]))
        out.write("engine", .tuple([.int(e.handle.serial), .int(e.handle.generation), .bool(e.isRunning), .bool(e.realRunning), .bool(e.voiceProcessing),
                                    .word(e.format?.description ?? "none"), .int(e.starts), .int(e.stops)]))
        out.write("controls", .tuple([.fixed(Double(e.volume), places: 3), .fixed(Double(e.boostDB), places: 3), .fixed(Double(e.bassDB), places: 3),
                                      .fixed(Double(e.trebleDB), places: 3), .fixed(Double(e.reverbMix), places: 3)]))
        out.write("handler", .tuple([.bool(s.wasLiveBeforeInterruption), .int(s.observerSerial), .int(s.stateChanges), .bool(s.howling),
                                     .bool(s.echoCancelledEnabled), .int(s.renderedFrames), .int(s.droppedFrames), .digest(e.filterDigest)]))
        s.session.write(to: &out)
        s.session.writeInput(to: &out)
    }
}
