import LockstepCore
import Testing
@testable import Platform

@Suite struct SyncLogTests {
    static let tanks = SyncEntity("tanks", rank: 0, isRoot: true)
    static let readings = SyncEntity("readings", rank: 3)

    static func log() -> SyncLog {
        var log = SyncLog()
        _ = log.outbox.enqueue(tanks, id: "T", op: .upsert, payload: "name=reef", scope: "T")
        _ = log.outbox.enqueue(readings, id: "R", op: .upsert, payload: "kh=8.4", scope: "T", dependsOn: [SyncRef("tanks", "T")])
        return log
    }

    @Test func pushesParentsFirstAndEmptiesTheOutbox() {
        var world = World<Bare>(start: .defaultStart)
        var log = SyncLog()
        _ = log.outbox.enqueue(Self.readings, id: "R", op: .upsert, payload: "kh=8.4", scope: "T", dependsOn: [SyncRef("tanks", "T")])
        _ = log.outbox.enqueue(Self.tanks, id: "T", op: .upsert, payload: "name=reef", scope: "T")
        #expect(log.push(user: "alice", policy: SyncPolicy(), &world) == .completed)
        #expect(world.outputs.filter { $0.name == "sync.push" }.map { $0.fields.first { $0.key == "entity" }?.value } == [.word("tanks"), .word("readings")])
        #expect(log.outbox.entries.isEmpty)
        #expect(log.server.rows.count == 2)
    }

    @Test func payloadIsASnapshot() {
        var log = Self.log()
        _ = log.outbox.enqueue(Self.readings, id: "R", op: .upsert, payload: "kh=8.6", scope: "T")
        #expect(log.outbox.entries.map(\.payload) == ["name=reef", "kh=8.4", "kh=8.6"])
    }

    @Test func hundredTimeoutsUseNoAttempts() {
        var world = World<Bare>(start: .defaultStart)
        var log = Self.log()
        _ = log.script.next(100, .timeout)
        for _ in 0..<100 { #expect(log.push(user: "alice", policy: SyncPolicy(), &world) == .transportFailure(.timeout)) }
        #expect(log.outbox.entries.map(\.attempts) == [0, 0])
        #expect(log.outbox.deadLetters.isEmpty)
    }

    @Test func deadLetterAfterExactlyFiveRefusalsHoldsDependentsThenTryAgain() {
        var world = World<Bare>(start: .defaultStart)
        var log = Self.log()
        _ = log.script.next(5, .refused("rls"))
        for pass in 1...5 {
            #expect(log.push(user: "alice", policy: SyncPolicy(), &world) == .held)
            #expect(log.outbox.entries[0].attempts == pass)
        }
        #expect(log.outbox.entries[0].state == .deadLettered)
        #expect(log.outbox.entries[1].attempts == 0)
        #expect(world.outputs.last?.name == "sync.held")
        let retried = log.outbox.retry(seq: 1)
        #expect(retried)
        #expect(log.push(user: "alice", policy: SyncPolicy(), &world) == .completed)
        #expect(log.outbox.entries.isEmpty)
    }

    @Test func serverRefusesChildOfUnknownRootAndHidesRowsFromOtherUsers() {
        var server = SyncServer()
        let now = Instant.defaultStart
        #expect(server.write(entity: "readings", id: "R", scope: "T", isRoot: false, payload: "", user: "alice", deviceNow: now) == .refused("rls"))
        #expect(server.write(entity: "tanks", id: "T", scope: "T", isRoot: true, payload: "", user: "alice", deviceNow: now) == .ok)
        #expect(server.write(entity: "readings", id: "R", scope: "T", isRoot: false, payload: "", user: "bob", deviceNow: now) == .refused("rls"))
        #expect(server.changes(after: nil, user: "bob").isEmpty)
        #expect(server.changes(after: nil, user: "alice").count == 1)
    }

    /// Cursor 12:00:10.000 asks for updated_at > 12:00:08.000 (the note's known value); a row
    /// stamped 1 s before the cursor but committed after it is seen, and applying it twice is
    /// harmless because the domain upserts by id.
    @Test func pullOverlapIsTwoSecondsFromServerStamps() throws {
        var world = World<Bare>(start: try CivilTime.parseISO8601("2026-01-01T12:00:10Z", requireUTC: true).get())
        var log = SyncLog()
        log.server.skew = .zero
        _ = log.server.write(entity: "tanks", id: "T", scope: "T", isRoot: true, payload: "", user: "a", deviceNow: world.now)
        let first = try #require(log.beginPull(user: "a", policy: SyncPolicy(), &world))
        log.finishPull(first, firstRejected: nil, &world)
        #expect(log.cursor == world.now)
        _ = log.server.write(entity: "readings", id: "R", scope: "T", isRoot: false, payload: "", user: "a", deviceNow: world.now, lateBy: .seconds(1))
        let second = try #require(log.beginPull(user: "a", policy: SyncPolicy(), &world))
        #expect(second.after == world.now - .seconds(2))
        #expect(second.rows.map(\.id) == ["R", "T"])
        var noOverlap = SyncPolicy()
        noOverlap.overlap = .zero
        let missed = try #require(log.beginPull(user: "a", policy: noOverlap, &world))
        #expect(!missed.rows.map(\.id).contains("R"))
    }

    @Test func pulledRowSkippedWhileLocalEditUnpushed() throws {
        var world = World<Bare>(start: .defaultStart)
        var log = SyncLog()
        _ = log.server.write(entity: "tanks", id: "T", scope: "T", isRoot: true, payload: "", user: "a", deviceNow: world.now)
        _ = log.outbox.enqueue(Self.tanks, id: "T", op: .upsert, payload: "x", scope: "T")
        let batch = try #require(log.beginPull(user: "a", policy: SyncPolicy(), &world))
        #expect(batch.rows.isEmpty)
        #expect(world.outputs.last?.name == "sync.pull.skipped")
    }
}

@Suite struct SyncSupersedeTests {
    /// An older write of a row, refused once, is dropped when a newer write of the same row is
    /// accepted: pushing it afterwards would put the old state back on the server.
    @Test func acceptedNewerWriteSupersedesOlderQueuedWrite() {
        var world = World<Bare>(start: .defaultStart)
        var log = SyncLog()
        let tanks = SyncEntity("tanks", rank: 0, isRoot: true)
        _ = log.outbox.enqueue(tanks, id: "T", op: .upsert, payload: "v=1", scope: "T")
        _ = log.outbox.enqueue(tanks, id: "T", op: .delete, payload: "v=2 deleted", scope: "T")
        _ = log.script.respond(RequestID(1), .refused("constraint"))
        #expect(log.push(user: "a", policy: SyncPolicy(), &world) == .completed)
        #expect(log.outbox.entries.isEmpty)
        #expect(log.server.rows.map(\.payload) == ["v=2 deleted"])
        #expect(world.outputs.contains { $0.name == "sync.superseded" })
    }
}
