import Testing
import LockstepCore
@testable import Sourdough

@Suite struct InvariantTests {
    @Test func correctionOutOfRangeIsCaught() {
        var s = SourdoughState()
        s.starters["main"] = StarterCorrection(value: 1.7, sampleCount: 1)
        let inv = Sourdough.invariants.first { $0.name == "correctionInRange" }!
        #expect(inv.check(s, []) != nil)
        s.starters["main"] = StarterCorrection(value: 1.2, sampleCount: 1)
        #expect(inv.check(s, []) == nil)
    }

    @Test func gapsBetweenStepsAreCaught() {
        var s = SourdoughState()
        let v = VariantBuilder.build(KnownValueTests.inputs())
        var steps: [PlannedStep] = []
        var t = 1000
        for st in v { steps.append(PlannedStep(start: t, variant: st[0])); t += st[0].durationMinutes }
        s.plan = BakePlan(id: "p1", promisedReady: t, steps: steps, costUnits: 0)
        let inv = Sourdough.invariants.first { $0.name == "contiguous" }!
        #expect(inv.check(s, []) == nil)
        s.plan!.steps[3].start += 5
        #expect(inv.check(s, []) != nil)
    }
}
