import LockstepCore
import LockstepRunner
import Keyboard

/// Scenario text through the keyboard domain (LockstepRunner `InlineScenario`).
func keyboardRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(Keyboard.self, body) }
func keyboardError(_ body: String) -> String? { InlineScenario.error(Keyboard.self, body) }
