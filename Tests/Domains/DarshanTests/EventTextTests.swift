import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Darshan

/// `Darshan.text(of:)`: every recorded event kind is written so that the scenario reader, the
/// validator and the decoder give back the same event (compared field by field, bit for bit).
@Suite struct DarshanEventTextTests {
    static func expectSame(_ events: [DarshanEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(Darshan.self, events) == [], sourceLocation: sourceLocation)
    }

    @Test func everyKindReadsBackTheSame() throws {
        try Self.expectSame([
            .addTemple(TempleInput(id: "t01", name: "Kashi Vishwanath", city: "Varanasi", latitude: 25.3109, longitude: 83.0107,
                                   zoneName: "Asia/Kolkata", liveURL: nil, recorded: [])),
            .addTemple(TempleInput(id: "t02", name: "Shri \"Ram\" Mandir", city: "", latitude: -0.0, longitude: 1e-7, zoneName: "bad zone",
                                   liveURL: "https://live.example/stream.m3u8?token=a b", recorded: ["https://x/a.mp4", "b", "c d"])),
            .addTemple(TempleInput(id: "t03", name: "n", city: "c", latitude: .infinity, longitude: -180, zoneName: "UTC",
                                   liveURL: "https://x/live.m3u8", recorded: ["only"])),
            .addAarti(temple: "t01", key: "a", name: "Mangala Aarti", hour: 6, minute: 5),
            .addAarti(temple: "t01", key: "b", name: "late", hour: 25, minute: -1),
            .removeTemple(id: "t02"), .show(temple: "t01"), .open(temple: "t01"),
            .itemStatus(token: 1, status: .readyToPlay), .itemStatus(token: -1_000_000, status: .failed), .itemStatus(token: 0, status: .unknown),
            .pip(.restore), .pip(.close), .navigate(push: "temple"), .navigate(push: nil),
            .setSpeed(1.25), .setSpeed(0.1), .setSpeed(-0.0),
            .setReminder(temple: "t01", aarti: "a", lead: 10, timeSensitive: false),
            .setReminder(temple: "t01", aarti: "a", lead: -5, timeSensitive: true), .cancelReminder(temple: "t01", aarti: "a"),
            .respond(id: nil, action: "WATCH_NOW"), .respond(id: "t01.a.2026-03-01", action: "REMIND_LATER"),
            .widgetRequest, .openInMaps(temple: "t01"), .osUpdate(major: 18, minor: 0), .osUpdate(major: 40, minor: 9),
            .settings(.granted), .settings(.denied), .settings(.provisional), .audit,
        ])
        try Self.expectSame(try EventDecoding.events(Darshan.self, lines: ["0 lifecycle background", "0 lifecycle wake reason=notificationAction"]))
    }

    /// A month of REMIND_LATER answers, as the New York spring scenario's generator makes them.
    @Test func generatedResponsesReadBackTheSame() throws {
        let events = try EventDecoding.generated(Darshan.self, "gen respondDaily temples=3 hour=6 minute=5 lead=10 days=31 after=1 action=REMIND_LATER")
        #expect(events.count == 93)
        try Self.expectSame(events)
    }

    @Test func knownLines() {
        #expect(Darshan.text(of: .respond(id: nil, action: "WATCH_NOW")) == "respond action=WATCH_NOW")
        #expect(Darshan.text(of: .navigate(push: nil)) == "navigate pop")
        #expect(Darshan.text(of: .addAarti(temple: "t", key: "a", name: "Sandhya Aarti", hour: 18, minute: 30))
            == "aarti temple=t id=a name=\"Sandhya Aarti\" hour=18 minute=30")
    }

    /// What has no line: the timers, permission back to notDetermined, recorded URLs the
    /// comma-separated field cannot hold.
    @Test func noLineForTimersOrWhatTheDecoderCannotGive() {
        #expect(Darshan.text(of: .notificationDue) == nil)
        #expect(Darshan.text(of: .widgetReload) == nil)
        #expect(Darshan.text(of: .settings(.notDetermined)) == nil)
        let t = TempleInput(id: "t", name: "n", city: "c", latitude: 0, longitude: 0, zoneName: "UTC", liveURL: nil, recorded: ["a,b"])
        #expect(Darshan.text(of: .addTemple(t)) == nil)
        var empty = t
        empty.recorded = [""]
        #expect(Darshan.text(of: .addTemple(empty)) == nil)
    }
}
