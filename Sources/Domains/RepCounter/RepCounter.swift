import LockstepCore
import Platform

/// `repCounter`: Pull to Refresh, an iPhone app that shields chosen apps with Screen Time and unlocks
/// them for exercise reps counted from Vision body-pose joints on the front camera.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "Counting reps with Vision and locking apps with
/// Screen Time". Frames arrive as joint series (`frame nose=x,y,c ...`, Vision's 19 joints,
/// normalised coordinates of a 1280×720 frame, origin bottom-left); a joint filter (confidence ≥ 0.3)
/// feeds one signal per exercise, an EMA (α 0.35 per frame) and one hysteresis state machine with
/// the article's thresholds and speed floors for all five exercises. Clean reps are priced at a rate
/// locked at set start and become Screen Time grants; a simulated DeviceActivityCenter (20
/// activities, 15-minute minimum, daily repeats, registration echoes, past activity from 17.4)
/// delivers callbacks that all end in one pure policy `apply`.
///
/// Choices where the article is silent (GAPs):
/// - Angles and lengths are measured in the frame's pixel space (x·1280, y·720). Torso length is
///   neck→root, falling back to mid-shoulders→mid-hips; the wrist height is the mean of the visible
///   wrists; the nose is required; a zero-length limb or torso makes the signal missing, never NaN.
/// - The first valid frame of a set initialises the EMA; missing frames leave it, the phase and
///   `lastRepAt` untouched. Every set starts in `.extended`.
/// - Half reps: in `.extended`, smoothed below the half line (but not below `contracted`) marks a dip;
///   the go-deeper hint ("Go deeper — that one didn't count.") fires when the value is back at
///   `extended`. Too-fast reps do not move `lastRepAt` (the article returns before it).
/// - The ninth consecutive missing frame says `cannot-see-you` once; the next valid frame says
///   `visible-again`.
/// - Joints outside 0...1 (or non-finite) are treated as absent and reported with a record; frames
///   at or before the previous frame's time are rejected with a record (the scenario reader already
///   refuses times going backwards with a line:column error).
/// - A set is open from the start with `set exercise` (default pushUp), banked, at the rate of the
///   starting state; `setStart` closes a running set first. Frames outside a set are ignored with one
///   record per idle run.
/// - Rate: additive, `min(2, steps multiplier + 0.05 × min(streak, 8))`, tiers inclusive; earned time
///   is rounded to whole seconds (ties to even) at set end. Steps mode pays whole thousands.
/// - Activity kinds `schedule|budget|grant|warning`. Daily budgets register 00:00–23:59 and hourly
///   budgets one h:00–h:59 activity per hour of the window (DeviceActivitySchedule's inclusive end);
///   only hourly windows are capped at 16 hours; schedule windows lie within one local day.
/// - Policy: open iff disabled, or an unexpired unlock exists, or (schedule) outside the window, or
///   (budget) not spent for the current day/hour or outside the hourly window.
/// - A grant's registration refused at the limit keeps its seconds in the bank. The monitor stops a
///   used-up grant's activity itself (its `intervalDidEnd` echo goes through `apply` again).
/// - The fallback notification's `add` completes 50 ms after the request; `.close` follows it.
///   With ≥ 60 banked seconds the shield button spends the whole bank as a grant and closes.
/// - Under `sharedUnlockArray` the app's copy of the array is the one it read at the last set start.
/// - `set plots true` (not in the app; for the person reading a golden) writes `setN.plot.png` when
///   each set ends: raw and smoothed signal, the thresholds and half line, a marker per outcome
///   (`SetPlot`), with its data embedded so tests read numbers, not pixels.
public enum RepCounter: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = RepCounterState
    public typealias Event = RepEvent

    public static let name = "repCounter"
    public static let summary = "Pull to Refresh: Vision joints → one hysteresis rep counter for five exercises, rep pricing, Screen Time shields and grants (seed 003, \"Counting reps with Vision\")."

    /// A digest every 10 steps: a 30 fps recording is 108,000 steps an hour and writing the state
    /// canonically is a quarter of the replay's cost; every frame's `pose` record already shows the
    /// counter's state (smoothed value and phase), and outputs still locate a divergence to the step.
    public static var digestInterval: Int { 10 }

    static let jointFields: [FieldSpec] = JointName.allCases.map {
        .optional($0.name, .tuple(count: 3), "x,y,confidence: normalised 0...1, origin bottom-left")
    }

    public typealias Fault = RepFault

    public struct Settings: Sendable {
        public var exercise: Exercise
        public var frameTrace: FrameTrace
        public var os: OSRelease
        public var notifications: Bool
        /// A `setN.plot.png` artifact per set (`SetPlot`).
        public var plots: Bool

        public init(exercise: Exercise = .pushUp, frameTrace: FrameTrace = .every, os: OSRelease = .pastActivity,
                    notifications: Bool = true, plots: Bool = false) {
            self.exercise = exercise
            self.frameTrace = frameTrace
            self.os = os
            self.notifications = notifications
            self.plots = plots
        }
    }

    static let osError = "expected an iOS version like 17.4 or 26.5"

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let exercise = try s("exercise", .choice(Exercise.self), default: .pushUp, "the exercise of the set open from the start")
        let frameTrace = try s("frameTrace", .choice(FrameTrace.self), default: .every,
                               "every: one pose record per frame; changes: phase flips and messages only")
        let release = try s("os", DeviceVocabulary.osRelease, default: OSRelease(17, 4), "iOS version")
        let notifications = try s("notifications", .bool, default: true, "notification authorization")
        let plots = try s("plots", .bool, default: false,
                          "write setN.plot.png at each set's end: raw and smoothed signal, thresholds, a marker per counted or refused rep")
        // Read as written (Platform's release field), like the `os` event: `17.10` is minor ten.
        return Settings(exercise: exercise, frameTrace: frameTrace, os: release, notifications: notifications, plots: plots)
    }

    public static let events: [EventKind<RepEvent>] = [
        EventKind("frame", "One camera frame: any of Vision's 19 joints (absent joints are simply left out).") { f throws(ScenarioError) in
            // The hot path: 19 joints matched by hash, no String per key (an empty line while declaring).
            // Read in place: `let line = f.custom(...)` copies the line (four retains and releases
            // per frame, about 1 % of a frame replay).
            f.custom(jointFields)
            return .frame(try decodePose(f.line))
        },
        EventKind("setStart", "Starts a set (ends a running one first); locks the rate.") { f throws(ScenarioError) in
            .setStart(exercise: try f.optional("exercise", .choice(Exercise.self), "default: the current exercise"),
                      rule: try f.optional("rule", .word, "the rule the earned time unlocks; default: bank it"))
        },
        EventKind("setEnd", "Ends the set: prices its reps and grants or banks the time.") { _ throws(ScenarioError) in .setEnd },
        EventKind("health", "Today's HealthKit step samples.") { f throws(ScenarioError) in
            let counts = try f("counts", .tuple(), "step counts of the samples")
            let entered = try f.optional("entered", .tuple(),
                                         "HKMetadataKeyWasUserEntered per sample: 1 true, 0 false, -1 key absent (default)")
                ?? [Double](repeating: -1, count: counts.count)
            guard entered.count == counts.count else {
                throw f.error("entered needs one value per sample (\(counts.count)), found \(entered.count)", at: "entered")
            }
            guard counts.count <= 10_000 else { throw f.error("at most 10000 samples", at: "counts") }
            var samples: [StepSample] = []
            for (c, e) in zip(counts, entered) {
                guard c.isFinite, c.rounded(.towardZero) == c, abs(c) <= 1e9 else {
                    throw f.error("step counts must be whole numbers", at: "counts")
                }
                guard e == -1 || e == 0 || e == 1 else { throw f.error("entered values are 1, 0 or -1", at: "entered") }
                samples.append(StepSample(count: Int(c), wasUserEntered: e == -1 ? nil : e == 1))
            }
            return .health(samples)
        },
        EventKind("streak", "Streak length.") { f throws(ScenarioError) in .streak(days: try f("days", .int)) },
        EventKind("stepsMode", "Opt-in: 1,000 steps buy 3 minutes, up to 30 a day.") { f throws(ScenarioError) in
            .stepsMode(try f("on", .bool))
        },
        EventKind("rule", "Saves a rule.") { f throws(ScenarioError) in
            let name = try f("name", .word)
            let apps = try f("apps", .tuple(), "opaque app tokens")
            let mode = try f("mode", .choice(RuleModeName.self))
            let minutes = try f.optional("minutes", .number, "budget minutes (per day or per hour)")
            let window = try f.optional("window", .tuple(2), "start,end in local hours")
            let enabled = try f("enabled", .bool, default: true)
            return .rule(RuleSpec(name: name, apps: apps, mode: mode, minutes: minutes, windowHours: window.map { ($0[0], $0[1]) },
                                  enabled: enabled))
        },
        EventKind("enable", "Switches a rule (or its schedule) on or off.") { f throws(ScenarioError) in
            .enable(rule: try f("rule", .word), on: try f("on", .bool))
        },
        EventKind("deleteRule", "Deletes a rule.") { f throws(ScenarioError) in .deleteRule(try f("rule", .word)) },
        EventKind("usage", "Foreground use of an app for some seconds ending now.") { f throws(ScenarioError) in
            .usage(app: try f("app", .int), seconds: try f("seconds", .int))
        },
        EventKind("monitor", "Injects a raw DeviceActivityMonitor callback.") { f throws(ScenarioError) in
            .monitor(kind: try f("kind", .choice(CallbackKind.self)), activity: try f("activity", .string, "raw DeviceActivityName"),
                     event: try f.optional("event", .word))
        },
        EventKind("shieldButton", "The shield's primary button for a rule.") { f throws(ScenarioError) in
            .shieldButton(rule: try f("rule", .word))
        },
        EventKind("notifications", "Notification authorization.") { f throws(ScenarioError) in
            .notifications(granted: try f("granted", .bool))
        },
        EventKind("os", "The iOS version (17.4 and 26.5 matter).") { f throws(ScenarioError) in
            // A number field read as written, so `17.10` is minor ten (a Double would make it 17.1).
            let line = f.custom([FieldSpec("version", .number)])
            if f.isDeclaring { return .os(.pastActivity) }
            guard let i = line.index(of: "version"), let v = OSRelease.parse(line.rawText(i)) else {
                throw line.error(osError, at: "version")
            }
            return .os(v)
        },
        EventKind("spend", "Spends banked seconds on a rule.") { f throws(ScenarioError) in
            .spend(rule: try f("rule", .word), seconds: try f("seconds", .int))
        },
    ]

    public static var generators: [Generator<RepEvent>] { PoseGenerators.all }

    public static func kind(of event: RepEvent) -> String {
        switch event {
        case .frame: "frame"
        case .setStart: "setStart"
        case .setEnd: "setEnd"
        case .health: "health"
        case .streak: "streak"
        case .stepsMode: "stepsMode"
        case .rule: "rule"
        case .enable: "enable"
        case .deleteRule: "deleteRule"
        case .usage: "usage"
        case .monitor: "monitor"
        case .shieldButton: "shieldButton"
        case .notifications: "notifications"
        case .os: "os"
        case .spend: "spend"
        case .boundary: "boundary"
        case .notificationAdded: "notificationAdded"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<RepCounter>) throws(ScenarioError) -> RepCounterState {
        var state = RepCounterState(exercise: settings.exercise, frameTrace: settings.frameTrace)
        state.screenTime.os = settings.os
        state.screenTime.notificationsGranted = settings.notifications
        state.plotsOn = settings.plots
        startSet(&state, exercise: nil, rule: nil, &world)
        return state
    }

    /// Reads a frame's joints without building a String per joint: keys are matched by hash (the
    /// runner has already checked every key against the 19 names).
    static func decodePose(_ line: EventLine) throws(ScenarioError) -> Pose {
        var pose = Pose()
        let hashes = JointName.keyHashes
        for i in line.args.indices {
            let h = line.args[i].keyHash
            var j = 0
            while j < JointName.count && hashes[j] != h { j += 1 }
            guard j < JointName.count else { throw line.location(ofArg: i).error("unknown joint '\(line.keyText(i))'") }
            let v = try line.triple(at: i)
            pose.values[3 * j] = v.0
            pose.values[3 * j + 1] = v.1
            pose.values[3 * j + 2] = v.2
            pose.present |= 1 << UInt32(j)
        }
        return pose
    }

    /// The per-frame part is written field by field (no tuples): it runs once per frame, 108,000
    /// times an hour, and dominates the digest's cost.
    public static func write(_ state: RepCounterState, to out: inout CanonicalWriter) {
        let c = state.counter
        out.int("set", state.setOrdinal)
        out.word("setState", state.setActive ? "running" : "ended")
        out.word("exercise", state.exercise.rawValue)
        out.word("setRule", state.setRule ?? "bank")
        out.fixed("lockedRate", state.lockedRate, 2)
        out.fixed("setEarned", state.setEarnedExact, 2)
        out.word("phase", c.phase.rawValue)
        if let s = c.smoothed { out.fixed("smoothed", s, 6) } else { out.word("smoothed", "none") }
        out.int("reps", c.reps)
        out.int("tooFast", c.tooFast)
        out.int("goDeeper", c.goDeeper)
        out.bool("dipped", c.dippedPastHalfLine)
        if let t = c.lastRepAt { out.instant("lastRep", t) } else { out.word("lastRep", "none") }
        out.word("seeing", c.visible ? "visible" : "lost")
        out.int("missingFrames", c.missingFrames)
        out.int("frames", state.frames)
        out.write("economy", .tuple([.int(state.stepsToday), .int(state.streakDays), .bool(state.stepsMode), .int(state.stepsPaidMinutes),
                                     .int(state.bankedSeconds), .int(state.earnedTotalSeconds)]))
        let st = state.screenTime
        guard !st.rules.isEmpty || st.center.count > 0 || !st.unlocks.isEmpty else { return }
        out.write("device", .tuple([.word(st.os.description), .bool(st.notificationsGranted), .int(st.center.count)]))
        for r in st.rules {
            out.write("rule", .tuple([.word(r.name), .word(r.id.description), .word(r.mode.word), .bool(r.enabled),
                                      .bool(st.isShielded(r.name) ?? false)]))
        }
        for r in st.center.registry {
            out.write("activity", .tuple([.string(r.name), .bool(r.inInterval)] + r.events.map { .int($0.countedSeconds) }))
        }
        for k in st.spent { out.word("spent", k) }
        for u in st.unlocks { out.write("unlock", .tuple([.word(u.key), .int(u.seconds), .instant(u.end)])) }
        if !st.pendingUnlock.isEmpty { out.write("pendingUnlock", .tuple(st.pendingUnlock.map { .word($0) })) }
    }
}
