import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that saves notes on three devices and speaks the `cloud` vocabulary, to run real
/// scenario text through the reader, the validator and `Cloud`.
enum CloudProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var cloud: Cloud<String> }
    enum Event: Sendable { case save(device: String, key: String, text: String), cloud(CloudLine) }
    static let name = "cloudProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        EventKind("save", "a save") { f throws(ScenarioError) in
            .save(device: try f("device", .word), key: try f("key", .word), text: try f("text", .string))
        },
        CloudVocabulary.eventKind { .cloud($0) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .save: "save"
        case .cloud: CloudVocabulary.kind
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<CloudProbe>) throws(ScenarioError) -> State {
        State(cloud: Cloud(devices: ["phone", "ipad", "mac"], rng: world.rng("cloud")))
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<CloudProbe>) {
        switch event {
        case .save(let d, let k, let t): state.cloud.save(k, t, on: d, &world)
        case .cloud(let line): _ = state.cloud.handle(line, &world)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.cloud.write(to: &out) }
}

private func run(_ events: String, seed: UInt64 = 0) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain cloudProbe\nseed \(seed)\n\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(CloudProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  cloud.") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try run(events); return nil } catch { return error.description }
}

@Suite struct CloudVocabularyTests {
    @Test func scriptedLinesDriveTheCloud() throws {
        let out = try run("""
            0 save device=phone key=a text="one"
            1 save device=phone key=b text="two"
            2 cloud offline device=mac
            3 cloud deliver from=phone to=ipad partial=1
            4 cloud deliver to=mac
            5 cloud online device=mac
            6 cloud fetch device=mac
            7 cloud push device=phone
            8 cloud deliver to=watch

            """)
        // Saved at 0 s and 1 s (2026-01-01T00:00:00Z and :01Z).
        #expect(out.contains("cloud.saved device=phone id=phone.1 key=\"a\" origin=phone stamp=2026-01-01T00:00:00Z value=\"one\" online=true outbox=1"))
        #expect(out.filter { $0.hasPrefix("cloud.delivery to=ipad") } == ["cloud.delivery to=ipad from=phone delivered=1 duplicates=0 dropped=0 pending=1 lost=0"])
        #expect(out.contains("cloud.deferred to=mac reason=offline pending=2"))
        #expect(out.contains("cloud.fetched device=mac delivered=2 recovered=0"))
        #expect(out.contains("cloud.pushed device=phone count=0 server=2 ids=none"))
        #expect(out.last == "cloud.refused op=deliver reason=unknown-device device=watch known=phone,ipad,mac")
    }

    @Test func badLinesAreLocated() {
        #expect(error("0 cloud deliver\n") == "t.scenario:5:3: 'cloud deliver' needs to=DEVICE")
        #expect(error("0 cloud deliver to=ipad partial=0\n") == "t.scenario:5:33: partial=0 is out of range 1...1024 (maxBatch)")
        #expect(error("0 cloud deliver to=ipad dup=65\n") == "t.scenario:5:29: dup=65 is out of range 0...64 (maxDuplicates)")
        #expect(error("0 cloud deliver to=ipad partial=1 drop=2\n") == "t.scenario:5:40: drop=2 is more than partial=1: only chosen records can be lost")
        #expect(error("0 cloud deliver to=ipad from=ipad\n")
                == "t.scenario:5:30: from=ipad is the receiving device; the cloud never delivers a device's own records back")
        #expect(error("0 cloud push device=ipad to=mac\n") == "t.scenario:5:29: 'to' does not apply to 'cloud push'")
        #expect(error("0 cloud fetch\n") == "t.scenario:5:3: 'cloud fetch' needs device=DEVICE")
        #expect(error("0 cloud offline device=a.b\n")?.hasPrefix("t.scenario:5:24: device=a.b is not a device name") == true)
        #expect(error("0 cloud sync device=ipad\n")?.contains("sync") == true)
        #expect(error("0 cloud\n")?.hasPrefix("t.scenario:5:") == true)
    }

    @Test func textReadsBackAsTheSameLine() throws {
        let lines: [CloudLine] = [
            .deliver(to: "ipad", from: nil, partial: nil, duplicates: 0, drops: 0),
            .deliver(to: "ipad", from: "phone", partial: 3, duplicates: 2, drops: 1),
            .fetch(device: "mac"), .push(device: "phone"), .network(device: "ipad", online: false), .network(device: "ipad", online: true),
        ]
        let texts = lines.map { "0 " + CloudVocabulary.text(of: $0)! }
        let back = try EventDecoding.events(CloudProbe.self, lines: texts)
        for (line, event) in zip(lines, back) {
            guard case .cloud(let decoded) = event else { Issue.record("not a cloud line"); continue }
            #expect(decoded == line)
        }
    }

    @Test func probeMeetsTheContract() { #expect(CloudProbe.entry.problems.isEmpty, "\(CloudProbe.entry.problems)") }
}
