import Testing
import LockstepTesting
import Steep

/// Every scenario under Scenarios/ replayed against its golden, as `hello-lockstep check` does.
let goldens = LockstepGoldens(domains: [Steep.entry])

@Test(arguments: goldens.scenarios) func golden(_ scenario: String) { goldens.check(scenario) }
@Test(arguments: goldens.scenarios) func deterministic(_ scenario: String) { goldens.checkDeterministic(scenario) }
/// The flat form (`hello-lockstep expand`: `gen morning` written brew by brew with `Steep.text(of:)`)
/// replays to the same trace.
@Test(arguments: goldens.scenarios) func flatFormReplaysTheSame(_ scenario: String) { goldens.checkExpandsToTheSameTrace(scenario) }
@Test func noOrphanGoldens() { goldens.checkNoOrphanGoldens() }
@Test func vocabularyCovered() { goldens.checkVocabularyCovered() }
@Test func declarationsMeetTheContract() { goldens.checkDeclarations() }
/// `keepOldTimer` must change some golden (replace.scenario), as `hello-lockstep mutate` requires.
@Test func faultsCaught() { goldens.checkFaultsCaught() }
