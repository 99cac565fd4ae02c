import LiveMic
import LockstepCore
import LockstepRunner
import Platform
import Testing

/// `LiveMic.text(of:)`, with the shared `audio` and `lifecycle` writers: every event kind is written
/// so that the scenario reader, the validator and the decoder give back the same event (compared
/// field by field, bit for bit, every sample included).
@Suite struct LiveMicEventTextTests {
    static func expectSame(_ events: [LiveMicEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(LiveMic.self, events) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .tap, .openSettings,
            .control(.volume, 0.9), .control(.boostDB, -24), .control(.bassDB, 0.1), .control(.trebleDB, -0.0),
            .control(.reverbMix, 1e-7), .control(.volume, .infinity), .control(.volume, -.infinity),
            .voiceProcessing(true), .speaker(false), .bluetoothMic(true),
            .mic(MicFrames(samples: [0.1, -0.5, 1e-7, Float.leastNonzeroMagnitude, -0.0, 3.4028235e38], sampleRateHz: nil, channels: nil)),
            .mic(MicFrames(samples: [Float](repeating: 0.25, count: 64), sampleRateHz: 44_100, channels: 2)),
            .mic(MicFrames(samples: [Float.pi, -Float.ulpOfOne], sampleRateHz: 16_000.5, channels: 1)),
        ])
    }

    /// Every `audio` spelling (named and raw), through the shared writer.
    @Test func everyAudioEventReadsBackTheSame() throws {
        try Self.expectSame([
            .audio(.grant(nil)), .audio(.grant(AudioGrant(sampleRateHz: 44_100, ioBufferSeconds: 0.005))),
            .audio(.grant(AudioGrant(sampleRateHz: 48_000.000000000007, ioBufferSeconds: 1e-7))),
            .audio(.interruption(typeRaw: 1, optionsRaw: nil)), .audio(.interruption(typeRaw: 0, optionsRaw: 0)),
            .audio(.interruption(typeRaw: 0, optionsRaw: 1)), .audio(.interruption(typeRaw: 7, optionsRaw: nil)),
            .audio(.interruption(typeRaw: 0, optionsRaw: 3)), .audio(.interruption(typeRaw: 1, optionsRaw: 1)),
            .audio(.interruption(typeRaw: UInt(UInt32.max), optionsRaw: UInt(UInt32.max))),
            .audio(.routeChange(reasonRaw: 1, device: .headphones)), .audio(.routeChange(reasonRaw: 2, device: nil)),
            .audio(.routeChange(reasonRaw: 5, device: .bluetoothSpeaker)), .audio(.routeChange(reasonRaw: 99, device: nil)),
            .audio(.mediaServicesReset), .audio(.silentSwitch(on: true)), .audio(.silentSwitch(on: false)),
            .audio(.activationPolicy(allowed: false)), .audio(.permissionAnswer(.granted)), .audio(.permissionAnswer(.denied)),
            .audio(.permissionSettings(.undetermined)), .audio(.permissionSettings(.granted)), .audio(.permissionSettings(.denied)),
            .audio(.inputFormat(nil)), .audio(.inputFormat(.noInput)), .audio(.inputFormat(AudioFormat(sampleRateHz: 16_000, channels: 8))),
            .audio(.engineConfigurationChange(sampleRateHz: nil, channels: nil)),
            .audio(.engineConfigurationChange(sampleRateHz: 44_100, channels: 2)), .audio(.engineConfigurationChange(sampleRateHz: 0.1, channels: nil)),
            .audio(.echoCancelledInputAvailability(true)), .audio(.echoCancelledInputAvailability(false)),
        ])
        #expect(LiveMic.text(of: .audio(.permissionAnswer(.undetermined))) == nil)  // the prompt answers granted or denied
        #expect(LiveMic.text(of: .audio(.interruption(typeRaw: 1 << 33, optionsRaw: nil))) == nil)
        #expect(LiveMic.text(of: .audio(.interruption(typeRaw: 0, optionsRaw: 1))) == "audio interruption ended shouldResume=true")
    }

    /// Every `lifecycle` spelling, through the shared writer (the originals are decoded from lines:
    /// `LifecycleLine` has no public initialiser).
    @Test func everyLifecycleEventReadsBackTheSame() throws {
        let lines = ["launch", "launch reason=notificationAction", "launch foreground=false",
                     "launch reason=backgroundTask foreground=true", "launch reason=extension process=keyboard", "active", "inactive",
                     "background", "foreground", "suspend", "wake reason=backgroundTask", "wake reason=notificationAction", "return",
                     "return end=false", "terminate reason=user", "terminate reason=crash", "memoryWarning", "background process=widget"]
        let originals = try EventDecoding.events(LiveMic.self, lines: lines.map { "0 lifecycle " + $0 })
        try Self.expectSame(originals)
        #expect(originals.map { LiveMic.text(of: $0) } == lines.map { "lifecycle " + $0 })  // written as people write them
    }

    /// `gen tone`'s buffers (thousands of samples each) are written as the sine that made them,
    /// phase carried by `first=`, and computed again bit for bit by the decoder.
    @Test func generatedToneBuffersReadBackTheSame() throws {
        for gen in ["gen tone hz=1000 seconds=1 buffer=0.1 amplitude=0.25", "gen tone hz=440.5 seconds=0.3 buffer=0.05 channels=2 sampleRate=44100",
                    "gen tone hz=0 seconds=0.01 buffer=0.005 amplitude=-1"] {
            let events = try EventDecoding.generated(LiveMic.self, gen)
            #expect(events.count >= 2, "\(gen)")
            try Self.expectSame(events)
        }
        let tone = try EventDecoding.generated(LiveMic.self, "gen tone hz=1000 seconds=0.2 buffer=0.1 amplitude=0.25")
        #expect(tone.map { LiveMic.text(of: $0) } == ["mic sine=1000.0 frames=4800 amplitude=0.25", "mic sine=1000.0 frames=4800 amplitude=0.25 first=4800"])
        // A sine batch decoded from a line keeps its sine, and is written back as that line.
        let decoded = try EventDecoding.events(LiveMic.self, lines: ["0 mic sine=440 frames=160 sampleRate=16000"])
        #expect(LiveMic.text(of: decoded[0]) == "mic sine=440.0 frames=160 sampleRate=16000.0")
    }

    /// A later buffer written as its sine is the same samples as the generator's, not a batch from
    /// phase 0: the comparison sees the difference.
    @Test func firstFrameMatters() throws {
        let atZero = try EventDecoding.events(LiveMic.self, lines: ["0 mic sine=1000 frames=4800 amplitude=0.25"])
        let later = try EventDecoding.events(LiveMic.self, lines: ["0 mic sine=1000 frames=4800 amplitude=0.25 first=4801"])
        guard case .mic(let a) = atZero[0], case .mic(let b) = later[0] else { Issue.record("not mic batches"); return }
        #expect(a.samples != b.samples)
        #expect(EventDecoding.structure(atZero[0]) != EventDecoding.structure(later[0]))
    }

    /// A `samples=` batch of more than a tuple's 64 values, or of none, has no line.
    @Test func noLineForBatchesNoTupleHolds() {
        #expect(LiveMic.text(of: .mic(MicFrames(samples: [Float](repeating: 0, count: 65), sampleRateHz: nil, channels: nil))) == nil)
        #expect(LiveMic.text(of: .mic(MicFrames(samples: [], sampleRateHz: nil, channels: nil))) == nil)
    }
}
