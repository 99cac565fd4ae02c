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
///   stay within MIDI 127; layouts must be finite and positive. All are records, state kept.
/// - An instrument switch or a keyboard range change cancels every touch first (notes released).
/// - Interruption began: touches cancelled, engine stopped. Ended with `shouldResume` (and the
///   session was active): reactivate and restart. Otherwise the engine restarts on the next
///   touch (the user touching a key is the intent to play). A media services reset rebuilds the
///   engine, reconfigures the session and reloads the bank and samples.
/// - Route latency: one granted IO buffer plus the route's GAP constant (`AudioOutputPort`).
/// - The xylophone loads `Xylophone.sf2`, program 0.
public enum Instrument: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = InstrumentState
    public typealias Event = InstrumentEvent

    public static let name = "instrument"
    public static let summary = "Drums n Piano: multi-touch piano with per-touch note ownership, 4-voice drum pools, audio session (seed 001, \"Building a low-latency virtual piano and drum kit\")."

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("touches", "One UIKit touch callback: touches VIEW PHASE t<ID>=x,y ... (ids ascending is not required; they are sorted)",
                      positional: [FieldSpec("view", .word(choices: TouchView.allCases.map(\.rawValue))),
                                   FieldSpec("phase", .word(choices: TouchPhase.allCases.map(\.rawValue)))],
                      acceptsOtherKeys: true),
            EventSpec("layout", "The view's bounds in points.", fields: [
                FieldSpec("view", .word(choices: TouchView.allCases.map(\.rawValue))),
                FieldSpec("width", .number), FieldSpec("height", .number)]),
            EventSpec("keyboard", "The keyboard's range.", fields: [
                FieldSpec("firstMidi", .integer, "a C, default 60"), FieldSpec("octaves", .integer, "1...10")]),
            EventSpec("labels", "Label settings; writes the label list.", fields: [
                FieldSpec("naming", .word(choices: NoteNaming.allCases.map(\.rawValue))), .optional("showSharps", .bool, "default false")]),
            EventSpec("instrument", "Switches the instrument (loads its bank).",
                      positional: [FieldSpec("kind", .word(choices: InstrumentKind.allCases.map(\.rawValue)))]),
            EventSpec("systemGesture", "A system gesture takes the touches.",
                      positional: [FieldSpec("name", .word(choices: ["controlCenter", "notificationCenter", "appSwitcher"]))]),
            EventSpec("hit", "A direct pad trigger by name.", fields: [FieldSpec("pad", .word), .optional("velocity", .number, "0...1, default 1")]),
            EventSpec("check", "Reports the no-stuck-notes invariant."),
            AudioVocabulary.spec,
            LifecycleVocabulary.spec,
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("category", .word(choices: ["playback", "ambient", "soloAmbient"]), default: "playback", "the session category the app sets"),
         ConfigSpec("instrument", .word(choices: InstrumentKind.allCases.map(\.rawValue)), default: "piano"),
         ConfigSpec("firstMidi", .integer, default: "60"), ConfigSpec("octaves", .integer, default: "2"),
         ConfigSpec("width", .number, default: "700", "keyboard width in points"), ConfigSpec("height", .number, default: "200"),
         ConfigSpec("padsWidth", .number, default: "400"), ConfigSpec("padsHeight", .number, default: "200"),
         ConfigSpec("voicesPerPad", .integer, default: "4", "1...16; 1 shows the single-player-per-pad bug"),
         ConfigSpec("samplerVoices", .integer, default: "32", "1...128"),
         ConfigSpec("releaseMs", .integer, default: "250", "sampler release tail, 0...10000")]
    }

    public static var faults: [FaultSpec] { InstrumentFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }

    public static var generators: [Generator<InstrumentEvent>] { InstrumentGenerators.all }

    public static func start(_ config: Config, _ world: inout World<InstrumentEvent>) throws(ScenarioError) -> InstrumentState {
        var s = InstrumentState()
        s.faults = InstrumentFaults { world.fault($0.rawValue) }
        s.category = AudioCategory(rawValue: try config.word("category", default: "playback"))!
        s.instrument = try config.choice("instrument", default: InstrumentKind.piano)
        s.geometry = KeyboardGeometry(widthPoints: try config.double("width", default: 700),
                                      heightPoints: try config.double("height", default: 200),
                                      firstMidi: Int(try config.int("firstMidi", default: 60)),
                                      octaves: Int(try config.int("octaves", default: 2, in: 0...100)))
        if let problem = s.geometry.problem { throw config.error("octaves", "bad keyboard configuration: \(problem)") }
        s.pads = PadGrid(widthPoints: try config.double("padsWidth", default: 400), heightPoints: try config.double("padsHeight", default: 200))
        if let problem = s.pads.problem { throw config.error("padsWidth", "bad pads layout: \(problem)") }
        s.drums = DrumKit(voicesPerPad: Int(try config.int("voicesPerPad", default: 4, in: 1...16)))
        s.sampler = Sampler(maxVoices: Int(try config.int("samplerVoices", default: 32, in: 1...128)),
                            releaseNanoseconds: try config.int("releaseMs", default: 250, in: 0...10_000) * 1_000_000)
        // The app is on screen and playable when a scenario starts.
        let t = s.life.handle(.launch(.user), &world)
        if t.actions.contains(.loadFromDisk) { launchAudio(&s, &world) }
        s.life.handle(.becomeActive, &world)
        return s
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> InstrumentEvent {
        switch line.kind {
        case "touches": return try decodeTouches(line)
        case "layout":
            return .layout(try line.choice("view"), width: try line.double("width"), height: try line.double("height"))
        case "keyboard":
            return .keyboard(firstMidi: Int(try line.int("firstMidi", in: -1_000_000...1_000_000)),
                             octaves: Int(try line.int("octaves", in: -1_000_000...1_000_000)))
        case "labels": return .labels(try line.choice("naming"), showSharps: try line.bool("showSharps", default: false))
        case "instrument": return .switchInstrument(try line.choice(at: line.positionalIndices[0]))
        case "systemGesture": return .systemGesture(try line.word(at: line.positionalIndices[0]))
        case "hit": return .hit(pad: try line.word("pad"), velocity: try line.double("velocity", default: 1))
        case "check": return .check
        case AudioVocabulary.kind: return .audio(try AudioVocabulary.decode(line))
        case LifecycleVocabulary.kind: return .lifecycle(try LifecycleVocabulary.decode(line))
        default: throw line.error("unknown instrument event '\(line.kind)'")
        }
    }

    /// `touches VIEW PHASE t1=x,y t2=x,y`: keys are `t` and a touch id (0...2^31−1), values two
    /// numbers; a repeated id is an error at its column. Points come out sorted by id.
    static func decodeTouches(_ line: EventLine) throws(ScenarioError) -> InstrumentEvent {
        let pos = line.positionalIndices
        let view: TouchView = try line.choice(at: pos[0])
        let phase: TouchPhase = try line.choice(at: pos[1])
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
        return .touches(view, phase, points)
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
