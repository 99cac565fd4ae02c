#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// Proposed goldens: what `check --pending` writes beside a golden that differs, for `review` to
/// accept or reject. The golden itself is never touched until a person accepts.
///
/// A scenario's pending set is `Golden/<d>/<name>.golden.pending` (the new trace, written even when
/// only an artifact differs, so the set always has one) and `<artifact path>.pending` for each
/// artifact that differs or is new. Each file is written atomically; the trace goes last, so a set
/// whose `.golden.pending` exists is complete.
public enum PendingGolden {
    public static let suffix = ".pending"

    /// The file a pending file would replace: `x.golden.pending` → `x.golden`.
    public static func target(ofPending path: String) -> String {
        path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
    }

    /// Runs `scenario` again, streaming its trace to `<golden>.pending`, and writes a `.pending` for
    /// each artifact that differs from its golden or has none. Older pending files of the scenario
    /// that are not part of the new set are removed. Returns the files written (display paths,
    /// artifacts first). Throws `ScenarioError` for a bad scenario (nothing is written), `FileIO.Failure`
    /// when a file cannot be written or a limit is hit.
    public static func write(_ project: Project, _ scenario: String, options: RunOptions = RunOptions()) throws -> [String] {
        let goldenPath = try GoldenCheck.writableGoldenPath(project, scenario)
        let pendingPath = goldenPath + suffix
        let writer = try FileIO.AtomicWriter(path: project.root + "/" + pendingPath)
        defer { writer.discard() }
        let limit = project.goldenLimits.maxGoldenBytes
        var output = AnyTraceOutput(PendingOutput(writer: writer, maxBytes: limit))
        let summary = try project.stream(scenario, options: options, output: &output)
        if let failure = writer.failure { throw FileIO.Failure(path: writer.temporary, message: failure) }
        let size = (output.base as? PendingOutput)?.bytes ?? 0
        guard size <= limit else { throw GoldenCheck.overGoldenLimit(project, pendingPath, size) }
        for artifact in summary.artifacts where artifact.bytes.count > project.goldenLimits.maxArtifactBytes {
            throw GoldenCheck.overArtifactLimit(project, scenario, artifact)
        }
        var written: [String] = []
        for artifact in summary.artifacts {
            let path = project.artifactPath(forScenario: scenario, artifact: artifact.name)
            let disk = project.root + "/" + path
            let stored = FileIO.notRegularFile(disk) == nil
                ? try? FileIO.read(disk, maxBytes: project.goldenLimits.maxArtifactBytes, limitName: "maxArtifactBytes") : nil
            if stored == artifact.bytes { continue }
            try FileIO.writeAtomically(artifact.bytes, to: disk + suffix)
            written.append(path + suffix)
        }
        try writer.commit()
        written.append(pendingPath)
        for old in files(project, scenario) where !written.contains(old) { FileIO.remove(project.root + "/" + old) }
        return written
    }

    /// The pending files of `scenario` that exist (display paths, sorted).
    public static func files(_ project: Project, _ scenario: String) -> [String] {
        guard let goldenPath = try? project.confinedGoldenPath(forScenario: scenario) else { return [] }
        let folder = FileIO.parentDirectory(goldenPath)
        let stem = String(goldenPath.split(separator: "/").last?.dropLast(".golden".count) ?? "")
        // The folder's other scenarios, so `fill.big.golden.pending` is not taken for `fill`'s.
        let scenarioFolder = FileIO.parentDirectory(project.diskPath(forDisplay: scenario))
        var stems = Set(FileIO.list(scenarioFolder).filter { $0.hasSuffix(".scenario") }.map { String($0.dropLast(".scenario".count)) })
        stems.insert(stem)
        return FileIO.list(project.root + "/" + folder)
            .filter { $0.hasSuffix(suffix) && GoldenInventory.owner(ofFile: $0, stems: stems) == stem }
            .map { folder + "/" + $0 }
    }

    /// Removes the pending files of a scenario that passed (they are stale); returns what was removed.
    public static func removeStale(_ project: Project, _ scenario: String) -> [String] {
        let stale = files(project, scenario)
        for path in stale { FileIO.remove(project.root + "/" + path) }
        return stale
    }

    /// The pending files of one scenario, reviewed together.
    public struct PendingSet: Sendable, Equatable {
        /// The golden this set would replace (`Golden/d/x.golden`), or for a lone artifact `.pending`
        /// whose scenario is unknown, that artifact's path.
        public var golden: String
        /// `Golden/d/x.golden.pending`, if it exists.
        public var goldenPending: String?
        /// Artifact `.pending` files (display paths, sorted).
        public var artifacts: [String]

        public var all: [String] { artifacts + (goldenPending.map { [$0] } ?? []) }
    }

    /// The pending sets under `paths` (folders, pending files, goldens or scenarios; default `Golden/`),
    /// sorted by golden path. A named file brings its whole set.
    public static func sets(_ project: Project, under paths: [String]) throws(FileIO.Failure) -> [PendingSet] {
        var found: Set<String> = []  // display paths of pending files
        var wantedStems: Set<String> = []  // `Golden/d/x` for a named golden, scenario or pending file
        func collect(_ disk: String) {
            for file in FileIO.walk(disk, suffix: suffix) {
                let display = project.displayPath(forDisk: file)
                let name = display.split(separator: "/").last.map(String.init) ?? display
                if Project.temporaryFilePID(name) == nil { found.insert(display) }
            }
        }
        if paths.isEmpty {
            collect(project.goldenDirectory)
        }
        for argument in paths {
            let disk = project.diskPath(forArgument: argument)
            if FileIO.isDirectory(disk) { collect(disk); continue }
            var display = project.displayPath(forDisk: disk)
            if display.hasSuffix(".scenario") {
                display = try project.confinedGoldenPath(forScenario: display)
            }
            display = target(ofPending: display)
            guard FileIO.exists(project.root + "/" + display + suffix) || FileIO.exists(project.root + "/" + display) else {
                throw FileIO.Failure(path: argument, message: "no such pending golden, golden, scenario or folder")
            }
            if FileIO.exists(project.root + "/" + display + suffix) { found.insert(display + suffix) }
            if display.hasSuffix(GoldenInventory.goldenSuffix) { wantedStems.insert(String(display.dropLast(GoldenInventory.goldenSuffix.count))) }
        }
        // Group by folder and owner; the stems are the folder's scenarios, goldens and pending goldens.
        let scenarioStems = GoldenInventory.scenarioStems(project)
        var folders: Set<String> = Set(found.map { FileIO.parentDirectory($0) })
        for stem in wantedStems { folders.insert(FileIO.parentDirectory(stem)) }
        var byKey: [String: PendingSet] = [:]
        for folder in folders.sorted() {
            let names = FileIO.list(project.root + "/" + folder)
            var stems = scenarioStems[String(folder.dropFirst(Project.goldenFolder.count + 1))] ?? []
            for name in names {
                if name.hasSuffix(".golden") { stems.insert(String(name.dropLast(".golden".count))) }
                if name.hasSuffix(".golden" + suffix) { stems.insert(String(name.dropLast((".golden" + suffix).count))) }
            }
            for name in names where name.hasSuffix(suffix) && Project.temporaryFilePID(name) == nil {
                let path = folder + "/" + name
                let owner = GoldenInventory.owner(ofFile: name, stems: stems)
                let key = owner.map { folder + "/" + $0 } ?? target(ofPending: path)
                guard found.contains(path) || wantedStems.contains(key) else { continue }
                let golden = owner.map { folder + "/" + $0 + ".golden" } ?? target(ofPending: path)
                var set = byKey[key] ?? PendingSet(golden: golden, goldenPending: nil, artifacts: [])
                if owner != nil && path == golden + suffix { set.goldenPending = path } else { set.artifacts.append(path) }
                byKey[key] = set
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    /// Renames each pending file over its target, artifacts first and the golden last, so an
    /// interrupted accept leaves the `.golden.pending` to accept again. Returns the files replaced.
    public static func accept(_ project: Project, _ set: PendingSet) throws(FileIO.Failure) -> [String] {
        var replaced: [String] = []
        for pending in set.all {
            let target = target(ofPending: pending)
            if let what = FileIO.notRegularFile(project.root + "/" + target) {
                throw FileIO.Failure(path: target, message: "\(what); a golden is a regular file, so remove this one first")
            }
            guard rename(project.root + "/" + pending, project.root + "/" + target) == 0 else {
                throw FileIO.Failure(path: pending, message: "could not rename it to \(target): \(String(cString: strerror(errno)))")
            }
            replaced.append(target)
        }
        return replaced
    }

    /// Removes the set's pending files; the goldens stay as they are.
    public static func reject(_ project: Project, _ set: PendingSet) {
        for pending in set.all { FileIO.remove(project.root + "/" + pending) }
    }
}

/// Streams a run's trace into a pending golden's temporary file, up to a size limit.
struct PendingOutput: TraceOutput {
    let writer: FileIO.AtomicWriter
    let maxBytes: Int
    var bytes = 0
    mutating func write(_ chunk: [UInt8]) {
        bytes += chunk.count
        if bytes <= maxBytes { writer.write(chunk) }
    }
}
