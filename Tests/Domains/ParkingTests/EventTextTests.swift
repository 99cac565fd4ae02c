import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Parking

/// `text(of:)` writes every recorded kind so the reader gives the same event back, and the
/// generators make the events their docs say.
@Suite struct ParkingEventTextTests {
    @Test func everyRecordedKindRoundTrips() throws {
        let g = GeometryText(unit: .metres, text: "0,0 100,0")
        let d = GeometryText(unit: .degrees, text: "2.17,41.39 2.171,41.39")
        let events: [ParkingEvent] = [
            .boundary(d),
            .way(id: 7, highway: "residential", access: "Private", name: "Carrer \"Nou\"", tags: "parking:left=no|parking:right=lane", closed: false, geometry: g),
            .way(id: 8, highway: nil, access: nil, name: nil, tags: "amenity=parking", closed: true, geometry: g),
            .council(id: 1, kind: "blue", hours: "Mo-Fr 09:00-20:00", geometry: g),
            .council(id: 2, kind: "grey", hours: nil, geometry: d),
            .paidZone(id: 3, geometry: g),
            .bay(id: 4, street: "", paid: false, geometry: g),
            .bay(id: 5, street: "Carrer A", paid: true, geometry: g),
            .row(id: "x-1", feeState: "FREE", feeSource: "foo", hours: nil, geometry: g),
            .row(id: "x-2", feeState: "CONDITIONAL", feeSource: "osm_tag", hours: "24/7", geometry: d),
            .runImport,
            .camera(lat: 41.39, lon: 2.17, spanLat: 0.002, spanLon: 0.003),
            .tap(id: "complement-es-barcelona-1-left"), .info, .payload(id: "x-1"),
            .realtime(site: "s1", source: "indigo", free: 0, capacity: 300, updatedAt: Instant(secondsSinceEpoch: 1_794_225_600)),
            .realtime(site: "s2", source: "parkapi_bcn", free: nil, capacity: nil, updatedAt: nil),
            .sourcePoll(source: "parkapi_bcn", error: nil), .sourcePoll(source: "indigo", error: "HTTP 404"),
            .carParks,
            .network(.line(.offline(true))),
        ]
        #expect(try EventDecoding.roundTripDifferences(Parking.self, events) == [])
    }

    /// `gen streets rows=2 cols=2 spacing=60 length=100`: four ways, row by row, in metres.
    @Test func streetsGenerator() throws {
        let events = try EventDecoding.generated(Parking.self, "gen streets rows=2 cols=2 spacing=60 length=100 firstId=10")
        #expect(events.map { Parking.text(of: $0) ?? "nil" } == [
            "way id=10 highway=residential m=\"0.000,0.000 100.000,0.000\"",
            "way id=11 highway=residential m=\"100.000,0.000 200.000,0.000\"",
            "way id=12 highway=residential m=\"0.000,60.000 100.000,60.000\"",
            "way id=13 highway=residential m=\"100.000,60.000 200.000,60.000\"",
        ])
    }

    /// `gen pan steps=3 settleEvery=3`: three cameras 50 ms apart, then the answer 300 ms later.
    @Test func panGenerator() throws {
        let events = try EventDecoding.generated(Parking.self, "gen pan lat=41.39 lon=2.17 steps=3 settleEvery=3 dLon=0.001")
        let texts = events.map { Parking.text(of: $0) ?? "nil" }
        #expect(texts.count == 4)
        #expect(texts[0] == "camera lat=41.39 lon=2.17 spanLat=0.01 spanLon=0.015")
        #expect(texts[3] == "net respond id=latest status=200")
    }
}
