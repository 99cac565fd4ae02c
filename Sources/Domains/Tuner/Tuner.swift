import LockstepCore
import Platform

/// `tuner`: Guitar Tuner: Chromatic, an iOS tuner for guitar and bass: the mic in `.measurement`
/// mode, a rolling 4096-sample window with 50 % overlap, an autocorrelation detector that takes
/// the first good peak (not the loudest harmonic), equal-tempered note maths with a settable A4,
/// a median-then-exponential smoother, Auto Mode and 15 presets behind Premium.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a Chromatic Guitar Tuner on iOS".
///
/// Modelled, file by file: `RollingWindow` (tap buffers of any size → windows), `PitchDetector`
/// (gate, correlation, lobe skip, first peak, parabolic interpolation), `NoteMath`,
/// `ReadingSmoother`, `TuningPresets`, `AutoMatch` and `TuneState`; `Session` (permission,
/// session, tap and engine; release on background, screen exit and interruption); `Analysis`
/// (the per-window records). Audio comes from Platform audio frames (`gen tone|pluck|noise|…`).
///
/// Choices where the article is silent (GAPs):
/// - Preset targets use the user's A4 (the article's code used 440: fault `presetsIgnoreReference`).
/// - An interruption stops like a screen exit (the readout resets); `ended` with `shouldResume`
///   restarts only while the screen is visible.
/// - Denied permission: no engine, a Settings hint record.
/// - The octave-down band from 901 to 1,200 Hz (the lobe skip starting at minLag) is the article's
///   behaviour, pinned as a known limitation, not fixed.
/// - Manual mode measures to the selected string; a premium preset without Premium is refused.
/// - The reference pitch must be in 400...480 Hz.
public enum Tuner: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = TunerState
    public typealias Event = TunerEvent
    public typealias Fault = TunerFault

    public static let name = "tuner"
    public static let summary = "Guitar Tuner: autocorrelation pitch detection on a rolling 4096-sample window (first good peak, parabolic interpolation, noise gate), notes and cents with a settable A4, a smoother that resets on silence and jumps, Auto Mode by cents, presets behind Premium, the session in .measurement mode (seed 001, \"Building a Chromatic Guitar Tuner on iOS\")."
    public static let digestInterval = 200

    public static let events: [EventKind<TunerEvent>] = [
        EventKind("appear", "The tuner screen appears: activate the session, start the mic") { _ throws(ScenarioError) in .appear },
        EventKind("disappear", "The tuner screen goes away: stop and release the mic") { _ throws(ScenarioError) in .disappear },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        AudioVocabulary.eventKind { .audio($0) },
        PCMVocabulary.pcmKind { .buffer($0) },
    ] + PCMVocabulary.bufferKinds { .buffer($0) } + [
        EventKind("reference", "Set the concert pitch A4 in Hz") { f throws(ScenarioError) in
            .reference(a4Hz: try f("a4", .number, in: 400 ... 480, "A4 in Hz (400...480)"))
        },
        EventKind("preset", "Select a tuning preset by id") { f throws(ScenarioError) in
            .preset(id: try f("id", .word, "a preset id, e.g. g-std, g-dropd, b-std"))
        },
        EventKind("autoMode", "Auto Mode on or off (Premium)") { f throws(ScenarioError) in .autoMode(on: try f("on", .bool, "on")) },
        EventKind("string", "Manual mode: the string to tune, 0 = lowest") { f throws(ScenarioError) in
            .string(index: try f("index", .int, in: 0 ... 11, "string index"))
        },
        EventKind("entitlement", "StoreKit: Premium bought or lapsed") { f throws(ScenarioError) in
            .entitlement(premium: try f("premium", .bool, "premium"))
        },
    ]

    public static let generators: [Generator<TunerEvent>] = PCMVocabulary.generators { .buffer($0) }

    public static func kind(of event: TunerEvent) -> String {
        switch event {
        case .appear: "appear"
        case .disappear: "disappear"
        case .lifecycle: LifecycleVocabulary.kind
        case .audio: AudioVocabulary.kind
        case .buffer(let b): PCMVocabulary.kindName(of: b)
        case .reference: "reference"
        case .preset: "preset"
        case .autoMode: "autoMode"
        case .string: "string"
        case .entitlement: "entitlement"
        }
    }

    public struct Settings: Sendable {
        var os: OSRelease
        var premium: Bool
        var permission: RecordPermissionState
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let os = try s("os", DeviceVocabulary.osRelease, default: OSRelease(17, 0), "iOS version (16.0+; 17 takes AVAudioApplication for the permission)")
        let premium = try s("premium", .bool, default: false, "Premium: all presets and Auto Mode")
        let permission = try s("permission", .choice(RecordPermissionState.self), default: .granted, "the record permission from an earlier run")
        guard os >= OSRelease(16, 0) else {
            throw s.error("expected an iOS version from 16.0 (the app's minimum)", at: "os")
        }
        return Settings(os: os, premium: premium, permission: permission)
    }

    public static func start(_ settings: Settings, _ world: inout World<Tuner>) throws(ScenarioError) -> TunerState {
        var s = TunerState(session: AudioSession(recordPermission: settings.permission), os: settings.os, premium: settings.premium)
        var faults: PitchDetector.Faults = []
        if world.isOn(.highestPeak) { faults.insert(.highestPeak) }
        if world.isOn(.noGate) { faults.insert(.noGate) }
        if world.isOn(.noInterpolation) { faults.insert(.noInterpolation) }
        s.detector.faults = faults
        if world.isOn(.noSmootherReset) { s.smoother = ReadingSmoother(variant: .noReset) }
        s.matchByHz = world.isOn(.nearestByHz)
        s.presetsIgnoreReference = world.isOn(.presetsIgnoreReference)
        s.releasesMic = !world.isOn(.micNotReleased)
        s.life.handle(.launch(.user), &world)
        s.life.handle(.becomeActive, &world)
        world.emit(Record("launch").word("os", settings.os.description).bool("premium", settings.premium)
            .word("permission", settings.permission.rawValue).int("presets", TuningPresets.available(premium: settings.premium).count))
        return s
    }

    public static func reduce(_ s: inout TunerState, _ event: TunerEvent, _ world: inout World<Tuner>) {
        switch event {
        case .appear: appear(&s, &world)
        case .disappear: disappear(&s, &world)
        case .lifecycle(let line): lifecycle(&s, line, &world)
        case .audio(let e): audio(&s, e, &world)
        case .buffer(let b): buffer(&s, b, &world)
        case .reference(let a4):
            s.a4Hz = a4
            s.smoother.reset()
            world.emit(Record("reference").fixed("a4", a4, 2))
        case .preset(let id):
            guard let p = TuningPresets.preset(id: id) else { world.reject("preset", "unknownPreset") { $0.word("id", id) }; return }
            guard p.isFree || s.premium else { world.reject("preset", "requiresPremium") { $0.word("id", id) }; return }
            s.presetID = id
            s.manualString = min(s.manualString, p.strings.count - 1)
            world.emit(Record("preset").word("id", id).string("name", p.name).int("strings", p.strings.count))
        case .autoMode(let on):
            guard !on || s.premium else { world.reject("autoMode", "requiresPremium"); return }
            s.autoMode = on
            world.emit(Record("autoMode").bool("on", on))
        case .string(let i):
            guard i < s.preset.strings.count else { world.reject("string", "noSuchString") { $0.int("index", i).int("strings", s.preset.strings.count) }; return }
            s.manualString = i
            world.emit(Record("string").int("index", i))
        case .entitlement(let premium):
            s.premium = premium
            world.emit(Record("entitlement").bool("premium", premium))
            if !premium {
                if s.autoMode { s.autoMode = false; world.emit(Record("autoMode").bool("on", false).word("reason", "premiumLapsed")) }
                if !s.preset.isFree { s.presetID = TuningPresets.standard.id; world.emit(Record("preset").word("id", s.presetID).word("reason", "premiumLapsed")) }
            }
        }
    }

    public static func text(of event: TunerEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .appear, .disappear: return line.line
        case .buffer(let b): return PCMVocabulary.text(of: b)
        case .reference(let a4): return line.number("a4", a4).line
        case .preset(let id): return line.word("id", id).line
        case .autoMode(let on): return line.bool("on", on).line
        case .string(let i): return line.int("index", i).line
        case .entitlement(let p): return line.bool("premium", p).line
        case .audio(let e): return AudioVocabulary.text(of: e)
        case .lifecycle: return nil
        }
    }

    public static func write(_ s: TunerState, to out: inout CanonicalWriter) {
        out.record(Record("tuner").bool("visible", s.screenVisible).bool("engine", s.engineRunning).bool("tap", s.tapInstalled)
            .fixed("a4", s.a4Hz, 2).word("preset", s.presetID).bool("autoMode", s.autoMode).int("string", s.manualString)
            .bool("premium", s.premium).int("windows", s.windows).int("readings", s.readings).int("gated", s.gated)
            .int("refused", s.buffersRefused).int("withoutTap", s.buffersWithoutTap))
        s.session.write(to: &out)
    }
}
