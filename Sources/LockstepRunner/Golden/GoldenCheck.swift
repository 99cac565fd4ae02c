#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

/// The outcome of checking one scenario against its golden.
public enum CheckOutcome: Sendable {
    case passed
    /// The trace or an artifact differs.
    case differs(TraceDivergence)
    case artifactDiffers(name: String, reason: String)
    case missingGolden(path: String)
    /// Something is at the golden's path but cannot be compared: a directory, a FIFO, a device, a
    /// file over `GoldenLimits.maxGoldenBytes`, an unreadable file; or the scenario has no golden path.
    case unusableGolden(path: String, reason: String)
    /// The scenario itself is bad (exit code 2 territory).
    case invalid(ScenarioError)
    /// The run broke one of the domain's invariants (and the scenario does not switch a fault on
    /// in its header): a failure whatever the golden says, since a golden cannot pin a broken invariant.
    case invariantBroken(InvariantViolation)

    public var passed: Bool { if case .passed = self { return true }; return false }
}

/// What `record` did with one scenario.
public enum RecordOutcome: Sendable, Equatable {
    /// The golden and artifacts already matched; nothing was written.
    case unchanged
    /// These files (artifacts, then the golden) were written, each atomically.
    case recorded([String])
}

/// Compares runs with goldens and records new goldens, atomically.
///
/// `check` and `record` stream: the trace is compared with the golden as it is written, so neither
/// the trace nor the golden is ever held whole (see `TraceComparator`); only artifacts, which are
/// bounded by `GoldenLimits.maxArtifactBytes`, are held in memory.
public enum GoldenCheck {
    /// Runs `scenario` and compares its trace and artifacts with the golden files, streaming.
    public static func check(_ project: Project, _ scenario: String, options: RunOptions = RunOptions()) -> CheckOutcome {
        let golden: ExpectedStream
        switch openGolden(project, scenario) {
        case .failure(let outcome):
            // A bad scenario is reported as such first, as when it has a golden.
            let summary: RunSummary
            do { summary = try project.stream(scenario, options: options, output: NullOutput()) } catch { return .invalid(error) }
            if let broken = brokenInvariant(summary) { return .invariantBroken(broken) }
            return outcome.outcome
        case .success(let stream):
            golden = stream
        }
        let comparator = TraceComparator(expected: golden)
        var output = AnyTraceOutput(ComparingOutput(comparator: comparator))
        let summary: RunSummary
        do { summary = try project.stream(scenario, options: options, output: &output) } catch { return .invalid(error) }
        if let broken = brokenInvariant(summary) { return .invariantBroken(broken) }
        return outcome(project, scenario, comparator, summary.artifacts)
    }

    /// Compares a finished run with the goldens on disk (the golden is read streaming).
    public static func compare(_ project: Project, _ result: RunResult) -> CheckOutcome {
        if let broken = brokenInvariant(result.summary) { return .invariantBroken(broken) }
        let golden: ExpectedStream
        switch openGolden(project, result.scenario) {
        case .failure(let outcome): return outcome.outcome
        case .success(let stream): golden = stream
        }
        let comparator = TraceComparator(expected: golden)
        comparator.write(result.trace)
        return outcome(project, result.scenario, comparator, result.summary.artifacts)
    }

    struct Unusable: Error { var outcome: CheckOutcome }

    /// The run's first broken invariant, unless the scenario pins a fault on purpose.
    public static func brokenInvariant(_ summary: RunSummary) -> InvariantViolation? {
        summary.violationsPinned ? nil : summary.firstViolation
    }

    /// Why `record` refuses a run that broke an invariant.
    static func refusal(_ scenario: String, _ broken: InvariantViolation) -> FileIO.Failure {
        FileIO.Failure(path: scenario, message: "\(broken); not recorded: a golden cannot pin a broken invariant (a scenario that shows a historical bug on purpose switches its fault on in its header: 'set fault NAME')")
    }

    /// The golden of `scenario`, opened for a streaming comparison, or why it cannot be.
    static func openGolden(_ project: Project, _ scenario: String) -> Result<ExpectedStream, Unusable> {
        let goldenPath: String
        do { goldenPath = try project.confinedGoldenPath(forScenario: scenario) } catch {
            return .failure(Unusable(outcome: .unusableGolden(path: scenario, reason: error.message)))
        }
        let disk = project.root + "/" + goldenPath
        guard FileIO.exists(disk) else { return .failure(Unusable(outcome: .missingGolden(path: goldenPath))) }
        do {
            return .success(try ExpectedStream(path: disk, maxBytes: project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes"))
        } catch {
            return .failure(Unusable(outcome: .unusableGolden(path: goldenPath, reason: error.message)))
        }
    }

    static func outcome(_ project: Project, _ scenario: String, _ comparator: TraceComparator, _ artifacts: [Artifact]) -> CheckOutcome {
        let divergence = comparator.finish()
        if let failure = comparator.expected.failure {
            return .unusableGolden(path: project.goldenPath(forScenario: scenario), reason: failure)
        }
        if let divergence { return .differs(divergence) }
        return compareArtifacts(project, scenario, artifacts)
    }

    static func compareArtifacts(_ project: Project, _ scenario: String, _ artifacts: [Artifact]) -> CheckOutcome {
        let limit = project.goldenLimits.maxArtifactBytes
        for artifact in artifacts {
            let path = project.artifactPath(forScenario: scenario, artifact: artifact.name)
            let disk = project.root + "/" + path
            guard FileIO.exists(disk) else { return .artifactDiffers(name: artifact.name, reason: "\(path) is missing") }
            let stored: [UInt8]
            do { stored = try FileIO.read(disk, maxBytes: limit, limitName: "maxArtifactBytes") } catch {
                return .artifactDiffers(name: artifact.name, reason: "\(path): \(error.message)")
            }
            if stored != artifact.bytes {
                return .artifactDiffers(name: artifact.name,
                                        reason: "\(path) differs: golden \(stored.count) bytes #\(Hex.lower(FNV1a64.hash(stored))), run \(artifact.bytes.count) bytes #\(Hex.lower(FNV1a64.hash(artifact.bytes)))")
            }
        }
        return .passed
    }

    /// Runs `scenario` streaming its trace against the trace file at `golden` (for `lockstep diff`).
    /// Throws `ScenarioError` for a bad scenario, `FileIO.Failure` for an unreadable golden.
    public static func diff(_ project: Project, _ scenario: String, golden: String, options: RunOptions = RunOptions()) throws -> TraceDivergence? {
        let stream = try ExpectedStream(path: golden, maxBytes: project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes")
        let comparator = TraceComparator(expected: stream)
        var output = AnyTraceOutput(ComparingOutput(comparator: comparator))
        _ = try project.stream(scenario, options: options, output: &output)
        let divergence = comparator.finish()
        if let failure = stream.failure { throw FileIO.Failure(path: golden, message: failure) }
        return divergence
    }

    /// Writes the golden and artifacts of a successful run. Each file is written atomically; nothing
    /// is written unless the whole run succeeded, so a failed run never leaves a half-written golden.
    public static func record(_ project: Project, _ result: RunResult) throws(FileIO.Failure) -> [String] {
        let goldenPath = try writableGoldenPath(project, result.scenario)
        if let broken = brokenInvariant(result.summary) { throw refusal(result.scenario, broken) }
        guard result.trace.count <= project.goldenLimits.maxGoldenBytes else {
            throw overGoldenLimit(project, goldenPath, result.trace.count)
        }
        var written = try writeArtifacts(project, result.scenario, result.summary.artifacts)
        try FileIO.writeAtomically(result.trace, to: project.root + "/" + goldenPath)
        written.append(goldenPath)
        return written
    }

    /// Runs `scenario` and records its golden and artifacts unless they already match, streaming:
    /// the trace goes to the golden's temporary file and is compared with the old golden as it is
    /// written. The temporary file is renamed into place only if the run succeeded and something
    /// differs; otherwise it is removed. Throws `ScenarioError` for a bad scenario, `FileIO.Failure`
    /// for a golden path that cannot be written (a directory, a FIFO, over a limit, a write error).
    public static func record(_ project: Project, _ scenario: String, options: RunOptions = RunOptions()) throws -> RecordOutcome {
        let goldenPath = try writableGoldenPath(project, scenario)
        let disk = project.root + "/" + goldenPath
        // An old golden that cannot be compared (missing, or over the limit) simply differs.
        let old = try? ExpectedStream(path: disk, maxBytes: project.goldenLimits.maxGoldenBytes, limitName: "maxGoldenBytes")
        let comparator = TraceComparator(expected: old ?? ExpectedStream(bytes: []))
        let writer = try FileIO.AtomicWriter(path: disk)
        defer { writer.discard() }
        var output = AnyTraceOutput(RecordingOutput(comparator: comparator, writer: writer, maxBytes: project.goldenLimits.maxGoldenBytes))
        let summary = try project.stream(scenario, options: options, output: &output)
        if let broken = brokenInvariant(summary) { throw refusal(scenario, broken) }
        if let failure = writer.failure { throw FileIO.Failure(path: writer.temporary, message: failure) }
        guard comparator.actualBytes <= project.goldenLimits.maxGoldenBytes else {
            throw overGoldenLimit(project, goldenPath, comparator.actualBytes)
        }
        for artifact in summary.artifacts where artifact.bytes.count > project.goldenLimits.maxArtifactBytes {
            throw overArtifactLimit(project, scenario, artifact)
        }
        var traceSame = false
        if let old {
            let divergence = comparator.finish()
            traceSame = divergence == nil && old.failure == nil
        }
        if traceSame, compareArtifacts(project, scenario, summary.artifacts).passed { return .unchanged }
        var written = try writeArtifacts(project, scenario, summary.artifacts)
        try writer.commit()
        written.append(goldenPath)
        return .recorded(written)
    }

    /// The golden path of `scenario` if a golden may be written there: the scenario is under
    /// `Scenarios/` and nothing but a regular file (or nothing) is at the path.
    static func writableGoldenPath(_ project: Project, _ scenario: String) throws(FileIO.Failure) -> String {
        let goldenPath = try project.confinedGoldenPath(forScenario: scenario)
        if let what = FileIO.notRegularFile(project.root + "/" + goldenPath) {
            throw FileIO.Failure(path: goldenPath, message: "\(what); a golden is a regular file, so remove this one first")
        }
        return goldenPath
    }

    static func writeArtifacts(_ project: Project, _ scenario: String, _ artifacts: [Artifact]) throws(FileIO.Failure) -> [String] {
        for artifact in artifacts where artifact.bytes.count > project.goldenLimits.maxArtifactBytes {
            throw overArtifactLimit(project, scenario, artifact)
        }
        var written: [String] = []
        for artifact in artifacts {
            let path = project.artifactPath(forScenario: scenario, artifact: artifact.name)
            if let what = FileIO.notRegularFile(project.root + "/" + path) {
                throw FileIO.Failure(path: path, message: "\(what); an artifact is a regular file, so remove this one first")
            }
            try FileIO.writeAtomically(artifact.bytes, to: project.root + "/" + path)
            written.append(path)
        }
        return written
    }

    static func overGoldenLimit(_ project: Project, _ goldenPath: String, _ size: Int) -> FileIO.Failure {
        FileIO.Failure(path: goldenPath, message: "the trace is \(size) bytes, over the limit of \(project.goldenLimits.maxGoldenBytes) bytes (the limit maxGoldenBytes); not recorded")
    }

    static func overArtifactLimit(_ project: Project, _ scenario: String, _ artifact: Artifact) -> FileIO.Failure {
        FileIO.Failure(path: project.artifactPath(forScenario: scenario, artifact: artifact.name),
                       message: "artifact \(artifact.name) is \(artifact.bytes.count) bytes, over the limit of \(project.goldenLimits.maxArtifactBytes) bytes (the limit maxArtifactBytes); not recorded")
    }

    /// A temporary file an interrupted `record` left behind, and what was done about it.
    public struct StaleFile: Sendable, Equatable {
        public var path: String
        /// Whether it was removed (false: only reported, or its process is still running).
        public var removed: Bool
        public var note: String
    }

    /// The `NAME.<pid>.tmp` files under `Golden/`; with `remove`, those whose process is gone are
    /// deleted (one whose process still runs may be a `record` in progress and is left alone).
    public static func staleTemporaryFiles(_ project: Project, remove: Bool) -> [StaleFile] {
        var result: [StaleFile] = []
        for path in project.staleTemporaryFiles() {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let pid = Project.temporaryFilePID(name) ?? 0
            let running = pid > 0 && pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
            if running {
                result.append(StaleFile(path: path, removed: false, note: "process \(pid) is still running, so it may be a record in progress; left alone"))
            } else if remove {
                FileIO.remove(project.root + "/" + path)
                let gone = !FileIO.exists(project.root + "/" + path)
                result.append(StaleFile(path: path, removed: gone, note: gone ? "removed" : "could not be removed"))
            } else {
                result.append(StaleFile(path: path, removed: false, note: "'lockstep record' removes it"))
            }
        }
        return result
    }
}

/// Feeds a run's trace to a comparator.
struct ComparingOutput: TraceOutput {
    let comparator: TraceComparator
    mutating func write(_ bytes: [UInt8]) { comparator.write(bytes) }
}

/// Feeds a run's trace to a comparator and to the golden's temporary file, up to a size limit.
struct RecordingOutput: TraceOutput {
    let comparator: TraceComparator
    let writer: FileIO.AtomicWriter
    let maxBytes: Int
    mutating func write(_ bytes: [UInt8]) {
        comparator.write(bytes)
        if comparator.actualBytes <= maxBytes { writer.write(bytes) }
    }
}
