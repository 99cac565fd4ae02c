import LockstepCore
import Platform

/// `instrument`: Drums n Piano, a piano, xylophone and drum kit on the phone for players and
/// learners.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a low-latency virtual piano and drum
/// kit on iOS with AVAudioEngine". Modelled: the session activation (`.playback`, `.mixWithOthers`,
/// 5 ms preferred, the granted values logged) on the shared `Platform` `AudioSession`; the sampler
/// (note on/off on channel 0, velocity 100); the drum kit's 4-voice round-robin pools with
/// `.interrupts`; the multi-touch keyboard view where each touch owns its note (glissando as
/// off-before-on, slide off releases, slide on presses, cancel releases); black-keys-first
/// hit-testing with half-open rectangles and the right-edge clamp; note names and labels; the
/// system events that cancel touches (a call, backgrounding, Control Center).
///
/// Choices where the article is silent (GAPs):
/// - Touch callbacks are processed in ascending touch id (UIKit hands over a `Set`).
/// - Sampler: 32 voices, 250 ms release, holder count per note (two fingers on one key: the note
///   stops when the last finger leaves), stealing the oldest releasing voice first (see `Sampler`).
/// - Pads: a 4 × 2 grid in list order with an empty eighth cell; touches hit at velocity 1.0; sample
///   lengths in `PadGrid.sampleMilliseconds`; a direct `hit` with velocity outside 0...1 is rejected.
/// - Bad input: a callback with any non-finite coordinate is rejected whole; `began` for a live id
///   is rejected; `moved` for an unknown id is a warning and presses the key under it (as UIKit
///   would deliver it to the view); `ended`/`cancelled` for an unknown id is a warning and a no-op;
///   at most 20 live touches per view. Keyboard ranges must start on a C, span 1...10 octaves and
///   stay within MIDI 127; layouts must be finite and positive. All are records, state kept; a
///   refused input is the standard `rejected input=KIND reason=WORD ...` (counted in the state).
/// - An instrument switch or a keyboard range change cancels every touch first (notes released).
/// - Interruption began: touches cancelled, engine stopped. Ended with `shouldResume` (and the
///   session was active): reactivate and restart. Otherwise the engine restarts on the next
///   touch (the user touching a key is the intent to play). A media services reset rebuilds the
///   engine, reconfigures the session and reloads the bank and samples.
/// - Route latency: one granted IO buffer plus the route's GAP constant (`AudioOutputPort`).
/// - The xylophone loads `Xylophone.sf2`, program 0.
/// - The article's wrong implementations are faults (`InstrumentFault`, models in
///   `WrongKeyViews.swift`): a `Button` key plays a one-shot (note-on, note-off at once) on
///   touch-up; a player per tap is a counted file load per note or hit, and on the pads the new
///   player replaces the last (keyboard notes keep the sampler's voice bookkeeping).
/// - `check` lists `silentWhileHeld` keys (pressed but not sounding) only when there are any.
///
/// Invariants (ten, checked after every step) and the explorer's episodes: `Invariants.swift`.
public enum Instrument: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = InstrumentState
    public typealias Event = InstrumentEvent

    public static let name = "instrument"
    public static let summary = "Drums n Piano: multi-touch piano with per-touch note ownership, 4-voice drum pools, audio session (seed 001, \"Building a low-latency virtual piano and drum kit\")."

    public typealias Fault = InstrumentFault

    public static let events: [EventKind<InstrumentEvent>] = [
        EventKind("touches", "One UIKit touch callback: touches VIEW PHASE t<ID>=x,y ... (ids ascending is not required; they are sorted)") {
            f throws(ScenarioError) in
            let view = try f.argument("view", .choice(TouchView.self), "the view the callback goes to")
            let phase = try f.argument("phase", .choice(TouchPhase.self), "UIKit's touch phase")
            // The touches are open-ended keys t<ID>=x,y, checked by `touchPoints`.
            f.acceptOtherKeys()
            let line = f.custom([])
            return .touches(view, phase, f.isDeclaring ? [] : try touchPoints(line))
        },
        EventKind("layout", "The view's bounds in points.") { f throws(ScenarioError) in
            .layout(try f("view", .choice(TouchView.self)), width: try f("width", .number), height: try f("height", .number))
        },
        EventKind("keyboard", "The keyboard's range.") { f throws(ScenarioError) in
            .keyboard(firstMidi: try f("firstMidi", .int, in: -1_000_000...1_000_000, "a C"),
                      octaves: try f("octaves", .int, in: -1_000_000...1_000_000, "1...10 are playable"))
        },
        EventKind("labels", "Label settings; writes the label list.") { f throws(ScenarioError) in
            .labels(try f("naming", .choice(NoteNaming.self)), showSharps: try f("showSharps", .bool, default: false))
        },
        EventKind("instrument", "Switches the instrument (loads its bank).") { f throws(ScenarioError) in
            .switchInstrument(try f.argument("kind", .choice(InstrumentKind.self)))
        },
        EventKind("systemGesture", "A system gesture takes the touches.") { f throws(ScenarioError) in
            .systemGesture(try f.argument("name", .choice(SystemGesture.self)))
        },
        EventKind("hit", "A direct pad trigger by name.") { f throws(ScenarioError) in
            // The velocity range is checked by the reducer: out of range is a rejection record, not a scenario error.
            .hit(pad: try f("pad", .word), velocity: try f("velocity", .number, default: 1, "0...1"))
        },
        EventKind("check", "Reports the no-stuck-notes invariant.") { _ throws(ScenarioError) in .check },
        AudioVocabulary.eventKind { .audio($0) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
    ]

    public static func kind(of event: InstrumentEvent) -> String {
        switch event {
        case .touches: "touches"
        case .layout: "layout"
        case .keyboard: "keyboard"
        case .labels: "labels"
        case .switchInstrument: "instrument"
        case .systemGesture: "systemGesture"
        case .hit: "hit"
        case .check: "check"
        case .audio: AudioVocabulary.kind
        case .lifecycle: LifecycleVocabulary.kind
        }
    }

    /// The typed `set` lines; every one has the app's default.
    public struct Settings: Sendable {
        public var category: AudioCategory
        public var instrument: InstrumentKind
        public var geometry: KeyboardGeometry
        public var pads: PadGrid
        public var voicesPerPad: Int
        public var samplerVoices: Int
        public var releaseNanoseconds: Int64

        public init(category: AudioCategory = .playback, instrument: InstrumentKind = .piano, geometry: KeyboardGeometry = KeyboardGeometry(),
                    pads: PadGrid = PadGrid(), voicesPerPad: Int = 4, samplerVoices: Int = 32, releaseNanoseconds: Int64 = 250_000_000) {
            self.category = category
            self.instrument = instrument
            self.geometry = geometry
            self.pads = pads
            self.voicesPerPad = voicesPerPad
            self.samplerVoices = samplerVoices
            self.releaseNanoseconds = releaseNanoseconds
        }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let category = try s("category", .choice(SessionCategory.self), default: .playback, "the session category the app sets")
        let instrument = try s("instrument", .choice(InstrumentKind.self), default: .piano)
        let firstMidi = try s("firstMidi", .int, default: 60, in: 0...127, "a C")
        let octaves = try s("octaves", .int, default: 2, in: 0...100)
        let width = try s("width", .number, default: 700, "keyboard width in points")
        let height = try s("height", .number, default: 200)
        let padsWidth = try s("padsWidth", .number, default: 400)
        let padsHeight = try s("padsHeight", .number, default: 200)
        let voicesPerPad = try s("voicesPerPad", .int, default: 4, in: 1...16, "1 shows the single-player-per-pad bug")
        let samplerVoices = try s("samplerVoices", .int, default: 32, in: 1...128)
        let releaseMs = try s("releaseMs", .integer, default: 250, in: 0...10_000, "sampler release tail in ms")
        let geometry = KeyboardGeometry(widthPoints: width, heightPoints: height, firstMidi: firstMidi, octaves: octaves)
        // Each error at the setting that is wrong (at the `domain` line if only defaults are involved).
        if let (reason, problem) = geometry.refusal {
            let message = "bad keyboard configuration: \(problem)"
            switch reason {
            case "bad-size": throw s.error(message, at: KeyboardGeometry(widthPoints: width).refusal == nil ? "height" : "width")
            case "bad-octaves": throw s.error(message, at: "octaves")
            case "bad-first-note": throw s.error(message, at: "firstMidi")
            default: throw s.error(message, atAnyOf: ["firstMidi", "octaves"])
            }
        }
        let pads = PadGrid(widthPoints: padsWidth, heightPoints: padsHeight)
        if let problem = pads.problem {
            throw s.error("bad pads layout: \(problem)", at: PadGrid(widthPoints: padsWidth).problem == nil ? "padsHeight" : "padsWidth")
        }
        return Settings(category: category.audio, instrument: instrument, geometry: geometry, pads: pads, voicesPerPad: voicesPerPad,
                        samplerVoices: samplerVoices, releaseNanoseconds: releaseMs * 1_000_000)
    }

    public static var generators: [Generator<InstrumentEvent>] { InstrumentGenerators.all }

    public static func start(_ settings: Settings, _ world: inout World<Instrument>) throws(ScenarioError) -> InstrumentState {
        var s = InstrumentState()
        s.category = settings.category
        s.instrument = settings.instrument
        s.geometry = settings.geometry
        s.pads = settings.pads
        s.drums = DrumKit(voicesPerPad: world.isOn(.singlePlayerPerPad) ? 1 : settings.voicesPerPad)
        s.configuredVoicesPerPad = settings.voicesPerPad
        s.sampler = Sampler(maxVoices: settings.samplerVoices, releaseNanoseconds: settings.releaseNanoseconds)
        // The app is on screen and playable when a scenario starts.
        let t = s.life.handle(.launch(.user), &world)
        if t.actions.contains(.loadFromDisk) { launchAudio(&s, &world) }
        s.life.handle(.becomeActive, &world)
        return s
    }

    /// The keys of `touches VIEW PHASE t1=x,y t2=x,y`: `t` and a touch id (0...2^31−1), values two
    /// numbers; a repeated id is an error at its column. Points come out sorted by id.
    static func touchPoints(_ line: EventLine) throws(ScenarioError) -> [TouchPoint] {
        var points: [TouchPoint] = []
        for (key, i) in line.keyedArguments {
            let digits = key.dropFirst()
            guard key.first == "t", !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let id = Int(digits), id <= Int(Int32.max) else {
                throw line.location(ofArg: i).error("touch keys are t<ID> with a whole-number id (t1=25,150), found '\(key)'")
            }
            let v = try line.doubles(at: i)
            guard v.count == 2 else { throw line.location(ofArg: i).error("\(key) needs two numbers x,y, found \(v.count)") }
            guard !points.contains(where: { $0.id == id }) else { throw line.location(ofArg: i).error("touch id \(id) appears twice in one callback") }
            points.append(TouchPoint(id: id, x: v[0], y: v[1]))
        }
        guard !points.isEmpty else { throw line.error("a touches callback needs at least one touch: t<ID>=x,y") }
        points.sort { $0.id < $1.id }
        return points
    }

    public static func write(_ s: InstrumentState, to out: inout CanonicalWriter) {
        out.write("app", .tuple([.word(s.life.phase.word), .word(s.instrument.rawValue), .bool(s.engineRunning),
                                 .int(s.engineGeneration), .int(s.loads), .int(s.rejectedInputs)]))
        let g = s.geometry
        out.write("keyboard", .tuple([.fixed(g.widthPoints, places: 3), .fixed(g.heightPoints, places: 3), .int(g.firstMidi), .int(g.octaves),
                                      .word(s.naming.rawValue), .bool(s.showSharps)]))
        out.write("pads", .tuple([.fixed(s.pads.widthPoints, places: 3), .fixed(s.pads.heightPoints, places: 3)]))
        let ids = s.touchNotes.keys.sorted()
        // id, note pairs flattened: cheaper than words, and this line is written at every step.
        out.write("touchNotes", ids.isEmpty ? .word("none") : .tuple(ids.flatMap { [.int($0), .int(s.touchNotes[$0]!)] }))
        let kt = s.keyboardTouches.keys.sorted()
        out.write("keyboardTouches", kt.isEmpty ? .word("none") : .tuple(kt.map { .int($0) }))
        let pt = s.padTouches.keys.sorted()
        out.write("padTouches", pt.isEmpty ? .word("none") : .tuple(pt.map { .int($0) }))
        s.sampler.write(to: &out)
        s.drums.write(to: &out)
        s.session.write(to: &out)
        s.life.write(to: &out)
    }
}
