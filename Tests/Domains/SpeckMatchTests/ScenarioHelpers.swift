import LockstepCore
import LockstepRunner
import SpeckMatch

/// Scenario text through the speckMatch domain (LockstepRunner `InlineScenario`).
func speckMatchTrace(_ body: String) throws(ScenarioError) -> String { try InlineScenario.trace(SpeckMatch.self, body) }
func speckMatchRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(SpeckMatch.self, body) }
func speckMatchError(_ body: String) -> String? { InlineScenario.error(SpeckMatch.self, body) }
