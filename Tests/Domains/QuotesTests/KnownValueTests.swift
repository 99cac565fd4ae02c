import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Quotes

/// Known values from the article's formulas, computed independently (Python, by hand).
@Suite struct QuotesKnownValueTests {
    @Test func declarationsMeetTheContract() {
        #expect(Quotes.entry.problems.isEmpty, "\(Quotes.entry.problems)")
    }

    /// FNV-1a 64 standard vectors and the note's daily keys.
    @Test func fnvVectorsAndDailyIndices() {
        #expect(FNV1a64.hash("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
        #expect(FNV1a64.hash("2026-10-22".utf8) == 0x37be_433a_7a96_bade)
        #expect(Quotes.dailyIndex(hash: FNV1a64.hash("2026-10-22".utf8), count: 50_000) == 23_870)
        #expect(Quotes.dailyIndex(hash: FNV1a64.hash("2026-10-22".utf8), count: 1_000) == 870)
        #expect(Quotes.dailyIndex(hash: FNV1a64.hash("2026-1-5".utf8), count: 50_000) == 36_403)
        #expect(Quotes.dailyIndex(hash: FNV1a64.hash("2026-01-05".utf8), count: 50_000) == 39_743)
        #expect(Quotes.dailyIndex(hash: 12_345, count: 0) == 0)
    }

    /// 50,000 new records: saves at 0, 2,000, …, 48,000 (25) plus the final one.
    @Test func importOf50000TakesTwentySixSaves() throws {
        // 2026-10-22T06:00Z: 20,748 days × 86,400 s + 6 h.
        var sim = try Simulation<Quotes>(start: Instant(secondsSinceEpoch: 20_748 * 86_400 + 6 * 3_600))
        sim.send(.launch(bundle: .synthetic(count: 50_000), version: 1), at: .zero)
        sim.advance(to: .seconds(1))
        let done = sim.outputs.first { $0.name == "import.done" }
        #expect(done.flatMap { Quotes.field($0, "saves") } == "26")
        #expect(done.flatMap { Quotes.field($0, "inserted") } == "50000")
        // 2026-10-22 in UTC: index 23,870 of the id sort, q23870.
        sim.send(.open, at: .seconds(2))
        #expect(sim.outputs.last.flatMap { Quotes.field($0, "id") } == "q23870")
        #expect(sim.outputs.last.flatMap { Quotes.field($0, "fnv") } == "0x37be433a7a96bade")
    }

    /// 5,000 records: saves at 0, 2,000, 4,000 plus the final one (the note's scenario 1).
    @Test func importOf5000TakesFourSaves() throws {
        var sim = try Simulation<Quotes>()
        sim.send(.launch(bundle: .synthetic(count: 5_000), version: 1), at: .zero)
        sim.advance(to: .seconds(1))
        let done = sim.outputs.first { $0.name == "import.done" }
        #expect(done.flatMap { Quotes.field($0, "saves") } == "4")
        #expect(sim.state.importedVersion == 1)
    }

    /// Recent searches: the article's example list, case de-duplication, the cap of 8.
    @Test func recentSearches() {
        var list = QuotesState().recents
        for t in ["h", "g", "f", "e", "d", "c", "b", "a"] { list.add(t) }
        list.add("C")
        #expect(list.entries == ["C", "a", "b", "d", "e", "f", "g", "h"])
        list.add("i")
        #expect(list.entries == ["i", "C", "a", "b", "d", "e", "f", "g"])
        #expect(Quotes.trimSpacesAndTabs("  ") == "")
        #expect(Quotes.trimSpacesAndTabs("\t x \n") == "x \n")
    }

    /// The share text payload, byte-exact.
    @Test func shareTextPayload() {
        #expect(Array("\u{201C}Stay hungry\u{201D} \u{2014} Steve Jobs".utf8) ==
                [0xE2, 0x80, 0x9C] + Array("Stay hungry".utf8) + [0xE2, 0x80, 0x9D, 0x20, 0xE2, 0x80, 0x94, 0x20] + Array("Steve Jobs".utf8))
    }
}
