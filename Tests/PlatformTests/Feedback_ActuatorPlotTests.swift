import Testing
import LockstepCore
@testable import Platform

/// The actuator log's limits and the plot's geometry, with numbers worked out from the layout the
/// doc comment states (plot area x 48…628, y 28…188), not read back from the code.
@Suite struct ActuatorPlotTests {
    typealias P = ActuatorLog.EnvelopePoint

    @Test(arguments: [
        (Int64(1), Int64(1)), (10, 1), (11, 2), (20, 2), (21, 5), (2_000_000, 200_000),
        (15_000_000, 2_000_000), (3_000_000, 500_000), (3_600_000_000, 500_000_000),
    ])
    func tickStepIsTheSmallest125StepWithAtMostTenIntervals(_ span: Int64, _ step: Int64) {
        #expect(ActuatorPlot.tickStepMicroseconds(spanMicroseconds: span) == step)
    }

    @Test(arguments: [
        (Int64(12_000_000), Int64(2_000_000), "12"), (2_500_000, 500_000, "2.5"), (1_200_000, 200_000, "1.2"),
        (50_000, 10_000, "0.05"), (7, 1, "0.000007"), (0, 1_000, "0.000"), (-1_500_000, 500_000, "-1.5"),
    ])
    func secondsLabelsCarryTheDecimalsTheStepNeeds(_ t: Int64, _ step: Int64, _ text: String) {
        #expect(ActuatorPlot.secondsLabel(t, stepMicroseconds: step) == text)
    }

    @Test func sharpnessColoursSplitAtThirds() {
        #expect(ActuatorPlot.sharpnessColour(0).name == "dull")
        #expect(ActuatorPlot.sharpnessColour(0.33).name == "dull")
        #expect(ActuatorPlot.sharpnessColour(0.34).name == "medium")
        #expect(ActuatorPlot.sharpnessColour(0.66).name == "medium")
        #expect(ActuatorPlot.sharpnessColour(0.67).name == "sharp")
        #expect(ActuatorPlot.sharpnessColour(1).name == "sharp")
    }

    @Test func aTapIsABarAtItsTimeAsTallAsItsIntensity() throws {
        var log = ActuatorLog()
        log.append(.tap(atMicroseconds: 500_000, intensity: 0.5, sharpness: 0.9, source: .coreHaptics))
        let (list, summary) = try ActuatorPlot.drawList(log, fromMicroseconds: 0, toMicroseconds: 1_000_000, title: "t")
        #expect(summary == ActuatorPlot.Summary(taps: 1, continuous: 0, outside: 0, undrawn: 0))
        // Halfway across 48…628 is x = 338; half of the 160-point height is 80 points.
        #expect(list.commands.last == .rect(x: 337, y: 108, width: 2, height: 80, fill: ActuatorPlot.sharp))
    }

    @Test func aZeroIntensityTapStillShowsOnePointTallAndSystemTapsAreGrey() throws {
        var log = ActuatorLog()
        log.append(.tap(atMicroseconds: 0, intensity: 0, sharpness: 1, source: .system))
        let (list, _) = try ActuatorPlot.drawList(log, fromMicroseconds: 0, toMicroseconds: 1_000, title: "t")
        #expect(list.commands.last == .rect(x: 47, y: 187, width: 2, height: 1, fill: ActuatorPlot.system))
    }

    @Test func aContinuousEventIsItsEnvelopeClippedToTheWindow() throws {
        var log = ActuatorLog()
        // 0 → 1 over 0…2 s; the window 1…3 s starts halfway up the ramp.
        log.append(.continuous([P(timeMicroseconds: 0, intensity: 0), P(timeMicroseconds: 2_000_000, intensity: 1)], sharpness: 0.1, source: .coreHaptics))
        let (list, summary) = try ActuatorPlot.drawList(log, fromMicroseconds: 1_000_000, toMicroseconds: 3_000_000, title: "t")
        #expect(summary.continuous == 1)
        guard case .polygon(let points, let fill, let opacity) = list.commands.last else { Issue.record("no polygon"); return }
        #expect(fill == ActuatorPlot.dull)
        #expect(opacity == 0.45)
        // Baseline at x 48, intensity 0.5 at x 48 (y 108), intensity 1 at 2 s (x 338, y 28), baseline.
        #expect(points == [DrawPoint(x: 48, y: 188), DrawPoint(x: 48, y: 108), DrawPoint(x: 338, y: 28), DrawPoint(x: 338, y: 188)])
    }

    @Test func clipInterpolatesBothEnds() {
        let e = [P(timeMicroseconds: 0, intensity: 0), P(timeMicroseconds: 100, intensity: 1)]
        #expect(ActuatorPlot.clip(e, fromMicroseconds: 25, toMicroseconds: 75)
                == [P(timeMicroseconds: 25, intensity: 0.25), P(timeMicroseconds: 75, intensity: 0.75)])
    }

    @Test func marksOutsideTheHalfOpenWindowAreCountedNotDrawn() throws {
        var log = ActuatorLog()
        log.append(.tap(atMicroseconds: 999, intensity: 1, sharpness: 1, source: .coreHaptics))
        log.append(.tap(atMicroseconds: 1_000, intensity: 1, sharpness: 1, source: .coreHaptics))
        log.append(.tap(atMicroseconds: 2_000, intensity: 1, sharpness: 1, source: .coreHaptics))
        let (_, summary) = try ActuatorPlot.drawList(log, fromMicroseconds: 1_000, toMicroseconds: 2_000, title: "t")
        #expect(summary == ActuatorPlot.Summary(taps: 1, continuous: 0, outside: 2, undrawn: 0))
        #expect(log.marks(fromMicroseconds: 1_000, toMicroseconds: 2_000).count == 1)
    }

    @Test func badWindowsAreRefused() {
        let log = ActuatorLog()
        #expect(throws: ActuatorPlot.Failure.emptyWindow) { try ActuatorPlot.drawList(log, fromMicroseconds: 5, toMicroseconds: 5, title: "") }
        #expect(throws: ActuatorPlot.Failure.windowTooLong(limitMicroseconds: ActuatorPlot.maxSpanMicroseconds)) {
            try ActuatorPlot.drawList(log, fromMicroseconds: 0, toMicroseconds: ActuatorPlot.maxSpanMicroseconds + 1, title: "")
        }
    }

    @Test func marksPastTheDrawListLimitAreCountedUndrawn() throws {
        var log = ActuatorLog()
        for i in 0..<Int64(DrawList.maxCommands) { log.append(.tap(atMicroseconds: i, intensity: 1, sharpness: 1, source: .coreHaptics)) }
        let (list, summary) = try ActuatorPlot.drawList(log, fromMicroseconds: 0, toMicroseconds: 1_000_000, title: "t")
        #expect(list.count == DrawList.maxCommands)
        #expect(summary.taps + summary.undrawn == DrawList.maxCommands)
        #expect(summary.undrawn > 0)
    }

    @Test func theLogRefusesPastItsLimitsAndCounts() {
        var log = ActuatorLog()
        let refused1 = !log.append(.continuous([P(timeMicroseconds: 0, intensity: 1)], sharpness: 0, source: .coreHaptics))
        #expect(refused1)
        #expect(log.firstRefusal == .badEnvelope)
        let refused2 = !log.append(.continuous([P(timeMicroseconds: 5, intensity: 1), P(timeMicroseconds: 4, intensity: 1)], sharpness: 0, source: .coreHaptics))
        #expect(refused2)
        let long = (0..<Int64(ActuatorLog.maxEnvelopePoints + 1)).map { P(timeMicroseconds: $0, intensity: 1) }
        let refused3 = !log.append(.continuous(long, sharpness: 0, source: .coreHaptics))
        #expect(refused3)
        for i in 0..<Int64(ActuatorLog.maxMarks) { log.append(.tap(atMicroseconds: i, intensity: 1, sharpness: 1, source: .system)) }
        let refused4 = !log.append(.tap(atMicroseconds: 0, intensity: 1, sharpness: 1, source: .system))
        #expect(refused4)
        #expect(log.marks.count == ActuatorLog.maxMarks)
        #expect(log.droppedCount == 4)
        #expect(log.firstRefusal == .badEnvelope)
    }

    @Test func systemMarksTakeTheDeliveredTimeAndTheImpactIntensity() {
        let fire = FeedbackFire(kind: .impact(style: .medium), api: .initStyle, call: .impactOccurred(intensity: 0.8),
                                atMicroseconds: 1_000, latencyMicroseconds: 16_667, wasPrepared: false, intensityWarning: nil)
        let mark = ActuatorLog.Mark.system(fire)
        #expect(mark.startMicroseconds == 17_667)
        #expect(mark.shape == .tap(intensity: 0.8))
        #expect(mark.source == .system)
        #expect(ActuatorLog.Mark.system(.success, atMicroseconds: 3).shape == .tap(intensity: 1))
        #expect(ActuatorLog.Mark.system(.impact(flexibility: .soft, intensity: 0.3), atMicroseconds: 3).shape == .tap(intensity: 0.3))
    }

    @Test func sensoryFeedbackNamesCarryEveryImpactsParameters() {
        #expect(SensoryFeedback.impact(weight: .medium, intensity: 0.8).name == "impact(medium,0.8)")
        #expect(SensoryFeedback.impact(weight: .heavy, intensity: 0.25).name == "impact(heavy,0.25)")
        #expect(SensoryFeedback.impact().name == "impact(medium,1.0)")
        #expect(SensoryFeedback.impact(flexibility: .soft, intensity: 0.5).name == "impact(soft,0.5)")
        #expect(SensoryFeedback.levelChange.name == "levelChange")
    }
}
