import LockstepCore
import LockstepRunner
import Platform
import Testing

/// The recording side of the audio session (issue #7): permission, input format, echo-cancelled
/// input, engine handles and configuration changes.
@Suite struct AudioSessionInputTests {
    private func world() -> World<Bare> { World(start: .defaultStart) }

    @Test func permissionPromptsOnlyWhileUndetermined() {
        var w = world()
        var s = AudioSession()
        #expect(RecordPermissionAPI.forRelease(OSRelease(16, 6)) == .audioSession)
        #expect(RecordPermissionAPI.forRelease(OSRelease(17, 0)) == .audioApplication)
        #expect(s.requestRecordPermission(os: OSRelease(17, 0), &w) == .prompting)
        #expect(s.requestRecordPermission(os: OSRelease(17, 0), &w) == .alreadyPrompting)
        #expect(s.handle(.permissionAnswer(.denied), &w) == .permissionAnswered(.denied, api: .audioApplication))
        #expect(s.requestRecordPermission(os: OSRelease(17, 0), &w) == .answered(granted: false))
        #expect(s.permission.promptCount == 1)
        // No prompt on screen: an answer is ignored; Settings is the only way back.
        if case .ignored = s.handle(.permissionAnswer(.granted), &w) {} else { Issue.record("stray answer not ignored") }
        #expect(s.handle(.permissionSettings(.granted), &w) == .permissionChanged(from: .denied, to: .granted))
        #expect(s.requestRecordPermission(os: OSRelease(16, 6), &w) == .answered(granted: true))
        #expect(s.permission.promptCount == 1)
        #expect(w.outputs.map(\.name).filter { $0 == "audio.permission-request" }.count == 4)
    }

    /// The synchronous, scripted prompt (transcription's `record`): it shows only while
    /// undetermined and no asynchronous prompt is up, counts like any prompt, answers at once with
    /// the scripted answer, and emits nothing itself.
    @Test func synchronousPromptAnswersAtOnceWithTheScriptedAnswer() {
        var w = world()
        var s = AudioSession()
        #expect(s.permission.scriptedAnswer == .granted)  // a user who allows, unless scripted otherwise
        s.scriptRecordPermission(state: .undetermined, answer: .denied)
        let first = s.promptRecordPermissionAnsweredAtOnce()
        #expect(first)
        #expect(s.permission.state == .denied && s.permission.promptCount == 1)
        let second = s.promptRecordPermissionAnsweredAtOnce()
        #expect(!second)  // decided: no second prompt
        #expect(w.outputs.isEmpty)
        // An undetermined answer is not an answer: the scripted one stays.
        s.scriptRecordPermission(state: .undetermined, answer: .undetermined)
        #expect(s.permission.scriptedAnswer == .denied)
        // With the asynchronous prompt on screen, the synchronous one does not show over it.
        #expect(s.requestRecordPermission(os: OSRelease(17, 0), &w) == .prompting)
        let overAsync = s.promptRecordPermissionAnsweredAtOnce()
        #expect(!overAsync)
        #expect(s.permission.state == .undetermined && s.permission.promptCount == 2)
    }

    @Test func inputFormatFollowsTheRoute() {
        var w = world()
        var s = AudioSession()
        #expect(s.inputFormat == .noInput)  // soloAmbient records nothing
        s.setCategory(.playAndRecord, options: [.defaultToSpeaker, .allowBluetoothA2DP, .allowBluetoothHFP], &w)
        #expect(s.inputFormat == AudioFormat(sampleRateHz: 48_000, channels: 1))
        s.handle(.routeChange(reasonRaw: 1, device: .bluetooth), &w)
        #expect(s.route == AudioRoute(output: .bluetoothHFP, input: .bluetoothHFP))
        #expect(s.inputFormat == AudioFormat(sampleRateHz: 16_000, channels: 1))
        s.handle(.routeChange(reasonRaw: 1, device: .usb), &w)
        #expect(s.inputFormat.channels == 2)
        s.handle(.inputFormat(.noInput), &w)
        #expect(!s.inputFormat.isUsable)
        // A route change returns to the route's format (new hardware).
        s.handle(.routeChange(reasonRaw: 2, device: nil), &w)
        #expect(s.inputFormat == AudioFormat(sampleRateHz: 48_000, channels: 1))
        if case .rejected = s.handle(.inputFormat(AudioFormat(sampleRateHz: .nan, channels: 1)), &w) {} else { Issue.record("NaN rate accepted") }
    }

    @Test func routesForRecordingCategories() {
        func route(_ o: [AudioCategoryOption], _ d: AudioDevice, mode: AudioMode = .default) -> AudioRoute {
            AudioRouteResolver.resolve(category: .playAndRecord, mode: mode, options: o, overrideToSpeaker: false, device: d)
        }
        let app: [AudioCategoryOption] = [.defaultToSpeaker, .allowBluetoothA2DP, .allowAirPlay]
        #expect(route([], .builtIn) == AudioRoute(output: .receiver, input: .builtInMic))
        #expect(route(app, .builtIn) == AudioRoute(output: .builtInSpeaker, input: .builtInMic))
        // A2DP is output only: the input stays the built-in mic.
        #expect(route(app, .bluetooth) == AudioRoute(output: .bluetoothA2DP, input: .builtInMic))
        #expect(route(app, .bluetoothSpeaker) == AudioRoute(output: .bluetoothA2DP, input: .builtInMic))
        #expect(route(app + [.allowBluetoothHFP], .bluetooth) == AudioRoute(output: .bluetoothHFP, input: .bluetoothHFP))
        #expect(route(app, .bluetooth, mode: .voiceChat) == AudioRoute(output: .bluetoothHFP, input: .bluetoothHFP))
        #expect(route(app, .airPlay) == AudioRoute(output: .airPlay, input: .builtInMic))
        #expect(route([.defaultToSpeaker], .airPlay) == AudioRoute(output: .builtInSpeaker, input: .builtInMic))
        #expect(route(app, .headset) == AudioRoute(output: .headphones, input: .headsetMic))
        #expect(route(app, .headphones) == AudioRoute(output: .headphones, input: .builtInMic))
    }

    @Test func echoCancelledInputNeedsEveryCondition() {
        var w = world()
        var s = AudioSession()
        s.setCategory(.playAndRecord, options: [.defaultToSpeaker], &w)
        #expect(!s.setPrefersEchoCancelledInput(true, os: OSRelease(18, 1), &w))
        s.handle(.echoCancelledInputAvailability(true), &w)
        #expect(s.setPrefersEchoCancelledInput(true, os: OSRelease(18, 2), &w))
        #expect(s.isEchoCancelledInputEnabled)
        s.handle(.routeChange(reasonRaw: 1, device: .headphones), &w)
        #expect(!s.isEchoCancelledInputEnabled)  // switches off with the route
        s.handle(.routeChange(reasonRaw: 2, device: nil), &w)
        #expect(s.isEchoCancelledInputEnabled)
        s.setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker], &w)
        #expect(!s.isEchoCancelledInputEnabled)  // .default mode only
        s.handle(.mediaServicesReset, &w)
        #expect(!s.prefersEchoCancelledInput)
    }

    @Test func resetMakesEveryEngineStale() {
        var w = world()
        var s = AudioSession()
        let first = s.makeEngine(&w)
        #expect(s.isCurrent(first) && first == AudioEngineHandle(generation: 1, serial: 1))
        s.handle(.mediaServicesReset, &w)
        #expect(!s.isCurrent(first))
        let second = s.makeEngine(&w)
        #expect(second == AudioEngineHandle(generation: 2, serial: 2) && s.isCurrent(second))
    }

    @Test func configurationChangeKeepsFramesAndMovesTheRate() {
        var w = world()
        var s = AudioSession()
        s.setCategory(.playAndRecord, options: [.defaultToSpeaker], &w)
        s.setPreferredIOBufferDuration(0.005, &w)
        s.setActive(true, &w)
        #expect(s.granted?.ioBufferFrames == 256)
        #expect(s.handle(.engineConfigurationChange(sampleRateHz: 44_100, channels: nil), &w)
            == .engineConfigurationChanged(input: AudioFormat(sampleRateHz: 44_100, channels: 1)))
        #expect(s.granted?.sampleRateHz == 44_100 && s.granted?.ioBufferFrames == 256)
        #expect(((s.granted?.ioBufferSeconds ?? 0) * 1e6).rounded() == 5805)
        #expect(s.engineConfigurationChanges == 1)
        if case .rejected = s.handle(.engineConfigurationChange(sampleRateHz: 0, channels: nil), &w) {} else { Issue.record("0 Hz accepted") }
        #expect(s.engineConfigurationChanges == 1)
    }

    /// The audio thresholds; `OSRelease` itself is tested in `DeviceTests`.
    @Test func osReleaseThresholds() {
        #expect(OSRelease.parse("16.6")! < OSRelease.audioApplication)
        #expect(OSRelease.parse("18.1.9")! < OSRelease.echoCancelledInput)
        #expect(RecordPermissionAPI.forRelease(OSRelease(16, 6, 1)) == .audioSession)
    }
}
