import LockstepCore
import LockstepRunner
import Platform
import Testing
@testable import EbookReader

// Known values are worked out by hand (see each comment), never copied from a run.

@Suite struct EbookReaderRulesTests {
    @Test func readingTimeEstimate() {
        // 100,000 / 250 × 60 = 24,000 s = 6 h 40 min; 150,000 → 36,000 s = 10 h.
        #expect(ReadingRules.estimateSeconds(words: 100_000) == 24_000)
        #expect(ReadingRules.estimateText(seconds: 24_000) == "About 6 h 40 min")
        #expect(ReadingRules.estimateSeconds(words: 150_000) == 36_000)
        #expect(ReadingRules.estimateSeconds(words: nil) == nil)
    }

    @Test func previewTrimsAtMostThreeBytes() {
        // "Voilà l'été " is 15 bytes; 📖 is bytes 15..<19; "!" is byte 19.
        let bytes = Array("Voilà l'été 📖!".utf8)
        #expect(bytes.count == 20)
        for (n, trim) in [(16, 1), (17, 2), (18, 3), (19, 0), (20, 0)] {
            let d = PreviewDecode.decode(bytes, maxBytes: n, trims: true)
            #expect(d.trimmedBytes == trim, "prefix \(n)")
        }
        #expect(PreviewDecode.decode(bytes, maxBytes: 18, trims: true).text.utf16.count == 12)
        #expect(PreviewDecode.decode(bytes, maxBytes: 18, trims: false).trimmedBytes == nil)
        // D4: an invalid byte inside gives "" after four tries.
        let bad = Array("abc".utf8) + [0xE9] + Array("def".utf8)
        #expect(PreviewDecode.decode(bad, maxBytes: 100, trims: true) == PreviewDecode(trimmedBytes: nil, text: "", bomDropped: false))
        // D5: a leading BOM is dropped: "Hi" is 2 units.
        #expect(PreviewDecode.decode([0xEF, 0xBB, 0xBF] + Array("Hi".utf8), maxBytes: 100, trims: true).text.utf16.count == 2)
    }

    @Test func percentageAndPages() {
        // 50,000 of 200,000 = 25.0 %; empty text is 0.
        #expect(ReadingRules.permille(offset: 50_000, of: 200_000) == 250)
        #expect(ReadingRules.permille(offset: 5, of: 0) == 0)
        #expect(9_000 / ReadingRules.charactersPerPage == 5)
    }

    @Test func layoutModel() {
        // Width 390, margin 24, size 19 (×1.0): advance 9.5, floor(342 / 9.5) = 36 units a line.
        // Pitch 19 × 1.2 × 1.45 = 33.06; spacing 11.4 after each paragraph.
        let units = Array((String(repeating: "a", count: 80) + "\n" + String(repeating: "b", count: 10)).utf16)
        let l = TextLayout(units: units, effectiveSize: 19, lineHeight: 1.45, margin: 24, viewWidth: 390, paragraphSpacing: 11.4)
        #expect(l.charsPerLine == 36)
        #expect(l.lineCount == 4)  // 36 + 36 + 8, then 10
        #expect(l.start(ofLine: 3) == 81)
        #expect(abs(l.top(ofLine: 3) - (32 + 3 * 33.06 + 11.4)) < 1e-9)
        #expect(l.line(containing: 75) == 2)
        #expect(l.line(atY: 32 + 33.06 + 1) == 1)
        #expect(l.line(atY: 0) == 0)
    }

    @Test func declarationsMeetTheContract() {
        #expect(EbookReader.entry.problems.isEmpty, "\(EbookReader.entry.problems)")
    }
}

@Suite struct EbookReaderSimulationTests {
    @Test func readingClockCapsASession() throws {
        // 45 min capped to 30 (1,800 s) + 10 min (600 s) = 2,400 s.
        var sim = try Simulation<EbookReader>()
        sim.send(.appear, at: .zero)
        sim.send(.scene(.background), at: .minutes(45))
        sim.send(.scene(.active), at: .minutes(50))
        sim.send(.disappear, at: .minutes(60))
        #expect(sim.state.clock.total == .seconds(2_400))
    }

    @Test func readingStreakCountsCalendarDays() throws {
        // Start 2026-10-30 12:00Z (1,793,361,600 s), Los Angeles. Worked out by hand (zoneinfo):
        // +61,200 s = 10-30 22:00 PDT, read 20 min → day 10-30. +154,200 s = 10-31 23:50 PDT to
        // +156,000 s = 11-01 00:20 PDT → 600 s on 10-31, 1,200 s on 11-01: days {10-30, 10-31, 11-01}.
        // +416,700 s = 11-03 23:45 PST, two hours, capped to 30 min → 900 s on 11-03 and on 11-04.
        let la = try Zone.named("America/Los_Angeles")
        var sim = try Simulation<EbookReader>(start: Instant(secondsSinceEpoch: 1_793_361_600), zone: la)
        sim.send(.appear, at: .seconds(61_200))
        sim.send(.disappear, at: .seconds(62_400))
        sim.send(.appear, at: .seconds(154_200))
        sim.send(.disappear, at: .seconds(156_000))
        let days = sim.takeOutputs().filter { $0.name == "streak.day" }.compactMap { $0.fields.first?.value }
        #expect(days == [.string("2026-10-30"), .string("2026-10-31"), .string("2026-11-01")])
        // 11-02 08:00 PST: today has no entry yet, so the chain ending yesterday still counts 3.
        #expect(sim.state.readingDays.currentStreak(asOf: DayKey(year: 2026, month: 11, day: 2)!) == 3)
        // Half a second is not a reading day.
        sim.send(.appear, at: .seconds(273_600))
        sim.send(.disappear, at: .milliseconds(273_600_500))
        #expect(sim.state.readingDays.count == 3)
        // 11-03 noon: 11-02 was missed, the streak is 0; the longest stays 3.
        #expect(sim.state.readingDays.currentStreak(asOf: DayKey(year: 2026, month: 11, day: 3)!) == 0)
        sim.send(.appear, at: .seconds(416_700))
        sim.send(.disappear, at: .seconds(423_900))
        #expect(sim.state.readingDays.count == 5)
        #expect(sim.state.readingDays.currentStreak(asOf: DayKey(year: 2026, month: 11, day: 4)!) == 2)
        #expect(sim.state.readingDays.longestStreak() == 3)
    }

    @Test func speechVoiceLineUsesThePlatformVocabulary() throws {
        // The spelling, read back to the same line.
        let voices = [SpeechVoiceSetting(language: "en-US", available: false), SpeechVoiceSetting(language: "fr-FR", available: true)]
        #expect(EbookReader.text(of: .speech(voices)) == "speech voice en-US=false fr-FR=true")
        var sim = try Simulation<EbookReader>()
        sim.send(.speech([SpeechVoiceSetting(language: "en-US", available: false)]), at: .zero)
        #expect(!sim.state.speech.voices.isAvailable("en-US"))
        #expect(sim.state.speech.voices.resolve("en-US") == nil)
    }

    @Test func badBookIDsAreRefused() throws {
        var sim = try Simulation<EbookReader>()
        sim.send(.book(id: "../etc", title: "x", author: "y", words: nil, language: "en-US"), at: .zero)
        #expect(sim.takeOutputs().first?.name == "rejected")
        #expect(sim.state.books.isEmpty)
    }
}
