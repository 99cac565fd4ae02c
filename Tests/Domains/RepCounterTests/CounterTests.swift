import Testing
import LockstepCore
import LockstepRunner
@testable import RepCounter

@Suite struct SignalAndCounterTests {
    /// Angle at B of A–B–C from plain geometry: a right angle, a straight line, the 60° of an
    /// equilateral triangle, 45° on a diagonal, and degenerate limbs.
    @Test func angleFunctionKnownValues() throws {
        #expect(abs(try #require(Signal.angleDegrees(ax: 0, ay: 1, bx: 0, by: 0, cx: 1, cy: 0)) - 90) < 1e-12)
        #expect(abs(try #require(Signal.angleDegrees(ax: -1, ay: 0, bx: 0, by: 0, cx: 2, cy: 0)) - 180) < 1e-12)
        let h = 3.0.squareRoot() / 2
        #expect(abs(try #require(Signal.angleDegrees(ax: 1, ay: 0, bx: 0, by: 0, cx: 0.5, cy: h)) - 60) < 1e-9)
        #expect(abs(try #require(Signal.angleDegrees(ax: 5, ay: 0, bx: 0, by: 0, cx: 3, cy: 3)) - 45) < 1e-12)
        #expect(Signal.angleDegrees(ax: 0, ay: 0, bx: 0, by: 0, cx: 1, cy: 0) == nil)
        #expect(Signal.angleDegrees(ax: 1, ay: 1, bx: 1, by: 1, cx: 1, cy: 1) == nil)
    }

    /// Angles are measured in the 1280×720 pixel space: normalised points (0.5,0.5)→(0.6,0.5) and
    /// (0.5,0.5)→(0.5,0.6) are perpendicular in both spaces, but (0.6,0.6) from (0.5,0.5) is 45° in
    /// normalised units and atan(72/128) = 29.357753542791276° in pixels.
    @Test func anglesAreInPixelSpace() throws {
        var pose = Pose()
        pose[.leftShoulder] = (0.6, 0.5, 0.9)
        pose[.leftElbow] = (0.5, 0.5, 0.9)
        pose[.leftWrist] = (0.6, 0.6, 0.9)
        let r = Signal.read(.pushUp, JointFilter.filter(pose))
        #expect(r.sides == .left)
        #expect(abs(try #require(r.value) - 29.357753542791276) < 1e-9)
    }

    /// The article's table and the half line 35 % of the way down, worked by hand.
    @Test func thresholdsAndHalfLines() {
        let expected: [(Exercise, Double, Double, Int64, Int, Double)] = [
            (.pushUp, 100, 150, 700, 30, 132.5), (.squat, 110, 160, 700, 20, 142.5), (.sitUp, 80, 120, 700, 20, 106),
            (.pullUp, 0, 0.35, 1000, 90, 0.2275), (.jumpingJack, 0, 0.8, 400, 10, 0.52),
        ]
        for (e, c, x, ms, base, half) in expected {
            let m = e.model
            #expect(m.contracted == c && m.extended == x && m.minRepInterval == .milliseconds(ms) && m.baseSeconds == base)
            #expect(abs(m.halfLine - half) < 1e-12, "\(e)")
        }
    }

    /// EMA step response (α 0.35) from 180 to raw 90: 148.5, 128.025, 114.71625, 106.0655625,
    /// 100.442615625, 96.78770015625 — first below 100 on the 6th frame; back to 180: ≥ 150 on the 3rd.
    @Test func emaStepResponse() {
        var m = RepCounterMachine(model: Exercise.pushUp.model)
        var t = Instant(secondsSinceEpoch: 0)
        _ = m.step(180, at: t)
        let want = [148.5, 128.025, 114.71625, 106.0655625, 100.442615625, 96.78770015625]
        for (i, w) in want.enumerated() {
            t = t + .nanoseconds(33_333_333)
            _ = m.step(90, at: t)
            #expect(abs(m.smoothed! - w) < 1e-9)
            #expect(m.phase == (i == 5 ? .contracted : .extended))
        }
        var outcomes: [CounterOutcome] = []
        for _ in 0..<3 { t = t + .nanoseconds(33_333_333); outcomes.append(m.step(180, at: t).outcome) }
        #expect(outcomes == [.none, .none, .counted(1)])
    }

    func rep(_ m: inout RepCounterMachine, at seconds: Double) -> CounterOutcome {
        let t = Instant(nanosecondsSinceEpoch: Int64((seconds * 1e9).rounded()))
        m.smoothed = 95
        _ = m.step(95, at: t - .milliseconds(20))
        return m.step(1_000, at: t).outcome
    }

    /// Counted at 1.0, back at 1.6 (0.6 < 0.7: "Slow down", lastRepAt stays 1.0), back at 1.95
    /// (0.95 ≥ 0.7: counts; it would not if the hint had moved lastRepAt to 1.6). 0.7 exactly counts.
    @Test func tooFastDoesNotMoveTheFloor() {
        var m = RepCounterMachine(model: Exercise.pushUp.model)
        m.smoothed = 160
        #expect(rep(&m, at: 1.0) == .counted(1))
        #expect(rep(&m, at: 1.6) == .tooFast)
        #expect(m.lastRepAt == Instant(nanosecondsSinceEpoch: 1_000_000_000))
        #expect(rep(&m, at: 1.95) == .counted(2))
        #expect(rep(&m, at: 2.65) == .counted(3))
    }

    /// Eight missing frames pass silently; the ninth says it cannot see you, once; a valid frame
    /// says visible again and keeps the phase and smoothing.
    @Test func missingFrames() {
        var m = RepCounterMachine(model: Exercise.squat.model)
        _ = m.step(100, at: Instant(secondsSinceEpoch: 0))
        #expect(m.phase == .contracted)
        var results: [CounterOutcome] = []
        for i in 1...10 { results.append(m.step(nil, at: Instant(secondsSinceEpoch: Int64(i))).outcome) }
        #expect(results.filter { $0 == .cannotSeeYou }.count == 1 && results[8] == .cannotSeeYou)
        let back = m.step(100, at: Instant(secondsSinceEpoch: 11))
        #expect(back.visibleAgain && m.phase == .contracted && m.smoothed == 100 && m.missingFrames == 0)
    }

    /// The pose builder's joints give back the wanted signal through the filter and `Signal.read`.
    @Test func poseBuilderRoundTrips() throws {
        let cases: [(Exercise, Double)] = [(.pushUp, 80), (.pushUp, 170), (.squat, 95), (.sitUp, 65), (.pullUp, -0.1), (.pullUp, 0.6), (.jumpingJack, 1.2)]
        for (e, v) in cases {
            let r = Signal.read(e, JointFilter.filter(PoseBuilder.pose(e, value: v)))
            #expect(r.sides == .both)
            #expect(abs(try #require(r.value) - v) < 1e-9, "\(e) \(v)")
        }
    }

    /// Joints below 0.3 confidence are absent; 0.3 itself is kept; out-of-range values are invalid.
    @Test func jointFilter() {
        var pose = Pose()
        pose[.nose] = (0.5, 0.5, 0.3)
        pose[.neck] = (0.5, 0.5, 0.29)
        pose[.root] = (1.01, 0.5, 0.9)
        pose[.leftHip] = (0.5, 0.5, .nan)
        let k = JointFilter.filter(pose)
        #expect(k.has(JointName.nose.index) && !k.has(JointName.neck.index) && !k.has(JointName.root.index))
        #expect(k.lowConfidence == 1 << UInt32(JointName.neck.index))
        #expect(k.invalid == (1 << UInt32(JointName.root.index)) | (1 << UInt32(JointName.leftHip.index)))
    }
}

@Suite struct PricingAndCodecTests {
    /// Additive rate: 10 push-ups ×1 = 300 s; 8,000 steps + 3 days = 1.45 → 435 s; 15,000 + 8 days =
    /// 2.0 exactly (cap); 1 pull-up ×2 = 180 s; steps without reps pay nothing.
    @Test func rates() {
        #expect(Pricing.earnedSeconds(reps: 10, exercise: .pushUp, rate: Pricing.rate(steps: 0, streakDays: 0, stepsMode: false)) == 300)
        let r = Pricing.rate(steps: 8_000, streakDays: 3, stepsMode: false)
        #expect(abs(r - 1.45) < 1e-12)
        #expect(Pricing.earnedSeconds(reps: 10, exercise: .pushUp, rate: r) == 435)
        #expect(Pricing.rate(steps: 15_000, streakDays: 8, stepsMode: false) == 2.0)
        #expect(Pricing.rate(steps: 100_000, streakDays: 50, stepsMode: false) == 2.0)
        #expect(Pricing.earnedSeconds(reps: 1, exercise: .pullUp, rate: 2.0) == 180)
        #expect(Pricing.earnedSeconds(reps: 0, exercise: .pushUp, rate: Pricing.rate(steps: 100_000, streakDays: 0, stepsMode: false)) == 0)
        #expect(Pricing.stepMultiplier(2_999) == 1.0 && Pricing.stepMultiplier(3_000) == 1.15 && Pricing.stepMultiplier(7_999) == 1.15)
        #expect(Pricing.rate(steps: 20_000, streakDays: 2, stepsMode: true) == 1.1)
    }

    /// Steps mode: 7,400 → 21 min; paid 15 → pays 6; a total of 6,000 later pays 0; 12,000 → 30 cap.
    @Test func stepsMode() {
        #expect(Pricing.stepPayout(steps: 7_400, paidToday: 15) == (21, 6))
        #expect(Pricing.stepPayout(steps: 6_000, paidToday: 21) == (18, 0))
        #expect(Pricing.stepPayout(steps: 12_000, paidToday: 21) == (30, 9))
        #expect(Pricing.stepPayout(steps: -5, paidToday: 0) == (0, 0))
    }

    /// Backstop: 5 min → 20 → 30 min; 1 h → 4 h; 6 h → 24 → 22 h.
    @Test func backstop() {
        #expect(Pricing.backstopSeconds(unlockSeconds: 300) == 1_800)
        #expect(Pricing.backstopSeconds(unlockSeconds: 3_600) == 14_400)
        #expect(Pricing.backstopSeconds(unlockSeconds: 21_600) == 79_200)
    }

    /// The negated match keeps samples without the key; the not-equal match drops them.
    @Test func stepPredicates() {
        let samples = [StepSample(count: 4_000, wasUserEntered: nil), StepSample(count: 500, wasUserEntered: true),
                       StepSample(count: 300, wasUserEntered: false)]
        #expect(StepPredicate.total(samples, notEqual: false) == 4_300)
        #expect(StepPredicate.total(samples, notEqual: true) == 300)
    }

    @Test func activityNameCodec() throws {
        let id = try #require(ActivityName.parseUUID("3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        let name = ActivityName.make(.grant, rule: id, slot: 2)
        #expect(name == "grant|3F2504E0-4F89-11D3-9A0C-0305E82C3301|2")
        let d = try #require(ActivityName.decode(name))
        #expect(d.kind == .grant && d.rule == id && d.slot == 2)
        #expect(ActivityName.decode("budget|3f2504e0-4f89-11d3-9a0c-0305e82c3301|0")?.rule == id)
        #expect(ActivityName.decode("schedule|3F2504E0-4F89-11D3-9A0C-0305E82C3301|-1")?.slot == -1)
        for bad in ["grant|3F2504E0-4F89-11D3-9A0C-0305E82C3301|", "grant|X", "a|b|c|d", "grant||0", "",
                    "lunch|3F2504E0-4F89-11D3-9A0C-0305E82C3301|0", "grant|3F2504E0-4F89-11D3-9A0C-0305E82C330|0",
                    "grant|3F2504E0_4F89-11D3-9A0C-0305E82C3301|0", "grant|3F2504E0-4F89-11D3-9A0C-0305E82C3301|1.5",
                    "grant|3F2504E0-4F89-11D3-9A0C-0305E82C3301| 1", "grant|3F2504E0-4F89-11D3-9A0C-0305E82C3301|0|"] {
            #expect(ActivityName.decode(bad) == nil, "\(bad)")
        }
    }
}

@Suite struct ScenarioInputTests {
    func run(_ body: String) -> String { InlineScenario.traceOrError(RepCounter.self, body) }

    @Test func unknownJointIsALocatedError() {
        let r = run("0 frame nose=0.5,0.5,0.9 leftToe=0.1,0.1,0.9\n")
        #expect(r.hasPrefix("error: t.scenario:3:26:") && r.contains("leftToe"))
    }

    @Test func wrongTupleAndWordsAreErrors() {
        #expect(run("0 frame nose=0.5,0.5\n").contains("3 numbers"))
        // `nan` is a number literal: it reaches the joint filter, which rejects the joint with a record.
        #expect(run("0 frame nose=nan,0.5,0.9\n").contains("rejected input=joints reason=out-of-range joints=nose"))
        #expect(run("0 frame nose=true,0.5,0.9\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 setStart exercise=burpee\n").contains("burpee"))
        #expect(run("set exercise burpee\n").hasPrefix("error: t.scenario:3:"))
    }

    /// The declarations are whole: every kind declared once, read unconditionally and named by `kind(of:)`.
    @Test func declarationsHaveNoProblems() {
        #expect(RepCounter.entry.problems.isEmpty, "\(RepCounter.entry.problems)")
    }

    /// Frames outside a set are refused once per idle run (not once per frame), and a frame at the
    /// previous one's instant is refused every time.
    @Test func idleAndRepeatedFramesAreRejected() {
        let r = run("0 setEnd\n1 frame nose=0.5,0.5,0.9\n2 frame nose=0.5,0.5,0.9\n2 frame nose=0.5,0.5,0.9\n")
        let lines = r.split(separator: "\n")
        #expect(lines.filter { $0.contains("rejected input=frame reason=no-set-running") }.count == 1)
        #expect(lines.filter { $0.contains("rejected input=frame reason=not-after-previous") }.count == 1)
    }

    /// The `os` event and the `os` setting both read the version as written (17.10 is minor ten,
    /// never 17.1 through a Double). Platform's `OSRelease` refuses
    /// three-digit parts, so `017.4` is a located error.
    @Test func osVersions() {
        #expect(run("0 os version=17.10\n").contains("os value=17.10"))
        let rule = "0 rule name=w apps=1 mode=schedule window=9,17\n"
        #expect(run("set os 17.10\n" + rule).contains("device=17.10,"))
        #expect(run("set os 26.5\n" + rule).contains("device=26.5,"))
        #expect(run("0 os version=017.4\n") == "error: t.scenario:3:14: expected an iOS version like 17.4 or 26.5")
        #expect(run("set os 100\n").hasPrefix("error: t.scenario:3:8: expected an OS release like 17, 17.5 or 18.2.1, found '100'"))
    }

    @Test func framesCountThroughTheScenarioPath() {
        let r = run("0 gen pushups reps=3 period=2\n6.1 setEnd\n")
        #expect(r.contains("counted reps=3") && r.contains("earnedSeconds=90"))
    }
}
