import LockstepCore
import LockstepRunner

/// Which scenarios a command works on: paths or domain names, narrowed by `--filter` and `--shard`.
///
/// Declared once for `check`, `mutate` and `record`, so the three select alike:
/// - a positional argument is a scenario file or folder (relative to the current directory or the
///   root), or a domain name, meaning `Scenarios/<domain>/`; anything else is an error that names
///   the closest domains and folders;
/// - `--filter GLOB` (repeatable, any may match) keeps scenarios whose name relative to `Scenarios/`
///   without `.scenario` (`chalk/zoom-then-undo`) or whose file name alone (`zoom-then-undo`) matches;
/// - `--shard i/n` keeps the scenarios of one shard (see `Shard`).
/// Selecting nothing is an error for the caller to report: checking nothing is not a pass.
public struct ScenarioSelection: Sendable {
    public var arguments: [String]
    public var filters: [Glob]
    public var shard: Shard?

    /// The options this adds to a command, for `Arguments(valued:)`.
    public static let valuedOptions: Set<String> = ["filter", "shard"]

    public init(arguments: [String], filters: [Glob] = [], shard: Shard? = nil) {
        self.arguments = arguments
        self.filters = filters
        self.shard = shard
    }

    public init(_ parsed: Arguments) throws(UsageError) {
        var globs: [Glob] = []
        for text in parsed.values("filter") { globs.append(try Glob(text)) }
        let shard = try parsed.value("shard").map { (text: String) throws(UsageError) -> Shard in try Shard(parsing: text) }
        self.init(arguments: parsed.positional, filters: globs, shard: shard)
    }

    /// Whether this is every scenario (no path, filter or shard): only then are whole-project
    /// reports (vocabulary coverage, unreferenced goldens) meaningful.
    public var isEverything: Bool { arguments.isEmpty && filters.isEmpty && shard == nil }

    /// What the selection names, for "no scenarios under …" messages.
    public var describe: String {
        var parts: [String] = [arguments.isEmpty ? Project.scenariosFolder + "/" : arguments.joined(separator: ", ")]
        for f in filters { parts.append("--filter \(f)") }
        if let shard { parts.append("--shard \(shard)") }
        return parts.joined(separator: " ")
    }

    /// The selected scenarios and the walk's problems (those inside the selection).
    public func listing(_ project: Project) throws(FileIO.Failure) -> Project.ScenarioListing {
        var resolved: [String] = []
        for argument in arguments { resolved.append(try resolve(argument, project)) }
        var listing = try project.scenarioListing(matching: resolved)
        listing.scenarios = listing.scenarios.filter(keeps)
        listing.problems = listing.problems.filter { keeps($0.path) }
        return listing
    }

    func keeps(_ path: String) -> Bool {
        if let shard, !shard.contains(path) { return false }
        guard !filters.isEmpty else { return true }
        let name = ScenarioSelection.name(of: path)
        let file = name.split(separator: "/").last.map(String.init) ?? name
        return filters.contains { $0.matches(name) || $0.matches(file) }
    }

    /// `Scenarios/chalk/sub/x.scenario` → `chalk/sub/x`.
    public static func name(of path: String) -> String {
        var s = Substring(path)
        if s.hasPrefix(Project.scenariosFolder + "/") { s = s.dropFirst(Project.scenariosFolder.count + 1) }
        if s.hasSuffix(".scenario") { s = s.dropLast(".scenario".count) }
        return String(s)
    }

    /// A path that exists, or a domain name as its scenario folder.
    func resolve(_ argument: String, _ project: Project) throws(FileIO.Failure) -> String {
        if FileIO.exists(project.diskPath(forArgument: argument)) { return argument }
        if project.domain(named: argument) != nil {
            let folder = Project.scenariosFolder + "/" + argument
            guard FileIO.isDirectory(project.root + "/" + folder) else {
                throw FileIO.Failure(path: argument, message: "the domain \(argument) has no scenarios yet (no folder \(folder)/)")
            }
            // Absolute: a relative path is looked up in the current directory first.
            return project.root + "/" + folder
        }
        var known = project.domains.map(\.name)
        for d in known where FileIO.isDirectory(project.root + "/" + Project.scenariosFolder + "/" + d) {
            known.append(Project.scenariosFolder + "/" + d)
        }
        let hint = DidYouMean.hint(for: argument, among: known)
        throw FileIO.Failure(path: argument, message: "no such scenario, folder or domain\(hint)")
    }
}
