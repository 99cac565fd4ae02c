import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct TimelineTests {
    static let heartbeat = BuiltInPattern.heartbeat.pattern

    static let longTests: [(Float, Int64, Int, Int, Int64)] = [
        (1.0, 1_150_000, 14, 53, 14_950_000),
        (2.0, 575_000, 27, 105, 14_950_000),
        (0.5, 2_300_000, 7, 26, 14_100_000),
    ]

    @Test(arguments: longTests)
    func heartbeatLongTest(_ rate: Float, _ period: Int64, _ starts: Int, _ taps: Int, _ lastTap: Int64) throws {
        let t = try Timeline.longTest(Self.heartbeat, startMicroseconds: 0, rate: rate)
        #expect(t.periodMicroseconds == period)
        #expect(t.loopStartsMicroseconds.count == starts)
        #expect(t.entries.count == taps)
        #expect(t.entries.allSatisfy { $0.kind == .transient })
        #expect(t.entries.last?.timeMicroseconds == lastTap)
        #expect(t.cut == .stop(atMicroseconds: 15_000_000))
        #expect(t.limitHit == nil)
    }

    @Test func longTestFromAnOffsetStartShiftsEverything() throws {
        let t = try Timeline.longTest(Self.heartbeat, startMicroseconds: 3_000_000)
        #expect(t.entries.count == 53)
        #expect(t.entries.first?.timeMicroseconds == 3_000_000)
        #expect(t.entries.last?.timeMicroseconds == 17_950_000)
    }

    @Test func doubleRateScalesTimesInsideALoop() throws {
        let t = try Timeline.longTest(Self.heartbeat, startMicroseconds: 0, rate: 2)
        #expect(t.entries.prefix(5).map(\.timeMicroseconds) == [0, 75_000, 400_000, 475_000, 575_000])
        #expect(t.entries.prefix(5).map(\.loopIndex) == [0, 0, 0, 0, 1])
    }

    @Test func oddRateRoundsToNearestMicrosecond() throws {
        let t = try Timeline.render(Self.heartbeat, startMicroseconds: 0, looping: true, rate: 1.5, cut: .stop(atMicroseconds: 2_000_000))
        #expect(t.periodMicroseconds == 766_667) // 1150000 / 1.5 = 766666.67
        #expect(t.entries.prefix(4).map(\.timeMicroseconds) == [0, 100_000, 533_333, 633_333])
    }

    @Test func explosionRenderScalesIntensityByTheCurve() throws {
        let t = try Timeline.render(BuiltInPattern.explosion.pattern, startMicroseconds: 1_000_000)
        #expect(t.entries.map(\.kind) == [.transient, .continuousStart, .continuousEnd])
        #expect(t.entries.map(\.timeMicroseconds) == [1_000_000, 1_050_000, 1_850_000])
        #expect(t.entries.map { DecimalText.sixDecimals($0.intensity) } == ["1.000000", "0.200000", "0.071429"])
        #expect(t.entries.map(\.sharpness) == [1.0, 0.1, 0.1])
        #expect(t.entries.allSatisfy { !$0.clipped && $0.loopIndex == 0 })
        #expect(t.periodMicroseconds == nil && t.loopStartsMicroseconds == [1_000_000])
    }

    @Test func backgroundingMidPatternTruncatesAndClips() throws {
        let hb = try Timeline.render(Self.heartbeat, startMicroseconds: 0, cut: .truncated(atMicroseconds: 500_000))
        #expect(hb.entries.map(\.timeMicroseconds) == [0, 150_000])
        let ex = try Timeline.render(BuiltInPattern.explosion.pattern, startMicroseconds: 0, cut: .truncated(atMicroseconds: 500_000))
        #expect(ex.entries.map(\.kind) == [.transient, .continuousStart, .continuousEnd])
        #expect(ex.entries[2].timeMicroseconds == 500_000 && ex.entries[2].clipped)
        #expect(DecimalText.sixDecimals(ex.entries[2].intensity) == "0.571429")
    }

    @Test func cutIsExclusive() throws {
        let t = try Timeline.render(Self.heartbeat, startMicroseconds: 0, cut: .stop(atMicroseconds: 800_000))
        #expect(t.entries.map(\.timeMicroseconds) == [0, 150_000])
        let none = try Timeline.render(Self.heartbeat, startMicroseconds: 100, cut: .stop(atMicroseconds: 100))
        #expect(none.entries.isEmpty && none.loopStartsMicroseconds.isEmpty)
    }

    @Test(arguments: [Float.nan, 0, -1, 0.49, 2.01, Float.infinity, -Float.infinity])
    func invalidRatesAreRejected(_ rate: Float) {
        #expect(throws: Timeline.Failure.rateOutOfRange(rate.description)) {
            try Timeline.render(Self.heartbeat, startMicroseconds: 0, rate: rate)
        }
    }

    @Test func loopingNeedsACut() {
        #expect(throws: Timeline.Failure.loopWithoutCut) { try Timeline.render(Self.heartbeat, startMicroseconds: 0, looping: true) }
    }

    @Test func badTimesAndPatternsAreRejected() {
        #expect(throws: Timeline.Failure.timeOutOfRange(limitMicroseconds: Timeline.maxAbsoluteMicroseconds)) {
            try Timeline.render(Self.heartbeat, startMicroseconds: -1)
        }
        #expect(throws: Timeline.Failure.timeOutOfRange(limitMicroseconds: Timeline.maxAbsoluteMicroseconds)) {
            try Timeline.longTest(Self.heartbeat, startMicroseconds: Int64.max)
        }
        let negative = HapticPattern(events: [tap(at: -1_250_000, intensity: 0.9, sharpness: 0.5)])
        #expect(throws: Timeline.Failure.outOfBounds(.negativeTime(path: "events[0].time"))) {
            try Timeline.render(negative, startMicroseconds: 0)
        }
    }

    @Test func entryLimitIsReported() throws {
        let dense = HapticPattern(events: (0..<100).map { tap(at: Int64($0) * 10_000, intensity: 1, sharpness: 1) })
        let t = try Timeline.render(dense, startMicroseconds: 0, looping: true, cut: .stop(atMicroseconds: 10_000_000_000))
        #expect(t.entries.count == Timeline.maxEntries)
        #expect(t.limitHit == .entries(100_000))
    }

    @Test func loopLimitIsReportedForAnEmptyPattern() throws {
        let t = try Timeline.render(HapticPattern(events: []), startMicroseconds: 0, looping: true, cut: .stop(atMicroseconds: Timeline.maxAbsoluteMicroseconds))
        #expect(t.entries.isEmpty)
        #expect(t.loopStartsMicroseconds.count == Timeline.maxLoops)
        #expect(t.limitHit == .loops(100_000))
    }

    @Test func continuousLoopsEndBeforeTheNextLoop() throws {
        let t = try Timeline.render(BuiltInPattern.explosion.pattern, startMicroseconds: 0, looping: true, cut: .stop(atMicroseconds: 1_200_000))
        #expect(t.periodMicroseconds == 1_100_000)
        #expect(t.entries.map(\.timeMicroseconds) == [0, 50_000, 850_000, 1_100_000, 1_150_000, 1_200_000])
        #expect(t.entries.last?.clipped == true && t.entries.last?.loopIndex == 1)
    }
}

/// The explosion as plot marks: the crack as a tap, the rumble as its envelope on wall time.
/// Article values: crack 1.0/1.0 at 0; rumble intensity 1.0 from 0.05 s for 0.8 s under the curve
/// 0.2 → 1.0 at +0.15 s → 0.0 at +0.85 s from 0.05 s (so the rumble ends at 1 − 0.65/0.7 = 0.071429).
@Suite struct ActuatorMarkTests {
    @Test func explosionEnvelopeFollowsTheCurveOnWallTime() throws {
        let pattern = BuiltInPattern.explosion.pattern
        let timeline = try Timeline.render(pattern, startMicroseconds: 1_000_000)
        var log = ActuatorLog()
        Haptics.logMarks(timeline, Sounding(player: HapticPlayerID(rawValue: 1), patternID: "explosion", pattern: pattern,
                                            startMicroseconds: 1_000_000, looping: false, rate: 1), &log)
        #expect(log.marks.count == 2)
        #expect(log.marks[0].shape == .tap(intensity: 1))
        #expect(log.marks[0].startMicroseconds == 1_000_000)
        guard case .continuous(let e) = log.marks[1].shape else { Issue.record("no envelope"); return }
        // The curve holds Float32 values (AHAP), so its 0.2 is Float(0.2) widened.
        #expect(e.first == ActuatorLog.EnvelopePoint(timeMicroseconds: 1_050_000, intensity: Double(Float(0.2))))
        #expect(e.last?.timeMicroseconds == 1_850_000)
        // The curve peaks at 1.0 when it reaches its middle point, 0.15 s after 0.05 s.
        #expect(e.contains(ActuatorLog.EnvelopePoint(timeMicroseconds: 1_200_000, intensity: 1)))
        // 10 ms samples strictly inside 0.05…0.85 s: 0.06 … 0.84 is 79 points, plus both ends.
        #expect(e.count == 81)
        #expect(zip(e, e.dropFirst()).allSatisfy { $0.timeMicroseconds < $1.timeMicroseconds })
    }

    @Test func aHalfRateLoopLogsEveryTapAtItsScaledTime() throws {
        let pattern = BuiltInPattern.heartbeat.pattern
        let timeline = try Timeline.longTest(pattern, startMicroseconds: 0, rate: 0.5)
        var log = ActuatorLog()
        Haptics.logMarks(timeline, Sounding(player: HapticPlayerID(rawValue: 1), patternID: "heartbeat", pattern: pattern,
                                            startMicroseconds: 0, looping: true, rate: 0.5), &log)
        #expect(log.marks.count == 26)
        #expect(log.marks.last?.startMicroseconds == 14_100_000)
    }
}
