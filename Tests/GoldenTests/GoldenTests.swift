import Testing
import LockstepCore
import LockstepTesting
import Registry

/// Replays every scenario under `Scenarios/` and compares it with its golden, as `lockstep check`
/// does, so `swift test` alone proves the goldens hold. Written with LockstepTesting, exactly as a
/// package that uses Lockstep writes its own (docs/using-lockstep-in-your-app.md).
@Suite struct GoldenTests {
    static let goldens = LockstepGoldens(domains: allDomains)

    static var root: String { goldens.root ?? "(no root)" }
    static var project: Project { Project(root: root, domains: allDomains) }

    @Test func thereAreScenarios() throws {
        #expect(GoldenTests.goldens.root != nil)
        #expect(GoldenTests.goldens.scenarios.count >= 5)
        // Nothing under Scenarios/ was left out of the walk (a link leading outside, a link loop).
        #expect(try GoldenTests.project.scenarioListing(matching: []).problems.map(\.description) == [])
    }

    @Test(arguments: GoldenTests.goldens.scenarios)
    func scenarioMatchesGolden(_ scenario: String) {
        GoldenTests.goldens.check(scenario)
    }

    /// Same scenario, same bytes: two runs in one process must agree (catches hash-order leaks and
    /// any state that survives between runs).
    @Test(arguments: GoldenTests.goldens.scenarios)
    func replayIsDeterministic(_ scenario: String) {
        GoldenTests.goldens.checkDeterministic(scenario)
    }

    /// The flat form of every scenario (`lockstep expand`: includes followed, generators written out
    /// event by event) replays to the same trace, so `shrink` may work on single generated events.
    @Test(arguments: GoldenTests.goldens.scenarios)
    func flatFormReplaysTheSame(_ scenario: String) {
        GoldenTests.goldens.checkExpandsToTheSameTrace(scenario)
    }

    /// Every golden belongs to a scenario: a stale golden is a scenario someone deleted or renamed.
    @Test func noOrphanGoldens() {
        GoldenTests.goldens.checkNoOrphanGoldens()
    }

    /// Walks from every explorer break no invariant (what `lockstep explore` would find).
    @Test func explorationFindsNothing() {
        GoldenTests.goldens.checkExploration(seeds: 1...10, steps: 200)
    }
}
