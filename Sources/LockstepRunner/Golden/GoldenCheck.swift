import LockstepCore

/// The outcome of checking one scenario against its golden.
public enum CheckOutcome: Sendable {
    case passed
    /// The trace or an artifact differs.
    case differs(TraceDivergence)
    case artifactDiffers(name: String, reason: String)
    case missingGolden(path: String)
    /// The scenario itself is bad (exit code 2 territory).
    case invalid(ScenarioError)

    public var passed: Bool { if case .passed = self { return true }; return false }
}

/// Compares runs with goldens and records new goldens, atomically.
public enum GoldenCheck {
    /// Runs `scenario` and compares its trace and artifacts with the golden files.
    public static func check(_ project: Project, _ scenario: String, options: RunOptions = RunOptions()) -> CheckOutcome {
        let result: RunResult
        do { result = try project.run(scenario, options: options) } catch { return .invalid(error) }
        return compare(project, result)
    }

    /// Compares a finished run with the goldens on disk.
    public static func compare(_ project: Project, _ result: RunResult) -> CheckOutcome {
        let goldenPath = project.goldenPath(forScenario: result.scenario)
        guard let golden = try? FileIO.read(project.root + "/" + goldenPath) else { return .missingGolden(path: goldenPath) }
        if let divergence = TraceDiff.compare(expected: golden, actual: result.trace) { return .differs(divergence) }
        for artifact in result.summary.artifacts {
            let path = project.artifactPath(forScenario: result.scenario, artifact: artifact.name)
            guard let stored = try? FileIO.read(project.root + "/" + path) else {
                return .artifactDiffers(name: artifact.name, reason: "\(path) is missing")
            }
            if stored != artifact.bytes {
                return .artifactDiffers(name: artifact.name,
                                        reason: "\(path) differs: golden \(stored.count) bytes #\(Hex.lower(FNV1a64.hash(stored))), run \(artifact.bytes.count) bytes #\(Hex.lower(FNV1a64.hash(artifact.bytes)))")
            }
        }
        return .passed
    }

    /// Writes the golden and artifacts of a successful run. Each file is written atomically; nothing
    /// is written unless the whole run succeeded, so a failed run never leaves a half-written golden.
    public static func record(_ project: Project, _ result: RunResult) throws(FileIO.Failure) -> [String] {
        var written: [String] = []
        for artifact in result.summary.artifacts {
            let path = project.artifactPath(forScenario: result.scenario, artifact: artifact.name)
            try FileIO.writeAtomically(artifact.bytes, to: project.root + "/" + path)
            written.append(path)
        }
        let goldenPath = project.goldenPath(forScenario: result.scenario)
        try FileIO.writeAtomically(result.trace, to: project.root + "/" + goldenPath)
        written.append(goldenPath)
        return written
    }
}
