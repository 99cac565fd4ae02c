import Testing
import LockstepCore
import LockstepRunner
import Registry

/// Replays every scenario under `Scenarios/` and compares it with its golden, as `lockstep check`
/// does, so `swift test` alone proves the goldens hold.
@Suite struct GoldenTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = FileIO.parentDirectory(path) }  // Tests/GoldenTests/GoldenTests.swift → root
        return path
    }()

    static var project: Project { Project(root: root, domains: allDomains) }

    static let scenarios: [String] = project.allScenarios()

    @Test func thereAreScenarios() throws {
        #expect(GoldenTests.scenarios.count >= 5)
        // Nothing under Scenarios/ was left out of the walk (a link leading outside, a link loop).
        #expect(try GoldenTests.project.scenarioListing(matching: []).problems.map(\.description) == [])
    }

    @Test(arguments: GoldenTests.scenarios)
    func scenarioMatchesGolden(_ scenario: String) {
        let outcome = GoldenCheck.check(GoldenTests.project, scenario)
        switch outcome {
        case .passed: break
        case .differs(let d): Issue.record("\(scenario) differs from its golden:\n\(d)")
        case .artifactDiffers(let name, let reason): Issue.record("\(scenario) artifact \(name): \(reason)")
        case .missingGolden(let path): Issue.record("\(scenario) has no golden at \(path)")
        case .unusableGolden(let path, let reason): Issue.record("\(scenario) cannot use its golden \(path): \(reason)")
        case .invalid(let e): Issue.record("\(scenario) is invalid: \(e)")
        }
    }

    /// Same scenario, same bytes: two runs in one process must agree (catches hash-order leaks and
    /// any state that survives between runs).
    @Test(arguments: GoldenTests.scenarios)
    func replayIsDeterministic(_ scenario: String) throws {
        let a = try GoldenTests.project.run(scenario)
        let b = try GoldenTests.project.run(scenario)
        #expect(a.trace == b.trace)
    }

    /// Every golden belongs to a scenario: a stale golden is a scenario someone deleted or renamed.
    @Test func noOrphanGoldens() {
        let project = GoldenTests.project
        let expected = Set(GoldenTests.scenarios.map { project.goldenPath(forScenario: $0) })
        let goldens = FileIO.walk(project.goldenDirectory, suffix: ".golden").map { project.displayPath(forDisk: $0) }
        for g in goldens {
            #expect(expected.contains(g), "orphan golden \(g) has no scenario")
        }
    }
}
