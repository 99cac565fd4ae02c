import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A minimal domain that owns one `AudioSession`, configures it like the instrument does at start,
/// and feeds it the shared `audio` vocabulary: real scenario text through the real decoder.
enum AudioProbe: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = AudioSession
    typealias Event = AudioSystemEvent
    static let name = "audioProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [AudioVocabulary.eventKind { $0 }]
    static func kind(of event: Event) -> String { AudioVocabulary.kind }
    static func start(_ settings: NoSettings, _ world: inout World<AudioProbe>) throws(ScenarioError) -> State {
        var s = AudioSession()
        s.setCategory(.playback, options: [.mixWithOthers], &world)
        s.setPreferredIOBufferDuration(0.005, &world)
        s.setActive(true, &world)
        return s
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<AudioProbe>) { state.handle(event, &world) }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.write(to: &out) }
}

private func records(_ events: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain audioProbe\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(AudioProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  audio") || $0.hasPrefix("  rejected") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try records(events); return nil } catch { return error.description }
}

private struct NoEvent {}

@Suite struct AudioSessionTests {
    @Test func defaultResolverRoundsUpToAPowerOfTwo() {
        let speaker = AudioRoute(output: .builtInSpeaker, input: .none)
        // 0.005 s × 48 000 Hz = 240 frames → 256 frames = 5.333… ms (the note's known value).
        let g = AudioGrant.resolve(preferredRateHz: nil, preferredIOBufferSeconds: 0.005, route: speaker)
        #expect(g.sampleRateHz == 48_000)
        #expect(g.ioBufferFrames == 256)
        #expect(g.ioBufferSeconds == 256.0 / 48_000.0)
        // 0.005 × 44 100 = 220.5 frames → 256 frames at 44.1 kHz = 5.805 ms.
        let g44 = AudioGrant.resolve(preferredRateHz: 44_100, preferredIOBufferSeconds: 0.005, route: speaker)
        #expect(g44.sampleRateHz == 44_100 && g44.ioBufferFrames == 256)
        #expect((g44.ioBufferSeconds * 1000 * 1000).rounded() == 5805)
        // Nothing preferred: 1024 frames; unsupported rate: 48 kHz; HFP: 16 kHz; bounds 64…4096.
        #expect(AudioGrant.resolve(preferredRateHz: nil, preferredIOBufferSeconds: nil, route: speaker).ioBufferFrames == 1024)
        #expect(AudioGrant.resolve(preferredRateHz: 96_000, preferredIOBufferSeconds: nil, route: speaker).sampleRateHz == 48_000)
        #expect(AudioGrant.resolve(preferredRateHz: 48_000, preferredIOBufferSeconds: 0.005,
                                   route: AudioRoute(output: .bluetoothHFP, input: .bluetoothHFP)).sampleRateHz == 16_000)
        #expect(AudioGrant.resolve(preferredRateHz: nil, preferredIOBufferSeconds: 0.0001, route: speaker).ioBufferFrames == 64)
        #expect(AudioGrant.resolve(preferredRateHz: nil, preferredIOBufferSeconds: 10, route: speaker).ioBufferFrames == 4096)
        #expect(AudioGrant(sampleRateHz: 48_000, ioBufferSeconds: 0.005).ioBufferFrames == 240)
    }

    @Test func routeResolverTable() {
        func out(_ c: AudioCategory, _ o: [AudioCategoryOption] = [], mode: AudioMode = .default, speaker: Bool = false,
                 on d: AudioDevice) -> AudioOutputPort {
            AudioRouteResolver.resolve(category: c, mode: mode, options: o, overrideToSpeaker: speaker, device: d).output
        }
        #expect(out(.playAndRecord, on: .builtIn) == .receiver)  // the first-build "why so quiet" bug
        #expect(out(.playAndRecord, [.defaultToSpeaker], on: .builtIn) == .builtInSpeaker)
        #expect(out(.playAndRecord, speaker: true, on: .builtIn) == .builtInSpeaker)
        #expect(out(.playback, on: .builtIn) == .builtInSpeaker)
        #expect(out(.record, on: .builtIn) == AudioOutputPort.none)
        #expect(out(.playback, on: .bluetooth) == .bluetoothA2DP)
        #expect(out(.playAndRecord, [.allowBluetoothHFP], on: .bluetooth) == .bluetoothHFP)
        #expect(out(.playAndRecord, mode: .voiceChat, on: .bluetooth) == .bluetoothHFP)
        #expect(out(.playAndRecord, [.allowBluetoothA2DP], on: .bluetooth) == .bluetoothA2DP)
        #expect(out(.playAndRecord, [.defaultToSpeaker], on: .bluetooth) == .builtInSpeaker)
        #expect(out(.playAndRecord, on: .airPlay) == .receiver)
        #expect(out(.playAndRecord, [.allowAirPlay], on: .airPlay) == .airPlay)
        #expect(out(.playback, on: .airPlay) == .airPlay)
        #expect(out(.playback, on: .headset) == .headphones)
        let a2dp = AudioRouteResolver.resolve(category: .playAndRecord, mode: .default, options: [.allowBluetoothA2DP],
                                              overrideToSpeaker: false, device: .bluetoothSpeaker)
        #expect(a2dp == AudioRoute(output: .bluetoothA2DP, input: .builtInMic))  // A2DP is output-only
    }

    @Test func sdkRawValues() {
        #expect(AudioRouteChangeReason(rawValue: 1) == .newDeviceAvailable)
        #expect(AudioRouteChangeReason(rawValue: 2) == .oldDeviceUnavailable)
        #expect(AudioRouteChangeReason(rawValue: 3) == .categoryChange)
        #expect(AudioRouteChangeReason(rawValue: 4) == .override)
        #expect(AudioRouteChangeReason(rawValue: 6) == .wakeFromSleep)
        #expect(AudioRouteChangeReason(rawValue: 8) == .routeConfigurationChange)
        #expect(AudioRouteChangeReason(rawValue: 5) == nil)
        #expect(AudioInterruptionType(rawValue: 1) == .began && AudioInterruptionType(rawValue: 0) == .ended)
    }

    @Test func silentSwitchMutesOnlyAmbientCategories() {
        #expect(AudioCategory.ambient.respectsSilentSwitch && AudioCategory.soloAmbient.respectsSilentSwitch)
        #expect(!AudioCategory.playback.respectsSilentSwitch && !AudioCategory.playAndRecord.respectsSilentSwitch)
        var world = World<Bare>(start: .defaultStart)
        var s = AudioSession()
        s.setCategory(.ambient, &world)
        s.setActive(true, &world)
        s.handle(.silentSwitch(on: true), &world)
        #expect(s.isMutedBySilentSwitch && !s.isAudible)
        s.setCategory(.playback, &world)
        #expect(!s.isMutedBySilentSwitch && s.isAudible)
    }

    @Test func interruptionTruthTableAndRecords() throws {
        let lines = try records("""
            1 audio interruption began
            2 audio interruption began
            3 audio interruption ended shouldResume=true
            4 audio interruption ended
            5 audio interruption raw=9
            6 audio interruption raw=1
            7 audio interruption raw=0 options=1

            """)
        #expect(lines.contains("audio.interruption phase=began wasActive=true"))
        #expect(lines.contains("rejected input=audio reason=already-interrupted event=interruption why=\"began while already interrupted (wasActive kept from the first)\""))
        #expect(lines.contains("audio.interruption phase=ended shouldResume=true wasActive=true"))
        #expect(lines.contains("rejected input=audio reason=not-interrupted event=interruption why=\"ended without began\""))
        #expect(lines.contains("rejected input=audio reason=unknown-type event=interruption why=\"unknown interruption type raw value 9\""))
        // The second call began while inactive (the app did not reactivate): wasActive=false.
        #expect(lines.contains("audio.interruption phase=began wasActive=false"))
        #expect(lines.contains("audio.interruption phase=ended shouldResume=true wasActive=false"))
    }

    @Test func activationFailsWhileInterruptedOrRefused() {
        var world = World<Bare>(start: .defaultStart)
        var s = AudioSession()
        s.setActive(true, &world)
        s.handle(.interruption(typeRaw: 1, optionsRaw: nil), &world)
        #expect(!s.isActive && !s.setActive(true, &world))
        s.handle(.interruption(typeRaw: 0, optionsRaw: 1), &world)
        s.handle(.activationPolicy(allowed: false), &world)
        #expect(!s.setActive(true, &world))
        s.handle(.activationPolicy(allowed: true), &world)
        #expect(s.setActive(true, &world))
        #expect(s.failedActivations == 2 && s.activations == 2)
    }

    @Test func routesGrantsAndReset() throws {
        let lines = try records("""
            1 audio route reason=newDeviceAvailable output=bluetooth
            2 audio route raw=5
            3 audio route reason=oldDeviceUnavailable
            4 audio grant sampleRate=44100 ioBuffer=0.01
            5 audio grant sampleRate=0 ioBuffer=0.01
            6 audio mediaServicesReset

            """)
        #expect(lines.contains("audio.route reason=newDeviceAvailable raw=1 device=bluetooth from=builtInSpeaker to=bluetoothA2DP input=none audible=true"))
        #expect(lines.contains("rejected input=audio reason=unknown-reason event=route why=\"unknown route change reason raw value 5\""))
        #expect(lines.contains("audio.route reason=oldDeviceUnavailable raw=2 device=builtIn from=bluetoothA2DP to=builtInSpeaker input=none audible=true"))
        #expect(lines.contains("audio.granted sampleRate=44100.0 ioBufferMs=10.000 frames=441.0 source=scripted"))
        #expect(lines.contains("rejected input=audio reason=invalid-grant event=grant why=\"sampleRate must be a finite number of Hz in (0, 384000]\""))
        #expect(lines.contains { $0.hasPrefix("audio.reset generation=2 wasActive=true") })
        var world = World<Bare>(start: .defaultStart)
        var s = AudioSession()
        s.setCategory(.playAndRecord, options: [.defaultToSpeaker], &world)
        s.handle(.mediaServicesReset, &world)
        #expect(s.category == .soloAmbient && s.options.isEmpty && !s.isActive && s.granted == nil && s.generation == 2)
    }

    @Test func overrideClearsOnTheNextRouteChange() {
        var world = World<Bare>(start: .defaultStart)
        var s = AudioSession()
        s.setCategory(.playAndRecord, &world)
        #expect(s.route.output == .receiver)
        s.overrideOutputToSpeaker(true, &world)
        #expect(s.route.output == .builtInSpeaker)
        s.handle(.routeChange(reasonRaw: 1, device: .builtIn), &world)
        #expect(s.route.output == .receiver && !s.outputOverriddenToSpeaker)
    }

    @Test func vocabularyErrorsHaveColumns() {
        #expect(error("1 audio grant sampleRate=48000\n")?.contains("needs both sampleRate= and ioBuffer=") == true)
        #expect(error("1 audio silentSwitch on=true shouldResume=true\n")?.contains("'shouldResume' does not apply to 'audio silentSwitch'") == true)
        #expect(error("1 audio route output=headphones\n")?.contains("exactly one of reason=WORD or raw=N") == true)
        #expect(error("1 audio interruption\n")?.contains("began|ended") == true)
        #expect(error("1 audio interruption began shouldResume=true\n")?.contains("applies to 'ended' only") == true)
        #expect(error("1 audio interruption began raw=1\n")?.contains("not both") == true)
        #expect(error("1 audio route began reason=override\n")?.contains("does not apply") == true)
        #expect(error("1 audio route raw=-1\n")?.contains("out of range") == true)
        #expect(error("1 audio route reason=override output=bluetooth\n") == nil)
    }
}
