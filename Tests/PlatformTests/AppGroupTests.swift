import LockstepCore
import LockstepRunner
import Platform
import Testing

private func newWorld(seed: UInt64 = 0) -> World<Bare> { World<Bare>(start: .defaultStart, seed: seed) }
private func records(_ w: World<Bare>) -> [String] { w.outputs.map(\.description) }

/// Pin a note, stored either as one shared comma-separated array (`pinned`) or one key per note
/// (`pinned.NOTE`): the two layouts the lost-update case compares.
private struct Pin: AppGroupOperation {
    var note: String
    var sharedArray: Bool
    var text: String { "pin \(note)" }

    func writes(_ snap: KeyValueSnapshot) -> [AppGroupWrite<[UInt8]>] {
        guard sharedArray else { return [AppGroupWrite("pinned.\(note)", Array("1".utf8))] }
        let old = snap.string("pinned").map { $0.split(separator: ",").map(String.init) } ?? []
        return [AppGroupWrite("pinned", Array((old + [note]).joined(separator: ",").utf8))]
    }
}

private typealias Group = AppGroup<KeyValueStore, Pin>
private func newGroup(_ w: World<Bare>) -> Group {
    Group(processes: ["app", "widget"], store: KeyValueStore(.appGroup("group.notes")), rng: w.rng("appgroup"))
}
private func compute(_ op: Pin, _ snap: KeyValueSnapshot) -> [AppGroupWrite<[UInt8]>] { op.writes(snap) }
private func text(_ store: KeyValueStore, _ key: String) -> String? {
    store.peek(key).map { String(decoding: $0.bytes, as: UTF8.self) }
}

@Suite struct AppGroupTests {
    /// Both read before either commits: the shared array keeps only the last writer's note, and
    /// the loss is a record naming whose write vanished.
    @Test func sharedArrayLosesTheOverlappingWrite() {
        var w = newWorld()
        var g = newGroup(w)
        g.submit(Pin(note: "A", sharedArray: true), by: "app", &w)
        g.submit(Pin(note: "B", sharedArray: true), by: "widget", &w)
        for p in ["app", "widget", "app", "widget"] { g.step(p, &w, compute: compute) }
        #expect(text(g.store, "pinned") == "B")
        #expect(g.counts.lostUpdates == 1)
        #expect(records(w).contains("appgroup.lost-update key=\"pinned\" by=widget overwrites=app readAt=0 theirCommit=1"))
        #expect(g.isIdle)
    }

    /// The same interleaving with one key per note loses nothing.
    @Test func perKeyRecordsSurviveTheSameInterleaving() {
        var w = newWorld()
        var g = newGroup(w)
        g.submit(Pin(note: "A", sharedArray: false), by: "app", &w)
        g.submit(Pin(note: "B", sharedArray: false), by: "widget", &w)
        for p in ["app", "widget", "app", "widget"] { g.step(p, &w, compute: compute) }
        #expect(g.store.keys == ["pinned.A", "pinned.B"])
        #expect(g.counts.lostUpdates == 0)
        #expect(!records(w).contains { $0.hasPrefix("appgroup.lost-update") })
    }

    /// Serial: each read-modify-write completes before the next starts, so the array keeps both.
    @Test func serialOrderKeepsBothEvenInOneArray() {
        var w = newWorld()
        var g = newGroup(w)
        g.submit(Pin(note: "A", sharedArray: true), by: "app", &w)
        g.submit(Pin(note: "B", sharedArray: true), by: "widget", &w)
        let steps = g.run(.serial, &w, compute: compute)
        #expect(steps.count == 4)
        #expect(text(g.store, "pinned") == "A,B")
        #expect(g.counts.lostUpdates == 0)
    }

    /// Seeded: the same seed gives the same steps; across seeds both outcomes happen, and a write
    /// is lost exactly when both reads come before the first commit.
    @Test func seededInterleavingLosesExactlyWhenReadsOverlap() {
        func once(_ seed: UInt64) -> (steps: [Group.Step], lost: Int, value: String?) {
            var w = newWorld(seed: seed)
            var g = newGroup(w)
            g.submit(Pin(note: "A", sharedArray: true), by: "app", &w)
            g.submit(Pin(note: "B", sharedArray: true), by: "widget", &w)
            let steps = g.run(.seeded, &w, compute: compute)
            return (steps, g.counts.lostUpdates, text(g.store, "pinned"))
        }
        var outcomes: Set<Int> = []
        for seed in UInt64(0)..<32 {
            let r = once(seed)
            #expect(once(seed).steps == r.steps)
            #expect(r.steps.count == 4)
            let firstCommit = r.steps.firstIndex { if case .committed = $0 { true } else { false } }!
            let overlapped = firstCommit == 2  // two reads, then a commit
            #expect(r.lost == (overlapped ? 1 : 0), "seed \(seed)")
            #expect(r.value?.count == (overlapped ? 1 : 3), "seed \(seed): \(r.value ?? "nil")")
            outcomes.insert(r.lost)
        }
        #expect(outcomes == [0, 1])
    }

    /// A process whose writes the store drops (no entitlement) loses its own write, recorded by the
    /// store; its key version does not move, so a later writer is not blamed for a lost update.
    @Test func droppedWritesAreTheStoresRecords() {
        var w = newWorld()
        var g = newGroup(w)
        g.store.dropWrites(from: "widget", .missingEntitlement, &w)
        g.submit(Pin(note: "B", sharedArray: true), by: "widget", &w)
        g.submit(Pin(note: "A", sharedArray: true), by: "app", &w)
        for p in ["widget", "app", "widget", "app"] { g.step(p, &w, compute: compute) }
        #expect(text(g.store, "pinned") == "A")
        #expect(g.counts.lostUpdates == 0)
        #expect(records(w).contains("store.dropped store=group.notes key=\"pinned\" op=write by=widget reason=missingEntitlement bytes=1"))
    }

    @Test func refusalsAreRecords() {
        var w = newWorld()
        var g = newGroup(w)
        #expect(g.step("app", &w, compute: compute) == nil)
        #expect(g.step("share", &w, compute: compute) == nil)
        #expect(g.step(nil, &w, compute: compute) == nil)
        g.submit(Pin(note: "A", sharedArray: true), by: "keyboard", &w)
        #expect(records(w) == [
            "appgroup.refused op=step reason=idle process=app",
            "appgroup.refused op=step reason=unknown-process process=share known=app,widget",
            "appgroup.refused op=step reason=idle process=any",
            "appgroup.refused op=submit reason=unknown-process process=keyboard known=app,widget",
        ])
        #expect(g.counts.refused == 4)
    }

    @Test func queueIsBounded() {
        var w = newWorld()
        var g = newGroup(w)
        for k in 0..<(Group.maxQueued + 1) { g.submit(Pin(note: "n\(k)", sharedArray: false), by: "app", &w) }
        #expect(g.queuedCount("app") == Group.maxQueued)
        #expect(records(w).last?.hasPrefix("appgroup.refused op=submit reason=queue-full process=app") == true)
    }

    @Test func vocabularyLinesDecodeAndRoundTrip() throws {
        let cases: [(String, AppGroupLine)] = [
            ("appgroup step process=widget", .step(process: "widget")),
            ("appgroup run", .run(order: .seeded)),
            ("appgroup run order=serial", .run(order: .serial)),
        ]
        for (text, line) in cases {
            #expect(AppGroupVocabulary.text(of: line) == text)
        }
    }
}
