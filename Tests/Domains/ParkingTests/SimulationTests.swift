import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Parking

/// The domain end to end through `Simulation`: B3's worked example, the settle and the ring.
@Suite struct ParkingSimulationTests {
    /// Way 1001 with a paid segment 27.9 m north: left rejected at 24.900 m, right emitted; under
    /// the centreline fault the left side is wrongly emitted.
    @Test func workedExampleClearance() throws {
        func run(_ faults: [ParkingFault]) throws -> [Record] {
            var sim = try Simulation<Parking>(settings: Parking.Settings(city: .barcelona, serverLimit: 1_500, guardSample: 2_000, holidays: nil,
                                                                       disabledSources: ["indigo"]), faults: faults)
            sim.send(.boundary(GeometryText(unit: .degrees, text: "2.165,41.384 2.185,41.384 2.185,41.396 2.165,41.396")), at: .zero)
            sim.send(.way(id: 1001, highway: "residential", access: nil, name: nil, tags: "", closed: false,
                          geometry: GeometryText(unit: .degrees, text: "2.170,41.390 2.172,41.390")), at: .zero)
            sim.send(.council(id: 1, kind: "blue", hours: nil, geometry: GeometryText(unit: .degrees, text: "2.1705,41.390251212 2.1715,41.390251212")), at: .zero)
            sim.send(.runImport, at: .seconds(1))
            return sim.outputs
        }
        let ok = try run([])
        #expect(ok.map(\.description).contains("complement.rejected way=1001 side=left reason=withinClearance distanceMetres=24.900"))
        #expect(ok.contains { $0.name == "row" && Parking.field($0, "id") == "complement-es-barcelona-1001-right" })
        #expect(!ok.contains { $0.name == "row" && Parking.field($0, "id") == "complement-es-barcelona-1001-left" })
        let faulty = try run([.centrelineClearance])
        #expect(faulty.contains { $0.name == "row" && Parking.field($0, "id") == "complement-es-barcelona-1001-left" })
    }

    /// Cameras every 50 ms: no request until 250 ms after the last one; then exactly one.
    @Test func oneFetchAfterTheSettle() throws {
        var sim = try Simulation<Parking>(settings: ["city barcelona"])
        for i in 0..<10 {
            sim.send(.camera(lat: 41.39, lon: 2.17 + Double(i) * 0.00001, spanLat: 0.002, spanLon: 0.003), at: .milliseconds(Int64(i) * 50))
        }
        sim.advance(to: .milliseconds(699))
        #expect(!sim.outputs.contains { $0.name == "net.request" })
        sim.advance(to: .milliseconds(700))
        #expect(sim.outputs.filter { $0.name == "net.request" }.count == 1)
    }

    @Test func declarationsMeetTheContract() {
        #expect(Parking.entry.problems.isEmpty, "\(Parking.entry.problems)")
    }
}
