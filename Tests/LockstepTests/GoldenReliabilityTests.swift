import Foundation
import Testing
@testable import LockstepCore
@testable import LockstepRunner
@testable import LockstepTools
import Fixtures

// Issue 11, classes 5-8 and the stale temporary files of class 10: special files never block, goldens
// and artifacts are bounded and compared streaming, the scenario walk stays inside Scenarios/, and
// reports say what really differs.

private let counterText = """
    lockstep 1
    domain counter
    seed 42
    0 add n=3
    +1 add n=1

    """

private let canvasText = """
    lockstep 1
    domain canvas
    set width 2
    set height 2
    0 dot x=1 y=1 colour=255,0,0
    1 save

    """

private func canvasTree() throws -> (TempScenarioTree, Project) {
    let tree = try TempScenarioTree()
    return (tree, tree.project(extraDomains: [DomainEntry(Canvas.self)]))
}

private func ctx(_ project: Project, ci: Bool = false) -> CommandContext {
    CommandContext(project: project, environment: ci ? ["CI": "true"] : [:])
}

// MARK: - Class 5: FIFOs and special files

/// The special files a path may turn out to be, made in a test tree.
enum SpecialFile: String, CaseIterable, CustomStringConvertible {
    case fifo, directory, devNull, device, socket
    var description: String { rawValue }

    /// Makes one at `path`; false if this host does not allow it (a device node needs privileges).
    func make(at path: String) throws -> Bool {
        switch self {
        case .fifo:
            guard mkfifo(path, 0o644) == 0 else { throw TempTreeError("mkfifo \(path) failed") }
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .devNull:
            try FileManagerLink.make(at: path, to: "/dev/null")
        case .device:
            return mknod(path, S_IFCHR | 0o644, dev_t((1 << 8) | 3)) == 0  // another /dev/null, inside the tree
        case .socket:
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw TempTreeError("socket failed") }
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0 else { return false }
        }
        return true
    }

    /// What the error says it is, when the path is reached without confinement.
    var kind: String {
        switch self {
        case .fifo: return "a FIFO (named pipe), not a regular file"
        case .directory: return "a directory, not a regular file"
        case .devNull, .device: return "a character device, not a regular file"
        case .socket: return "a socket, not a regular file"
        }
    }

    /// Reached through `include` or a `file` field, which are confined to Scenarios/: a link to
    /// /dev/null is refused by the confinement before anything is opened.
    var confinedMessage: String { self == .devNull ? "path leads outside Scenarios/ through a symbolic link" : kind }
}

/// If anything blocks opening a FIFO, this opens each for writing after a few seconds, which
/// unblocks the reader: the test then fails on `fired` instead of hanging.
final class FifoWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    private var done = false
    private(set) var fired = false

    init(seconds: Double = 5) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock(); defer { lock.unlock() }
            guard !done else { return }
            for p in paths {
                let fd = open(p, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { fired = true; close(fd) }
            }
        }
    }

    func watch(_ path: String) { lock.lock(); paths.append(path); lock.unlock() }
    func finish() -> Bool { lock.lock(); done = true; lock.unlock(); return fired }
}

@Suite("Special files are refused without blocking")
struct SpecialFileTests {
    /// Makes `kind` at `relative` in the tree; nil when the host does not allow it.
    private func make(_ kind: SpecialFile, _ tree: TempScenarioTree, _ relative: String, _ watchdog: FifoWatchdog) throws -> Bool {
        let path = tree.root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if kind == .fifo { watchdog.watch(path) }
        return try kind.make(at: path)
    }

    @Test("FileIO refuses every special file by name", arguments: SpecialFile.allCases)
    func fileIO(_ kind: SpecialFile) throws {
        let tree = try TempScenarioTree()
        let watchdog = FifoWatchdog()
        guard try make(kind, tree, "x/special", watchdog) else { return }
        let path = tree.root + "/x/special"
        #expect(throws: FileIO.Failure.self) { try FileIO.read(path) }
        do { _ = try FileIO.read(path) } catch { #expect(error.description == "\(path): \(kind.kind)") }
        do { _ = try FileIO.openForReading(path); Issue.record("opened \(kind)") } catch { #expect(error.message == kind.kind) }
        #expect(FileIO.notRegularFile(path) == kind.kind)
        #expect(!watchdog.finish(), "a FIFO blocked")
    }

    @Test("a special file as the scenario is a located error", arguments: SpecialFile.allCases)
    func scenario(_ kind: SpecialFile) throws {
        let tree = try TempScenarioTree()
        let watchdog = FifoWatchdog()
        let display = TempScenarioTree.folder + "/special.scenario"
        guard try make(kind, tree, display, watchdog) else { return }
        guard case .invalid(let error) = GoldenCheck.check(tree.project(), display) else {
            Issue.record("\(kind): expected an invalid scenario"); return
        }
        #expect(error.description == "\(display):1:1: cannot read file: \(kind.kind)")
        #expect(tree.error(running: display)?.description == "\(display):1:1: cannot read file: \(kind.kind)")
        #expect(!watchdog.finish(), "a FIFO blocked")
    }

    @Test("a special file as an included file is a located error", arguments: SpecialFile.allCases)
    func include(_ kind: SpecialFile) throws {
        let tree = try TempScenarioTree()
        let watchdog = FifoWatchdog()
        guard try make(kind, tree, TempScenarioTree.folder + "/special.events", watchdog) else { return }
        let error = try #require(try tree.error("lockstep 1\ndomain counter\n0 include special.events\n"))
        let included = TempScenarioTree.folder + "/special.events"
        if kind == .devNull {
            #expect(error.description == "\(TempScenarioTree.folder)/s.scenario:3:11: cannot include 'special.events': \(kind.confinedMessage)")
        } else if kind == .directory {
            // The include rules see a folder first and say so at the include line.
            #expect(error.description == "\(TempScenarioTree.folder)/s.scenario:3:11: cannot include 'special.events': \(included) is a folder, not a file")
        } else {
            // Refused by name at the include line, before anything is opened (a FIFO would block).
            #expect(error.description == "\(TempScenarioTree.folder)/s.scenario:3:11: cannot include 'special.events': \(included) is \(kind.kind)")
        }
        #expect(!watchdog.finish(), "a FIFO blocked")
    }

    @Test("a special file in a `file` field is a located error", arguments: SpecialFile.allCases)
    func fileField(_ kind: SpecialFile) throws {
        let (tree, _) = try canvasTree()
        let watchdog = FifoWatchdog()
        guard try make(kind, tree, TempScenarioTree.folder + "/special.png", watchdog) else { return }
        let display = try tree.scenario("s.scenario", "lockstep 1\ndomain canvas\n0 load image=special.png\n")
        do {
            _ = try tree.run(display, extraDomains: [DomainEntry(Canvas.self)])
            Issue.record("\(kind): expected an error")
        } catch {
            #expect(error.description.hasPrefix("\(display):3:"), "\(error)")
            let expected = kind == .directory ? "special.png is a folder, not a file" : kind.confinedMessage
            #expect(error.description.hasSuffix(expected), "\(error)")
        }
        #expect(!watchdog.finish(), "a FIFO blocked")
    }

    @Test("a special file as the golden is reported, and record refuses to replace it", arguments: SpecialFile.allCases)
    func golden(_ kind: SpecialFile) throws {
        let tree = try TempScenarioTree()
        let watchdog = FifoWatchdog()
        let display = try tree.scenario("g.scenario", counterText)
        let goldenPath = "Golden/lockstep-unit-tmp/g.golden"
        guard try make(kind, tree, goldenPath, watchdog) else { return }
        let project = tree.project()
        guard case .unusableGolden(let path, let reason) = GoldenCheck.check(project, display) else {
            Issue.record("\(kind): expected an unusable golden"); return
        }
        #expect(path == goldenPath)
        #expect(reason == kind.kind)
        let result = try tree.run(display)
        guard case .unusableGolden(_, let again) = GoldenCheck.compare(project, result) else {
            Issue.record("\(kind): compare should agree"); return
        }
        #expect(again == kind.kind)
        let check = ctx(project)
        #expect(LockstepCommand.check([display], check) == ExitCode.mismatch)
        #expect(check.outText == "FAIL  \(display)\n  cannot use the golden \(goldenPath): \(kind.kind)\nfailed:\n  \(display)\n0 passed, 1 failed\n")
        let record = ctx(project)
        #expect(LockstepCommand.record([display], record) == ExitCode.badInput)
        #expect(record.errText == "\(goldenPath): \(kind.kind); a golden is a regular file, so remove this one first\n")
        #expect(FileIO.notRegularFile(tree.root + "/" + goldenPath) == kind.kind, "record replaced it")
        let diff = ctx(project)
        #expect(LockstepCommand.diff([display], diff) == ExitCode.badInput)
        #expect(diff.errText == "\(tree.root)/\(goldenPath): \(kind.kind)\n")
        #expect(!watchdog.finish(), "a FIFO blocked")
    }

    @Test("a special file as an artifact is reported", arguments: SpecialFile.allCases)
    func artifact(_ kind: SpecialFile) throws {
        let (tree, project) = try canvasTree()
        let watchdog = FifoWatchdog()
        let display = try tree.scenario("c.scenario", canvasText)
        #expect(try GoldenCheck.record(project, display) == .recorded(["Golden/lockstep-unit-tmp/c.save1.png", "Golden/lockstep-unit-tmp/c.golden"]))
        #expect(GoldenCheck.check(project, display).passed)
        let artifactPath = "Golden/lockstep-unit-tmp/c.save1.png"
        try FileManager.default.removeItem(atPath: tree.root + "/" + artifactPath)
        guard try make(kind, tree, artifactPath, watchdog) else { return }
        guard case .artifactDiffers(let name, let reason) = GoldenCheck.check(project, display) else {
            Issue.record("\(kind): expected an artifact difference"); return
        }
        #expect(name == "save1.png")
        #expect(reason == "\(artifactPath): \(kind.kind)")
        #expect(throws: FileIO.Failure.self) { try GoldenCheck.record(project, display) }
        #expect(FileIO.notRegularFile(tree.root + "/" + artifactPath) == kind.kind, "record replaced it")
        #expect(!watchdog.finish(), "a FIFO blocked")
    }
}

// MARK: - Class 6: bounded, streaming golden reads

@Suite("Goldens and artifacts are bounded and compared streaming")
struct GoldenLimitTests {
    @Test("an oversized golden is refused by size, before reading it")
    func oversizedGolden() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", counterText)
        var project = tree.project()
        _ = try GoldenCheck.record(project, display)
        let size = try #require(FileIO.size(tree.root + "/Golden/lockstep-unit-tmp/g.golden"))
        project.goldenLimits.maxGoldenBytes = size - 1
        let reason = "file is \(size) bytes, over the limit of \(size - 1) bytes (the limit maxGoldenBytes)"
        guard case .unusableGolden(let path, let r) = GoldenCheck.check(project, display) else {
            Issue.record("expected an unusable golden"); return
        }
        #expect(path == "Golden/lockstep-unit-tmp/g.golden")
        #expect(r == reason)
        let check = ctx(project)
        #expect(LockstepCommand.check([display], check) == ExitCode.mismatch)
        #expect(check.outText == "FAIL  \(display)\n  cannot use the golden Golden/lockstep-unit-tmp/g.golden: \(reason)\nfailed:\n  \(display)\n0 passed, 1 failed\n")
        // record will not write a golden that check could not read, and leaves the old one and no temporary file.
        let before = tree.read("Golden/lockstep-unit-tmp/g.golden")
        let record = ctx(project)
        #expect(LockstepCommand.record([display], record) == ExitCode.badInput)
        #expect(record.errText == "Golden/lockstep-unit-tmp/g.golden: the trace is \(size) bytes, over the limit of \(size - 1) bytes (the limit maxGoldenBytes); not recorded\n")
        #expect(tree.read("Golden/lockstep-unit-tmp/g.golden") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root + "/Golden/lockstep-unit-tmp") == ["g.golden"])
        // diff applies the same bound to both files.
        let diff = ctx(project)
        #expect(LockstepCommand.diff(["Golden/lockstep-unit-tmp/g.golden", "Golden/lockstep-unit-tmp/g.golden"], diff) == ExitCode.badInput)
    }

    @Test("a 200 GB (sparse) golden is refused at once under the default limit")
    func hugeSparseGolden() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", counterText)
        let path = tree.root + "/Golden/lockstep-unit-tmp/g.golden"
        try tree.write("Golden/lockstep-unit-tmp/g.golden", "")
        guard truncate(path, 200_000_000_000) == 0 else { return }  // a file system without sparse files
        guard case .unusableGolden(_, let reason) = GoldenCheck.check(tree.project(), display) else {
            Issue.record("expected an unusable golden"); return
        }
        #expect(reason == "file is 200000000000 bytes, over the limit of \(GoldenLimits.standard.maxGoldenBytes) bytes (the limit maxGoldenBytes)")
    }

    @Test("an oversized artifact is refused when checked and when recorded")
    func oversizedArtifact() throws {
        let (tree, base) = try canvasTree()
        let display = try tree.scenario("c.scenario", canvasText)
        _ = try GoldenCheck.record(base, display)
        let artifact = "Golden/lockstep-unit-tmp/c.save1.png"
        let size = try #require(FileIO.size(tree.root + "/" + artifact))
        var project = base
        project.goldenLimits.maxArtifactBytes = size - 1
        guard case .artifactDiffers(let name, let reason) = GoldenCheck.check(project, display) else {
            Issue.record("expected an artifact difference"); return
        }
        #expect(name == "save1.png")
        #expect(reason == "\(artifact): file is \(size) bytes, over the limit of \(size - 1) bytes (the limit maxArtifactBytes)")
        try FileManager.default.removeItem(atPath: tree.root + "/Golden/lockstep-unit-tmp")
        do {
            _ = try GoldenCheck.record(project, display)
            Issue.record("expected a refusal")
        } catch {
            #expect("\(error)" == "\(artifact): artifact save1.png is \(size) bytes, over the limit of \(size - 1) bytes (the limit maxArtifactBytes); not recorded")
        }
        #expect(!tree.exists("Golden/lockstep-unit-tmp/c.golden"))
        #expect(!tree.exists(artifact))
    }

    /// A trace of `count` adds, long enough to cross many small read blocks.
    private func longTrace(_ tree: TempScenarioTree, count: Int) throws -> [UInt8] {
        var text = "lockstep 1\ndomain counter\nset step 3\n"
        for _ in 0..<count { text += "+1 add n=1\n" }
        return try tree.run(try tree.scenario("long.scenario", text)).trace
    }

    private func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if result.last == [] { result.removeLast() }
        return result
    }

    private func join(_ lines: [[UInt8]]) -> [UInt8] { Array(lines.joined(separator: [10])) + [10] }

    /// Every way of cutting the input into pieces and every read block size gives the same report as
    /// the whole trace compared at once.
    @Test("streaming gives the same report for any block size and any chunking")
    func streamingAgrees() throws {
        let tree = try TempScenarioTree()
        let actual = try longTrace(tree, count: 300)
        var base = lines(actual)
        let step = try #require(base.firstIndex { $0.starts(with: Array("150 ".utf8)) })
        var mutations: [(String, [UInt8])] = []
        var changed = base; changed[step + 1] = Array("  total value=0".utf8); mutations.append(("output", join(changed)))
        changed = base; changed[step] = Array(changed[step].dropLast(4)) + Array("beef".utf8); mutations.append(("digest", join(changed)))
        changed = base; changed.removeLast(); mutations.append(("cut footer", join(changed)))
        changed = base; changed.insert(Array("  extra x=1".utf8), at: step + 1); mutations.append(("inserted", join(changed)))
        mutations.append(("no final newline", Array(actual.dropLast())))
        mutations.append(("crlf", Array(join(base.map { $0 + [13] }))))
        mutations.append(("half", Array(actual.prefix(actual.count / 2))))
        mutations.append(("empty", []))
        mutations.append(("identical", actual))
        base[0] = Array("lockstep-trace 7".utf8); mutations.append(("version", join(base)))
        let path = tree.root + "/golden.trace"
        for (name, golden) in mutations {
            let whole = TraceDiff.compare(expected: golden, actual: actual)?.description
            try tree.write("golden.trace", bytes: golden)
            for block in [1, 7, 4096] {
                for chunk in [1, 13, actual.count] {
                    let stream = try ExpectedStream(path: path, maxBytes: 1 << 30, limitName: nil, blockBytes: block)
                    let comparator = TraceComparator(expected: stream)
                    var i = 0
                    while i < actual.count {
                        comparator.write(Array(actual[i..<min(actual.count, i + chunk)]))
                        i += chunk
                    }
                    #expect(comparator.finish()?.description == whole, "\(name), block \(block), chunk \(chunk)")
                }
            }
        }
    }

    @Test("after the first difference only a bounded window is kept")
    func boundedWindow() throws {
        let tree = try TempScenarioTree()
        let actual = try longTrace(tree, count: 2000)
        var golden = lines(actual)
        let k = try #require(golden.indices.first { $0 >= 20 && golden[$0].starts(with: Array("  total".utf8)) })
        golden[k] = Array("  total value=-1".utf8)
        let comparator = TraceComparator(expected: ExpectedStream(bytes: join(golden)), tailBytes: 512)
        comparator.write(actual)
        let d = try #require(comparator.finish())
        #expect(d.line == k + 1)
        #expect(d.expected == "  total value=-1")
        #expect(d.reason == "first divergence at line \(k + 1)")
        #expect(!d.reason.contains("no footer"), "the footer is found past the window")
    }
}

// MARK: - Class 7: the scenario walk stays inside Scenarios/ and visits each folder once

@Suite("Symbolic links under Scenarios/")
struct ScenarioWalkTests {
    @Test("links out are problems, loops and second links add nothing, goldens stay under Golden/")
    func confinedWalk() throws {
        let tree = try TempScenarioTree()
        let outside = try TempScenarioTree()  // another temporary folder: outside this tree
        try outside.write("ext/x.scenario", counterText)
        try tree.scenario("a.scenario", counterText)
        let s = tree.root + "/Scenarios"
        try FileManagerLink.make(at: s + "/out", to: outside.root + "/ext")                              // a folder outside
        try FileManagerLink.make(at: s + "/lockstep-unit-tmp/ext.scenario", to: outside.root + "/ext/x.scenario")  // a file outside
        try FileManagerLink.make(at: s + "/lockstep-unit-tmp/loop", to: "..")                            // a loop back to Scenarios/
        try FileManagerLink.make(at: s + "/alias", to: "lockstep-unit-tmp")                              // a second way in
        try FileManagerLink.make(at: s + "/self", to: "self")                                            // a link to itself
        let project = tree.project()
        let listing = try project.scenarioListing(matching: [])
        #expect(listing.scenarios == ["Scenarios/lockstep-unit-tmp/a.scenario"])
        let real = outside.root + "/ext"
        let expectedProblems = [
            "Scenarios/lockstep-unit-tmp/ext.scenario: a symbolic link to a file outside Scenarios/ (\(real)/x.scenario); not followed: scenarios and the files they name stay inside Scenarios/",
            "Scenarios/out: a symbolic link to a folder outside Scenarios/ (\(real)); not followed: scenarios and the files they name stay inside Scenarios/",
            "Scenarios/self: a symbolic link loop; not followed",
        ]
        #expect(listing.problems.map(\.description) == expectedProblems)
        #expect(project.allScenarios() == ["Scenarios/lockstep-unit-tmp/a.scenario"])
        #expect(throws: FileIO.Failure.self) { try project.scenarios(matching: []) }
        // check reports each problem as an error (exit 2) and checks the rest once.
        let check = ctx(project)
        #expect(LockstepCommand.check([], check) == ExitCode.badInput)
        let out = check.outText.split(separator: "\n").filter { !$0.hasPrefix("vocabulary:") }.joined(separator: "\n")
        let problemLines = expectedProblems.map { p -> String in
            let colon = p.firstIndex(of: ":")!
            return "ERROR \(p[..<colon])\n  \(p[p.index(colon, offsetBy: 2)...])"
        }
        #expect(out == (problemLines + ["MISSING Scenarios/lockstep-unit-tmp/a.scenario",
                                        "  no golden at Golden/lockstep-unit-tmp/a.golden; read the trace with 'lockstep run Scenarios/lockstep-unit-tmp/a.scenario', then 'lockstep record Scenarios/lockstep-unit-tmp/a.scenario'",
                                        "failed:"] + expectedProblems.map { "  " + $0[..<$0.firstIndex(of: ":")!] }
                                        + ["  Scenarios/lockstep-unit-tmp/a.scenario", "0 passed, 4 failed"]).joined(separator: "\n"))
        // record writes the one golden, under Golden/ only, and exits 2 for the problems.
        let record = ctx(project)
        #expect(LockstepCommand.record(["--all"], record) == ExitCode.badInput)
        #expect(record.outText == "recorded Golden/lockstep-unit-tmp/a.golden: new\n1 recorded (1 new), 0 unchanged, 3 errors\n")
        #expect(record.errText == expectedProblems.joined(separator: "\n") + "\n")
        let goldens = FileIO.walk(tree.root + "/Golden", suffix: "").map { String($0.dropFirst(tree.root.count + 1)) }
        #expect(goldens == ["Golden/lockstep-unit-tmp/a.golden"])
        #expect(!FileIO.exists(outside.root + "/ext/x.golden"))
        // A folder argument is walked the same way.
        let folder = try project.scenarioListing(matching: [tree.root + "/Scenarios/lockstep-unit-tmp"])
        #expect(folder.scenarios == ["Scenarios/lockstep-unit-tmp/a.scenario"])
        // (Its `loop` leads back to Scenarios/, still inside, so the links there are found as well.)
        #expect(folder.problems.map(\.path) == ["Scenarios/lockstep-unit-tmp/ext.scenario", "Scenarios/out", "Scenarios/self"])
    }

    @Test("a walk over a link loop visits each real folder once", arguments: [1, 2, 5])
    func loopsEnd(_ links: Int) throws {
        let tree = try TempScenarioTree()
        try tree.scenario("a.scenario", counterText)
        for k in 0..<links {
            try FileManagerLink.make(at: tree.root + "/Scenarios/lockstep-unit-tmp/up\(k)", to: "..")
            try FileManagerLink.make(at: tree.root + "/Scenarios/lockstep-unit-tmp/here\(k)", to: ".")
        }
        let walk = FileIO.walkTree(tree.root + "/Scenarios", suffix: ".scenario")
        #expect(walk.files == [tree.root + "/Scenarios/lockstep-unit-tmp/a.scenario"])
        #expect(walk.skipped.isEmpty)
    }

    @Test("a golden path is never built from a path outside Scenarios/",
          arguments: ["/tmp/x.scenario", "Scenarios/../x.scenario", "Scenarios//x.scenario", "Scenarios/./x.scenario",
                      "Other/x.scenario", "Scenarios/x.events", "Scenarios/a/../../x.scenario"])
    func confinedGoldenPath(_ display: String) throws {
        let tree = try TempScenarioTree()
        let project = tree.project()
        #expect(throws: FileIO.Failure.self) { try project.confinedGoldenPath(forScenario: display) }
        let result = RunResult(scenario: display, header: ScenarioHeader(path: display), summary: RunSummary(
            steps: 0, outputs: 0, endElapsed: .zero, pendingTimers: 0, stopReason: nil, finalDigest: 0, artifacts: [], events: 0),
            trace: Array("lockstep-trace 1\n".utf8))
        do {
            _ = try GoldenCheck.record(project, result)
            Issue.record("recorded \(display)")
        } catch {
            #expect(error.description == "\(display): not a scenario under Scenarios/, so it has no golden (use 'lockstep run' for others)")
        }
        #expect(FileIO.walk(tree.root, suffix: ".golden").isEmpty)
    }
}

// MARK: - Class 8: reports say what really differs

@Suite("Reports compare bytes and show them")
struct ByteReportTests {
    private func recorded(_ text: String) throws -> (TempScenarioTree, Project, String, [UInt8]) {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", text)
        let project = tree.project()
        _ = try GoldenCheck.record(project, display)
        return (tree, project, display, try #require(tree.read("Golden/lockstep-unit-tmp/g.golden")))
    }

    /// `check`'s report of one scenario, without the closing `failed:` list (CLITests pins that).
    private func report(_ project: Project, _ display: String) -> String {
        let c = ctx(project)
        _ = LockstepCommand.check([display], c)
        var lines = c.outText.split(separator: "\n", omittingEmptySubsequences: false)
        if let i = lines.firstIndex(of: "failed:"), lines.count >= 2 { lines.removeSubrange(i..<(lines.count - 2)) }
        return lines.joined(separator: "\n")
    }

    private func replacing(_ bytes: [UInt8], _ old: String, _ new: [UInt8]) throws -> [UInt8] {
        let o = Array(old.utf8)
        let at = try #require((0...(bytes.count - o.count)).first { Array(bytes[$0..<($0 + o.count)]) == o })
        return Array(bytes[..<at]) + new + Array(bytes[(at + o.count)...])
    }

    @Test("NFC and NFD text differ, and the report says how")
    func normalization() throws {
        let (tree, project, display, golden) = try recorded("lockstep 1\ndomain counter\ntitle \"Caf\u{E9}\"\n0 add n=1\n")
        #expect(Array("\u{E9}".utf8) == [0xC3, 0xA9])
        try tree.write("Golden/lockstep-unit-tmp/g.golden", bytes: try replacing(golden, "Caf\u{E9}", Array("Cafe".utf8) + [0xCC, 0x81]))
        #expect(Array(report(project, display).utf8) == Array("""
            FAIL  \(display)
              header differs: - title "Cafe\u{301}" / + title "Caf\u{E9}"
              first divergence at line 4; the lines are the same text in different Unicode normalization forms (NFC and NFD, for example) and differ from byte 11
              only the header differs; every step is the same (of 2 steps)
                lockstep-trace 1
                scenario \(display)
                domain counter
              - expected (line 4): title "Cafe\u{301}"
              + actual   (line 4): title "Caf\u{E9}"

            0 passed, 1 failed

            """.utf8))
    }

    @Test("a missing final newline is its own reason")
    func finalNewline() throws {
        let (tree, project, display, golden) = try recorded(counterText)
        try tree.write("Golden/lockstep-unit-tmp/g.golden", bytes: Array(golden.dropLast()))
        let all = String(decoding: golden, as: UTF8.self).split(separator: "\n").map(String.init)
        let n = all.count
        #expect(report(project, display) == """
            FAIL  \(display)
              the golden's last line (line \(n)) has no final newline; the run ends it with one
              in step: \(all.last { $0.first?.isNumber == true }!)
                \(all[n - 4])
                \(all[n - 3])
                \(all[n - 2])
              - expected (line \(n)): \(all[n - 1])
              + actual   (line \(n)): \(all[n - 1])

            0 passed, 1 failed

            """)
    }

    @Test("a golden with CRLF line endings says CRLF")
    func crlf() throws {
        let (tree, project, display, golden) = try recorded(counterText)
        try tree.write("Golden/lockstep-unit-tmp/g.golden", bytes: golden.flatMap { $0 == 10 ? [13, 10] : [$0] })
        #expect(report(project, display) == """
            FAIL  \(display)
              golden has CRLF (\\r\\n) line endings (from line 1); traces end lines with LF (\\n) only: the file was converted to Windows line endings (for example by git's core.autocrlf); restore LF endings or record it again
              - expected (line 1): lockstep-trace 1\\x0d
              + actual   (line 1): lockstep-trace 1

            0 passed, 1 failed

            """)
        // One CRLF line further down says so too, at that line.
        let one = try replacing(golden, "  total value=3\n", Array("  total value=3\r\n".utf8))
        try tree.write("Golden/lockstep-unit-tmp/g.golden", bytes: one)
        guard case .differs(let d) = GoldenCheck.check(project, display) else { Issue.record("expected a difference"); return }
        #expect(d.reason.hasPrefix("golden has CRLF (\\r\\n) line endings (from line \(d.line))"))
        #expect(d.expected == "  total value=3\\x0d")
    }

    @Test("control bytes and invalid UTF-8 are escaped, so lines that differ there look different",
          arguments: [("NUL", [UInt8](arrayLiteral: 0), "\\x00"), ("CR", [13, 65], "\\x0dA"), ("ESC", [27, 91, 50, 74], "\\x1b[2J"),
                      ("DEL", [127], "\\x7f"), ("TAB", [9], "\\x09"), ("0xFF", [0xFF], "\\xff"), ("C1", [0xC2, 0x9B], "\\u{9b}"),
                      ("truncated UTF-8", [0xE2, 0x82], "\\xe2\\x82")])
    func controlBytes(_ name: String, _ inserted: [UInt8], _ shown: String) throws {
        let (tree, project, display, golden) = try recorded(counterText)
        try tree.write("Golden/lockstep-unit-tmp/g.golden", bytes: try replacing(golden, "  total value=3\n", Array("  total value=3".utf8) + inserted + [10]))
        guard case .differs(let d) = GoldenCheck.check(project, display) else { Issue.record("\(name): expected a difference"); return }
        #expect(d.expected == "  total value=3" + shown, "\(name)")
        #expect(d.actual == "  total value=3", "\(name)")
        #expect(d.reason.hasPrefix("first divergence at line \(d.line)"), "\(name): \(d.reason)")
        #expect(!d.reason.contains("truncated"), "\(name): \(d.reason)")
    }

    @Test("an escape written as text and the byte it stands for still read differently")
    func literalEscape() throws {
        let d = try #require(TraceDiff.compare(expected: Array("lockstep-trace 1\na\\x00\n".utf8), actual: Array("lockstep-trace 1\na".utf8) + [0, 10]))
        #expect(d.expected == "a\\x00")
        #expect(d.actual == "a\\x00")
        #expect(d.reason == "first divergence at line 2; the lines look the same but differ from byte 2; the golden has no footer, so it is truncated")
    }

    @Test("a golden that is a directory says so, not MISSING")
    func directoryGolden() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", counterText)
        try FileManager.default.createDirectory(atPath: tree.root + "/Golden/lockstep-unit-tmp/g.golden", withIntermediateDirectories: true)
        #expect(report(tree.project(), display) == """
            FAIL  \(display)
              cannot use the golden Golden/lockstep-unit-tmp/g.golden: a directory, not a regular file
            0 passed, 1 failed

            """)
    }
}

// MARK: - Class 10: stale temporary files

@Suite("Temporary files left by a killed record")
struct StaleTemporaryFileTests {
    /// A process id that is not running.
    private func deadPID() throws -> Int32 {
        try #require((100_000...4_000_000).reversed().lazy.map { Int32($0) }.first { kill($0, 0) != 0 && errno == ESRCH })
    }

    @Test("check reports them, record removes them (but not one whose process still runs)")
    func reportedAndRemoved() throws {
        let (tree, project) = try canvasTree()
        let display = try tree.scenario("c.scenario", canvasText)
        _ = try GoldenCheck.record(project, display)
        let pid = try deadPID()
        let stale = ["Golden/lockstep-unit-tmp/c.golden.\(pid).tmp", "Golden/lockstep-unit-tmp/c.save1.png.\(pid).tmp"]
        let live = "Golden/lockstep-unit-tmp/c.golden.1.tmp"  // pid 1 always runs
        for path in stale + [live] { try tree.write(path, "partial") }
        try tree.write("Golden/lockstep-unit-tmp/notes.tmp", "not ours")  // no pid: not a record's file
        let check = ctx(project)
        #expect(LockstepCommand.check([display], check) == ExitCode.ok)
        #expect(check.outText == """
            ok    \(display)
            stale \(live): a temporary file left by an interrupted 'lockstep record'; process 1 is still running, so it may be a record in progress; left alone
            stale \(stale[0]): a temporary file left by an interrupted 'lockstep record'; 'lockstep record' removes it
            stale \(stale[1]): a temporary file left by an interrupted 'lockstep record'; 'lockstep record' removes it
            1 passed, 0 failed

            """)
        for path in stale { #expect(tree.exists(path)) }
        let record = ctx(project)
        #expect(LockstepCommand.record([display], record) == ExitCode.ok)
        #expect(record.outText == """
            stale \(live): a temporary file left by an interrupted 'lockstep record'; process 1 is still running, so it may be a record in progress; left alone
            stale \(stale[0]): a temporary file left by an interrupted 'lockstep record'; removed
            stale \(stale[1]): a temporary file left by an interrupted 'lockstep record'; removed
            unchanged \(display)
            0 recorded (0 new), 1 unchanged, 0 errors

            """)
        for path in stale { #expect(!tree.exists(path)) }
        #expect(tree.exists(live))
        #expect(tree.exists("Golden/lockstep-unit-tmp/notes.tmp"))
        #expect(Project.temporaryFilePID("c.golden.123.tmp") == 123)
        for name in ["c.golden.tmp", ".123.tmp", "c.golden.12a.tmp", "c.golden.123.tmpx", "c.golden.12345678901.tmp"] {
            #expect(Project.temporaryFilePID(name) == nil, "\(name)")
        }
    }

    @Test("a streaming record that fails or changes nothing leaves no temporary file")
    func recordLeavesNothing() throws {
        let tree = try TempScenarioTree()
        let display = try tree.scenario("g.scenario", counterText)
        let project = tree.project()
        #expect(try GoldenCheck.record(project, display) == .recorded(["Golden/lockstep-unit-tmp/g.golden"]))
        #expect(try GoldenCheck.record(project, display) == .unchanged)
        try tree.scenario("g.scenario", counterText + "+1 add n=oops\n")
        #expect(throws: ScenarioError.self) { try GoldenCheck.record(project, display) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root + "/Golden/lockstep-unit-tmp") == ["g.golden"])
        #expect(GoldenCheck.staleTemporaryFiles(project, remove: false) == [])
    }
}
