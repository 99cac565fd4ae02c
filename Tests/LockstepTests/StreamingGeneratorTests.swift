import Synchronization
import Testing
import LockstepCore
import LockstepRunner

/// What the `Streamer` domain has been delivered so far, for its generator to look at. Only the
/// tests in this file use it, one at a time (the suite is serialized).
private let delivered = Mutex(0)

/// A domain whose generator checks, before making each event, that every earlier one has already
/// been delivered: the proof that the runner streams a generator's events instead of collecting
/// them first (issue #11, class 9: `gen ticks count=5000000` held 140 MB of events).
private enum Streamer: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event { case tick(Int) }
    static let name = "streamer"
    static let summary = "Test: generator output is delivered as it is made."
    static let events: [EventKind<Event>] = [EventKind("tick") { f throws(ScenarioError) in .tick(try f("i", .int, in: 0...1_000_000)) }]
    static let generators: [Generator<Event>] = [
        Generator("probe", "count ticks 1 ms apart, each made only after the previous one arrived", parameters: { f throws(ScenarioError) in
            (count: try f("count", .int, in: 0...1_000_000), backwards: try f("backwardsAt", .int, default: -1, in: -1...1_000_000))
        }, stream: { p, context, emit throws(ScenarioError) in
            let before = delivered.withLock { $0 }
            for i in 0..<p.count {
                let seen = delivered.withLock { $0 } - before
                guard seen == i else { throw context.error("event \(i) is being made, but \(seen) have arrived: not streamed") }
                try emit(Generated(.milliseconds(i == p.backwards ? 0 : Int64(i)), .tick(i)))
            }
        }),
        Generator("batch", "the same ticks, returned as one array", parameters: { f throws(ScenarioError) in
            try f("count", .int, in: 0...1_000_000)
        }, expand: { count, _ throws(ScenarioError) in
            (0..<count).map { Generated(.milliseconds(Int64($0)), .tick($0)) }
        }),
    ]
    static func kind(of event: Event) -> String { "tick" }
    static func start(_ settings: NoSettings, _ world: inout World<Streamer>) throws(ScenarioError) -> State {}
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Streamer>) {
        guard case .tick(let i) = event else { return }
        delivered.withLock { $0 += 1 }
        if i % 1000 == 0 { world.emit(Record("tick").int("i", i)) }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}

private func run(_ body: String, limits: ScenarioLimits = .standard) throws(ScenarioError) -> RunSummary {
    let text = "lockstep 1\ndomain streamer\n\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil, limits: limits)
    let header = try reader.readHeader()
    var output = NullOutput()
    return try Runner.run(Streamer.self, reader: reader, header: header, options: RunOptions(limits: limits), output: &output)
}

private func failure(_ body: String, limits: ScenarioLimits = .standard) -> ScenarioError? {
    do { _ = try run(body, limits: limits); return nil } catch { return error }
}

@Suite("Generators stream their events", .serialized)
struct StreamingGeneratorTests {
    @Test("each event is delivered before the next is made, for 200,000 of them")
    func delivered_beforeTheNextIsMade() throws {
        let summary = try run("0 gen probe count=200000\n")
        #expect(summary.steps == 200_001)  // the start, then one step per tick
        #expect(summary.outputs == 200)
    }

    @Test("an array generator gives the same run as a streaming one")
    func arrayAndStreamAgree() throws {
        let streamed = try run("0 gen probe count=5000\n")
        let batched = try run("0 gen batch count=5000\n")
        #expect(streamed.finalDigest == batched.finalDigest)
        #expect(streamed.steps == batched.steps && streamed.outputs == batched.outputs && streamed.endElapsed == batched.endElapsed)
    }

    @Test("limits and order are still checked while streaming, at the gen line's `gen`")
    func errorsAtTheGenLine() {
        var limits = ScenarioLimits.standard
        limits.maxEvents = 1_000
        let tooMany = failure("0 gen probe count=2000\n", limits: limits)
        #expect(tooMany?.line == 4 && tooMany?.column == 3)
        #expect(tooMany?.message == "generator 'probe' made more than 1000 events; the scenario's event limit of 1000 allows 1000 more")
        let backwards = failure("0 gen probe count=10 backwardsAt=5\n")
        #expect(backwards?.line == 4 && backwards?.column == 3)
        #expect(backwards?.message == "generator 'probe' produced events out of order (a bug in the generator)")
    }
}
