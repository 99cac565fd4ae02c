import LockstepCore
import Platform

/// `haptics`: Haptics Explorer, a developer tool for browsing, feeling and generating code for iOS
/// haptics: UIKit generators and SwiftUI `sensoryFeedback` demos, a library of system feedback and
/// Core Haptics patterns (heartbeat, explosion, …), looping "long test" and playback speed,
/// "record a rhythm" from taps, AHAP export and import, code generation, "Tell them apart", and
/// replaying the last pattern from a widget, Control Center or Siri.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "A Practical Guide to iOS Haptics". Modelled:
/// the prepare-on-touch-down button and its iOS 17.5 `init(style:view:)` branch, the selection and
/// notification demos, the change-only SwiftUI triggers (Favorite toggles, Save draws a seeded
/// Bool), the engine manager (hardware check, auto-shutdown, stopped handler that only logs, reset
/// handler that restarts), a new player per play with `start()` first, the built-in patterns, the
/// looping advanced player (`loopEnd = duration + 0.2 s`, 0.5×…2×), the 15 s long test, the tap
/// recorder on the monotonic clock (offsets ≤ 4 s kept), AHAP with sorted keys, and the design
/// rules (every haptic paired with a visual cue). Platform Feedback holds the OS models; the pure
/// pattern logic is in this folder (`PatternLibrary`, `Timeline`, `CurveSampler`, `AHAP*`, …).
///
/// Choices where the article is silent (GAPs):
/// - Pattern duration: the latest event end or curve point (heartbeat 0.95 s, explosion 0.90 s).
/// - Curves interpolate linearly, hold the first value before the first point and the last after
///   the last one; intensity-control curves multiply event intensity; sampled every 10 ms.
/// - `prepare()` keeps the Taptic Engine ready for `prepareWindow` (1 s); a cold call is one 60 Hz
///   frame late (16.667 ms).
/// - Auto-shutdown after `idleTimeout` (10 s) without activity; a looping player keeps it awake.
/// - The actuator timeline of a play is written when its run ends (natural end or cut), cut
///   exclusively at a stop, backgrounding, interruption or server reset.
/// - Reset (the note's proposal, not the article's code): the reset handler restarts the engine
///   AND rebuilds and restarts a held loop; the article's restart-only code is the fault
///   `staleLoopAfterReset`.
/// - An engine stop (background, interruption, idle) ends a held loop or long test for good; only a
///   server reset keeps it for the reset handler to rebuild.
/// - SwiftUI `sensoryFeedback` is recorded whatever `supportsHaptics` says (the article does not
///   gate it; the system makes it a no-op).
/// - Rhythm taps that go back in time are refused (`non-monotonic-taps`), never sorted; an empty
///   recording gives an empty pattern.
/// - "Tell them apart": success, warning and error 0.6 s apart.
/// - `replayLast` with nothing played is refused; it is not behind Premium. Code generation is
///   the one Premium feature (refused without it).
/// - A system item played from the library goes through a fresh, unprepared UIKit generator.
/// - A recorded rhythm is the user pattern `rhythm`, an imported file the user pattern `imported`.
/// - AHAP import: missing intensity 1.0, sharpness 0.5; out-of-range values clamped and unknown
///   keys ignored (each a warning); structural damage refused with its JSON path.
/// - The generated code keeps system items as UIKit/SwiftUI calls; custom patterns become
///   `CHHapticEvent` literals plus their AHAP text; values outside 0…1 are clamped with a warning.
/// - Sequence editor and custom creator (`PatternComposer`): items back to back `gap` apart
///   (0.2 s by default, the loop gap), each item's intensity curve ended at the item's end; the
///   creator saves its draft in time order; sliders are 0…1 and values outside are refused, not
///   clamped (a slider cannot produce them, so they are bad input). Both save user patterns,
///   whose ids may not be a library item's.
/// - `plot from= to=` draws the actuator log (`ActuatorLog`: Core Haptics marks when a run is
///   rendered, UIKit and SwiftUI fires as grey system taps) as `actuator-N.png`. The log is an
///   observation, not app state, so it is not in the state digest.
/// - Without haptics hardware the custom features are hidden and their inputs refused
///   (`no-haptics-hardware`); UIKit generator calls are recorded as no-ops.
public enum Haptics: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = HapticsState
    public typealias Event = HapticsEvent
    public typealias Fault = HapticsFault

    public static let name = "haptics"
    public static let summary = "Haptics Explorer: UIKit generators with prepare, change-only SwiftUI feedback, a Core Haptics engine (auto-shutdown, stop and reset handlers), library patterns rendered on a virtual actuator, loops and the 15 s long test, a monotonic rhythm recorder, AHAP export/import and code generation (seed 001, \"A Practical Guide to iOS Haptics\")."

    public static let events: [EventKind<HapticsEvent>] = [
        EventKind("touch", "The impact button: down prepares, up inside fires") { f throws(ScenarioError) in
            let phase = try f.argument("phase", .choice(TouchPhase.self), "down or up")
            let inside = try f("upInside", .bool, default: true, "touch-up inside the button")
            return .touch(phase, upInside: inside)
        },
        EventKind("pickerChanged", "The picker wheel moved: selectionChanged()") { f throws(ScenarioError) in
            .pickerChanged(value: try f("value", .int, default: 0, "the new row"))
        },
        EventKind("saveFinished", "The UIKit save demo finished: notificationOccurred(success|error)") { f throws(ScenarioError) in
            .saveFinished(success: try f("success", .bool, "whether the save worked"))
        },
        EventKind("swiftUITrigger", "A SwiftUI demo button: favorite toggles, save draws a seeded Bool") { f throws(ScenarioError) in
            .swiftUITrigger(try f("control", .choice(TriggerControl.self), "favorite or save"))
        },
        EventKind("playLibrary", "Play a library item (system feedback id or pattern id)") { f throws(ScenarioError) in
            .playLibrary(id: try f("id", .word, "e.g. heartbeat, explosion, impact.medium, rhythm"))
        },
        EventKind("loop", "Start or stop the looping player") { f throws(ScenarioError) in
            let action = try f.argument("action", .choice(LoopAction.self), "start or stop")
            let id = try f.optional("id", .word, "the pattern to loop (start)")
            let rate = try f("rate", .number, default: 1.0, "playback rate, 0.5...2")
            if !f.isDeclaring, action == .start, id == nil { throw f.error("loop start needs id=") }
            return .loop(action, id: id, rate: rate)
        },
        EventKind("longTest", "Loop a pattern for 15 s, then stop") { f throws(ScenarioError) in
            let id = try f("id", .word, "the pattern")
            return .longTest(id: id, rate: try f("rate", .number, default: 1.0, "playback rate, 0.5...2"))
        },
        EventKind("recordTap", "A tap on the rhythm pad (monotonic time = the scenario clock)") { f throws(ScenarioError) in
            let wall = try f("wall", .number, default: 0, in: -86_400 ... 86_400, "wall clock minus monotonic clock, seconds")
            return .recordTap(wallOffsetMicroseconds: Int64((wall * 1_000_000).rounded()))
        },
        EventKind("recordFinish", "Finish recording: the taps become a pattern") { _ throws(ScenarioError) in .recordFinish },
        EventKind("exportAHAP", "Export a pattern as AHAP JSON") { f throws(ScenarioError) in
            .exportAHAP(id: try f("id", .word, "the pattern"))
        },
        EventKind("importAHAP", "Import an AHAP file (becomes the pattern 'imported')") { f throws(ScenarioError) in
            .importAHAP(bytes: try f("file", .file, "an .ahap file under Scenarios/"))
        },
        EventKind("generateCode", "Generate Swift for a library item (Premium)") { f throws(ScenarioError) in
            .generateCode(id: try f("id", .word, "the item"))
        },
        EventKind("tellThemApart", "Play success, warning and error 0.6 s apart") { _ throws(ScenarioError) in .tellThemApart },
        EventKind("replayLast", "Replay the last played item from a widget, Control Center or Siri") { f throws(ScenarioError) in
            .replayLast(source: try f("source", .choice(ReplaySource.self), "widget, controlCenter or siri"))
        },
        EventKind("haptics", "The haptic server: serverReset, or idle (auto-shutdown now)") { f throws(ScenarioError) in
            .server(try f.argument("what", .choice(HapticServerEvent.self), "serverReset or idle"))
        },
        EventKind("sequence", "The sequence editor: library patterns back to back, saved as a user pattern") { f throws(ScenarioError) in
            let name = try f("name", .word, "the new pattern's id")
            let items = try f("items", .text, "pattern ids, comma-separated: \"explosion,heartbeat\"")
            let gap = try f("gap", .duration, default: .milliseconds(200), in: .milliseconds(1) ... .seconds(5), "silence between items")
            let list = items.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if !f.isDeclaring, list.contains(where: \.isEmpty) { throw f.error("an empty item in '\(items)': separate ids with single commas", at: "items") }
            return .sequence(name: name, items: list, gapMicroseconds: gap.nanoseconds / 1_000)
        },
        EventKind("creator", "The custom pattern creator: add an event, remove one, save the draft, clear") { f throws(ScenarioError) in
            let action = try f.argument("action", .choice(CreatorAction.self), "add, remove, save or clear")
            let kind = try f.optional("kind", .choice(CreatorEventKind.self), "add: transient or continuous")
            let at = try f("at", .duration, default: .zero, in: .zero ... .seconds(30), "add: the event's time in the pattern")
            let duration = try f("duration", .duration, default: .zero, in: .zero ... .seconds(30), "add: a continuous event's length")
            let intensity = try f("intensity", .number, default: 1, "add: the intensity slider, 0...1")
            let sharpness = try f("sharpness", .number, default: 0.5, "add: the sharpness slider, 0...1")
            let index = try f.optional("index", .int, "remove: the draft event's index, from 0")
            let name = try f.optional("name", .word, "save: the new pattern's id")
            if !f.isDeclaring {
                switch action {
                case .add where kind == nil: throw f.error("creator add needs kind=")
                case .add where kind == .continuous && duration == .zero: throw f.error("a continuous event needs duration= above 0", at: "duration")
                case .remove where index == nil: throw f.error("creator remove needs index=")
                case .save where name == nil: throw f.error("creator save needs name=")
                default: break
                }
            }
            return .creator(action, kind: kind, atMicroseconds: at.nanoseconds / 1_000, durationMicroseconds: duration.nanoseconds / 1_000,
                            intensity: intensity, sharpness: sharpness, index: index, name: name)
        },
        EventKind("plot", "Draw what the actuator played over a window as a PNG (actuator-N.png)") { f throws(ScenarioError) in
            let from = try f("from", .duration, default: .zero, in: .zero ... .hours(24 * 365), "window start, scenario time")
            let to = try f.optional("to", .duration, in: .zero ... .hours(24 * 365), "window end (exclusive); default: now")
            return .plot(fromMicroseconds: from.nanoseconds / 1_000, toMicroseconds: to.map { $0.nanoseconds / 1_000 })
        },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        AudioVocabulary.eventKind { .audio($0) },
    ]

    public static func kind(of event: HapticsEvent) -> String {
        switch event {
        case .touch: "touch"
        case .pickerChanged: "pickerChanged"
        case .saveFinished: "saveFinished"
        case .swiftUITrigger: "swiftUITrigger"
        case .playLibrary: "playLibrary"
        case .loop: "loop"
        case .longTest: "longTest"
        case .recordTap: "recordTap"
        case .recordFinish: "recordFinish"
        case .exportAHAP: "exportAHAP"
        case .importAHAP: "importAHAP"
        case .generateCode: "generateCode"
        case .tellThemApart: "tellThemApart"
        case .replayLast: "replayLast"
        case .server: "haptics"
        case .plot: "plot"
        case .sequence: "sequence"
        case .creator: "creator"
        case .lifecycle: LifecycleVocabulary.kind
        case .audio: AudioVocabulary.kind
        case .longTestEnd: "longTestEnd"
        case .playEnded: "playEnded"
        case .idleCheck: "idleCheck"
        case .tellStep: "tellStep"
        }
    }

    public struct Settings: Sendable {
        var os: OSRelease
        var supportsHaptics: Bool
        var premium: Bool
        var prepareWindow: Duration
        var idleTimeout: Duration
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let os = try s("os", DeviceVocabulary.osRelease, default: OSRelease(17, 0), "iOS version (17.0+, e.g. 17.0, 17.5, 27.0)")
        let supports = try s("supportsHaptics", .bool, default: true, "CHHapticEngine.capabilitiesForHardware().supportsHaptics (false: most iPads, Simulator)")
        let premium = try s("premium", .bool, default: false, "Premium (code generation)")
        let window = try s("prepareWindow", .duration, default: .seconds(1), in: .zero ... .seconds(60), "how long prepare() keeps the Taptic Engine ready")
        let idle = try s("idleTimeout", .duration, default: .seconds(10), in: .zero ... .hours(1), "auto-shutdown after this long without activity")
        guard os >= OSRelease(17, 0) else {
            throw s.error("expected an iOS version from 17.0 (the app's minimum)", at: "os")
        }
        return Settings(os: os, supportsHaptics: supports, premium: premium, prepareWindow: window, idleTimeout: idle)
    }

    public static func start(_ settings: Settings, _ world: inout World<Haptics>) throws(ScenarioError) -> HapticsState {
        let at17_5 = settings.os >= OSRelease(17, 5)
        let window = settings.prepareWindow.nanoseconds / 1_000
        let impactAt17_5 = at17_5 && !world.isOn(.deprecatedInitOn27)
        var s = HapticsState(
            os: settings.os, supportsHaptics: settings.supportsHaptics, premium: settings.premium,
            customFeaturesShown: settings.supportsHaptics || world.isOn(.noHardwareCheck),
            impact: FeedbackGenerator(kind: .impact(style: .medium), osAtLeast17_5: impactAt17_5, supportsHaptics: settings.supportsHaptics, prepareWindowMicroseconds: window),
            selection: FeedbackGenerator(kind: .selection, osAtLeast17_5: at17_5, supportsHaptics: settings.supportsHaptics, prepareWindowMicroseconds: window),
            notification: FeedbackGenerator(kind: .notification, osAtLeast17_5: at17_5, supportsHaptics: settings.supportsHaptics, prepareWindowMicroseconds: window),
            engine: HapticEngine(supportsHaptics: settings.supportsHaptics, idleTimeoutMicroseconds: settings.idleTimeout.nanoseconds / 1_000))
        s.engine.hasResetHandler = !world.isOn(.noResetHandler)
        s.prepareWindowMicroseconds = window
        s.life.handle(.launch(.user), &world)
        s.life.handle(.becomeActive, &world)
        world.emit(Record("launch").word("os", settings.os.description).bool("supportsHaptics", settings.supportsHaptics)
            .bool("premium", settings.premium).word("customFeatures", s.customFeaturesShown ? "shown" : "hidden")
            .int("library", LibraryItem.all.count))
        if s.impact.api.isDeprecatedInIOS27, settings.os >= OSRelease(27, 0) {
            world.emit(Record("console").string("warning", "'init(style:)' was deprecated in iOS 27.0: use init(style:view:)"))
        }
        for o in s.engine.createAndStart(at: 0) { engineRecord(o, &s, &world) }
        armIdle(&s, &world)
        return s
    }

    public static func reduce(_ s: inout HapticsState, _ event: HapticsEvent, _ world: inout World<Haptics>) {
        dispatch(&s, event, &world)
        armIdle(&s, &world)
    }

    public static func write(_ s: HapticsState, to out: inout CanonicalWriter) {
        out.record(Record("app").word("os", s.os.description).bool("supportsHaptics", s.supportsHaptics).bool("premium", s.premium)
            .bool("custom", s.customFeaturesShown).bool("favorite", s.isFavorite).word("save", s.save.value.map { $0 ? "true" : "false" } ?? "nil")
            .int("saveDraws", s.saveDraws).word("lastPlayed", s.lastPlayed ?? "none").int("plays", s.plays).int("renders", s.renders)
            .int("taps", s.taps.count))
        out.record(Record("engine").word("state", engineStateName(s.engine.state)).bool("resetHandler", s.engine.hasResetHandler)
            .int("players", s.engine.players.count).int("sounding", s.sounding.count)
            .word("loop", s.loop.map { "\($0.patternID)@\($0.player.rawValue)" } ?? "none"))
        if let until = s.impact.preparedUntilMicroseconds { out.int("impactPreparedUntilUs", Int(until)) }
        out.list("userPatterns", s.userPatterns) { w, _, u in w.word("id", u.id); w.int("events", u.pattern.events.count) }
        // Only when non-empty, so states from before the creator existed keep their bytes.
        if !s.draft.isEmpty { out.int("draftEvents", s.draft.count) }
        s.life.write(to: &out)
        s.session.write(to: &out)
    }
}
