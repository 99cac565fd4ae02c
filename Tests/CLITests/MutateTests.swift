#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import LockstepCore
import LockstepRunner
import LockstepTools
import Fixtures

/// A throwaway checkout (Package.swift, Scenarios/, Golden/) in a fresh temporary directory.
struct TemporaryProject {
    let root: String
    let project: Project

    init(domains: [DomainEntry] = [DomainEntry(Noop.self), DomainEntry(Counter.self)]) throws {
        var template = Array("/tmp/lockstep-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let path = try #require(made.map { String(cString: $0) })
        root = path
        project = Project(root: path, domains: domains)
        try FileIO.writeAtomically(Array("// swift-tools-version:6.0\n".utf8), to: root + "/Package.swift")
        try FileIO.makeDirectories(root + "/Scenarios")
    }

    func write(_ relative: String, _ text: String) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: root + "/" + relative)
    }

    /// Records the golden of a scenario from a fault-free run.
    func record(_ scenario: String) throws {
        let result = try project.run(scenario)
        _ = try GoldenCheck.record(project, result)
    }

    func remove() {
        for file in FileIO.walk(root, suffix: "") { FileIO.remove(file) }
        for directory in ["Golden/counter", "Golden", "Scenarios/counter", "Scenarios/noop", "Scenarios", ""] {
            rmdir(root + "/" + directory)
        }
    }

    func mutate(_ args: [String] = []) -> (code: Int32, out: String, err: String) {
        let context = CommandContext(project: project, environment: [:])
        let code = LockstepCommand.main(["mutate"] + args, context)
        return (code, context.outText, context.errText)
    }
}

@Suite("lockstep mutate")
struct MutateTests {
    static let adds = """
        lockstep 1
        domain counter
        0 add n=3
        +1 roll

        """
    static let twoRolls = """
        lockstep 1
        domain counter
        0 roll
        +1 roll

        """

    @Test("one scenario catches offByOne but not sharedDice: exit 1, and the matrix says so")
    func uncaughtFault() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/adds.scenario", Self.adds)
        try p.record("Scenarios/counter/adds.scenario")

        let report = MutateMatrix.run(p.project, scenarios: p.project.allScenarios())
        let counter = try #require(report.domains.first { $0.domain == "counter" })
        #expect(counter.scenarios == ["Scenarios/counter/adds.scenario"])
        // offByOne makes `add n=3` total 4 instead of 3; sharedDice restarts the dice stream before
        // each roll, which for a single roll is the same first draw, so nothing changes.
        let byFault = Dictionary(uniqueKeysWithValues: counter.rows.map { ($0.fault, $0) })
        #expect(byFault["offByOne"]?.cells.map(\.verdict) == [.caught])
        #expect(byFault["sharedDice"]?.cells.map(\.verdict) == [.missed])
        #expect(report.uncaught.map(\.row.fault) == ["sharedDice"])
        // The first line that differs is step 1's output (its digest changes too; TraceDiff shows
        // the output, which a person reads faster than two digests).
        let detail = try #require(byFault["offByOne"]?.firstCatch?.detail)
        // Header: 9 lines (lockstep-trace, scenario, domain, seed, start, zone, faults, digest-every, ---);
        // line 10 is step 0 (start, no output), line 11 step 1, line 12 its output.
        #expect(detail.count == 3)
        #expect(detail.first?.hasPrefix("first divergent step: 1 0.000000000 add #") == true)
        #expect(detail[1] == "- expected (line 12):   total value=3")
        #expect(detail[2] == "+ actual   (line 12):   total value=4")

        let run = p.mutate()
        #expect(run.code == 1)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("  fault       adds"))
        #expect(lines.contains("  offByOne    caught"))
        #expect(lines.contains("  sharedDice  ."))
        #expect(lines.contains { $0.hasPrefix("UNCAUGHT counter fault sharedDice") })
        #expect(!lines.contains { $0.hasPrefix("UNCAUGHT counter fault offByOne") })
        #expect(lines.last == "2 faults: 1 caught, 1 uncaught")
    }

    @Test("adding a scenario with two rolls catches sharedDice: exit 0")
    func everyFaultCaught() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/adds.scenario", Self.adds)
        try p.write("Scenarios/counter/rolls.scenario", Self.twoRolls)
        try p.record("Scenarios/counter/adds.scenario")
        try p.record("Scenarios/counter/rolls.scenario")

        let run = p.mutate()
        #expect(run.code == 0, "\(run.out)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("  fault       adds    rolls"))
        #expect(lines.contains("  offByOne    caught  ."))  // rolls has no add
        #expect(lines.contains("  sharedDice  .       caught"))
        #expect(lines.contains("  sharedDice: caught first by rolls"))
        #expect(lines.last == "2 faults: 2 caught, 0 uncaught")
    }

    @Test("a scenario that sets the fault itself is pinned, not a catcher")
    func pinnedScenario() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/pinned.scenario", """
            lockstep 1
            domain counter
            set fault offByOne
            0 add n=3
            +1 roll
            +1 roll

            """)
        try p.record("Scenarios/counter/pinned.scenario")
        let report = MutateMatrix.run(p.project, scenarios: p.project.allScenarios())
        let rows = try #require(report.domains.first?.rows)
        #expect(rows.map(\.fault) == ["offByOne", "sharedDice"])
        #expect(rows[0].cells.map(\.verdict) == [.pinned])
        #expect(rows[1].cells.map(\.verdict) == [.caught])
        let run = p.mutate()
        #expect(run.code == 1)
        #expect(run.out.contains("pinned: pinned sets 'fault offByOne' itself, so it is not a catcher"))
        #expect(run.out.contains("UNCAUGHT counter fault offByOne"))
    }

    @Test("scenarios without a golden are reported and skipped; only the given paths count")
    func missingGoldenAndPaths() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/adds.scenario", Self.adds)
        try p.write("Scenarios/counter/rolls.scenario", Self.twoRolls)
        try p.record("Scenarios/counter/adds.scenario")

        let run = p.mutate()
        #expect(run.code == 1)
        #expect(run.out.contains("skipped Scenarios/counter/rolls.scenario: no golden at Golden/counter/rolls.golden"))
        #expect(run.out.contains("  fault       adds\n"))

        try p.record("Scenarios/counter/rolls.scenario")
        #expect(p.mutate().code == 0)
        #expect(p.mutate([p.root + "/Scenarios/counter/rolls.scenario"]).code == 1)  // offByOne needs adds
    }

    @Test("a stale golden is not a catcher: it differs with or without the fault")
    func staleGolden() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/adds.scenario", Self.adds)
        try p.record("Scenarios/counter/adds.scenario")
        try p.write("Scenarios/counter/adds.scenario", Self.adds.replacingFirst("n=3", "n=5"))
        let run = p.mutate()
        #expect(run.code == 1)
        #expect(run.out.contains("its golden already differs without any fault"))
        #expect(run.out.contains("2 faults: 0 caught, 2 uncaught"))
    }

    @Test("a scenario that fails to run under a fault counts as caught, with the reason")
    func errorUnderFault() throws {
        let p = try TemporaryProject(domains: [DomainEntry(Fragile.self)])
        defer { p.remove() }
        try FileIO.makeDirectories(p.root + "/Scenarios/fragile")
        try p.write("Scenarios/fragile/one.scenario", "lockstep 1\ndomain fragile\n0 poke\n")
        try p.record("Scenarios/fragile/one.scenario")
        let report = MutateMatrix.run(p.project, scenarios: p.project.allScenarios())
        let rows = try #require(report.domains.first?.rows)
        #expect(rows.map { $0.cells.map(\.verdict) } == [[.error], [.missed]])
        #expect(report.uncaught.map(\.row.fault) == ["harmless"])
        let run = p.mutate()
        #expect(run.code == 1)
        #expect(run.out.contains("  breaksStart  error"))
        #expect(run.out.contains("  breaksStart: fails to run first by one"))
        #expect(run.out.contains("start refuses to run under breaksStart"))
        rmdir(p.root + "/Scenarios/fragile")
        rmdir(p.root + "/Golden/fragile")
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        #expect(p.mutate(["--nope"]).code == 2)
        #expect(p.mutate(["Scenarios/absent"]).code == 2)
    }

    @Test("the header's faults line is neutralised, nothing else")
    func faultsLine() {
        let trace = Array("lockstep-trace 1\nfaults offByOne\n---\nfaults x\n".utf8)
        #expect(MutateMatrix.withFaultsLine(trace, "none") == Array("lockstep-trace 1\nfaults none\n---\nfaults x\n".utf8))
        #expect(MutateMatrix.shortName("Scenarios/counter/sub/a.scenario", domain: "counter") == "sub/a")
    }
}

extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}

/// A test-only domain: one fault makes `start` throw, the other changes nothing.
enum Fragile: Domain {
    static let entry = DomainEntry(Self.self)
    typealias State = Void
    enum Event { case poke }
    static let name = "fragile"
    static let summary = "Test domain for mutate: a fault that breaks the run and one that changes nothing."
    static let events: [EventKind<Event>] = [EventKind("poke", "Does nothing.") { _ throws(ScenarioError) in .poke }]
    enum Fault: String, DomainFault {
        case breaksStart, harmless
        var summary: String {
            switch self {
            case .breaksStart: "start throws"
            case .harmless: "changes nothing"
            }
        }
    }
    static func kind(of event: Event) -> String { "poke" }
    static func start(_ settings: NoSettings, _ world: inout World<Fragile>) throws(ScenarioError) -> State {
        if world.isOn(.breaksStart) {
            throw ScenarioError(path: "fragile", line: 0, column: 0, message: "start refuses to run under breaksStart")
        }
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Fragile>) {}
    static func write(_ state: State, to out: inout CanonicalWriter) {}
}
