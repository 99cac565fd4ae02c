import Testing
import LockstepCore
@testable import Sourdough

/// Known values from the article and the app note's Addendum A9, computed apart from this code
/// (Python: `2 ** ((24 - T) / 7)`, the EMA by hand, and the note's reference planner).
@Suite struct KnownValueTests {
    static let berlin = try! Zone.named("Europe/Berlin")

    static func minute(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ zone: Zone = berlin) -> Int {
        Int(zone.instant(for: try! LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi)).secondsSinceEpochFloor / 60)
    }

    static func inputs(_ t: Double = 23, correction: Double = 1, ripe: Bool = false, cap: Int = 1440, step: Int = 15) -> PlanInputs {
        PlanInputs(temperatureC: t, correction: correction, starterRipe: ripe, coldProofMaxMinutes: cap, coldProofStepMinutes: step, clampTemperature: true)
    }

    static func nights(_ lo: Int, _ hi: Int, _ zone: Zone = berlin) -> QuietNights {
        QuietNights(.standard, zone: zone, fromMinute: lo - 1440, toMinute: hi + 3 * 1440)
    }

    static let thu20 = minute(2026, 11, 12, 20, 0)

    @Test func temperatureFactors() {
        let cases: [(Double, Double)] = [(24, 1.0), (23, 1.104090), (18, 1.811447), (30, 0.552045), (34, 0.552045), (16, 2.208179), (20, 1.485994)]
        for (t, f) in cases { #expect(abs(Fermentation.temperatureFactor(t).factor - f) < 5e-7, "\(t)") }
        #expect(Fermentation.temperatureFactor(34).clamped)
        #expect(!Fermentation.temperatureFactor(23).clamped)
    }

    @Test func bulkLengths() {
        for (t, m) in [(23.0, 330), (18.0, 545), (30.0, 165), (16.0, 660)] {
            let bulk = VariantBuilder.build(Self.inputs(t)).first { $0[0].kind == .bulk }!
            #expect(bulk.count == 1 && bulk[0].durationMinutes == m, "\(t)")
        }
    }

    @Test func learning() {
        var c = StarterCorrection()
        #expect(c.record(actualMinutes: 604.8, baselineMinutes: 420) == nil)
        #expect(abs(c.value - 1.132) < 1e-12 && c.sampleCount == 1)
        var biased = StarterCorrection()
        for _ in 0..<200 { _ = biased.record(actualMinutes: 1.44 * 420, baselineMinutes: 420 * biased.value) }
        #expect(abs(biased.value - 1.2) < 1e-9)
        var top = StarterCorrection(value: 1.6, sampleCount: 0)
        #expect(top.record(actualMinutes: 400, baselineMinutes: 100) == nil && top.value == 1.6)
        #expect(top.record(actualMinutes: 401, baselineMinutes: 100) == .outOfRange && top.sampleCount == 1)
        #expect(top.record(actualMinutes: 0, baselineMinutes: 100) == .nonPositive)
    }

    @Test func variantCounts() {
        let v = VariantBuilder.build(Self.inputs())
        #expect(v.map(\.count) == [70, 11, 1, 1, 1, 7, 1, 65, 4, 1, 19, 1])
        #expect(PlanRequest.minimumTotal(v) == 1280)
        let ripe = VariantBuilder.build(Self.inputs(ripe: true))
        #expect(ripe.count == 11 && ripe.reduce(0) { $0 + $1.count } == 112 && PlanRequest.minimumTotal(ripe) == 1010)
        for (t, n) in [(16.0, 253), (18.0, 226), (24.0, 179), (30.0, 175)] {
            #expect(VariantBuilder.build(Self.inputs(t)).reduce(0) { $0 + $1.count } == n, "\(t)")
        }
    }

    @Test func goldenPlan() {
        let v = VariantBuilder.build(Self.inputs())
        let ready = Self.minute(2026, 11, 14, 10, 0)
        let q = Self.nights(Self.thu20, ready)
        let plan = BackwardSolver.solve(v, ready: ready, earliest: Self.thu20, quiet: q, hard: true)!
        #expect(plan.costUnits == 1750 && plan.violations == 0)
        #expect(PlanText.lines(plan.steps, Self.berlin) == [
            "Fri 07:10  levain       465 min  1:2:2",
            "Fri 14:55  autolyse      60 min",
            "Fri 15:55  mix           15 min",
            "Fri 16:10  bulk         330 min  folds 16:40, 17:10, 17:40, 18:10",
            "Fri 21:40  preshape       5 min",
            "Fri 21:45  bench rest    30 min",
            "Fri 22:15  shape         15 min",
            "Fri 22:30  cold proof   555 min  (ideal 720)",
            "Sat 07:45  bake          20 min  preheat from 07:00",
            "Sat 08:05  lid off       25 min",
            "Sat 08:30  cool          90 min  (ideal 120)",
            "Sat 10:00  ready",
        ])
        #expect(ready - plan.steps[0].start == 1610)
        let seconds = BackwardSolver.actions(plan.steps, quiet: q, spansOnlyIfViolating: true).map { ($0.minute - Self.thu20) * 60 }
        #expect(seconds == [40_200, 68_100, 71_700, 72_600, 74_400, 76_200, 78_000, 79_800, 92_400, 92_700, 94_500, 95_400,
                            126_000, 128_700, 129_900, 131_400, 136_800])
    }

    @Test func fiveMinuteColdProofLattice() {
        let v = VariantBuilder.build(Self.inputs(step: 5))
        let ready = Self.minute(2026, 11, 14, 10, 0)
        let plan = BackwardSolver.solve(v, ready: ready, earliest: Self.thu20, quiet: Self.nights(Self.thu20, ready), hard: true)!
        #expect(plan.steps[0].start == Self.minute(2026, 11, 13, 7, 0))
        #expect(plan.steps[7].variant.durationMinutes == 565)
    }

    @Test func dinnerBreadAndTheSixteenHourCap() {
        let ready = Self.minute(2026, 11, 14, 19, 0)
        let q = Self.nights(Self.thu20, ready + 2880)
        guard case .plan(let p) = PlanRequest.solveOrExplain(VariantBuilder.build(Self.inputs()), ready: ready, now: Self.thu20, quiet: q) else {
            Issue.record("dinner bread must plan"); return
        }
        #expect(p.steps[6].start == Self.minute(2026, 11, 13, 22, 45) && p.steps[7].variant.durationMinutes == 1035)
        #expect(p.steps[8].variant.preheatMinutes == 50 && p.steps[10].variant.durationMinutes == 120 && p.costUnits == 1575)
        let capped = PlanRequest.solveOrExplain(VariantBuilder.build(Self.inputs(cap: 960)), ready: ready, now: Self.thu20, quiet: q)
        #expect(capped == .refused(.actionInQuietHours(label: "shape", minute: Self.minute(2026, 11, 13, 23, 30)),
                                   nearest: Self.minute(2026, 11, 14, 18, 15)))
    }

    @Test func refusals() {
        let v = VariantBuilder.build(Self.inputs())
        func explain(_ ready: Int, _ now: Int, _ v: [[Variant]]) -> PlanOutcome {
            PlanRequest.solveOrExplain(v, ready: ready, now: now, quiet: Self.nights(now, ready + 2880))
        }
        #expect(explain(Self.minute(2026, 11, 14, 9, 0), Self.thu20, v)
                == .refused(.actionInQuietHours(label: "preheat", minute: Self.minute(2026, 11, 14, 6, 10)), nearest: Self.minute(2026, 11, 14, 9, 30)))
        #expect(explain(Self.minute(2026, 11, 14, 10, 0), Self.minute(2026, 11, 13, 20, 0), v)
                == .refused(.minimumsDontFit(requiredMinutes: 1280), nearest: Self.minute(2026, 11, 15, 9, 30)))
        let sat12 = Self.minute(2026, 11, 14, 12, 0)
        #expect(explain(Self.minute(2026, 11, 15, 9, 30), sat12, v)
                == .refused(.actionInQuietHours(label: "shape", minute: Self.minute(2026, 11, 14, 23, 30)), nearest: Self.minute(2026, 11, 16, 9, 30)))
        #expect(explain(Self.minute(2026, 11, 14, 2, 0), Self.thu20, v) == .refused(.targetInQuietHours, nearest: Self.minute(2026, 11, 14, 9, 30)))
        #expect(explain(Self.minute(2026, 11, 12, 19, 0), Self.thu20, v) == .refused(.targetPassed, nearest: Self.minute(2026, 11, 14, 9, 30)))
        guard case .plan(let ripe) = explain(Self.minute(2026, 11, 15, 9, 30), sat12, VariantBuilder.build(Self.inputs(ripe: true))) else {
            Issue.record("the ripe starter plans Sunday 09:30"); return
        }
        #expect(ripe.steps[5].start == Self.minute(2026, 11, 14, 19, 30) && ripe.steps[6].variant.durationMinutes == 720 && ripe.costUnits == 1825)
    }

    @Test func quietHourEdges() {
        let q = Self.nights(Self.thu20, Self.thu20 + 2880)
        #expect(!q.point(Self.minute(2026, 11, 13, 7, 0)) && !q.point(Self.minute(2026, 11, 13, 23, 0)))
        #expect(q.point(Self.minute(2026, 11, 13, 6, 55)) && q.point(Self.minute(2026, 11, 13, 23, 5)))
        #expect(!q.span(Self.minute(2026, 11, 13, 22, 45), 15) && q.span(Self.minute(2026, 11, 13, 22, 50), 15))
    }

    @Test func replanning() {
        let v = VariantBuilder.build(Self.inputs())
        let ready = Self.minute(2026, 11, 14, 10, 0)
        let q = Self.nights(Self.thu20, ready)
        let bulkEnd = Self.minute(2026, 11, 13, 21, 40)
        let later = Array(v[4...])
        let r30 = ForwardSolver.solve(later, from: bulkEnd + 30, promised: ready, quiet: q)
        #expect(r30.driftMinutes == 0 && r30.costUnits == 1900 && r30.steps[3].variant.durationMinutes == 525)
        let r45 = ForwardSolver.solve(later, from: bulkEnd + 45, promised: ready, quiet: q)
        #expect(r45.driftMinutes == 0 && r45.costUnits == 2_001_975 && r45.steps[2].start == Self.minute(2026, 11, 13, 23, 0))
        #expect(r45.steps[3].variant.durationMinutes == 510)
        let r15 = ForwardSolver.solve(later, from: bulkEnd + 15, promised: ready, quiet: q)
        #expect(r15.costUnits == 1825 && r15.steps[3].variant.durationMinutes == 540)
        let done = ForwardSolver.solve(later, from: Self.minute(2026, 11, 13, 21, 20), promised: ready, quiet: q)
        #expect(done.costUnits == 1875 && done.steps[3].variant.durationMinutes == 585 && done.steps[4].variant.preheatMinutes == 50)
    }

    @Test func daylightSaving() {
        let v = VariantBuilder.build(Self.inputs())
        let ny = try! Zone.named("America/New_York")
        for (zone, y, mo, d, cold, cost) in [(Self.berlin, 2027, 3, 28, 495, 2050), (Self.berlin, 2027, 3, 21, 555, 1750),
                                              (Self.berlin, 2027, 10, 31, 615, 1450), (ny, 2027, 3, 14, 495, 2050)] {
            let ready = Self.minute(y, mo, d, 10, 0, zone), now = Self.minute(y, mo, d - 3, 20, 0, zone)
            let p = BackwardSolver.solve(v, ready: ready, earliest: now, quiet: Self.nights(now, ready, zone), hard: true)!
            #expect(p.steps[7].variant.durationMinutes == cold && p.costUnits == cost, "\(zone) \(mo)")
        }
    }

    @Test func warmerAndLearned() {
        let ready = Self.minute(2026, 11, 14, 10, 0)
        let q = Self.nights(Self.thu20, ready)
        let warm = BackwardSolver.solve(VariantBuilder.build(Self.inputs(24)), ready: ready, earliest: Self.thu20, quiet: q, hard: true)!
        #expect(warm.costUnits == 1375 && warm.steps[0].variant.durationMinutes == 420 && warm.steps[7].variant.durationMinutes == 630)
        let learned = BackwardSolver.solve(VariantBuilder.build(Self.inputs(correction: 1.132)), ready: ready, earliest: Self.thu20, quiet: q, hard: true)!
        #expect(learned.costUnits == 2050 && learned.steps[0].start == Self.minute(2026, 11, 12, 22, 55))
        #expect(learned.steps[0].variant.durationMinutes == 525 && learned.steps[3].variant.durationMinutes == 375)
    }
}
