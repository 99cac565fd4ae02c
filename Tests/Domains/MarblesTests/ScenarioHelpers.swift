import LockstepCore
import LockstepRunner
import Marbles

/// Scenario text through the marbles domain (LockstepRunner `InlineScenario`); `faults` are header
/// lines put before the body (`seed 3\nset fault …`).
func marblesTrace(_ body: String, faults: String = "") throws(ScenarioError) -> String { try InlineScenario.trace(Marbles.self, faults + body) }
func marblesRecords(_ body: String, faults: String = "") throws(ScenarioError) -> [String] { try InlineScenario.records(Marbles.self, faults + body) }
func marblesError(_ body: String) -> String? { InlineScenario.error(Marbles.self, body) }
