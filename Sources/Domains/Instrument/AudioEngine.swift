import LockstepCore
import Platform

/// The app's audio setup and its reactions to the audio session: the article's activation order,
/// the one-time loads, the engine, and what interruptions, route changes and resets do.
extension Instrument {
    /// The preferred IO buffer: "ask for ~5 ms; the system decides".
    public static let preferredIOBufferSeconds = 0.005
    /// `kAUSampler_DefaultMelodicBankMSB` and `kAUSampler_DefaultBankLSB`.
    public static let melodicBankMSB = 0x79
    public static let defaultBankLSB = 0

    /// Session activation (category, preferred buffer, activate, log what was granted), then the
    /// sound bank and drum samples, then the engine: once per process and after a media services reset.
    static func launchAudio(_ s: inout InstrumentState, _ world: inout World<Instrument>) {
        s.engineGeneration += 1
        s.samplerEpoch += 1  // invariant history only: every held key falls silent with the old sampler
        s.sampler = Sampler(maxVoices: s.sampler.maxVoices, releaseNanoseconds: s.sampler.releaseNanoseconds)
        s.drums = DrumKit(voicesPerPad: s.drums.voicesPerPad)
        // The fault: the category that honours the Silent switch, set in place of the app's.
        let category = world.isOn(.ambientCategory) ? AudioCategory.ambient : s.category
        s.session.setCategory(category, mode: .default, options: [.mixWithOthers], &world)
        s.session.setPreferredIOBufferDuration(preferredIOBufferSeconds, &world)
        let active = s.session.setActive(true, &world)
        if active, let g = s.session.granted { world.emit(InstrumentOutput.ioLog(ioBufferSeconds: g.ioBufferSeconds, sampleRateHz: g.sampleRateHz)) }
        loadBank(&s, s.instrument == .drums ? .piano : s.instrument, &world)
        s.loads += 1
        world.emit(Record("load").word("what", "drums").int("pads", PadGrid.pads.count).int("voicesPerPad", s.drums.voicesPerPad)
            .int("nodes", s.drums.nodeCount).int("loads", s.loads))
        s.engineRunning = active
        world.emit(Record("engine").bool("running", active).int("generation", s.engineGeneration)
            .int("nodes", 1 + s.drums.nodeCount).word("reason", active ? "started" : "sessionInactive"))
    }

    /// Loads the pitched instrument's sound bank (never on a tap).
    static func loadBank(_ s: inout InstrumentState, _ kind: InstrumentKind, _ world: inout World<Instrument>) {
        s.loads += 1
        // GAP: the xylophone ships its own SoundFont, program 0 (the article does not say).
        let bank = kind == .xylophone ? "Xylophone.sf2" : "Piano.sf2"
        world.emit(Record("load").word("what", kind.rawValue).string("bank", bank).int("program", 0)
            .int("bankMSB", melodicBankMSB).int("bankLSB", defaultBankLSB).int("loads", s.loads))
    }

    /// Reactivates the session and starts the engine (after an interruption that did not say
    /// `shouldResume`, the app restarts on the user's next touch).
    static func restartEngine(_ s: inout InstrumentState, reason: String, _ world: inout World<Instrument>) {
        let ok = s.session.setActive(true, &world)
        s.engineRunning = ok
        world.emit(Record("engine").bool("running", ok).int("generation", s.engineGeneration).word("reason", ok ? reason : "activationFailed"))
    }

    static func audio(_ s: inout InstrumentState, _ e: AudioSystemEvent, _ world: inout World<Instrument>) {
        // An incoming call cancels the touches in flight before the app hears about the session.
        if case .interruption(let typeRaw, _) = e, typeRaw == AudioInterruptionType.began.rawValue, !s.session.isInterrupted {
            cancelAll(&s, by: "interruption", &world)
        }
        switch s.session.handle(e, &world) {
        case .interruptionBegan:
            if s.engineRunning {
                s.engineRunning = false
                s.drums.stopAll()
                world.emit(Record("engine").bool("running", false).int("generation", s.engineGeneration).word("reason", "interruption")
                    .with("samplerHeld", s.sampler.heldNotes.isEmpty ? .word("none") : .tuple(s.sampler.heldNotes.map { .int($0) })))
            }
        case .interruptionEnded(let shouldResume, let wasActive):
            if shouldResume && wasActive {
                restartEngine(&s, reason: "resume", &world)
            } else {
                world.emit(Record("engine").bool("running", false).word("reason", shouldResume ? "wasNotPlaying" : "noResumeHint")
                    .string("next", "restarts on the next touch"))
            }
        case .granted(let g):
            world.emit(InstrumentOutput.ioLog(ioBufferSeconds: g.ioBufferSeconds, sampleRateHz: g.sampleRateHz))
        case .routeChanged(_, _, let to):
            let latency = s.session.outputLatencyNanoseconds.map { Double($0) / 1e6 } ?? 0
            let slow = to.output.addedLatencyNanoseconds > 0
            world.emit(Record("latency").word("output", to.output.rawValue).fixed("ms", latency, 3)
                .string("hint", slow ? "wireless output adds delay you cannot remove; wired is tighter" : "wired or built-in: lowest latency"))
        case .mediaServicesReset:
            // Every engine, node and loaded bank is invalid: rebuild everything, reconfigure, reload.
            s.engineRunning = false
            world.emit(Record("engine").bool("running", false).int("generation", s.engineGeneration).word("reason", "mediaServicesReset")
                .int("droppedVoices", s.sampler.voices.count))
            launchAudio(&s, &world)
        case .silentSwitch(let on, let muted):
            world.emit(Record("audible").bool("value", s.audible).string("why", silentSwitchExplanation(on: on, muted: muted, s.session.category)))
        case .grantScripted, .activationPolicy, .ignored, .rejected:
            break
        case .permissionAnswered, .permissionChanged, .inputFormatChanged, .engineConfigurationChanged, .echoCancelledInputAvailability:
            // Recording-side events (issue #7): the instrument records nothing; the session's record says what happened.
            break
        }
    }

    /// Why the instrument is or is not heard after the Silent switch moved, from the switch and the
    /// session's category (not from the switch alone: off is not "plays with the switch on").
    static func silentSwitchExplanation(on: Bool, muted: Bool, _ category: AudioCategory) -> String {
        if muted { return "\(category.rawValue) honours the Silent switch: the instrument looks broken" }
        if on { return "\(category.rawValue) plays with the Silent switch on" }
        return category.respectsSilentSwitch
            ? "the Silent switch is off: \(category.rawValue) is heard"
            : "the Silent switch is off: \(category.rawValue) is heard either way"
    }
}
