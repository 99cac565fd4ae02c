import Testing
import LockstepCore
import LockstepTesting
@testable import Steep

/// `Steep.text(of:)`: each recorded event is written so that the scenario reader, the validator
/// and the decoder give back the same event, and `gen morning`'s brews can be written one by one.
@Suite struct SteepEventTextTests {
    static func expectSame(_ events: [Steep.Event], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let back = try EventDecoding.roundTrip(Steep.self, events)
        #expect(back.count == events.count, sourceLocation: sourceLocation)
        for (original, decoded) in zip(events, back) {
            #expect(EventDecoding.structure(decoded) == EventDecoding.structure(original), sourceLocation: sourceLocation)
        }
    }

    @Test func everyRecordedKindReadsBackTheSame() throws {
        try Self.expectSame([.steep(.green), .steep(.black), .steep(.herbal), .cancel])
        try Self.expectSame(try EventDecoding.generated(Steep.self, "gen morning cups=3 tea=herbal gap=10m"))
        #expect(Steep.text(of: .steep(.black)) == "steep tea=black")
    }

    /// The comparison is strict enough to fail: another tea is another event.
    @Test func anotherTeaIsAnotherEvent() throws {
        let black = try EventDecoding.events(Steep.self, lines: ["0 steep tea=black"])
        #expect(EventDecoding.structure(black[0]) != EventDecoding.structure(Steep.Event.steep(.green)))
    }

    /// The brew's timer has no recorded form.
    @Test func readyHasNoLine() { #expect(Steep.text(of: .ready(.green)) == nil) }
}
