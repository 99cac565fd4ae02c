import Testing
import LockstepCore
import LockstepRunner
@testable import CardScanner

func records(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(CardScanner.self, body) }
func scenarioError(_ body: String) -> String? { InlineScenario.error(CardScanner.self, body) }

let setup = """
0 catalog id=a name="Alpha" number="010/100"
0 catalog id=b name="Beta" number="011/100"
0 installPack game=mtg revision=2 scale="1/256" rows="a 0:100; b 8:120"

"""

@Suite struct ScenarioTests {
    @Test func declarationsMeetTheContract() {
        #expect(CardScanner.entry.problems.isEmpty, "\(CardScanner.entry.problems)")
    }

    /// Malformed vectors and OCR grammar are errors at the value's line and column.
    @Test func malformedInputIsLocated() {
        let e1 = scenarioError(setup + "1 frame guide=\"5:abc\"\n")
        #expect(e1?.hasPrefix("t.scenario:6:15: guide: token 1 '5:abc'") == true, "\(e1 ?? "nil")")
        let e2 = scenarioError(setup + "1 frame guide=\"\" ocr=\"guide.side=12/100\"\n")
        #expect(e2?.contains("t.scenario:6:") == true && e2?.contains("is not CROP.PASS") == true, "\(e2 ?? "nil")")
        let e3 = scenarioError(setup + "1 frame guide=\"\" ocr=\"guide.whole=a~b~c\"\n")
        #expect(e3?.contains("topCandidates(2)") == true, "\(e3 ?? "nil")")
        let e4 = scenarioError("0 priceFile game=mtg captured=\"2026-13-01\" hex=\"00\"\n")
        #expect(e4?.hasPrefix("t.scenario:3:") == true && e4?.contains("captured must be a date") == true, "\(e4 ?? "nil")")
        let e5 = scenarioError("0 ledger event=added item=i1 id=\"x\" t=5\n")
        #expect(e5?.contains("an added record names its card=") == true, "\(e5 ?? "nil")")
        let e6 = scenarioError("0 priceFile game=mtg captured=\"2026-01-01\" hex=\"0g\"\n")
        #expect(e6?.contains("hex must be pairs of hex digits") == true, "\(e6 ?? "nil")")
    }

    /// The article's replay case through the domain: (t=1000, edited(finish), "a") then
    /// (t=1000, added, "z"): the item is foil. Under the historical order it is not.
    @Test func sameMillisecondAddReplaysFirst() throws {
        let body = """
        0 catalog id=a name="Alpha" number="010/100"
        1 ledger event=edited item=i1 finish=foil id="a" t=1000
        1 ledger event=added item=i1 card=a id="z" t=1000
        2 relaunch

        """
        let good = try records(body)
        #expect(good.contains("collection.item item=\"i1\" card=\"a\" finish=foil"))
        let bad = try records("set fault replayWithoutRank\n" + body)
        #expect(bad.contains("collection.item item=\"i1\" card=\"a\" finish=nonfoil"))
    }

    /// A picked photo skips the gates; a live frame at 99.9 is soft, at 100.0 passes.
    @Test func gates() throws {
        let r = try records(setup + """
        1 frame variance=99.9 guide=""
        2 frame source=pickedPhoto steady=false variance=0 guide="" ocr="guide.whole=010/100"
        3 frame variance=100 guide="" ocr="guide.whole=010/100"

        """)
        #expect(r.contains("frame.dropped reason=soft variance=99.900"))
        #expect(r.filter { $0.hasPrefix("decision outcome=identified card=\"a\"") }.count == 2)
    }

    /// The probe fails once at launch: number-only for the session, never an add.
    @Test func probeFailureIsNumberOnly() throws {
        let r = try records("set featurePrint espressoFailure\n" + setup + "1 frame guide=\"\" ocr=\"guide.whole=010/100\"\n")
        #expect(r.first == "probe launch=1 featurePrint=failed mode=numberOnly error=\"Failed to create espresso context\"")
        #expect(r.contains { $0.hasPrefix("decision outcome=ambiguous reason=artworkUnavailable sheet=\"a\"") })
        #expect(!r.contains { $0.contains("outcome=identified") })
    }

    /// Every event kind writes back as a line that reads as the same event.
    @Test func eventTextRoundTrips() throws {
        let events: [CardScannerEvent] = [
            .installPack(PackInput(game: "mtg", revision: 2, scaleText: "1/256", rowsText: "a 0:100; b 8:-5")),
            .catalog(card("a", "Alpha Beta", "010/100")),
            .alias(old: "a", new: "b"),
            .frame(FrameInput(game: "mtg", source: .pickedPhoto, steady: false, variance: 12.5, ciVariance: -3,
                              // One crop: `structure` dumps a dictionary in hash order, so two crops would compare unstably.
                              crops: [.loose: CropEmbeddings(sharp: Embedding(components: [Float](repeating: 0, count: 768)),
                                                             blurred: Embedding(components: [Float](repeating: 0.25, count: 700)))],
                              centerCrop: nil, ocr: [OCRAnswer(crop: .guide, pass: .bottomStrip, observations: [["10/100", "1O/100"], [""]])], cjkCount: 4)),
            .sheetPick(card: "a", finish: .foil), .sheetDismiss, .setFinish(item: "item-1", finish: .nonfoil), .remove(item: "item-1"),
            .ledger(LedgerLine(kind: .edited, item: "i", card: "", finish: .foil, eventID: "x y", timestampMillis: 1000)),
            .priceFile(game: "mtg", bytes: [1, 2, 3, 4, 5, 6, 7, 8], capturedDay: 20_454),
            .manifest(game: "mtg", hash: "ab"), .portfolio, .relaunch,
        ]
        let diffs = try EventDecoding.roundTripDifferences(CardScanner.self, events)
        #expect(diffs == [], "\(diffs)")
    }

    /// `gen session`: catalog, pack, then frames; the same events through their lines.
    @Test func sessionGenerator() throws {
        let events = try EventDecoding.generated(CardScanner.self, "gen session cards=12 frames=30")
        let kinds = events.map(CardScanner.kind(of:))
        #expect(kinds.prefix(13) == ArraySlice(Array(repeating: "catalog", count: 12) + ["installPack"]))
        #expect(kinds.filter { $0 == "frame" }.count == 30)
        // Card 10 (index 9) shares card 9's number: the parallel.
        if case .catalog(let c9) = events[8], case .catalog(let c10) = events[9] { #expect(c9.printedNumber == c10.printedNumber && c9.baseName != c10.baseName) }
        let differences = try EventDecoding.roundTripDifferences(CardScanner.self, events)
        #expect(differences == [], "\(differences.prefix(2))")
    }
}
