import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Fixtures

/// The cloudNotes fixture (issue #21) through `Simulation`: convergence whatever the delivery
/// order, the tie rule, and the App Group pins in both layouts. Expected values are worked out
/// by hand from the rules in the fixture's doc comment.
@Suite struct CloudNotesTests {
    private func list(_ sim: Simulation<CloudNotes>, _ device: CloudNotes.Device) -> [String] {
        sim.state.shown[CloudNotes.devices.firstIndex(of: device.rawValue)!].map { "\($0.key)=\($0.value)" }
    }

    /// Three edits of one note on the phone, delivered to the iPad one at a time: after all three
    /// the iPad shows the newest (v3, saved at 2 s) for every seed, whatever the arrival order.
    @Test func everyOrderConvergesOnTheNewestEdit() throws {
        var orders: Set<[String]> = []
        for seed in UInt64(0)..<16 {
            var sim = try Simulation<CloudNotes>(seed: seed)
            for (k, text) in ["v1", "v2", "v3"].enumerated() {
                sim.send(.edit(device: .phone, note: "plan", text: text), at: .seconds(Int64(k)))
            }
            for k in 0..<3 { sim.send(.cloud(.deliver(to: "ipad", from: nil, partial: 1, duplicates: 0, drops: 0)), at: .seconds(10 + Int64(k))) }
            #expect(list(sim, .ipad) == ["plan=v3"], "seed \(seed)")
            orders.insert(sim.outputs.filter { $0.name == "cloud.delivered" }.map { "\($0)" })
        }
        #expect(orders.count > 1, "the seed chooses the order")
    }

    /// Equal stamps: "phone.1" > "mac.1" as strings, so the phone's text wins on every device.
    @Test func tieGoesToTheLargerRecordID() throws {
        var sim = try Simulation<CloudNotes>(seed: 1)
        sim.send(.edit(device: .mac, note: "t", text: "mac"), at: .seconds(5))
        sim.send(.edit(device: .phone, note: "t", text: "phone"), at: .seconds(5))
        for d in ["phone", "ipad", "mac"] { sim.send(.cloud(.deliver(to: d, from: nil, partial: nil, duplicates: 0, drops: 0))) }
        for d in CloudNotes.Device.allCases { #expect(list(sim, d) == ["t=phone"], "\(d)") }
    }

    /// Pins: both processes read, then both commit. Per key: 2 pins. Shared array (the fault): the
    /// widget's commit rewrites the array it read empty, so only its own pin is left.
    @Test func overlappingPinsPerKeyAndSharedArray() throws {
        for (faults, expected) in [([CloudNotes.Fault](), ["a", "b"]), ([.sharedArrayPins], ["b"])] {
            var sim = try Simulation<CloudNotes>(settings: CloudNotes.Settings(autoPush: true), faults: faults)
            sim.send(.pin(process: .app, note: "a"))
            sim.send(.pin(process: .widget, note: "b"))
            for p in ["app", "widget", "app", "widget"] { sim.send(.appGroup(.step(process: p))) }
            #expect(sim.state.group.store.pinnedNotes == expected)
            #expect(sim.state.group.counts.lostUpdates == (faults.isEmpty ? 0 : 1))
        }
    }

    /// An edit that lost the merge when it arrived is said (`kept`), never silent.
    @Test func aLosingArrivalIsRecorded() throws {
        var sim = try Simulation<CloudNotes>()
        sim.send(.edit(device: .ipad, note: "n", text: "old"), at: .seconds(1))
        sim.send(.cloud(.network(device: "phone", online: false)), at: .seconds(1))
        sim.send(.edit(device: .phone, note: "n", text: "new"), at: .seconds(2))
        sim.send(.cloud(.network(device: "phone", online: true)), at: .seconds(3))
        _ = sim.takeOutputs()
        sim.send(.cloud(.deliver(to: "phone", from: nil, partial: nil, duplicates: 0, drops: 0)), at: .seconds(4))
        #expect(sim.takeOutputs().last == Record("kept").word("device", "phone").string("note", "n").word("winner", "phone.1").word("over", "ipad.1"))
    }

    @Test func textReadsBackAsTheSameEvents() throws {
        let events: [CloudNotes.Event] = [
            .edit(device: .mac, note: "n-1", text: "a \"quoted\" note"), .open(device: .ipad), .pin(process: .widget, note: "x"),
            .unpin(process: .app, note: "x"), .refresh, .cloud(.deliver(to: "ipad", from: "mac", partial: 2, duplicates: 1, drops: 1)),
            .appGroup(.run(order: .serial)),
        ]
        let back = try EventDecoding.roundTrip(CloudNotes.self, events)
        #expect(back.map(EventDecoding.structure) == events.map(EventDecoding.structure))
    }

    @Test func badNoteInputIsLocated() {
        func error(_ line: String) -> String? {
            do { _ = try EventDecoding.events(CloudNotes.self, lines: [line]); return nil } catch { return error.description }
        }
        let long = String(repeating: "x", count: CloudNotes.maxTextScalars + 1)
        #expect(error("0 edit device=phone note=a text=\"\(long)\"")?.contains("text has 201 scalars; a note holds at most 200 (maxTextScalars)") == true)
        #expect(error("0 edit device=phone note=a.b text=\"x\"")?.contains("expected a note key") == true)
        #expect(error("0 edit device=watch note=a text=\"x\"")?.contains("watch") == true)
    }

    @Test func declarationsMeetTheContract() { #expect(CloudNotes.entry.problems.isEmpty, "\(CloudNotes.entry.problems)") }
}
