import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Hashtags

/// Known values from the seed article (`001_6956b43c84091d36.txt`, "Building a hashtag copier for
/// iOS") and the domain note, worked out by hand from the article's rules and SwiftUI's documented
/// `move(fromOffsets:toOffset:)`: the oracle is the article's text, never this code's output.
@Suite struct HashtagNormalizeTests {
    static func scalars(_ s: String?) -> [UInt32]? { s.map { $0.unicodeScalars.map(\.value) } }

    /// The article's doc comment: "Travel Photography!" → #travelphotography, "#café" → #café,
    /// "$$$" → nil; its code comment: "#2024" alone gives nothing.
    @Test func articleExamples() {
        #expect(Hashtag.normalize("Travel Photography!") == "#travelphotography")
        #expect(Self.scalars(Hashtag.normalize("#café")) == Self.scalars("#café"))
        #expect(Hashtag.normalize("$$$") == nil)
        #expect(Hashtag.normalize("#2024") == nil)
    }

    /// The note's verified values.
    @Test func noteValues() {
        let cases: [(String, String?)] = [
            ("sunset!!", "#sunset"), ("##double", "#double"), ("#_", nil), ("_a", "#_a"), ("#TravelTips", "#traveltips"),
            ("a#b", "#ab"), ("#a-b", "#ab"), ("#😀sun", "#sun"), ("😀", nil), ("१२३", nil), ("", nil), ("   ", nil),
        ]
        for (raw, expected) in cases {
            #expect(Hashtag.normalize(raw) == expected, "normalize(\(raw))")
        }
    }

    /// Non-ASCII tags survive (failure 2): Hindi, Japanese, Arabic, Cyrillic (lowercased), é.
    @Test func everyScriptSurvives() {
        #expect(Self.scalars(Hashtag.normalize("#नमस्ते")) == Self.scalars("#नमस्ते"))
        #expect(Self.scalars(Hashtag.normalize("#東京")) == [0x23, 0x6771, 0x4EAC])
        #expect(Self.scalars(Hashtag.normalize("#مرحبا")) == Self.scalars("#مرحبا"))
        #expect(Self.scalars(Hashtag.normalize("#Москва")) == Self.scalars("#москва"))
        #expect(Self.scalars(Hashtag.normalize("Café")) == [0x23, 0x63, 0x61, 0x66, 0xE9])
        // The historical ASCII-only filter deletes them.
        let ascii = Hashtag.Rules(asciiOnly: true)
        #expect(Hashtag.normalize("#東京", ascii) == nil)
        #expect(Hashtag.normalize("#café", ascii) == "#caf")
    }

    /// Lowercasing is full and context-free: İ → i + U+0307, ǅ → ǆ; full-width stays full-width
    /// (no NFKC); the keycap 1️⃣ is a number cluster and stays.
    @Test func unicodeEdges() {
        #expect(Self.scalars(Hashtag.normalize("İstanbul")) == [0x23, 0x69, 0x307, 0x73, 0x74, 0x61, 0x6E, 0x62, 0x75, 0x6C])
        #expect(Self.scalars(Hashtag.normalize("#ǅ")) == [0x23, 0x1C6])
        #expect(Self.scalars(Hashtag.normalize("ｔｅｓｔ")) == [0x23, 0xFF54, 0xFF45, 0xFF53, 0xFF54])
        #expect(Self.scalars(Hashtag.normalize("1️⃣love")) == [0x23, 0x31, 0xFE0F, 0x20E3, 0x6C, 0x6F, 0x76, 0x65])
    }

    /// NFC after lowercasing (GAP): precomposed and decomposed é give the same 6 bytes.
    @Test func decomposedInputIsStoredComposed() {
        let composed = Hashtag.normalize("#café")
        let decomposed = Hashtag.normalize("#cafe\u{301}")
        #expect(composed.map { Array($0.utf8) } == Array("#caf\u{E9}".utf8))
        #expect(decomposed.map { Array($0.utf8) } == Array("#caf\u{E9}".utf8))
        #expect(composed?.utf8.count == 6)
    }
}

@Suite struct HashtagParseTests {
    /// The article's doc comment: "#a #b, c\n#d" → #a #b #c #d.
    @Test func articleBatch() {
        #expect(Hashtag.parse("#a #b, c\n#d").tags == ["#a", "#b", "#c", "#d"])
    }

    /// The note's verified batch: case duplicates, `;`, symbols and a bare year.
    @Test func mixedBatch() {
        #expect(Hashtag.parse("#Travel #travel TRAVEL, #food;#Food  sunset!! $$$ #2024").tags == ["#travel", "#food", "#sunset"])
        #expect(Hashtag.parse("#Travel Photography").tags == ["#travel", "#photography"])
        #expect(Hashtag.parse("").tags.isEmpty && Hashtag.parse(" ,;\n").tokens.isEmpty)
    }

    /// Case-sensitive de-duplication (failure 3) keeps both spellings.
    @Test func caseSensitiveFaultKeepsBoth() {
        #expect(Hashtag.parse("#Travel #travel", Hashtag.Rules(keepCase: true)).tags == ["#Travel", "#travel"])
    }

    /// `#travel#food` is one tag by the article's rule, two with the `splitOnHash` extension.
    @Test func hashInsideAWord() {
        #expect(Hashtag.parse("#travel#food").tags == ["#travelfood"])
        #expect(Hashtag.parse("#travel#food ##double", Hashtag.Rules(splitOnHash: true)).tags == ["#travel", "#food", "#double"])
    }

    /// Every piece is accounted for: kept, rejected with a reason, or a duplicate.
    @Test func tokensSayWhy() {
        let p = Hashtag.parse("#a $$$ #2024 #A")
        #expect(p.tokens.map(\.reason) == [nil, "empty", "no-letter", "duplicate"])
    }

    /// A batch past `maxPieces` is cut there, and the rest is counted.
    @Test func pieceLimit() {
        let text = (0..<(Hashtag.maxPieces + 5)).map { "t\($0)" }.joined(separator: " ")
        let p = Hashtag.parse(text)
        #expect(p.tags.count == Hashtag.maxPieces && p.unparsedPieces == 5)
    }
}

@Suite struct OverlayTests {
    static let abc = TagCategory(id: "abc", name: "ABC", tags: ["#a", "#b", "#c"])

    /// SwiftUI `move(fromOffsets:toOffset:)` on [a,b,c,d] (the note's four values).
    @Test func moveSemantics() {
        let l = ["a", "b", "c", "d"]
        #expect(Overlay.move(l, fromOffsets: [0], toOffset: 2) == ["b", "a", "c", "d"])
        #expect(Overlay.move(l, fromOffsets: [0], toOffset: 4) == ["b", "c", "d", "a"])
        #expect(Overlay.move(l, fromOffsets: [3], toOffset: 0) == ["d", "a", "b", "c"])
        #expect(Overlay.move(l, fromOffsets: [1, 3], toOffset: 0) == ["b", "d", "a", "c"])
        #expect(Overlay.moveProblem(count: 4, offsets: [4], destination: 0) != nil)
        #expect(Overlay.moveProblem(count: 4, offsets: [0], destination: 5) != nil)
        #expect(Overlay.moveProblem(count: 4, offsets: [1, 3], destination: 0) == nil)
    }

    /// The note's merge values: add "#x #y #a" to [#a,#b,#c] gives [#a,#b,#c,#x,#y]; with order
    /// [#y,#c,#a] and #z added, [#y,#c,#a,#b,#x,#z].
    @Test func mergeRule() {
        var e = UserEdits()
        e["abc"] = CategoryEdits(id: "abc", added: ["#x", "#y"])
        #expect(Overlay.tags(for: Self.abc, e) == ["#a", "#b", "#c", "#x", "#y"])
        e["abc"] = CategoryEdits(id: "abc", added: ["#x", "#y", "#z"], order: ["#y", "#c", "#a"])
        #expect(Overlay.tags(for: Self.abc, e) == ["#y", "#c", "#a", "#b", "#x", "#z"])
        e["abc"] = CategoryEdits(id: "abc", added: ["#x"], removed: ["#b"])
        #expect(Overlay.tags(for: Self.abc, e) == ["#a", "#c", "#x"])
    }

    /// The canonical file: keys sorted, `removed` as a sorted array, absent entries left out.
    @Test func editsFileIsCanonical() throws {
        var e = UserEdits()
        e["travel"] = CategoryEdits(id: "travel", added: ["#x"])
        e.insertRemoved("#b", in: "abc")
        e.insertRemoved("#a", in: "abc")
        let text = String(decoding: EditsFile.encode(e), as: UTF8.self)
        #expect(text == ##"{"added":{"travel":["#x"]},"order":{},"removed":{"abc":["#a","#b"]}}"##)
        #expect(try EditsFile.decode(EditsFile.encode(e)).get() == e)
        if case .success = EditsFile.decode(Array(##"{"added":{"travel":["#x""##.utf8)) { Issue.record("truncated file decoded") }
    }
}

@Suite struct HashtagsSimulationTests {
    static let letters = Array("""
        [{"id":"seven","name":"Seven","tags":["#a","#b","#c","#d","#e","#f","#g"]},{"id":"abc","name":"ABC","tags":["#a","#b","#c"]}]
        """.utf8)

    static func sim(faults: [HashtagsFault] = [], os: OSRelease = OSRelease(17, 0)) throws -> Simulation<Hashtags> {
        try Simulation<Hashtags>(settings: Hashtags.Settings(device: Device(os: os), bundle: letters, editsFile: nil, splitOnHash: false,
                                                             limits: BudgetOverrides()), faults: faults)
    }

    static func title(_ outputs: [Record]) -> Value? {
        outputs.last { $0.name == "picks" }?.fields.first { $0.key == "title" }?.value
    }

    /// PickFive: A..E gives "Copy 5 of 5" and F disabled; un-pick B gives badges A1 C2 D3 E4; pick
    /// F gives [A,C,D,E,F]; the copy is "#a #c #d #e #f".
    @Test func pickFive() throws {
        var sim = try Self.sim()
        for t in ["#a", "#b", "#c", "#d", "#e"] { sim.send(.pick(category: "seven", tag: t)) }
        #expect(Self.title(sim.outputs) == .string("Copy 5 of 5"))
        _ = sim.takeOutputs()
        sim.send(.pick(category: "seven", tag: "#f"))
        #expect(sim.state.picked == ["#a", "#b", "#c", "#d", "#e"])
        #expect(sim.takeOutputs().contains { $0.name == "rejected" })
        sim.send(.pick(category: "seven", tag: "#b"))
        #expect(sim.outputs.last { $0.name == "picks" }?.fields.first { $0.key == "badges" }?.value == .string("#a=1 #c=2 #d=3 #e=4"))
        sim.send(.pick(category: "seven", tag: "#f"))
        #expect(sim.state.picked == ["#a", "#c", "#d", "#e", "#f"])
        sim.send(.copy(expiresAfter: nil, localOnly: false))
        #expect(sim.state.pasteboard.peekString == "#a #c #d #e #f")
        // One selection haptic per change of the picks: 5 + 1 + 1 (the refused sixth changes nothing).
        #expect(sim.state.selectionHaptics == 7 && sim.state.successHaptics == 1)
    }

    /// The old 30-tag limit lets a sixth pick through (failure 1).
    @Test func oldLimitTakesASixthPick() throws {
        var sim = try Self.sim(faults: [.oldLimitThirty])
        for t in ["#a", "#b", "#c", "#d", "#e", "#f"] { sim.send(.pick(category: "seven", tag: t)) }
        #expect(sim.state.picked.count == 6)
    }

    /// Copy of ["#a", "#b"]: pasteboard text "#a #b" under public.plain-text, owned by the app.
    @Test func copyWritesPlainText() throws {
        var sim = try Self.sim()
        sim.send(.pick(category: "abc", tag: "#a"))
        sim.send(.pick(category: "abc", tag: "#b"))
        sim.send(.copy(expiresAfter: .seconds(60), localOnly: true))
        let pb = sim.state.pasteboard
        #expect(pb.items == [PasteboardItem(type: "public.plain-text", text: "#a #b")])
        #expect(pb.owner == .thisApp && pb.localOnly)
        #expect(sim.outputs.contains(Record("banner").string("text", "Copied 2 tags").instant("until", sim.world.now + .seconds(2))))
        sim.advance(by: .seconds(61))
        #expect(sim.state.pasteboard.items.isEmpty)
    }

    /// A delete saves twice (two mutations of the edits, the article's didSet); re-adding the
    /// removed default only un-removes it (derived failure 8).
    @Test func removeThenReAdd() throws {
        var sim = try Self.sim()
        sim.send(.swipeDelete(category: "abc", tag: "#a"))
        #expect(sim.state.saveCount == 2)
        sim.send(.textInput("#A"))
        sim.send(.submit(category: "abc"))
        #expect(Overlay.tags(for: sim.state.categories[1], sim.state.edits) == ["#a", "#b", "#c"])
        var faulty = try Self.sim(faults: [.reAddDuplicatesDefault])
        faulty.send(.swipeDelete(category: "abc", tag: "#a"))
        faulty.send(.textInput("#A"))
        faulty.send(.submit(category: "abc"))
        #expect(Overlay.tags(for: faulty.state.categories[1], faulty.state.edits, dedupe: false) == ["#a", "#b", "#c", "#a"])
    }

    /// No pasteboard read before the paste button, on any launch or appear (failure 5).
    @Test func noReadBeforeThePasteButton() throws {
        var sim = try Self.sim(os: OSRelease(16, 0))
        sim.send(.pasteboard(.external(app: "Notes", items: [PasteboardItem(text: "#x")], localOnly: false, expiresIn: nil)))
        sim.send(.relaunch)
        sim.send(.appear(category: "abc"))
        #expect(sim.state.pasteboard.counts.reads == 0)
        sim.send(.pasteButton(category: "abc"))
        #expect(sim.state.pasteboard.counts.reads == 1 && sim.state.pasteboard.counts.prompts == 0)
        var faulty = try Self.sim(faults: [.readOnLaunch], os: OSRelease(16, 0))
        faulty.send(.pasteboard(.external(app: "Notes", items: [PasteboardItem(text: "#x")], localOnly: false, expiresIn: nil)))
        faulty.send(.relaunch)
        #expect(faulty.state.pasteboard.counts.alerts == 1)
    }

    @Test func eventsReadBackTheSame() throws {
        let events: [HashtagsEvent] = [
            .textInput("#a #b, c\n#d"), .submit(category: "abc"), .tapAdd(category: "abc"), .swipeDelete(category: "abc", tag: "#café"),
            .move(category: "abcd", fromOffsets: [1, 3], toOffset: 0), .appear(category: "abc"), .pasteButton(category: "abc"),
            .pick(category: "seven", tag: "#東京"), .copy(expiresAfter: .seconds(60), localOnly: true), .copy(expiresAfter: nil, localOnly: false),
            .remoteConfig(tagLimit: 3), .relaunch, .pasteIntoInstagram, .env(DeviceChange(os: OSRelease(18, 0))),
            .pasteboard(.external(app: "Safari", items: [PasteboardItem(text: "#x")], localOnly: false, expiresIn: nil)),
        ]
        #expect(try EventDecoding.roundTripDifferences(Hashtags.self, events) == [])
    }

    @Test func declarationsMeetTheContract() {
        #expect(Hashtags.entry.problems.isEmpty, "\(Hashtags.entry.problems)")
    }
}

@Suite struct HashtagsLimitTests {
    /// A text past 64 KiB is refused whole with a record, and the field keeps its old value.
    @Test func hugePasteIsRefused() throws {
        var sim = try HashtagsSimulationTests.sim()
        sim.send(.textInput("#ok"))
        sim.send(.textInput(String(repeating: "#a ", count: 30_000)))
        #expect(sim.state.newTag == "#ok")
        #expect(sim.outputs.last == Record("rejected").word("input", "textInput").word("reason", "too-long")
            .int("bytes", 90_000).int("limit", Hashtag.maxTextBytes))
    }

    /// A corrupt tag-edits.json is kept aside and the app starts from empty edits (derived 10);
    /// under the historical `try?` the bytes are lost at the first save.
    @Test func corruptEditsAreQuarantined() throws {
        let bad = Array(##"{"added":{"abc":["#mine""##.utf8)
        func run(_ faults: [HashtagsFault]) throws -> Simulation<Hashtags> {
            var sim = try Simulation<Hashtags>(settings: Hashtags.Settings(device: Device(os: OSRelease(17, 0)), bundle: HashtagsSimulationTests.letters,
                                                                          editsFile: bad, splitOnHash: false, limits: BudgetOverrides()), faults: faults)
            sim.send(.textInput("#x"))
            sim.send(.submit(category: "abc"))
            return sim
        }
        #expect(try run([]).state.files.peek(EditsFile.quarantinePath)?.bytes == bad)
        #expect(try run([.corruptEditsOverwritten]).state.files.peek(EditsFile.quarantinePath) == nil)
    }
}
