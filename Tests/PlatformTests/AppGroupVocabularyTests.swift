import LockstepCore
import LockstepRunner
import Platform
import Testing

struct AppGroupAppend: AppGroupOperation {
    var item: String
    var text: String { "append \(item)" }
}

/// A domain whose `add` queues a read-modify-write of one shared list for a process, and which
/// speaks the `appgroup` vocabulary.
enum AppGroupProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var group: AppGroup<KeyValueStore, AppGroupAppend> }
    enum Event: Sendable { case add(process: String, item: String), appGroup(AppGroupLine) }
    static let name = "appGroupProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        EventKind("add", "queue an append") { f throws(ScenarioError) in
            .add(process: try f("process", .word), item: try f("item", .word))
        },
        AppGroupVocabulary.eventKind { .appGroup($0) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .add: "add"
        case .appGroup: AppGroupVocabulary.kind
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<AppGroupProbe>) throws(ScenarioError) -> State {
        State(group: AppGroup(processes: ["app", "widget"], store: KeyValueStore(.appGroup("group.t")), rng: world.rng("appgroup")))
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<AppGroupProbe>) {
        switch event {
        case .add(let p, let item): state.group.submit(AppGroupAppend(item: item), by: p, &world)
        case .appGroup(let line):
            state.group.handle(line, &world) { op, snap in
                let old = snap.string("list").map { $0 + "," } ?? ""
                return [AppGroupWrite("list", Array((old + op.item).utf8))]
            }
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.group.write(to: &out) }
}

private func run(_ events: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain appGroupProbe\n\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(AppGroupProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  appgroup.") || $0.hasPrefix("  store.write") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try run(events); return nil } catch { return error.description }
}

@Suite struct AppGroupVocabularyTests {
    @Test func scriptedStepsInterleaveTheProcesses() throws {
        let out = try run("""
            0 add process=app item=x
            0 add process=widget item=y
            1 appgroup step process=app
            2 appgroup step process=widget
            3 appgroup run order=serial

            """)
        #expect(out.contains("appgroup.read process=app op=\"append x\" serial=0"))
        #expect(out.contains("appgroup.read process=widget op=\"append y\" serial=0"))
        #expect(out.contains("appgroup.lost-update key=\"list\" by=widget overwrites=app readAt=0 theirCommit=1"))
        #expect(out.last == "appgroup.ran order=serial steps=2 serial=2 lostUpdates=1")
    }

    @Test func badLinesAreLocated() {
        #expect(error("0 appgroup step\n") == "t.scenario:4:3: 'appgroup step' needs process=NAME")
        #expect(error("0 appgroup step process=a.b\n")?.hasPrefix("t.scenario:4:25: process=a.b is not a process name") == true)
        #expect(error("0 appgroup run process=app\n") == "t.scenario:4:24: 'process' does not apply to 'appgroup run' (it runs every process)")
        #expect(error("0 appgroup step process=app order=serial\n") == "t.scenario:4:35: 'order' does not apply to 'appgroup step'")
        #expect(error("0 appgroup run order=random\n")?.contains("random") == true)
        #expect(error("0 appgroup jump\n")?.contains("jump") == true)
    }

    @Test func probeMeetsTheContract() { #expect(AppGroupProbe.entry.problems.isEmpty, "\(AppGroupProbe.entry.problems)") }
}
