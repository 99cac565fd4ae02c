import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import BibleReader

/// Known values from the article and the note, worked out apart from the code.
@Suite struct BibleReaderTests {
    @Test func verseIDs() {
        #expect(VerseRef(book: 43, chapter: 3, verse: 16)?.id == 43_003_016)
        #expect(VerseRef(book: 1, chapter: 1, verse: 1)?.id == 1_001_001)
        #expect(VerseRef(book: 19, chapter: 119, verse: 176)?.id == 19_119_176)
        #expect(VerseRef(book: 66, chapter: 22, verse: 21)?.id == 66_022_021)
        let r = VerseRef(id: 43_003_016)
        #expect(r?.book == 43 && r?.chapter == 3 && r?.verse == 16)
        #expect(r?.reference == "John 3:16")
        #expect(VerseRef(book: 67, chapter: 1, verse: 1) == nil)
        #expect(VerseRef(book: 1, chapter: 1, verse: 1_000) == nil)  // would alias 1_002_000
        #expect(VerseRef(id: 67_000_001) == nil)
    }

    @Test(arguments: [
        ("love one another", "love* one* another*"), ("don't", "don* t*"), ("long-suffering", "long* suffering*"),
        ("\"faith\"", "faith*"), ("愛", "愛*"), ("café", "café*"), ("🙏", ""), ("1 Cor 13", "1* Cor* 13*"), ("  ", ""),
        ("x²", "x²*"),
    ])
    func builderAsWritten(query: String, expected: String) {
        #expect(BibleReader.buildTerms(query, quoted: false) == expected)
    }

    @Test func quotedTermsParseKeywords() {
        #expect(BibleReader.buildTerms("faith AND hope", quoted: true) == "\"faith\"* \"AND\"* \"hope\"*")
    }

    /// `love* one* another*` over just John 3:16, John 13:34 and 1 John 4:7 (the note's check).
    @Test func threeVerseRanking() throws {
        var idx = FTSIndex()
        for (t, id, text) in BibleText.rows(version: 1) where t == "KJV" && [43_003_016, 43_013_034, 62_004_007].contains(id) {
            _ = idx.insert(tag: t, key: id, text: text)
        }
        let hits = try idx.search("love* one* another*", tag: "KJV", limit: 100).get()
        #expect(hits.map(\.key) == [43_013_034, 62_004_007])
        #expect(hits.map(\.snippet) == ["A new commandment I give unto you, That ye [love] [one] [another]…",
                                         "Beloved, let us [love] [one] [another]: for [love] is of God; and…"])
    }

    /// The note's widget values (Los Angeles): day 365 of 2026 → index 23 of 31; day 366 of 2028 → 24;
    /// at 2026-11-01 00:30 PDT the naive reload is 00:00 PDT, in the past; the fixed one is 11-02 00:00 PST.
    @Test func widgetDates() throws {
        let la = try Zone.named("America/Los_Angeles")
        #expect(DayKey(year: 2026, month: 12, day: 31)!.dayOfYear == 365)
        #expect(DayKey(year: 2028, month: 12, day: 31)!.dayOfYear == 366)
        #expect(BibleReader.dailyVerses.count == 31)
        #expect(364 % 31 == 23 && 365 % 31 == 24)
        let now = Instant(secondsSinceEpoch: 1_793_518_200)  // 00:30 PDT
        let naive = DayKey(at: now + .seconds(86_400), in: la).firstInstant(in: la)
        #expect(naive == Instant(secondsSinceEpoch: 1_793_516_400))
        #expect(naive < now)
        #expect(DayKey.nextLocalMidnight(after: now, in: la) == Instant(secondsSinceEpoch: 1_793_606_400))
    }

    @Test func declarationsMeetTheContract() {
        #expect(BibleReader.entry.problems.isEmpty, "\(BibleReader.entry.problems)")
    }
}
