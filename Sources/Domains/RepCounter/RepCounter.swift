import LockstepCore

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

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("frame", "One camera frame: any of Vision's 19 joints (absent joints are simply left out).", fields: jointFields),
            EventSpec("setStart", "Starts a set (ends a running one first); locks the rate.", fields: [
                .optional("exercise", .word(choices: Exercise.allCases.map(\.rawValue)), "default: the current exercise"),
                .optional("rule", .word, "the rule the earned time unlocks; default: bank it")]),
            EventSpec("setEnd", "Ends the set: prices its reps and grants or banks the time."),
            EventSpec("health", "Today's HealthKit step samples.", fields: [
                FieldSpec("counts", .tuple(count: 0), "step counts of the samples"),
                .optional("entered", .tuple(count: 0), "HKMetadataKeyWasUserEntered per sample: 1 true, 0 false, -1 key absent (default)")]),
            EventSpec("streak", "Streak length.", fields: [FieldSpec("days", .integer)]),
            EventSpec("stepsMode", "Opt-in: 1,000 steps buy 3 minutes, up to 30 a day.", fields: [FieldSpec("on", .bool)]),
            EventSpec("rule", "Saves a rule.", fields: [
                FieldSpec("name", .word), FieldSpec("apps", .tuple(count: 0), "opaque app tokens"),
                FieldSpec("mode", .word(choices: ["schedule", "dailyBudget", "hourlyBudget"])),
                .optional("minutes", .number, "budget minutes (per day or per hour)"),
                .optional("window", .tuple(count: 2), "start,end in local hours"),
                .optional("enabled", .bool, "default true")]),
            EventSpec("enable", "Switches a rule (or its schedule) on or off.", fields: [FieldSpec("rule", .word), FieldSpec("on", .bool)]),
            EventSpec("deleteRule", "Deletes a rule.", fields: [FieldSpec("rule", .word)]),
            EventSpec("usage", "Foreground use of an app for some seconds ending now.", fields: [
                FieldSpec("app", .integer), FieldSpec("seconds", .integer)]),
            EventSpec("monitor", "Injects a raw DeviceActivityMonitor callback.", fields: [
                FieldSpec("kind", .word(choices: CallbackKind.allCases.map(\.rawValue))),
                FieldSpec("activity", .string, "raw DeviceActivityName"), .optional("event", .word)]),
            EventSpec("shieldButton", "The shield's primary button for a rule.", fields: [FieldSpec("rule", .word)]),
            EventSpec("notifications", "Notification authorization.", fields: [FieldSpec("granted", .bool)]),
            EventSpec("os", "The iOS version (17.4 and 26.5 matter).", fields: [FieldSpec("version", .number)]),
            EventSpec("spend", "Spends banked seconds on a rule.", fields: [FieldSpec("rule", .word), FieldSpec("seconds", .integer)]),
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("exercise", .word(choices: Exercise.allCases.map(\.rawValue)), default: "pushUp", "the exercise of the set open from the start"),
         ConfigSpec("frameTrace", .word(choices: FrameTrace.allCases.map(\.rawValue)), default: "every",
                    "every: one pose record per frame; changes: phase flips and messages only"),
         ConfigSpec("os", .number, default: "17.4", "iOS version"),
         ConfigSpec("notifications", .bool, default: "true", "notification authorization")]
    }

    public static var faults: [FaultSpec] { RepFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }
    public static var generators: [Generator<RepEvent>] { PoseGenerators.all }

    public static func start(_ config: Config, _ world: inout World<RepEvent>) throws(ScenarioError) -> RepCounterState {
        let exercise: Exercise = try config.choice("exercise", default: .pushUp)
        let trace: FrameTrace = try config.choice("frameTrace", default: .every)
        var state = RepCounterState(exercise: exercise, frameTrace: trace)
        state.faults = ActiveFaults { world.fault($0.rawValue) }
        if config.has("os") {
            let text = String(try config.double("os", default: 17.4))
            guard let v = OSVersion.parse(text) else { throw config.error("os", "expected an iOS version like 17.4 or 26.5") }
            state.screenTime.os = v
        }
        state.screenTime.notificationsGranted = try config.bool("notifications", default: true)
        startSet(&state, exercise: nil, rule: nil, &world)
        return state
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> RepEvent {
        switch line.kind {
        case "frame": return .frame(try decodePose(line))
        case "setStart":
            let e: Exercise? = line.has("exercise") ? try line.choice("exercise") : nil
            return .setStart(exercise: e, rule: line.has("rule") ? try line.word("rule") : nil)
        case "setEnd": return .setEnd
        case "health":
            let counts = try line.doubles("counts")
            let entered = line.has("entered") ? try line.doubles("entered") : [Double](repeating: -1, count: counts.count)
            guard entered.count == counts.count else {
                throw line.error("entered needs one value per sample (\(counts.count)), found \(entered.count)", at: "entered")
            }
            guard counts.count <= 10_000 else { throw line.error("at most 10000 samples", at: "counts") }
            var samples: [StepSample] = []
            for (c, e) in zip(counts, entered) {
                guard c.isFinite, c.rounded(.towardZero) == c, abs(c) <= 1e9 else {
                    throw line.error("step counts must be whole numbers", at: "counts")
                }
                guard e == -1 || e == 0 || e == 1 else { throw line.error("entered values are 1, 0 or -1", at: "entered") }
                samples.append(StepSample(count: Int(c), wasUserEntered: e == -1 ? nil : e == 1))
            }
            return .health(samples)
        case "streak": return .streak(days: Int(clamping: try line.int("days")))
        case "stepsMode": return .stepsMode(try line.bool("on"))
        case "rule":
            var window: (Double, Double)? = nil
            if line.has("window") { let w = try line.doubles("window"); window = (w[0], w[1]) }
            return .rule(RuleSpec(name: try line.word("name"), apps: try line.doubles("apps"), mode: try line.word("mode"),
                                  minutes: line.has("minutes") ? try line.double("minutes") : nil, windowHours: window,
                                  enabled: try line.bool("enabled", default: true)))
        case "enable": return .enable(rule: try line.word("rule"), on: try line.bool("on"))
        case "deleteRule": return .deleteRule(try line.word("rule"))
        case "usage":
            return .usage(app: Int(clamping: try line.int("app")), seconds: Int(clamping: try line.int("seconds")))
        case "monitor":
            return .monitor(kind: try line.choice("kind"), activity: try line.string("activity"),
                            event: line.has("event") ? try line.word("event") : nil)
        case "shieldButton": return .shieldButton(rule: try line.word("rule"))
        case "notifications": return .notifications(granted: try line.bool("granted"))
        case "os":
            guard let i = line.index(of: "version"), let v = OSVersion.parse(line.rawText(i)) else {
                throw line.error("expected an iOS version like 17.4 or 26.5", at: "version")
            }
            return .os(v)
        case "spend": return .spend(rule: try line.word("rule"), seconds: Int(clamping: try line.int("seconds")))
        default: throw line.error("unknown repCounter event '\(line.kind)'")
        }
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
