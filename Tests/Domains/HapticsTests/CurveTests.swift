import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct CurveTests {
    static let known: [(Int64, String)] = [
        (50_000, "0.200000"), (125_000, "0.600000"), (200_000, "1.000000"), (500_000, "0.571429"),
        (550_000, "0.500000"), (850_000, "0.071429"), (900_000, "0.000000"),
    ]

    @Test(arguments: known)
    func explosionKnownValues(_ t: Int64, _ expected: String) {
        let v = CurveSampler.intensityScale(of: BuiltInPattern.explosion.pattern, atPatternMicroseconds: t)
        #expect(DecimalText.sixDecimals(v) == expected)
    }

    @Test func beforeTheCurveStartsNoScaling() {
        let p = BuiltInPattern.explosion.pattern
        #expect(CurveSampler.intensityScale(of: p, atPatternMicroseconds: 0) == 1.0)
        #expect(CurveSampler.intensityScale(of: p, atPatternMicroseconds: 49_999) == 1.0)
        #expect(CurveSampler.value(of: p.curves[0], atPatternMicroseconds: 49_999) == nil)
    }

    @Test func holdsLastValueAfterFinalPoint() {
        #expect(CurveSampler.intensityScale(of: BuiltInPattern.explosion.pattern, atPatternMicroseconds: 5_000_000) == 0.0)
    }

    @Test func holdsFirstValueBeforeFirstPoint() {
        let c = HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0, points: [
            HapticCurvePoint(timeMicroseconds: 100_000, value: 0.5), HapticCurvePoint(timeMicroseconds: 200_000, value: 1.0),
        ])
        #expect(CurveSampler.value(of: c, atPatternMicroseconds: 10_000) == Double(Float(0.5)))
        #expect(CurveSampler.value(of: c, atPatternMicroseconds: 150_000) == 0.75)
    }

    @Test func sampleExplosionEveryTenMilliseconds() throws {
        let s = try CurveSampler.sample(BuiltInPattern.explosion.pattern, stepMicroseconds: 10_000)
        #expect(s.count == 91)
        #expect(s.first == CurveSampler.Sample(timeMicroseconds: 0, value: 1.0))
        #expect(s[5].timeMicroseconds == 50_000 && DecimalText.sixDecimals(s[5].value) == "0.200000")
        #expect(s[20].timeMicroseconds == 200_000 && DecimalText.sixDecimals(s[20].value) == "1.000000")
        #expect(s.last == CurveSampler.Sample(timeMicroseconds: 900_000, value: 0.0))
    }

    @Test func sampleWithoutCurvesIsAllOnes() throws {
        let s = try CurveSampler.sample(BuiltInPattern.heartbeat.pattern)
        #expect(s.count == 96)
        #expect(s.allSatisfy { $0.value == 1.0 })
    }

    @Test func sampleRejectsBadStepsAndHugeCounts() {
        #expect(throws: CurveSampler.Failure.stepNotPositive) { try CurveSampler.sample(BuiltInPattern.heartbeat.pattern, stepMicroseconds: 0) }
        #expect(throws: CurveSampler.Failure.stepNotPositive) { try CurveSampler.sample(BuiltInPattern.heartbeat.pattern, stepMicroseconds: -5) }
        let long = HapticPattern(events: [tap(at: 30_000_000, intensity: 1, sharpness: 1)])
        #expect(throws: CurveSampler.Failure.tooManySamples(limit: CurveSampler.maxSamples)) { try CurveSampler.sample(long, stepMicroseconds: 1) }
        let bad = HapticPattern(events: [tap(at: Int64.max, intensity: 1, sharpness: 1)])
        #expect(throws: CurveSampler.Failure.outOfBounds(.timeOverLimit(path: "events[0].time", limitMicroseconds: 30_000_000))) {
            try CurveSampler.sample(bad)
        }
    }

    @Test func severalIntensityCurvesMultiply() {
        let half = HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 0, points: [HapticCurvePoint(timeMicroseconds: 0, value: 0.5)])
        let sharp = HapticParameterCurve(.sharpnessControl, relativeTimeMicroseconds: 0, points: [HapticCurvePoint(timeMicroseconds: 0, value: 0.1)])
        let p = HapticPattern(events: [], curves: [half, half, sharp])
        #expect(CurveSampler.intensityScale(of: p, atPatternMicroseconds: 0) == 0.25)
    }
}
