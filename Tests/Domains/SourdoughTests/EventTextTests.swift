import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Sourdough

@Suite struct EventTextTests {
    @Test func everyRecordedKindRoundTrips() throws {
        let events: [SourdoughEvent] = [
            .configure(SetupInput(temperatureC: 23, starter: "main", ripe: false, quiet: "23:00-07:00", coldProofMaxMinutes: nil, coldProofStepMinutes: nil)),
            .configure(SetupInput(temperatureC: 18.5, starter: "rye", ripe: true, quiet: "22:00-06:30", coldProofMaxMinutes: 960, coldProofStepMinutes: 5)),
            .plan(.local(try LocalDateTime(year: 2026, month: 11, day: 14, hour: 10, minute: 0), text: "2026-11-14 10:00")),
            .plan(.after(.hours(38))),
            .done, .plus15, .needMore(minutes: 45),
            .logPeak(actualMinutes: 604.8, baselineMinutes: nil), .logBulkEnd(actualMinutes: 432, baselineMinutes: 300),
            .respond(id: "p1/3/4", action: "plus15"), .timeChange,
            .activity(.line(.enabled(false))), .activity(.line(.intent(action: "done", tag: nil))),
            .activity(.line(.intent(action: "plus15", tag: "p2"))), .activity(.line(.dismiss(tag: nil))),
            .widget(.line(.call(.timeline, kind: "NextActions"))),
        ]
        #expect(try EventDecoding.roundTripDifferences(Sourdough.self, events) == [])
    }

    @Test func generatorsExpandAndRoundTrip() throws {
        let peaks = try EventDecoding.generated(Sourdough.self, "gen peaks count=3 actual=604.8 gap=1h")
        #expect(peaks.count == 3)
        #expect(try EventDecoding.roundTripDifferences(Sourdough.self, peaks) == [])
        let bakes = try EventDecoding.generated(Sourdough.self, "gen bakes count=2 lead=38h")
        #expect(bakes.count == 4)
        #expect(try EventDecoding.roundTripDifferences(Sourdough.self, bakes) == [])
    }
}
