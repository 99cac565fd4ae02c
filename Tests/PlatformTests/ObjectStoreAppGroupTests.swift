import LockstepCore
import LockstepRunner
import Platform
import Testing

private func newWorld(seed: UInt64 = 0) -> World<Bare> { World<Bare>(start: .defaultStart, seed: seed) }
private func records(_ w: World<Bare>) -> [String] { w.outputs.map(\.description) }

/// What a process does in the shared object store: add a reading, bump a tank's test counter
/// (a read-modify-write of one row), delete a tank, or (the widget) read the newest reading.
private enum TankOp: AppGroupOperation {
    case addReading(id: String, value: Double)
    case bumpTests(tank: String)
    case deleteTank(String)
    case showLatest
    var text: String {
        switch self {
        case .addReading(let id, let v): "add \(id) \(v)"
        case .bumpTests(let t): "bump \(t)"
        case .deleteTank(let t): "delete \(t)"
        case .showLatest: "show latest"
        }
    }
}

private typealias Group = AppGroup<ObjectStore, TankOp>

private func store() throws -> ObjectStore {
    var s = ObjectStore()
    try s.create(ObjectSchema("tanks", columns: [ObjectColumn("id", .text), ObjectColumn("tests", .int)]))
    try s.create(ObjectSchema("readings", columns: [ObjectColumn("id", .text), ObjectColumn("tank", .text), ObjectColumn("value", .real)],
                              references: [ObjectReference("tank", parent: "tanks", rule: .cascade)]))
    try s.upsert("tanks", [("id", .text("t1")), ("tests", .int(0))])
    return s
}

private func newGroup(_ w: World<Bare>, _ processes: [String] = ["app", "widget"]) throws -> Group {
    Group(processes: processes, store: try store(), rng: w.rng("appgroup"))
}

/// The writes each operation computes from its snapshot; `seen` collects what `showLatest` read.
private func writes(_ op: TankOp, _ snap: ObjectStore, seen: inout [String]) -> [AppGroupWrite<ObjectRow>] {
    switch op {
    case .addReading(let id, let v):
        return [snap.groupWrite(ObjectRow(table: "readings", columns: ["id", "tank", "value"], cells: [.text(id), .text("t1"), .real(v)]))]
    case .bumpTests(let t):
        guard let row = try? snap.row("tanks", key: .text(t)), let n = row["tests"].int else { return [] }
        return [snap.groupWrite(ObjectRow(table: "tanks", columns: ["id", "tests"], cells: [.text(t), .int(n + 1)]))]
    case .deleteTank(let t):
        return [ObjectStore.groupDelete("tanks", .text(t))]
    case .showLatest:
        do {
            let rows = try snap.fetch("readings", order: ObjectOrder("id", descending: true), limit: 1)
            seen.append(rows.first.map { "\($0["id"].text!)=\($0["value"].real!)" } ?? "none")
        } catch {
            seen.append("error \(error.message)")
        }
        return []
    }
}

@Suite struct ObjectStoreAppGroupTests {
    /// The widget reads after the app committed: its snapshot holds the app's row.
    @Test func widgetReadsTheRowTheAppCommitted() throws {
        var w = newWorld()
        var g = try newGroup(w)
        var seen: [String] = []
        g.submit(.addReading(id: "r1", value: 8.2), by: "app", &w)
        g.submit(.showLatest, by: "widget", &w)
        for p in ["app", "app", "widget", "widget"] { g.step(p, &w) { writes($0, $1, seen: &seen) } }
        #expect(seen == ["r1=8.2"])
        #expect(try g.store.row("readings", key: .text("r1"))?["value"] == .real(8.2))
        #expect(g.counts.lostUpdates == 0)
    }

    /// The widget's read before the app's commit is a snapshot: it shows the old state even after
    /// the app committed (it is not a live view).
    @Test func widgetSnapshotTakenBeforeTheCommitStaysOld() throws {
        var w = newWorld()
        var g = try newGroup(w)
        var seen: [String] = []
        g.submit(.addReading(id: "r1", value: 8.2), by: "app", &w)
        g.submit(.showLatest, by: "widget", &w)
        for p in ["app", "widget", "app", "widget"] { g.step(p, &w) { writes($0, $1, seen: &seen) } }
        #expect(seen == ["none"])
        #expect(g.store.count("readings") == 1)
    }

    /// The extension's bump lands between the app's read and commit of the same row: the app's
    /// commit wins (last writer) and the extension's increment is a lost-update record.
    @Test func extensionWriteBetweenTheAppsReadAndCommitIsALostUpdate() throws {
        var w = newWorld()
        var g = try newGroup(w, ["app", "share"])
        var seen: [String] = []
        g.submit(.bumpTests(tank: "t1"), by: "app", &w)
        g.submit(.bumpTests(tank: "t1"), by: "share", &w)
        for p in ["app", "share", "share", "app"] { g.step(p, &w) { writes($0, $1, seen: &seen) } }
        #expect(try g.store.row("tanks", key: .text("t1"))?["tests"] == .int(1))
        #expect(g.counts.lostUpdates == 1)
        #expect(records(w).contains("appgroup.lost-update key=\"tanks/t1\" by=app overwrites=share readAt=0 theirCommit=1"))
    }

    /// Writes of different rows interleaved the same way lose nothing: conflicts are per row.
    @Test func differentRowsInTheSameInterleavingBothLand() throws {
        var w = newWorld()
        var g = try newGroup(w, ["app", "share"])
        var seen: [String] = []
        g.submit(.addReading(id: "r1", value: 1.5), by: "app", &w)
        g.submit(.addReading(id: "r2", value: 2.5), by: "share", &w)
        for p in ["app", "share", "share", "app"] { g.step(p, &w) { writes($0, $1, seen: &seen) } }
        #expect(try g.store.fetch("readings").map { $0["id"] } == [.text("r1"), .text("r2")])
        #expect(g.counts.lostUpdates == 0)
    }

    /// Seeded order: each seed replays exactly; the counter ends at 2 when the bumps did not
    /// overlap and at 1 (with one lost update) when both reads came before the first commit.
    @Test func seededInterleavingIsDeterministicAndLossIsExact() throws {
        func once(_ seed: UInt64) throws -> (steps: [Group.Step], tests: Int64?, lost: Int) {
            var w = newWorld(seed: seed)
            var g = try newGroup(w)
            var seen: [String] = []
            g.submit(.bumpTests(tank: "t1"), by: "app", &w)
            g.submit(.bumpTests(tank: "t1"), by: "widget", &w)
            let steps = g.run(.seeded, &w) { writes($0, $1, seen: &seen) }
            return (steps, try g.store.row("tanks", key: .text("t1"))?["tests"].int, g.counts.lostUpdates)
        }
        var finals: Set<Int64> = []
        for seed in UInt64(0)..<24 {
            let r = try once(seed)
            #expect(try once(seed).steps == r.steps)
            let overlapped = r.steps.prefix(2).allSatisfy { if case .read = $0 { true } else { false } }
            #expect(r.tests == (overlapped ? 1 : 2), "seed \(seed)")
            #expect(r.lost == (overlapped ? 1 : 0), "seed \(seed)")
            if let t = r.tests { finals.insert(t) }
        }
        #expect(finals == [1, 2])
    }

    /// A delete through the group applies the cascade rule, and the watches' changed tables name both.
    @Test func groupDeleteCascades() throws {
        var w = newWorld()
        var g = try newGroup(w)
        var seen: [String] = []
        g.submit(.addReading(id: "r1", value: 1), by: "app", &w)
        g.submit(.deleteTank("t1"), by: "widget", &w)
        _ = g.store.takeChangedTables()
        g.run(.serial, &w) { writes($0, $1, seen: &seen) }
        #expect(g.store.count("tanks") == 0)
        #expect(g.store.count("readings") == 0)
        #expect(g.store.takeChangedTables() == ["readings", "tanks"])
    }

    /// A corrupt table: the snapshot names it in a record, the widget's fetch is an error (never
    /// "none"), and a commit to it is refused with a record and leaves no key version behind.
    @Test func corruptTableIsAnErrorAtReadAndCommit() throws {
        var w = newWorld()
        var g = try newGroup(w)
        var seen: [String] = []
        try g.store.corrupt("readings", reason: "torn-page")
        g.submit(.showLatest, by: "widget", &w)
        g.submit(.addReading(id: "r1", value: 1), by: "app", &w)
        g.run(.serial, &w) { writes($0, $1, seen: &seen) }
        #expect(seen == ["error table readings is corrupt (torn-page)"])
        let out = records(w)
        #expect(out.contains("store.error reason=corrupt message=\"table readings is corrupt (torn-page)\" process=widget op=snapshot"))
        #expect(out.contains("store.error reason=corrupt message=\"table readings is corrupt (torn-page)\" process=app key=\"readings/r1\""))
        var state = CanonicalWriter()
        g.write(to: &state)
        #expect(!state.text.contains("version key=\"readings/r1\""))
    }

    /// Keys that do not name a row of the store, and rows under another row's key, are refused records.
    @Test func badGroupKeysAreRefused() throws {
        var w = newWorld()
        var s = try store()
        let row = ObjectRow(table: "tanks", columns: ["id", "tests"], cells: [.text("t2"), .int(0)])
        #expect(s.commit("tanks", row, by: "app", &w) == .denied(.rejected))
        #expect(s.commit("fish/f1", nil, by: "app", &w) == .denied(.rejected))
        #expect(s.commit("tanks/t9", row, by: "app", &w) == .denied(.rejected))
        #expect(s.commit("tanks/t9", nil, by: "app", &w) == .denied(.rejected))
        #expect(s.commit("tanks/t2", row, by: "app", &w) == .written)
        #expect(records(w) == [
            "store.error reason=aborted message=\"group key tanks is not TABLE/KEY\" process=app key=\"tanks\"",
            "store.error reason=unknownTable message=\"no table fish\" process=app key=\"fish/f1\"",
            "store.error reason=aborted message=\"group key tanks/t9 does not match the row's id t2\" process=app key=\"tanks/t9\"",
            "store.error reason=notFound message=\"no row t9 in tanks\" process=app key=\"tanks/t9\"",
        ])
        #expect(s.count("tanks") == 2)
    }

    /// Int keys travel as decimal text and parse back to the column's type.
    @Test func intKeysRoundTrip() throws {
        var w = newWorld()
        var s = ObjectStore()
        try s.create(ObjectSchema("counters", columns: [ObjectColumn("n", .int), ObjectColumn("label", .text)], key: "n"))
        let write = s.groupWrite(ObjectRow(table: "counters", columns: ["n", "label"], cells: [.int(42), .text("x")]))
        #expect(write.key == "counters/42")
        #expect(s.commit(write.key, write.value, by: "app", &w) == .written)
        #expect(s.commit("counters/4x2", nil, by: "app", &w) == .denied(.rejected))
        #expect(s.commit("counters/42", nil, by: "app", &w) == .written)
        #expect(s.count("counters") == 0)
    }
}
