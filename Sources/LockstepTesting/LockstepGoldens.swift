import LockstepCore
import LockstepRunner
import LockstepTools

/// A package's scenarios and goldens, for Swift Testing: every scenario under `Scenarios/` becomes a
/// test case that replays it and compares it with its golden, as `lockstep check` does.
///
/// ```swift
/// import Testing
/// import LockstepTesting
/// import Steep
///
/// let goldens = LockstepGoldens(domains: [Steep.entry])
/// @Test(arguments: goldens.scenarios) func golden(_ s: String) { goldens.check(s) }
/// ```
///
/// Swift Testing needs the arguments before any test runs, so they are listed once, when the value
/// is made. A package root that cannot be found, an empty `Scenarios/`, or an entry the walk did not
/// follow (a link out of `Scenarios/`) is listed as an argument of its own whose check fails, so a
/// broken setup can never pass as zero test cases.
public struct LockstepGoldens: Sendable {
    /// The package root (the folder with `Package.swift` and `Scenarios/`), if found.
    public let root: String?
    public let domains: [DomainEntry]
    /// The test arguments: the scenarios' display paths (`Scenarios/steep/replace.scenario`), or the
    /// problems that stand in for them.
    public let scenarios: [String]
    /// Arguments that are not scenarios but problems, each with the text its check reports.
    let problems: [String: String]

    /// Finds the package root by walking up from the folder of `filePath` (the calling test file).
    public init(domains: [DomainEntry], filePath: String = #filePath) {
        let from = FileIO.parentDirectory(filePath)
        self.init(root: Project.findRoot(from: from), domains: domains, searchedFrom: from)
    }

    /// A package at a known root (tests of LockstepTesting itself use temporary packages).
    public init(root: String, domains: [DomainEntry]) {
        self.init(root: Optional(root), domains: domains, searchedFrom: root)
    }

    private init(root: String?, domains: [DomainEntry], searchedFrom: String) {
        self.root = root
        self.domains = domains
        var scenarios: [String] = []
        var problems: [String: String] = [:]
        if let root {
            let project = Project(root: root, domains: domains)
            do {
                let listing = try project.scenarioListing(matching: [])
                scenarios = listing.scenarios
                for problem in listing.problems {
                    scenarios.append(problem.path)
                    problems[problem.path] = "ERROR \(problem.path)\n  \(problem.message)"
                }
            } catch {
                problems["Scenarios/"] = "ERROR \(error.description)"
            }
            if scenarios.isEmpty && problems.isEmpty {
                problems["Scenarios/"] = "no scenarios under \(root)/\(Project.scenariosFolder)/: checking nothing is not a pass"
            }
        } else {
            problems["(no package root)"] = "no Lockstep package above \(searchedFrom) (looked for Package.swift and Scenarios/ upward)"
        }
        for key in problems.keys.sorted() where !scenarios.contains(key) { scenarios.append(key) }
        self.scenarios = scenarios
        self.problems = problems
    }

    /// The project the checks run; nil when no root was found.
    public var project: Project? { root.map { Project(root: $0, domains: domains) } }

    /// Whether `CI` is set, as `lockstep check` reads it: a missing golden's message then says it
    /// must be recorded and committed.
    static var isCI: Bool {
        let ci = LockstepMain.processEnvironment()["CI"]
        return ci == "true" || ci == "1"
    }
}
