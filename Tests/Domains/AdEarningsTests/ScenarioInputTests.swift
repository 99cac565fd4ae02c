import Testing
import LockstepCore
import LockstepRunner
@testable import AdEarnings

/// Bad scenario input: malformed lines are errors at their line and column; well-formed lines with
/// values the app refuses are explicit records, and the run completes.
@Suite struct AdEarningsScenarioInput {
    func run(_ body: String) -> String { InlineScenario.traceOrError(AdEarnings.self, "start 2026-07-15T19:00:00Z\n" + body) }

    @Test func malformedLinesAreLocatedErrors() {
        #expect(run("0 refresh trigger=sideways\n") == "error: t.scenario:4:19: unknown trigger 'sideways'; expected one of: appear, pull")
        #expect(run("0 currency\n").contains("code"))
        #expect(run("0 authCallback\n").hasPrefix("error: t.scenario:4:"))
        #expect(run("0 gen ticks every=0s count=3\n").hasPrefix("error: t.scenario:4:"))
        #expect(run("0 gen ticks count=5000\n").contains("1440"))
        #expect(run("0 device lock state=asleep\n").hasPrefix("error: t.scenario:4:"))
        #expect(run("set currency XYZ\n0 tick\n").contains("XYZ"))
        #expect(run("set secRandom maybe\n0 tick\n").contains("ok or fails"))
    }

    @Test func refusedValuesAreRecords() {
        let out = run("0 currency code=CHF\n0 threshold amount=\"-5\"\n0 refresh\n0 signOut\n0 authCallback url=\"x\"\n")
        #expect(out.contains("rejected input=setCurrency reason=unknownCurrency code=CHF"))
        #expect(out.contains("rejected input=threshold reason=notPositiveDecimal amount=\"-5\""))
        #expect(out.contains("rejected input=refresh reason=signed-out"))
        #expect(out.contains("rejected input=signOut reason=signed-out"))
        #expect(out.contains("rejected input=authCallback reason=not-awaiting-callback"))
        #expect(out.contains("status complete"))
    }
}
