import Testing
import LockstepCore
@testable import CardScanner

/// Catalog card with its keys, for `decide()` tests.
func card(_ id: String, _ name: String, _ number: String, game: String = "mtg") -> CatalogCard {
    CatalogCard(id: id, game: game, setName: "S", baseName: name, printedNumber: number, language: "en", numberKeys: NumberKeys.of(number))
}

func keys(_ texts: String...) -> [NumberKeys] { texts.flatMap { NumberKeys.extract(from: $0) } }

/// Known values from the article and the note's Addendum A8, each checked by hand in Python
/// (IEEE products printed with `repr`, the Laplacian by direct sums), never from this code.
@Suite struct KnownValueTests {
    // MARK: keys (A5)

    @Test func literalAndLooseKeys() throws {
        let table: [(String, String, String)] = [
            ("045/195", "045/195", "45/195"), ("O45/I95", "045/I95", "45/I95"), ("TG05/TG30", "TG05/TG30", "TG5/TG30"),
            ("OP01-001", "0P01-001", "0P1-1"), ("045/195★", "045/195★", "45/195"),
        ]
        for (text, literal, loose) in table {
            let k = try #require(NumberKeys.of(text), "\(text)")
            #expect(k.literal == literal && k.loose == loose, "\(text): \(k)")
        }
        // "45/195" loose-matches catalog "045/195"; the literal keys differ.
        #expect(NumberKeys.of("45/195")?.loose == NumberKeys.of("045/195")?.loose)
        #expect(NumberKeys.of("45/195")?.literal != NumberKeys.of("045/195")?.literal)
        // "S0B" folds to "508" but has no separator, so it is not a number.
        #expect(NumberKeys.fold("S") == "5" && NumberKeys.fold("O") == "0" && NumberKeys.fold("B") == "8")
        for junk in ["120", "S0B", "0000/0", "12/0", "٤٥/١٩٥", "", "12345678901234/567"] {
            #expect(NumberKeys.extract(from: junk).isEmpty, "\(junk)")
        }
        #expect(NumberKeys.extract(from: "HP 120  141/280 C").map(\.literal) == ["141/280"])
        #expect(NumberKeys.extract(from: "1★41/280").isEmpty)  // a mark inside the token
    }

    // MARK: decide() (A6, A8)

    /// Winner 0.40; a different-name card sharing the number at 0.459 blocks (0.459 < 0.45999999999999996),
    /// at 0.46 and 0.461 it does not.
    @Test func parallelMarginInIEEEDoubles() {
        let catalog = [card("a", "Alpha", "010/100"), card("b", "Beta", "010/100"), card("c", "Gamma", "011/100")]
        for (theirs, blocks) in [(0.459, true), (0.46, false), (0.461, false)] {
            let r = ScanDecision.decide(ranked: [Candidate(cardID: "a", distance: 0.40), Candidate(cardID: "b", distance: theirs), Candidate(cardID: "c", distance: 0.7)],
                                        readings: keys("010/100"), catalog: catalog, cjkCount: 0)
            #expect(r.decision == (blocks ? .ambiguous(.parallelPrints, sheet: ["a", "b", "c"]) : .identified("a")), "\(theirs): \(r.decision)")
        }
        #expect(0.40 * 1.15 == 0.45999999999999996)
    }

    /// Same base name at 0.9 blocks; sheet = winner, parallel, then artwork order. A parallel
    /// missing from the index blocks.
    @Test func sameNameAndUnindexedParallelsBlock() {
        let catalog = [card("a", "Sol Ring", "001/100"), card("x", "Other", "002/100"), card("a2", "Sol Ring", "001/100"), card("n", "New", "003/100"), card("n2", "Newer", "003/100")]
        let ranked = [Candidate(cardID: "a", distance: 0.40), Candidate(cardID: "x", distance: 0.5), Candidate(cardID: "a2", distance: 0.9)]
        #expect(ScanDecision.decide(ranked: ranked, readings: keys("001/100"), catalog: catalog, cjkCount: 0).decision
            == .ambiguous(.parallelPrints, sheet: ["a", "a2", "x"]))
        let ranked2 = [Candidate(cardID: "n", distance: 0.40), Candidate(cardID: "x", distance: 0.5)]
        #expect(ScanDecision.decide(ranked: ranked2, readings: keys("003/100"), catalog: catalog, cjkCount: 0).decision
            == .ambiguous(.parallelPrints, sheet: ["n", "n2", "x"]))
    }

    /// "45/195" read, first pick the 145/195 card at 0.40, the 045/195 card third at 0.47:
    /// numberDisagrees, sheet [045-card, 145-card, …].
    @Test func lostLeadingDigit() {
        let catalog = [card("c145", "Serpent", "145/195"), card("c146", "Wave", "146/195"), card("c045", "Outrider", "045/195")]
        let ranked = [Candidate(cardID: "c145", distance: 0.40), Candidate(cardID: "c146", distance: 0.45), Candidate(cardID: "c045", distance: 0.47)]
        let r = ScanDecision.decide(ranked: ranked, readings: keys("45/195"), catalog: catalog, cjkCount: 0)
        #expect(r.decision == .ambiguous(.numberDisagrees, sheet: ["c045", "c145", "c146"]))
        var f = DecideFaults()
        f.looseKeyAdd = true
        #expect(ScanDecision.decide(ranked: ranked, readings: keys("45/195"), catalog: catalog, cjkCount: 0, faults: f).decision == .identified("c045"))
    }

    /// "18/130" vs catalog "018/130": identified as the first pick; asked as second at 0.41 vs 0.40;
    /// the literal "018/130" as second inside the 5% tie is identified.
    @Test func unpaddedNeedsFirstPick() {
        let catalog = [card("e", "Elves", "018/130"), card("m", "Mystic", "019/130")]
        let first = [Candidate(cardID: "e", distance: 0.40), Candidate(cardID: "m", distance: 0.6)]
        #expect(ScanDecision.decide(ranked: first, readings: keys("18/130"), catalog: catalog, cjkCount: 0).decision == .identified("e"))
        let second = [Candidate(cardID: "m", distance: 0.40), Candidate(cardID: "e", distance: 0.41)]
        #expect(ScanDecision.decide(ranked: second, readings: keys("18/130"), catalog: catalog, cjkCount: 0).decision == .ambiguous(.numberDisagrees, sheet: ["e", "m"]))
        #expect(ScanDecision.decide(ranked: second, readings: keys("018/130"), catalog: catalog, cjkCount: 0).decision == .identified("e"))
    }

    /// First pick 0.40; literal winner at 0.419 / 0.42 / 0.4201: identified, identified
    /// (0.42 < 0.42000000000000004), numberDisagrees. Fixtures 104/256 tie, 105/256 do not.
    @Test func artworkTieBoundaries() {
        let catalog = [card("e", "Elves", "018/130"), card("m", "Mystic", "019/130")]
        let cases: [(first: Double, winner: Double, tie: Bool)] = [(0.40, 0.419, true), (0.40, 0.42, true), (0.40, 0.4201, false),
                                                                  (100.0 / 256, 104.0 / 256, true), (100.0 / 256, 105.0 / 256, false)]
        for c in cases {
            let r = ScanDecision.decide(ranked: [Candidate(cardID: "m", distance: c.first), Candidate(cardID: "e", distance: c.winner)],
                                        readings: keys("018/130"), catalog: catalog, cjkCount: 0)
            #expect(r.decision == (c.tie ? .identified("e") : .ambiguous(.numberDisagrees, sheet: ["e", "m"])), "\(c)")
        }
    }

    /// cjkCount 3 / 7 add, 8 / 37 ask.
    @Test func languageCutoff() {
        let catalog = [card("p", "Pikachu", "025/165")]
        for (cjk, adds) in [(3, true), (7, true), (8, false), (37, false)] {
            let r = ScanDecision.decide(ranked: [Candidate(cardID: "p", distance: 0.4)], readings: keys("025/165"), catalog: catalog, cjkCount: cjk)
            #expect(r.decision == (adds ? .identified("p") : .ambiguous(.language, sheet: ["p"])), "\(cjk)")
        }
    }

    /// "099/100" read, that card not offered: unindexedNumber, first. Only it read: lowConfidence,
    /// first. Nothing read: lowConfidence in artwork order.
    @Test func unofferedNumbers() {
        let catalog = [card("a", "A", "001/100"), card("b", "B", "002/100"), card("z", "Z", "099/100")]
        let ranked = [Candidate(cardID: "a", distance: 0.4), Candidate(cardID: "b", distance: 0.5)]
        #expect(ScanDecision.decide(ranked: ranked, readings: keys("001/100", "099/100"), catalog: catalog, cjkCount: 0).decision == .ambiguous(.unindexedNumber, sheet: ["z", "a", "b"]))
        #expect(ScanDecision.decide(ranked: ranked, readings: keys("099/100"), catalog: catalog, cjkCount: 0).decision == .ambiguous(.lowConfidence, sheet: ["z", "a", "b"]))
        #expect(ScanDecision.decide(ranked: ranked, readings: [], catalog: catalog, cjkCount: 0).decision == .ambiguous(.lowConfidence, sheet: ["a", "b"]))
        #expect(ScanDecision.numberOnly(readings: keys("45/195"), catalog: [card("c", "C", "045/195"), card("d", "D", "145/195")]) == ["c"])
    }

    // MARK: search and printing (A2, A7)

    @Test func fixtureDistancesAreExact() {
        // Split 204 → (127, 127, 96, 11, 4, 2, 1) and 205 → (127, 127, 98, 12, 4, 1, 1, 1), from the addendum.
        var levels = [Int8](repeating: 0, count: 2 * Embedding.dimension)
        for (i, p) in [127, 127, 96, 11, 4, 2, 1].enumerated() { levels[i] = Int8(p) }
        for (i, p) in [127, 127, 98, 12, 4, 1, 1, 1].enumerated() { levels[Embedding.dimension + 8 + i] = Int8(p) }
        let pack = IndexPack(game: "g", visionRevision: 2, scale: 1.0 / 256, scaleText: "1/256", cardIDs: ["a", "b"], levels: levels)
        let d = pack.distances(to: [Float](repeating: 0, count: Embedding.dimension))
        #expect(d == [0.796875, 0.80078125])
        #expect(d[0] <= CardScanner.cardCeiling && d[1] > CardScanner.cardCeiling)
        #expect(Double(Float(0.8)) == 0.800000011920929 && Double(Float(0.8)) > CardScanner.cardCeiling)
        // Pythagorean offset: query (−50, 30) and row (22, 126) are 120/256 apart.
        var row = [Int8](repeating: 0, count: Embedding.dimension)
        row[0] = 22
        row[1] = 126
        var q = [Float](repeating: 0, count: Embedding.dimension)
        q[0] = -50.0 / 256
        q[1] = 30.0 / 256
        #expect(IndexPack(game: "g", visionRevision: 2, scale: 1.0 / 256, scaleText: "1/256", cardIDs: ["r"], levels: row).distances(to: q) == [0.46875])
    }

    @Test func printingAndChunks() {
        #expect(DistanceText.format(2.0 / 256) == "0.007813")
        #expect(DistanceText.format(100.0 / 256) == "0.390625")
        #expect(DistanceText.format(102.0 / 256) == "0.398438")
        #expect(IndexPack.chunks(rows: 26_978) == (52, 354))
        #expect(26_978 * Embedding.dimension == 20_719_104 && 26_978 * Embedding.dimension * 4 == 82_876_416)
    }

    // MARK: Laplacian (A3)

    @Test func laplacianVariance() {
        #expect(Laplacian.variance(luma: [UInt8](repeating: 128, count: 30), width: 6, height: 5) == 0)
        var dot = [UInt8](repeating: 0, count: 25)
        dot[12] = 255
        #expect(Laplacian.variance(luma: dot, width: 5, height: 5) == 144_500)
        let checker: [UInt8] = (0 ..< 16).map { (i: Int) -> UInt8 in (i % 4 + i / 4) % 2 == 1 ? 255 : 0 }
        #expect(Laplacian.variance(luma: checker, width: 4, height: 4) == 1_040_400)
        #expect(Laplacian.variance(luma: [0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255], width: 4, height: 3) == 65_025)
        let ramp: [UInt8] = (0 ..< 30).map { (i: Int) -> UInt8 in UInt8(10 * (i % 6) + 3 * (i / 6)) }
        #expect(Laplacian.variance(luma: ramp, width: 6, height: 5) == 0)
        #expect(Laplacian.luma(r: 200, g: 100, b: 50) == 124)
    }

    // MARK: prices

    @Test func priceDecodeAndStaleness() {
        func row(_ i: UInt32, _ c: Int32) -> [UInt8] {
            let u = UInt32(bitPattern: c)
            return [UInt8(i & 0xFF), UInt8(i >> 8 & 0xFF), UInt8(i >> 16 & 0xFF), UInt8(i >> 24), UInt8(u & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u >> 16 & 0xFF), UInt8(u >> 24)]
        }
        let bytes = row(0, 1999) + row(1, 0) + row(2, Int32.min)
        #expect(PriceFile.decode(bytes, catalogIDs: ["a", "b", "c"]) == .success(["a": .cents(1999), "b": .cents(0), "c": .unpriced]))
        #expect(PriceFile.decode(Array(bytes.dropLast()), catalogIDs: ["a", "b", "c"]) == .failure(.truncated(bytes: 23)))
        #expect(PriceFile.staleHeadline(ageDays: 7) == nil)
        #expect(PriceFile.staleHeadline(ageDays: 8) == "These prices are 8 days old")
        #expect(PriceFile.staleHeadline(ageDays: 14) == "These prices are 2 weeks old")
        #expect(PriceFile.staleHeadline(ageDays: 15) == "These prices are 2 weeks old")
        #expect(PriceFile.day("2026-01-01") == 20_454 && PriceFile.dayText(20_454) == "2026-01-01")
        #expect(PriceFile.day("2026-02-30") == nil)
        #expect(CentsText.format(2249) == "$22.49" && CentsText.format(5) == "$0.05")
    }
}
