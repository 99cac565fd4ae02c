import LockstepCore

/// A Lockstep checkout: where scenarios and goldens live, and which domains exist.
///
/// `Scenarios/<domain>/<name>.scenario` is pinned by `Golden/<domain>/<name>.golden`, and its
/// artifacts by `Golden/<domain>/<name>.<artifact>` (e.g. `fill.canvas.png`).
public struct Project: Sendable {
    /// The repository root (absolute).
    public var root: String
    public var domains: [DomainEntry]
    public var limits: ScenarioLimits
    /// Bounds on the goldens and artifacts `check`, `record` and `diff` read and write.
    public var goldenLimits: GoldenLimits

    public init(root: String, domains: [DomainEntry], limits: ScenarioLimits = .standard, goldenLimits: GoldenLimits = .standard) {
        self.root = root
        self.domains = domains
        self.limits = limits
        self.goldenLimits = goldenLimits
    }

    public static let scenariosFolder = "Scenarios"
    public static let goldenFolder = "Golden"

    public var scenariosDirectory: String { root + "/" + Project.scenariosFolder }
    public var goldenDirectory: String { root + "/" + Project.goldenFolder }
    /// A project with no files of its own, for scenario text held in memory (tests, walks): an
    /// `include` or a `file` field fails as a missing file.
    public static func detached(_ domains: [DomainEntry]) -> Project {
        Project(root: "/nonexistent/lockstep-detached-project", domains: domains)
    }

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

    /// Every scenario under `Scenarios/`, as display paths (`Scenarios/x/y.scenario`), in walk order.
    /// What the walk did not follow (see `scenarioListing`) is left out.
    public func allScenarios() -> [String] {
        (try? scenarioListing(matching: []))?.scenarios ?? []
    }

    /// Scenarios, and the entries of `Scenarios/` that were not followed.
    public struct ScenarioListing: Sendable {
        /// Display paths, each once.
        public var scenarios: [String] = []
        /// A symbolic link leading out of `Scenarios/`, a symbolic link loop, a folder nested too deep:
        /// each with its display path (the link's own path, not its target) and the reason.
        public var problems: [FileIO.Failure] = []
    }

    /// Expands command-line arguments (files or folders, relative to the root or absolute) to
    /// scenarios, like `scenarios(matching:)`, throwing the first problem of the listing if any.
    public func scenarios(matching arguments: [String]) throws(FileIO.Failure) -> [String] {
        let listing = try scenarioListing(matching: arguments)
        if let problem = listing.problems.first { throw problem }
        return listing.scenarios
    }

    /// Expands command-line arguments (files or folders, relative to the root or absolute) to
    /// scenarios; no arguments means all of `Scenarios/`. Folders are walked confined to `Scenarios/`:
    /// a symbolic link to a folder or scenario outside it is not followed (it is a problem), and each
    /// real folder is visited once, so a link loop or a second link to a folder adds nothing.
    public func scenarioListing(matching arguments: [String]) throws(FileIO.Failure) -> ScenarioListing {
        var listing = ScenarioListing()
        var result: [String] = []
        let scenariosReal = FileIO.realPath(scenariosDirectory)
        func walk(_ disk: String) {
            // A folder inside Scenarios/ is confined to Scenarios/; one outside it to itself (its
            // scenarios are refused below, as they have no goldens).
            let real = FileIO.realPath(disk)
            var confine = real
            if let scenariosReal, let real, real == scenariosReal || real.hasPrefix(scenariosReal + "/") { confine = scenariosReal }
            let found = FileIO.walkTree(disk, suffix: ".scenario", confinedTo: confine,
                                        confinedDisplay: confine == scenariosReal ? Project.scenariosFolder : displayPath(forDisk: disk))
            result += found.files.map { displayPath(forDisk: $0) }
            for problem in found.skipped {
                listing.problems.append(FileIO.Failure(path: displayPath(ofLink: problem.path), message: problem.message))
            }
        }
        if arguments.isEmpty {
            if FileIO.isDirectory(scenariosDirectory) { walk(scenariosDirectory) }
        }
        for argument in arguments {
            let disk = diskPath(forArgument: argument)
            if FileIO.isDirectory(disk) {
                walk(disk)
            } else if FileIO.exists(disk) {
                result.append(displayPath(forDisk: disk))
            } else {
                throw FileIO.Failure(path: argument, message: "no such scenario or folder")
            }
        }
        var seen: Set<String> = []
        for path in result where seen.insert(path).inserted {
            // Goldens mirror Scenarios/, so a scenario elsewhere has no golden to check or record.
            guard path.hasPrefix(Project.scenariosFolder + "/") else {
                throw FileIO.Failure(path: path, message: "not under \(Project.scenariosFolder)/; only scenarios there have goldens (use 'lockstep run' for others)")
            }
            listing.scenarios.append(path)
        }
        return listing
    }

    /// The display path of a link itself (its folder's real path plus its own name), not of its target.
    func displayPath(ofLink path: String) -> String {
        let parent = FileIO.parentDirectory(path)
        let name = path.hasPrefix(parent + "/") ? String(path.dropFirst(parent.count + 1)) : path
        return displayPath(forDisk: parent) + "/" + name
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

    /// The golden for a scenario, refusing a display path that is not a plain relative path under
    /// `Scenarios/` (absolute, or with empty, `.` or `..` parts), so no golden is ever read or written
    /// at a path built from somewhere else.
    public func confinedGoldenPath(forScenario display: String) throws(FileIO.Failure) -> String {
        let parts = display.split(separator: "/", omittingEmptySubsequences: false)
        guard display.hasPrefix(Project.scenariosFolder + "/"), display.hasSuffix(".scenario"), parts.count >= 2,
              !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw FileIO.Failure(path: display, message: "not a scenario under \(Project.scenariosFolder)/, so it has no golden (use 'lockstep run' for others)")
        }
        return goldenPath(forScenario: display)
    }

    /// Where an artifact of a scenario's golden lives.
    public func artifactPath(forScenario display: String, artifact: String) -> String {
        String(goldenPath(forScenario: display).dropLast(".golden".count)) + "." + artifact
    }

    /// Temporary files (`NAME.<pid>.tmp`) that an interrupted `record` left under `Golden/`, as display paths.
    public func staleTemporaryFiles() -> [String] {
        guard FileIO.isDirectory(goldenDirectory) else { return [] }
        return FileIO.walk(goldenDirectory, suffix: ".tmp").filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            return Project.temporaryFilePID(name) != nil
        }.map { displayPath(forDisk: $0) }
    }

    /// The process id in a temporary file name `NAME.<pid>.tmp`, or nil if it is not one.
    public static func temporaryFilePID(_ name: String) -> Int32? {
        guard name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return nil }
        let digits = stem[stem.index(after: dot)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(digits)
    }

    /// Runs one scenario (given as a display path) and returns its trace bytes and summary.
    public func run(_ display: String, options: RunOptions = RunOptions()) throws(ScenarioError) -> RunResult {
        let reader = try ScenarioReader(display: display, diskPath: diskPath(forDisplay: display), files: files, limits: options.limits)
        return try run(reader, display: display, options: options)
    }

    /// Runs scenario text held in memory as if it were the file `display` (which decides where its
    /// `include`s and `file` fields resolve); for the fuzz targets and for tools that build scenarios.
    public func run(_ display: String, bytes: [UInt8], options: RunOptions = RunOptions()) throws(ScenarioError) -> RunResult {
        let reader = try ScenarioReader(display: display, bytes: bytes, files: files, limits: options.limits)
        return try run(reader, display: display, options: options)
    }

    /// The event lines of scenario text `bytes` (read as the file `display`) written out flat: every
    /// `include` followed, every `gen` line replaced by its events, each at its since-start time
    /// (see `Expander`). At most `maxLines` lines.
    public func expand(_ display: String, bytes: [UInt8], options: RunOptions = RunOptions(),
                       maxLines: Int = Project.maxExpandedLines) throws(ScenarioError) -> [String] {
        let reader = try ScenarioReader(display: display, bytes: bytes, files: files, limits: options.limits)
        let header = try reader.readHeader()
        return try domain(for: header).expand(reader: reader, header: header, options: options, maxLines: maxLines)
    }

    /// Scenario text with its event lines written out flat (`expand`); header and trailer kept.
    public func flattened(_ display: String, text: ScenarioText, options: RunOptions = RunOptions(),
                          maxLines: Int = Project.maxExpandedLines) throws(ScenarioError) -> ScenarioText {
        text.with(events: try expand(display, bytes: Array(text.text.utf8), options: options, maxLines: maxLines))
    }

    /// The most lines `expand` writes (`lockstep expand`, `shrink`): each is a string in memory, and
    /// shrinking replays the scenario once per candidate.
    public static let maxExpandedLines = 200_000

    private func run(_ reader: ScenarioReader, display: String, options: RunOptions) throws(ScenarioError) -> RunResult {
        let header = try reader.readHeader()
        let entry = try domain(for: header)
        var output = AnyTraceOutput(MemoryOutput())
        let summary = try entry.run(reader: reader, header: header, options: options, output: &output)
        let bytes = (output.base as? MemoryOutput)?.bytes ?? []
        return RunResult(scenario: display, header: header, summary: summary, trace: bytes)
    }

    /// The domain a scenario's header names, or an error at its `domain` line listing the known ones.
    private func domain(for header: ScenarioHeader) throws(ScenarioError) -> DomainEntry {
        guard let entry = domain(named: header.domain) else {
            let known = domains.map(\.name).sorted().joined(separator: ", ")
            let hint = DidYouMean.hint(for: header.domain, among: domains.map(\.name))
            throw header.domainLocation.error("unknown domain '\(header.domain)'\(hint); known domains: \(known)")
        }
        return entry
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
        return try domain(for: header).run(reader: reader, header: header, options: options, output: &output)
    }
}

/// Bounds on goldens and artifacts. Hitting one is an error that names the limit, never an
/// allocation failure or a read without end. Tests shrink them to exercise the errors cheaply.
public struct GoldenLimits: Sendable, Hashable {
    /// Largest golden `check` compares and `record` writes, in bytes (a trace at the event limit fits).
    public var maxGoldenBytes = 2 << 30
    /// Largest artifact `check` compares and `record` writes, in bytes.
    public var maxArtifactBytes = 64 << 20

    public init() {}

    public static let standard = GoldenLimits()
}

/// A finished run held in memory.
public struct RunResult: Sendable {
    public var scenario: String
    public var header: ScenarioHeader
    public var summary: RunSummary
    public var trace: [UInt8]
}
