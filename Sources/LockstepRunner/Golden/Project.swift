import LockstepCore

/// A Lockstep checkout: where scenarios and goldens live, and which domains exist.
///
/// `Scenarios/<domain>/<name>.scenario` is pinned by `Golden/<domain>/<name>.golden`, and its
/// artifacts by `Golden/<domain>/<name>.<artifact>` (e.g. `fill.canvas.png`).
public struct Project {
    /// The repository root (absolute).
    public var root: String
    public var domains: [DomainEntry]
    public var limits: ScenarioLimits

    public init(root: String, domains: [DomainEntry], limits: ScenarioLimits = .standard) {
        self.root = root
        self.domains = domains
        self.limits = limits
    }

    public static let scenariosFolder = "Scenarios"
    public static let goldenFolder = "Golden"

    public var scenariosDirectory: String { root + "/" + Project.scenariosFolder }
    public var goldenDirectory: String { root + "/" + Project.goldenFolder }
    public var files: ScenarioFiles { ScenarioFiles(root: scenariosDirectory, displayRoot: Project.scenariosFolder) }

    /// Finds the checkout containing `directory` by walking up to a folder with `Package.swift` and
    /// `Scenarios/` (bounded by the path's depth).
    public static func findRoot(from directory: String) -> String? {
        var current = FileIO.realPath(directory) ?? directory
        for _ in 0..<64 {
            if FileIO.exists(current + "/Package.swift") && FileIO.isDirectory(current + "/" + scenariosFolder) { return current }
            let parent = FileIO.parentDirectory(current)
            if parent == current { return nil }
            current = parent
        }
        return nil
    }

    public func domain(named name: String) -> DomainEntry? { domains.first { $0.name == name } }

    /// Every scenario under `Scenarios/`, as display paths (`Scenarios/x/y.scenario`), sorted.
    public func allScenarios() -> [String] {
        FileIO.walk(scenariosDirectory, suffix: ".scenario").map { displayPath(forDisk: $0) }
    }

    /// Expands command-line arguments (files or folders, relative to the root or absolute) to scenarios.
    public func scenarios(matching arguments: [String]) throws(FileIO.Failure) -> [String] {
        if arguments.isEmpty { return allScenarios() }
        var result: [String] = []
        for argument in arguments {
            let disk = diskPath(forArgument: argument)
            if FileIO.isDirectory(disk) {
                result += FileIO.walk(disk, suffix: ".scenario").map { displayPath(forDisk: $0) }
            } else if FileIO.exists(disk) {
                result.append(displayPath(forDisk: disk))
            } else {
                throw FileIO.Failure(path: argument, message: "no such scenario or folder")
            }
        }
        var unique: [String] = []
        for path in result where !unique.contains(path) {
            // Goldens mirror Scenarios/, so a scenario elsewhere has no golden to check or record.
            guard path.hasPrefix(Project.scenariosFolder + "/") else {
                throw FileIO.Failure(path: path, message: "not under \(Project.scenariosFolder)/; only scenarios there have goldens (use 'lockstep run' for others)")
            }
            unique.append(path)
        }
        return unique
    }

    /// `Scenarios/a/b.scenario` relative to the root, or the absolute path if outside it.
    public func displayPath(forDisk path: String) -> String {
        let real = FileIO.realPath(path) ?? path
        let rootReal = FileIO.realPath(root) ?? root
        if real.hasPrefix(rootReal + "/") { return String(real.dropFirst(rootReal.count + 1)) }
        return real
    }

    /// A display path (relative to the root) or an absolute path, on disk.
    public func diskPath(forDisplay path: String) -> String {
        path.hasPrefix("/") ? path : root + "/" + path
    }

    /// A path typed on the command line: relative to the current directory when it exists there (the
    /// shell's convention), otherwise relative to the project root.
    public func diskPath(forArgument path: String) -> String {
        if path.hasPrefix("/") { return path }
        let cwd = FileIO.currentDirectory()
        if FileIO.exists(cwd + "/" + path) { return cwd + "/" + path }
        return root + "/" + path
    }

    /// The golden for a scenario: `Scenarios/x/y.scenario` → `Golden/x/y.golden`.
    public func goldenPath(forScenario display: String) -> String {
        var relative = display
        if relative.hasPrefix(Project.scenariosFolder + "/") { relative = String(relative.dropFirst(Project.scenariosFolder.count + 1)) }
        if relative.hasSuffix(".scenario") { relative = String(relative.dropLast(".scenario".count)) }
        return Project.goldenFolder + "/" + relative + ".golden"
    }

    /// Where an artifact of a scenario's golden lives.
    public func artifactPath(forScenario display: String, artifact: String) -> String {
        String(goldenPath(forScenario: display).dropLast(".golden".count)) + "." + artifact
    }

    /// Runs one scenario (given as a display path) and returns its trace bytes and summary.
    public func run(_ display: String, options: RunOptions = RunOptions()) throws(ScenarioError) -> RunResult {
        let reader = try ScenarioReader(display: display, diskPath: diskPath(forDisplay: display), files: files, limits: options.limits)
        let header = try reader.readHeader()
        guard let entry = domain(named: header.domain) else {
            let known = domains.map(\.name).sorted().joined(separator: ", ")
            throw header.domainLocation.error("unknown domain '\(header.domain)'; known domains: \(known)")
        }
        var output = AnyTraceOutput(MemoryOutput())
        let summary = try entry.run(reader: reader, header: header, options: options, output: &output)
        let bytes = (output.base as? MemoryOutput)?.bytes ?? []
        return RunResult(scenario: display, header: header, summary: summary, trace: bytes)
    }

    /// Runs a scenario streaming its trace to an output whose state afterwards does not matter
    /// (benchmarks writing to `NullOutput`).
    public func stream(_ display: String, options: RunOptions, output: some TraceOutput) throws(ScenarioError) -> RunSummary {
        var out = AnyTraceOutput(output)
        return try stream(display, options: options, output: &out)
    }

    /// Runs a scenario streaming its trace to `output` (for `lockstep run`, whose memory must not grow).
    /// `output` comes back as the run left it, so the caller can see a failed write.
    public func stream(_ display: String, options: RunOptions, output: inout AnyTraceOutput) throws(ScenarioError) -> RunSummary {
        let reader = try ScenarioReader(display: display, diskPath: diskPath(forDisplay: display), files: files, limits: options.limits)
        let header = try reader.readHeader()
        guard let entry = domain(named: header.domain) else {
            let known = domains.map(\.name).sorted().joined(separator: ", ")
            throw header.domainLocation.error("unknown domain '\(header.domain)'; known domains: \(known)")
        }
        return try entry.run(reader: reader, header: header, options: options, output: &output)
    }
}

/// A finished run held in memory.
public struct RunResult: Sendable {
    public var scenario: String
    public var header: ScenarioHeader
    public var summary: RunSummary
    public var trace: [UInt8]
}
