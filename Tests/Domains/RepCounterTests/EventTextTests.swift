import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import RepCounter

/// `RepCounter.text(of:)`: every recorded event kind is written so that the scenario reader, the
/// validator and the decoder give back the same event (compared field by field, bit for bit).
@Suite struct RepEventTextTests {
    static func expectSame(_ events: [RepEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try EventDecoding.roundTripDifferences(RepCounter.self, events) == [], sourceLocation: sourceLocation)
    }

    static func pose(_ joints: [(JointName, Double, Double, Double)]) -> Pose {
        var p = Pose()
        for (j, x, y, c) in joints { p[j] = (x, y, c) }
        return p
    }

    @Test func everyKindReadsBackTheSame() throws {
        let all = Self.pose(JointName.allCases.map { ($0, 0.1 * Double($0.rawValue), 1 - 1e-7 * Double($0.rawValue), 0.3) })
        try Self.expectSame([
            .frame(Pose()), .frame(all),
            .frame(Self.pose([(.nose, 0.5, -0.0, 1), (.rightAnkle, .infinity, -2, 1e-300), (.leftWrist, 0.30000000000000004, 2, -1)])),
            .setStart(exercise: nil, rule: nil), .setStart(exercise: .jumpingJack, rule: "games"), .setStart(exercise: .squat, rule: nil),
            .setEnd,
            .health([StepSample(count: 1200, wasUserEntered: nil)]),
            .health([StepSample(count: -5, wasUserEntered: true), StepSample(count: 1_000_000_000, wasUserEntered: false),
                     StepSample(count: 0, wasUserEntered: nil)]),
            .streak(days: 0), .streak(days: -3), .stepsMode(true), .stepsMode(false),
            .rule(RuleSpec(name: "games", apps: [1, 2.5, -3], mode: .dailyBudget, minutes: 0.1, windowHours: nil, enabled: true)),
            .rule(RuleSpec(name: "night", apps: [7], mode: .schedule, minutes: nil, windowHours: (22, 6.5), enabled: false)),
            .enable(rule: "games", on: false), .deleteRule("night"), .usage(app: 1, seconds: 90), .usage(app: -1, seconds: Int.max),
            .monitor(kind: .intervalDidStart, activity: "rule.\"quoted\" \\ with spaces\tand tab", event: nil),
            .monitor(kind: .eventDidReachThreshold, activity: "", event: "budget.1"),
            .shieldButton(rule: "games"), .notifications(granted: true), .notifications(granted: false),
            .os(OSRelease(17, 4)), .os(OSRelease(17, 10)), .os(OSRelease(26, 0)), .os(OSRelease(99, 99)),
            .spend(rule: "games", seconds: 180),
        ])
    }

    /// Frames from every exercise's generator, with jitter and dropout (random joints) and sides
    /// that vanish (absent joints).
    @Test func generatedFramesReadBackTheSame() throws {
        for gen in ["gen pushups reps=2 period=1", "gen squats reps=1 jitter=3 dropout=0.3 hideLeft=0.5", "gen situps reps=1 hold=5",
                    "gen pullups reps=1 fps=60", "gen jacks reps=2 period=0.9 jitter=2 hideRight=0"] {
            let events = try EventDecoding.generated(RepCounter.self, gen, seed: 5)
            #expect(events.count >= 10, "\(gen)")
            try Self.expectSame(events)
        }
    }

    @Test func knownLines() {
        #expect(RepCounter.text(of: .os(OSRelease(17, 10))) == "os version=17.10")  // minor ten, not 17.1
        #expect(RepCounter.text(of: .frame(Self.pose([(.neck, 0.5, 0.25, 1)]))) == "frame neck=0.5,0.25,1.0")
        #expect(RepCounter.text(of: .setStart(exercise: nil, rule: nil)) == "setStart")
    }

    /// What has no line: the timers, a patch release (the number field reads major.minor), a
    /// component beyond two digits, health with no samples, a rule with no apps.
    @Test func noLineForTimersOrWhatTheDecoderCannotGive() {
        #expect(RepCounter.text(of: .boundary) == nil)
        #expect(RepCounter.text(of: .notificationAdded(id: "x")) == nil)
        #expect(RepCounter.text(of: .os(OSRelease(18, 2, 1))) == nil)
        #expect(RepCounter.text(of: .os(OSRelease(100, 0))) == nil)
        #expect(RepCounter.text(of: .health([])) == nil)
        #expect(RepCounter.text(of: .rule(RuleSpec(name: "r", apps: [], mode: .schedule, minutes: nil, windowHours: nil, enabled: true))) == nil)
    }
}
