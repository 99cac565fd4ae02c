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

    @Test func badBookIDsAreRefused() throws {
        var sim = try Simulation<EbookReader>()
        sim.send(.book(id: "../etc", title: "x", author: "y", words: nil, language: "en-US"), at: .zero)
        #expect(sim.takeOutputs().first?.name == "rejected")
        #expect(sim.state.books.isEmpty)
    }
}
