import Foundation
import Testing
@testable import LockstepCore
@testable import LockstepRunner
import Fixtures

/// A throwaway checkout for tests: a temporary directory holding `Package.swift` and a `Scenarios/`
/// tree, with helpers to write scenario files and run them through the real reader and runner.
///
/// The directory is removed when the value is released, so each test owns an isolated tree and tests
/// can run in parallel.
final class TempScenarioTree {
    /// Absolute path of the temporary checkout root (symlinks resolved).
    let root: String
    /// Scenario files live under this folder of the checkout, named distinctively so that a relative
    /// display path can never collide with a real file under the test process's working directory.
    static let folder = "Scenarios/lockstep-unit-tmp"

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lockstep-tests-XXXXXX").path
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else { throw TempTreeError("mkdtemp failed for \(base)") }
        let path = String(cString: made)
        root = FileIO.realPath(path) ?? path
        try FileManager.default.createDirectory(atPath: root + "/Scenarios", withIntermediateDirectories: true)
        try write("Package.swift", "// swift-tools-version:6.0\n")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` to `relative` (relative to the root), creating folders as needed.
    func write(_ relative: String, _ text: String) throws { try write(relative, bytes: Array(text.utf8)) }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw TempTreeError("cannot write \(path)")
        }
    }

    /// Writes a scenario under `folder` and returns its display path (`Scenarios/lockstep-unit-tmp/NAME`).
    @discardableResult
    func scenario(_ name: String, _ text: String) throws -> String {
        let display = TempScenarioTree.folder + "/" + name
        try write(display, text)
        return display
    }

    func read(_ relative: String) -> [UInt8]? { try? FileIO.read(root + "/" + relative) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + relative) }

    /// The checkout as a `Project` with the fixture domains.
    func project(limits: ScenarioLimits = .standard, extraDomains: [DomainEntry] = []) -> Project {
        Project(root: root, domains: [DomainEntry(Noop.self), DomainEntry(Counter.self)] + extraDomains, limits: limits)
    }

    var files: ScenarioFiles { ScenarioFiles(root: root + "/Scenarios", displayRoot: "Scenarios") }

    /// A reader over a scenario in the tree (by display path), with the tree's confinement rules.
    func reader(_ display: String, limits: ScenarioLimits = .standard) throws(ScenarioError) -> ScenarioReader {
        try ScenarioReader(display: display, diskPath: root + "/" + display, files: files, limits: limits)
    }

    /// Runs a scenario in the tree exactly as `Project.run` does, but addressing the file by its disk
    /// path (so the test process's working directory can never matter).
    func run(_ display: String, options: RunOptions = RunOptions(),
             extraDomains: [DomainEntry] = []) throws(ScenarioError) -> RunResult {
        let reader = try reader(display, limits: options.limits)
        let header = try reader.readHeader()
        let project = project(limits: options.limits, extraDomains: extraDomains)
        guard let entry = project.domain(named: header.domain) else {
            throw header.domainLocation.error("unknown domain '\(header.domain)'")
        }
        var output = AnyTraceOutput(MemoryOutput())
        let summary = try entry.run(reader: reader, header: header, options: options, output: &output)
        let bytes = (output.base as? MemoryOutput)?.bytes ?? []
        return RunResult(scenario: display, header: header, summary: summary, trace: bytes)
    }

    /// Runs `text` as a scenario and returns its trace as text.
    func trace(_ text: String, name: String = "s.scenario", options: RunOptions = RunOptions(),
               extraDomains: [DomainEntry] = []) throws -> String {
        let display = try scenario(name, text)
        let result = try run(display, options: options, extraDomains: extraDomains)
        return String(decoding: result.trace, as: UTF8.self)
    }

    /// Runs `text` and returns the error it must produce (nil if it ran).
    func error(_ text: String, name: String = "s.scenario", limits: ScenarioLimits = .standard) throws -> ScenarioError? {
        let display = try scenario(name, text)
        return error(running: display, limits: limits)
    }

    func error(running display: String, limits: ScenarioLimits = .standard) -> ScenarioError? {
        do {
            _ = try run(display, options: RunOptions(limits: limits))
            return nil
        } catch {
            return error
        }
    }
}

struct TempTreeError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// The step lines of a text trace (between the two `---` lines), without their outputs.
func stepLines(_ trace: String) -> [String] {
    let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let open = lines.firstIndex(of: "---") else { return [] }
    let rest = lines[(open + 1)...]
    let close = rest.firstIndex(of: "---") ?? rest.endIndex
    return rest[..<close].filter { !$0.hasPrefix(" ") }
}

/// The body of a text trace between the two `---` lines, outputs included.
func stepBody(_ trace: String) -> [String] {
    let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let open = lines.firstIndex(of: "---") else { return [] }
    let rest = lines[(open + 1)...]
    let close = rest.firstIndex(of: "---") ?? rest.endIndex
    return Array(rest[..<close])
}

/// A footer field (`pending-timers 1` → "1").
func footer(_ trace: String, _ key: String) -> String? {
    let lines = trace.split(separator: "\n").map(String.init)
    guard let last = lines.lastIndex(of: "---") else { return nil }
    for line in lines[last...] where line.hasPrefix(key + " ") { return String(line.dropFirst(key.count + 1)) }
    return nil
}

/// Drops the digest from a step line: `3 1.000000000 add #…` → `3 1.000000000 add`.
func withoutDigest(_ stepLine: String) -> String {
    if let hash = stepLine.lastIndex(of: "#") { return String(stepLine[..<hash]).trimmingCharacters(in: .whitespaces) }
    return stepLine
}

/// Symbolic links for confinement tests.
enum FileManagerLink {
    static func make(at path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }
}
