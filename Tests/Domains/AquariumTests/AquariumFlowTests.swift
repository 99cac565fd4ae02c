import LockstepCore
import LockstepRunner
import Platform
import Testing
@testable import Aquarium

@Suite struct AquariumFlowTests {
    static func sim(_ faults: [AquariumFault] = []) throws -> Simulation<Aquarium> {
        try Simulation<Aquarium>(settings: Aquarium.Settings(user: "alice"), faults: faults)
    }

    static func form(_ session: String, _ fields: [Parameter: String], units: [Parameter: String] = [:]) -> AquariumEvent {
        .test(FormLine(tank: "t1", session: session, at: nil, texts: Parameter.allCases.map { fields[$0] ?? "" },
                       units: Parameter.allCases.map { units[$0] }))
    }

    @Test func blankFieldsWriteNoRowsAndOneTransactionQueuesEverything() throws {
        var sim = try Self.sim()
        sim.send(.tank(label: "t1", type: .reef), at: .zero)
        sim.send(Self.form("s1", [.kh: "8,4", .ph: "8.1"]), at: .seconds(60))
        #expect(try sim.state.store.fetch(Schema.readings).count == 2)
        // tank, settings, session, 2 readings
        #expect(sim.state.sync.outbox.entries.map(\.entity.name) == ["tanks", "tank_parameter_config", "test_sessions", "readings", "readings"])
    }

    @Test func blankAsZeroFaultWritesZeros() throws {
        var sim = try Self.sim([.skippedStoredAsZero])
        sim.send(.tank(label: "t1", type: .reef), at: .zero)
        sim.send(Self.form("s1", [.kh: "8.4"]), at: .seconds(60))
        #expect(try sim.state.store.fetch(Schema.readings).count == Parameter.allCases.count)
    }

    @Test func badNumberAbortsAndOutboxIsUnchanged() throws {
        var sim = try Self.sim()
        sim.send(.tank(label: "t1", type: .reef), at: .zero)
        let before = sim.state.sync.outbox
        sim.send(Self.form("s1", [.kh: "8.4", .ph: "7.x"]), at: .seconds(60))
        #expect(sim.state.sync.outbox == before)
        #expect(sim.state.formError == "pH: \"7.x\" is not a number")
        #expect(try sim.state.store.fetch(Schema.readings).isEmpty)
    }

    /// The outbox keeps what a write meant: an edit queues a new snapshot, the old one is unchanged.
    @Test func editQueuesANewSnapshot() throws {
        var sim = try Self.sim()
        sim.send(.tank(label: "t1", type: .reef), at: .zero)
        sim.send(Self.form("s1", [.kh: "8.0"]), at: .seconds(60))
        sim.send(.edit(session: "s1", parameter: .kh, text: "8.2", unit: nil), at: .seconds(120))
        let payloads = sim.state.sync.outbox.entries.filter { $0.entity.name == "readings" }.map(\.payload)
        #expect(payloads.count == 2)
        #expect(payloads[0].contains("entered_value=8.0"))
        #expect(payloads[1].contains("entered_value=8.2"))
    }

    @Test func uuidV7CarriesTheVirtualClock() throws {
        var sim = try Self.sim()
        sim.send(.tank(label: "t1", type: .reef), at: .seconds(5))
        let id = try #require(sim.state.tank("t1")?.id)
        // 2026-01-01T00:00:05Z = 1767225605000 ms = 0x019B76DABB88 → first 12 hex digits.
        #expect(id.hasPrefix("019b76da-bb88-7"))
    }

    @Test func eventsRoundTripThroughTheirText() throws {
        let events: [AquariumEvent] = [
            .tank(label: "t1", type: .planted), Self.form("s1", [.kh: "8,4", .temp: "77"], units: [.temp: "F"]),
            .edit(session: "s1", parameter: .kh, text: "8.2", unit: "dKH"), .delete(session: "s1"), .sync(.resume),
            .watch(tank: "t1", on: false), .retry(seq: 3), .account(user: "bob"), .corrupt(table: "readings"),
            .params(tank: "t1", enabled: "kh,ph", khLimitDKH: 0.5, phLimit: nil),
        ]
        for e in events {
            let text = try #require(Aquarium.text(of: e))
            #expect(!text.isEmpty)
        }
        #expect(try EventDecoding.roundTripDifferences(Aquarium.self, events).isEmpty)
    }
}
