import Testing
import LockstepCore
import Platform
@testable import Haptics

/// The sequence editor and the custom creator: offsets by the rule offset_k = Σ_{j<k}(duration_j +
/// gap), worked out from the article's pattern durations (heartbeat 0.95 s, explosion 0.90 s).
@Suite struct ComposerTests {
    static let heartbeat = BuiltInPattern.heartbeat.pattern
    static let explosion = BuiltInPattern.explosion.pattern

    @Test func itemsFollowEachOtherAfterDurationPlusGap() throws {
        let p = try PatternComposer.sequence([Self.heartbeat, Self.heartbeat, Self.heartbeat], gapMicroseconds: 200_000)
        // Heartbeat taps at 0, 0.15, 0.8, 0.95 s; items start at 0, 1.15 and 2.30 s.
        #expect(p.events.map(\.timeMicroseconds) == [0, 150_000, 800_000, 950_000,
                                                     1_150_000, 1_300_000, 1_950_000, 2_100_000,
                                                     2_300_000, 2_450_000, 3_100_000, 3_250_000])
        #expect(p.durationMicroseconds == 3_250_000)
    }

    @Test func anItemsCurveEndsWithTheItemSoTheNextPlaysAtFullStrength() throws {
        let p = try PatternComposer.sequence([Self.explosion, Self.heartbeat], gapMicroseconds: 200_000)
        // The explosion's curve starts at 0.05 s and ends at 0.0 at +0.85 s (the item's end); it
        // returns to 1 at +1.05 s, which is 1.10 s, where the heartbeat starts.
        #expect(p.curves.count == 1)
        #expect(p.curves[0].points.last == HapticCurvePoint(timeMicroseconds: 1_050_000, value: 1))
        #expect(CurveSampler.intensityScale(of: p, atPatternMicroseconds: 1_100_000) == 1)
        #expect(CurveSampler.intensityScale(of: p, atPatternMicroseconds: 2_050_000) == 1)
        // Copied as is (the fault), the curve holds 0 over the heartbeat.
        let leaky = try PatternComposer.sequence([Self.explosion, Self.heartbeat], gapMicroseconds: 200_000, restoreCurves: false)
        #expect(CurveSampler.intensityScale(of: leaky, atPatternMicroseconds: 1_100_000) == 0)
    }

    @Test func aCurveEndingBeforeItsItemIsHeldToTheEndThenRestored() throws {
        let item = HapticPattern(events: [HapticEvent(.transient, timeMicroseconds: 500_000, intensity: 1, sharpness: 1)],
                                 curves: [HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0,
                                                               points: [HapticCurvePoint(timeMicroseconds: 0, value: 1),
                                                                        HapticCurvePoint(timeMicroseconds: 100_000, value: 0.5)])])
        let p = try PatternComposer.sequence([item, item], gapMicroseconds: 100_000)
        #expect(p.curves[0].points == [HapticCurvePoint(timeMicroseconds: 0, value: 1), HapticCurvePoint(timeMicroseconds: 100_000, value: 0.5),
                                       HapticCurvePoint(timeMicroseconds: 500_000, value: 0.5), HapticCurvePoint(timeMicroseconds: 600_000, value: 1)])
        // The last item's curve is left as it is: nothing follows it.
        #expect(p.curves[1].points.count == 2)
        #expect(p.curves[1].relativeTimeMicroseconds == 600_000)
    }

    @Test func limitsAreRefusedByName() {
        #expect(throws: PatternComposer.Failure.tooManyItems(limit: 16)) {
            try PatternComposer.sequence(Array(repeating: Self.heartbeat, count: 17), gapMicroseconds: 1)
        }
        #expect(throws: PatternComposer.Failure.gapNotPositive) { try PatternComposer.sequence([Self.heartbeat], gapMicroseconds: 0) }
        let full = HapticPattern(events: [], curves: [HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0,
            points: (0..<15).map { HapticCurvePoint(timeMicroseconds: Int64($0) * 1_000, value: 0) })])
        #expect(throws: PatternComposer.Failure.curveTooLong(item: 0, limit: 16)) {
            try PatternComposer.sequence([full, Self.heartbeat], gapMicroseconds: 1_000)
        }
        // Explosions 5 s apart start every 5.9 s: the seventh (events[12]) starts at 35.4 s, past 30 s.
        #expect(throws: PatternComposer.Failure.outOfBounds(.timeOverLimit(path: "events[12].time", limitMicroseconds: 30_000_000))) {
            try PatternComposer.sequence(Array(repeating: Self.explosion, count: 16), gapMicroseconds: 5_000_000)
        }
    }

    @Test func aDraftIsSavedInTimeOrderWithTiesInTheOrderAdded() throws {
        let a = HapticEvent(.transient, timeMicroseconds: 500_000, intensity: 1, sharpness: 0.9)
        let b = HapticEvent(.transient, timeMicroseconds: 0, intensity: 0.7, sharpness: 0.6)
        let c = HapticEvent(.transient, timeMicroseconds: 500_000, intensity: 0.3, sharpness: 0.1)
        #expect(try PatternComposer.pattern(fromDraft: [a, b, c]).events == [b, a, c])
    }

    @Test(arguments: [
        ("0 sequence name=x items=\"heartbeat,,explosion\"", "t.scenario:3:25: an empty item in 'heartbeat,,explosion': separate ids with single commas"),
        ("0 sequence name=x items=heartbeat gap=0s", "t.scenario:3:39:"),
        ("0 creator add at=1s", "t.scenario:3:3: creator add needs kind="),
        ("0 creator add kind=continuous", "t.scenario:3:3: a continuous event needs duration= above 0"),
        ("0 creator remove", "t.scenario:3:3: creator remove needs index="),
        ("0 creator save", "t.scenario:3:3: creator save needs name="),
    ])
    func badLinesAreLocated(_ line: String, _ expected: String) {
        let error = hapticsError(line)
        #expect(error?.contains(expected) == true, "\(error ?? "no error")")
    }
}
