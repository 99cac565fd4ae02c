import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Quotes

/// `text(of:)` gives back every recorded kind through the real reader, and the generator makes the
/// events its doc says.
@Suite struct QuotesEventTextTests {
    @Test func everyRecordedKindRoundTrips() throws {
        let events: [QuotesEvent] = [
            .launch(bundle: .synthetic(count: 50), version: 1), .remote(bundle: .synthetic(count: 3), version: 2),
            .corrections(bundle: .synthetic(count: 1)), .kill, .open, .search(" café"), .submit("\tEinstein "),
            .suggestions, .pick("honey"), .corruptRecents, .favorite("q00001"), .createCollection("Stoics"),
            .collect(quoteID: "q00002", collection: "Stoics"), .deleteCollection("Stoics"), .read(nil), .read("q00003"),
            .streak, .share("q00001", .image, renderFails: true), .share("q00001", .text, renderFails: false),
            .theme(.dark), .appearance(.light),
        ]
        #expect(try EventDecoding.roundTripDifferences(Quotes.self, events) == [])
    }

    /// 8 days with a check every 4: 8 opens, 8 reads, 2 streak checks.
    @Test func dailyOpensGenerator() throws {
        let events = try EventDecoding.generated(Quotes.self, "gen dailyOpens days=8 checkEvery=4")
        let texts = events.map { Quotes.text(of: $0) ?? "nil" }
        #expect(texts.count == 18)
        #expect(texts.filter { $0 == "open" }.count == 8)
        #expect(texts.filter { $0 == "streak" }.count == 2)
        #expect(Array(texts.prefix(2)) == ["open", "read"])
    }

    /// The invariants hold on a clean run and one catches the card rendered at scale 2.
    @Test func cardInvariantCatchesScaleTwo() {
        let bad = Record("share.image").int("w", 2_160).int("h", 2_700).int("scale", 2)
        let good = Record("share.image").int("w", 1_080).int("h", 1_350).int("scale", 1)
        let inv = Quotes.invariants.first { $0.name == "cardIsPixelSized" }!
        #expect(inv.check(QuotesState(), [good]) == nil)
        #expect(inv.check(QuotesState(), [bad]) != nil)
    }
}
