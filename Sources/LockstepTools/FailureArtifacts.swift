#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// `check --artifacts DIR` (or `LOCKSTEP_ARTIFACTS=DIR`): what CI uploads when a scenario fails.
///
/// For each failed scenario, a folder `DIR/<domain>/<name>/` (the scenario's path under
/// `Scenarios/` without `.scenario`) holding:
/// - `report.txt`: what `check` printed for it;
/// - `expected.golden` (a copy of the golden, when there is one) and `actual.golden` (this run's trace);
/// - for each artifact that differs or is missing: `expected.<artifact>`, `actual.<artifact>` and,
///   for a PNG whose two versions decode to the same size, `difference.<artifact>`: unchanged pixels
///   faded to light grey, changed pixels solid red, so a reviewer sees where at a glance;
/// - `actual.<name>.plot.png` for every plot artifact (`isPlot`), even when it matches:
///   plots are there to be looked at beside the failure (`lockstep report` shows them).
/// Passing scenarios write nothing. `check` also writes `DIR/summary.txt` (`ArtifactsSummary`): every
/// scenario's verdict, which `lockstep report DIR` reads. Everything is written atomically; the run is replayed once more
/// to get the actual trace, streamed to the file, so no trace is held whole.
public enum FailureArtifacts {
    /// The environment variable that turns this on when the option is not given.
    public static let environmentKey = "LOCKSTEP_ARTIFACTS"

    /// Writes the folder for one failed scenario; returns the folder, or a message saying what could
    /// not be written (the check itself still fails on its own terms).
    public static func write(_ project: Project, scenario: String, report: String, into directory: String) -> Result<String, FileIO.Failure> {
        let folder = directory + "/" + ScenarioSelection.name(of: scenario)
        do {
            try FileIO.makeDirectories(folder)
            try FileIO.writeAtomically(Array((report + "\n").utf8), to: folder + "/report.txt")
            if let golden = try? project.confinedGoldenPath(forScenario: scenario), FileIO.exists(project.root + "/" + golden),
               FileIO.notRegularFile(project.root + "/" + golden) == nil {
                try copy(project.root + "/" + golden, to: folder + "/expected.golden", maxBytes: project.goldenLimits.maxGoldenBytes)
            }
            let writer = try FileIO.AtomicWriter(path: folder + "/actual.golden")
            defer { writer.discard() }
            var output = AnyTraceOutput(WriterOutput(writer: writer))
            let summary: RunSummary
            do { summary = try project.stream(scenario, options: RunOptions(), output: &output) } catch {
                // An invalid scenario has no trace: the report says why.
                return .success(folder)
            }
            try writer.commit()
            for artifact in summary.artifacts {
                try writeArtifact(project, scenario, artifact, folder)
            }
            return .success(folder)
        } catch {
            return .failure(error)
        }
    }

    static func writeArtifact(_ project: Project, _ scenario: String, _ artifact: Artifact, _ folder: String) throws(FileIO.Failure) {
        let stored = project.root + "/" + project.artifactPath(forScenario: scenario, artifact: artifact.name)
        let expected = FileIO.notRegularFile(stored) == nil
            ? try? FileIO.read(stored, maxBytes: project.goldenLimits.maxArtifactBytes, limitName: "maxArtifactBytes") : nil
        guard expected != artifact.bytes else {
            if isPlot(artifact.name) { try FileIO.writeAtomically(artifact.bytes, to: folder + "/actual." + artifact.name) }
            return
        }
        if let expected { try FileIO.writeAtomically(expected, to: folder + "/expected." + artifact.name) }
        try FileIO.writeAtomically(artifact.bytes, to: folder + "/actual." + artifact.name)
        if artifact.name.hasSuffix(".png"), let expected, let picture = differenceImage(expected, artifact.bytes) {
            try FileIO.writeAtomically(picture, to: folder + "/difference." + artifact.name)
        }
    }

    /// Plot artifacts are named `….plot.png` (see `Plot` in the core): a picture of a series, kept
    /// beside a failure whether or not it differs.
    public static func isPlot(_ artifactName: String) -> Bool { artifactName.hasSuffix(".plot.png") }

    /// A PNG showing where two PNGs differ, or nil when either does not decode or their sizes differ
    /// (then the two files themselves are the evidence).
    public static func differenceImage(_ expected: [UInt8], _ actual: [UInt8]) -> [UInt8]? {
        guard let a = try? PNG.decode(expected), let b = try? PNG.decode(actual),
              a.width == b.width, a.height == b.height else { return nil }
        var rgba = [UInt8](repeating: 0, count: a.rgba.count)
        var i = 0
        while i + 3 < rgba.count {
            if a.rgba[i] == b.rgba[i] && a.rgba[i + 1] == b.rgba[i + 1] && a.rgba[i + 2] == b.rgba[i + 2] && a.rgba[i + 3] == b.rgba[i + 3] {
                // Faded: a quarter of the expected luma over light grey, so the picture stays legible.
                let luma = (Int(a.rgba[i]) * 3 + Int(a.rgba[i + 1]) * 6 + Int(a.rgba[i + 2])) / 10
                let v = UInt8(192 + luma / 4)
                rgba[i] = v; rgba[i + 1] = v; rgba[i + 2] = v; rgba[i + 3] = 255
            } else {
                rgba[i] = 255; rgba[i + 1] = 0; rgba[i + 2] = 0; rgba[i + 3] = 255
            }
            i += 4
        }
        guard let image = try? PNGImage(width: a.width, height: a.height, rgba: rgba) else { return nil }
        return PNG.encode(image, format: .rgb)
    }

    /// Copies a file in bounded pieces through an atomic writer.
    static func copy(_ source: String, to target: String, maxBytes: Int) throws(FileIO.Failure) {
        let fd = open(source, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileIO.Failure(path: source, message: "cannot be opened") }
        defer { close(fd) }
        let writer = try FileIO.AtomicWriter(path: target)
        defer { writer.discard() }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw FileIO.Failure(path: source, message: "read failed") }
            if n == 0 { break }
            total += n
            guard total <= maxBytes else { throw FileIO.Failure(path: source, message: "over the limit of \(maxBytes) bytes (maxGoldenBytes); not copied") }
            writer.write(Array(buffer[0..<n]))
        }
        try writer.commit()
    }
}

/// A trace streamed to a file.
struct WriterOutput: TraceOutput {
    let writer: FileIO.AtomicWriter
    mutating func write(_ bytes: [UInt8]) { writer.write(bytes) }
}
