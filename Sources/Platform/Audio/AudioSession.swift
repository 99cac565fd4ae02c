import LockstepCore

/// `AVAudioSession` as a deterministic value that an audio domain owns in its state.
///
/// Two sides drive it:
/// - the **app** calls `setCategory`, `setPreferredSampleRate`, `setPreferredIOBufferDuration`,
///   `setActive` and `overrideOutputToSpeaker`, exactly in the order its real code would;
/// - the **system** sends `AudioSystemEvent`s from the scenario (`audio ...` lines): what it grants,
///   interruptions, route changes, media services resets, the Silent switch. `handle` applies one,
///   emits its record and returns an `AudioSessionNotice` the domain switches over.
///
/// Preferences are requests. What the session got is `granted`, decided at activation by the
/// scripted grant if there is one, else by `AudioGrant.resolve` (documented there). Every call and
/// every decision is a record (`audio.category`, `audio.preferred`, `audio.active`,
/// `audio.activation-failed`, `audio.granted`, `audio.interruption`, `audio.route`,
/// `rejected input=audio` (refused or ignored), `audio.reset`, `audio.silentSwitch`, `audio.override`).
public struct AudioSession: Hashable, Sendable, CanonicallyWritable {
    public private(set) var category: AudioCategory = .systemDefault
    public private(set) var mode: AudioMode = .default
    /// Sorted, no duplicates.
    public private(set) var options: [AudioCategoryOption] = []
    public private(set) var preferredSampleRateHz: Double?
    public private(set) var preferredIOBufferSeconds: Double?
    /// What the last successful activation (or a later system change) granted; nil before.
    public internal(set) var granted: AudioGrant?
    /// What the scenario scripted the system to grant; nil means the default resolver.
    public private(set) var scriptedGrant: AudioGrant?
    public private(set) var isActive = false
    /// Between `interruption began` and `ended`.
    public private(set) var isInterrupted = false
    /// Whether the session was active when the current interruption began.
    public private(set) var wasActiveBeforeInterruption = false
    public private(set) var device: AudioDevice = .builtIn
    public private(set) var outputOverriddenToSpeaker = false
    public private(set) var route: AudioRoute
    public private(set) var silentSwitchOn = false
    public private(set) var activationAllowed = true
    /// Media services resets so far; objects built in an older generation are stale.
    public private(set) var generation = 1
    public private(set) var activations = 0
    public private(set) var failedActivations = 0
    public private(set) var interruptions = 0
    public private(set) var ignoredEvents = 0

    // Recording side (issue #7). Not part of `write(to:)` (whose three lines every audio domain's
    // goldens pin); recording domains add `writeInput(to:)`.

    /// The microphone permission (app-wide; here because every recording domain needs it beside the session).
    public internal(set) var permission = RecordPermission()
    /// A scripted input-node format (`audio input ...`, or a configuration change's); nil means the
    /// format derived from the route and grant (`inputFormat`).
    public internal(set) var scriptedInputFormat: AudioFormat?
    /// `isEchoCancelledInputAvailable` (scripted by `audio echoCancelledInput available=`).
    public internal(set) var echoCancelledInputAvailable = false
    /// `setPrefersEchoCancelledInput(_:)`; cleared by a media services reset.
    public internal(set) var prefersEchoCancelledInput = false
    /// `.AVAudioEngineConfigurationChange` notifications so far.
    public internal(set) var engineConfigurationChanges = 0
    /// Engines built through `makeEngine` so far (every generation).
    public internal(set) var enginesBuilt = 0

    public init() {
        route = AudioRouteResolver.resolve(category: .systemDefault, mode: .default, options: [], overrideToSpeaker: false, device: .builtIn)
    }

    // MARK: Derived

    /// Whether the Silent switch silences this session (on, and the category honours it).
    public var isMutedBySilentSwitch: Bool { silentSwitchOn && category.respectsSilentSwitch }

    /// Whether sound the app plays now reaches the user.
    public var isAudible: Bool { isActive && !isInterrupted && category.hasOutput && !isMutedBySilentSwitch && route.output != .none }

    /// Output latency in nanoseconds: one granted IO buffer plus the route's added latency (GAP
    /// constants in `AudioOutputPort.addedLatencyNanoseconds`); nil before a grant.
    public var outputLatencyNanoseconds: Int64? {
        guard let g = granted else { return nil }
        // A grant's buffer is checked finite and positive when it is accepted.
        return (Duration(seconds: g.ioBufferSeconds)?.nanoseconds ?? 0) + route.output.addedLatencyNanoseconds
    }

    // MARK: App side

    /// `setCategory(_:mode:options:)`. Emits `audio.category`; when active and the route changes
    /// because of it, also `audio.route reason=categoryChange`.
    public mutating func setCategory<D: Domain>(_ category: AudioCategory, mode: AudioMode = .default,
                                        options: [AudioCategoryOption] = [], _ world: inout World<D>) {
        self.category = category
        self.mode = mode
        self.options = Array(Set(options)).sorted()
        world.emit(Record("audio.category").word("category", category.rawValue).word("mode", mode.rawValue)
            .with("options", self.options.isEmpty ? .word("none") : .tuple(self.options.map { .word($0.rawValue) })))
        reroute(.categoryChange, &world)
    }

    /// `setPreferredSampleRate(_:)`. A non-finite or non-positive rate is refused (`rejected`).
    @discardableResult
    public mutating func setPreferredSampleRate<D: Domain>(_ hz: Double, _ world: inout World<D>) -> Bool {
        guard hz.isFinite, hz > 0 else {
            world.reject("setPreferredSampleRate", "not-finite-positive") { $0.string("why", "the rate must be finite and positive") }
            return false
        }
        preferredSampleRateHz = hz
        world.emit(Record("audio.preferred").fixed("sampleRate", hz, 1))
        return true
    }

    /// `setPreferredIOBufferDuration(_:)`. A non-finite or non-positive duration is refused.
    @discardableResult
    public mutating func setPreferredIOBufferDuration<D: Domain>(_ seconds: Double, _ world: inout World<D>) -> Bool {
        guard seconds.isFinite, seconds > 0 else {
            world.reject("setPreferredIOBufferDuration", "not-finite-positive") { $0.string("why", "the duration must be finite and positive") }
            return false
        }
        preferredIOBufferSeconds = seconds
        world.emit(Record("audio.preferred").fixed("ioBufferMs", seconds * 1000, 3))
        return true
    }

    /// `setActive(true)`: fails while interrupted or while the system refuses activation
    /// (`audio.activation-failed reason=...`); otherwise grants and emits `audio.active` with what
    /// was granted and the route. `setActive(false, notifyOthers:)` emits `audio.active active=false`.
    @discardableResult
    public mutating func setActive<D: Domain>(_ active: Bool, notifyOthers: Bool = false, _ world: inout World<D>) -> Bool {
        if !active {
            let was = isActive
            isActive = false
            world.emit(Record("audio.active").bool("active", false).bool("wasActive", was).bool("notifyOthers", notifyOthers))
            return true
        }
        var refusal: String?
        if isInterrupted { refusal = "interrupted" } else if !activationAllowed { refusal = "refusedBySystem" }
        if let refusal {
            failedActivations += 1
            world.emit(Record("audio.activation-failed").word("reason", refusal))
            return false
        }
        let grant = scriptedGrant ?? AudioGrant.resolve(preferredRateHz: preferredSampleRateHz,
                                                        preferredIOBufferSeconds: preferredIOBufferSeconds, route: route)
        granted = grant
        isActive = true
        activations += 1
        world.emit(AudioRecords.grant("audio.active", grant).word("source", scriptedGrant == nil ? "resolver" : "scripted")
            .word("output", route.output.rawValue).word("input", route.input.rawValue)
            .fixed("latencyMs", Double(outputLatencyNanoseconds ?? 0) / 1e6, 3).bool("audible", isAudible))
        return true
    }

    /// `overrideOutputAudioPort(.speaker / .none)`. Temporary: the next route change clears it.
    public mutating func overrideOutputToSpeaker<D: Domain>(_ on: Bool, _ world: inout World<D>) {
        outputOverriddenToSpeaker = on
        world.emit(Record("audio.override").word("port", on ? "speaker" : "none"))
        reroute(.override, &world)
    }

    // MARK: System side

    /// Applies a system event, emits its record and returns what it meant.
    @discardableResult
    public mutating func handle<D: Domain>(_ event: AudioSystemEvent, _ world: inout World<D>) -> AudioSessionNotice {
        switch event {
        case .grant(let g):
            if let g, let problem = g.problem {
                world.reject("audio", "invalid-grant") { $0.word("event", "grant").string("why", problem) }
                return .rejected(problem)
            }
            scriptedGrant = g
            if isActive {
                let now = g ?? AudioGrant.resolve(preferredRateHz: preferredSampleRateHz,
                                                  preferredIOBufferSeconds: preferredIOBufferSeconds, route: route)
                granted = now
                world.emit(AudioRecords.grant("audio.granted", now).word("source", g == nil ? "resolver" : "scripted"))
                return .granted(now)
            }
            if let g {
                world.emit(AudioRecords.grant("audio.grant-scripted", g).string("applies", "at the next activation"))
            } else {
                world.emit(Record("audio.grant-scripted").word("source", "resolver"))
            }
            return .grantScripted

        case .interruption(let typeRaw, let optionsRaw):
            guard let type = AudioInterruptionType(rawValue: typeRaw) else {
                return ignore("interruption", "unknown-type", "unknown interruption type raw value \(typeRaw)", &world)
            }
            switch type {
            case .began:
                guard !isInterrupted else {
                    // Apple does not promise paired notifications; keep the first began's state.
                    return ignore("interruption", "already-interrupted", "began while already interrupted (wasActive kept from the first)", &world)
                }
                wasActiveBeforeInterruption = isActive
                isInterrupted = true
                isActive = false
                interruptions += 1
                world.emit(Record("audio.interruption").word("phase", "began").bool("wasActive", wasActiveBeforeInterruption))
                return .interruptionBegan(wasActive: wasActiveBeforeInterruption)
            case .ended:
                guard isInterrupted else { return ignore("interruption", "not-interrupted", "ended without began", &world) }
                let options = optionsRaw ?? 0
                let shouldResume = options & audioInterruptionShouldResumeRaw != 0
                let unknownBits = options & ~audioInterruptionShouldResumeRaw
                isInterrupted = false
                let was = wasActiveBeforeInterruption
                wasActiveBeforeInterruption = false
                var r = Record("audio.interruption").word("phase", "ended").bool("shouldResume", shouldResume).bool("wasActive", was)
                if unknownBits != 0 { r = r.int64("ignoredOptionBits", Int64(unknownBits)) }
                world.emit(r)
                return .interruptionEnded(shouldResume: shouldResume, wasActive: was)
            }

        case .routeChange(let reasonRaw, let newDevice):
            guard let reason = AudioRouteChangeReason(rawValue: reasonRaw) else {
                return ignore("route", "unknown-reason", "unknown route change reason raw value \(reasonRaw)", &world)
            }
            if let newDevice { device = newDevice } else if reason == .oldDeviceUnavailable { device = .builtIn }
            if reason != .override { outputOverriddenToSpeaker = false }
            // New hardware reports its own format; a scripted one described the old route.
            scriptedInputFormat = nil
            let from = route
            route = resolveRoute()
            world.emit(Record("audio.route").word("reason", reason.word).int64("raw", Int64(reasonRaw))
                .word("device", device.rawValue).word("from", from.output.rawValue).word("to", route.output.rawValue)
                .word("input", route.input.rawValue).bool("audible", isAudible))
            return .routeChanged(reason, from: from, to: route)

        case .mediaServicesReset:
            generation += 1
            let was = isActive
            category = .systemDefault
            mode = .default
            options = []
            preferredSampleRateHz = nil
            preferredIOBufferSeconds = nil
            granted = nil
            isActive = false
            isInterrupted = false
            wasActiveBeforeInterruption = false
            outputOverriddenToSpeaker = false
            scriptedInputFormat = nil
            prefersEchoCancelledInput = false
            route = resolveRoute()
            world.emit(Record("audio.reset").int("generation", generation).bool("wasActive", was)
                .string("effect", "every engine, node and setting is gone; reconfigure and reactivate"))
            return .mediaServicesReset(generation: generation)

        case .silentSwitch(let on):
            silentSwitchOn = on
            world.emit(Record("audio.silentSwitch").bool("on", on).word("category", category.rawValue).bool("muted", isMutedBySilentSwitch))
            return .silentSwitch(on: on, muted: isMutedBySilentSwitch)

        case .activationPolicy(let allowed):
            activationAllowed = allowed
            world.emit(Record("audio.activation").bool("allowed", allowed))
            return .activationPolicy(allowed: allowed)

        case .permissionAnswer, .permissionSettings, .inputFormat, .engineConfigurationChange, .echoCancelledInputAvailability:
            return handleInput(event, &world)
        }
    }

    // MARK: Internals

    func resolveRoute() -> AudioRoute {
        AudioRouteResolver.resolve(category: category, mode: mode, options: options,
                                   overrideToSpeaker: outputOverriddenToSpeaker, device: device)
    }

    /// Re-resolves the route after an app-side change; emits `audio.route` only if it moved.
    private mutating func reroute<D: Domain>(_ reason: AudioRouteChangeReason, _ world: inout World<D>) {
        let from = route
        route = resolveRoute()
        guard route != from else { return }
        world.emit(Record("audio.route").word("reason", reason.word).int64("raw", Int64(reason.rawValue))
            .word("device", device.rawValue).word("from", from.output.rawValue).word("to", route.output.rawValue)
            .word("input", route.input.rawValue).bool("audible", isAudible))
    }

    /// An audio event the session does not act on: the standard rejection, with a short `reason`
    /// word and the longer `why`.
    mutating func ignore<D: Domain>(_ event: String, _ reason: String, _ why: String, _ world: inout World<D>) -> AudioSessionNotice {
        ignoredEvents += 1
        world.reject("audio", reason) { $0.word("event", event).string("why", why) }
        return .ignored(why)
    }

    // MARK: State

    /// Three lines, `audio.session=`, `audio.io=` and `audio.state=`: part of the owning domain's
    /// digest, kept compact because audio domains write their state at every step.
    public func write(to out: inout CanonicalWriter) {
        // `tuple` lines append straight into the buffer: these are written at every step.
        out.tuple("audio.session") { v in
            v.word(category.rawValue); v.word(mode.rawValue)
            for option in options { v.word(option.rawValue) }
        }
        func grant(_ g: AudioGrant?, _ v: inout ValueList) {
            if let g { v.fixed(g.sampleRateHz, places: 1); v.fixed(g.ioBufferSeconds * 1000, places: 3) } else { v.word("none"); v.word("none") }
        }
        out.tuple("audio.io") { v in
            if let rate = preferredSampleRateHz { v.fixed(rate, places: 1) } else { v.word("none") }
            if let buffer = preferredIOBufferSeconds { v.fixed(buffer * 1000, places: 3) } else { v.word("none") }
            grant(granted, &v)
            grant(scriptedGrant, &v)
        }
        out.tuple("audio.state") { v in
            v.word(isActive ? "active" : "inactive"); v.word(isInterrupted ? "interrupted" : "free")
            v.bool(wasActiveBeforeInterruption); v.bool(silentSwitchOn); v.bool(activationAllowed)
            v.bool(outputOverriddenToSpeaker); v.word(device.rawValue); v.word(route.output.rawValue)
            v.word(route.input.rawValue); v.int(generation); v.int(activations); v.int(failedActivations)
            v.int(interruptions); v.int(ignoredEvents)
        }
    }
}
