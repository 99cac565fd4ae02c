import LockstepCore

extension RepCounter {
    public static func reduce(_ state: inout RepCounterState, _ event: RepEvent, _ world: inout World<RepCounter>) {
        // What the invariants compare with after the step (not part of the app's behaviour).
        state.audit.before(state, event, now: world.now, zone: world.zone)
        switch event {
        case .frame(let pose): frame(&state, pose, &world)
        case .setStart(let exercise, let rule): startSet(&state, exercise: exercise, rule: rule, &world)
        case .setEnd:
            guard state.setActive else {
                world.reject("setEnd", "no-set-running")
                return
            }
            endSet(&state, &world)
        case .health(let samples): health(&state, samples, &world)
        case .streak(let days):
            guard days >= 0 && days <= 100_000 else {
                world.reject("streak", "out-of-range") { $0.int("days", days).word("allowed", "0...100000") }
                return
            }
            state.streakDays = days
            world.emit(RepOutput.setting(name: "streak", value: .int(days)))
        case .stepsMode(let on):
            state.stepsMode = on
            world.emit(RepOutput.setting(name: "steps-mode", value: .bool(on)))
        default: screenTime(&state, event, &world)
        }
    }

    // MARK: Frames

    static func frame(_ state: inout RepCounterState, _ pose: Pose, _ world: inout World<RepCounter>) {
        let now = world.now
        if let last = state.lastFrameAt, now <= last {
            // Dropped whole: the counter is unchanged.
            world.reject("frame", "not-after-previous") { $0.instant("previous", last) }
            return
        }
        state.lastFrameAt = now
        state.frames += 1
        guard state.setActive else {
            state.idleFrames += 1
            if state.idleFrames == 1 {
                world.reject("frame", "no-set-running") { $0.string("note", "reported once per idle run; frames are ignored until setStart") }
            }
            return
        }
        let kept = JointFilter.filter(pose)
        if kept.invalid != 0 {
            // Not a finite number in 0...1: those joints are treated as absent, the frame is kept.
            world.reject("joints", "out-of-range") { $0.with("joints", RepOutput.jointList(kept.invalid)) }
        }
        let reading = Signal.read(state.exercise, kept)
        let phaseBefore = state.counter.phase
        let step = state.counter.step(reading.value, at: now)
        if step.visibleAgain { world.emit(RepOutput.visibleAgain) }
        if let raw = reading.value, let s = state.counter.smoothed {
            switch state.frameTrace {
            case .every: world.emit(RepOutput.pose(raw: raw, smoothed: s, phase: state.counter.phase, sides: reading.sides))
            case .changes: if state.counter.phase != phaseBefore { world.emit(RepOutput.phaseChanged(phase: state.counter.phase, smoothed: s)) }
            }
        } else if state.frameTrace == .every || state.counter.missingFrames == 1 {
            world.emit(RepOutput.missing(frames: state.counter.missingFrames, sides: reading.sides))
        }
        if state.plot != nil {
            if state.plot?.frame(at: now, raw: reading.value, smoothed: state.counter.smoothed) == false {
                world.emit(Record("plot-limit").int("frames", SetPlot.maxFrames)
                    .string("note", "the set's plot keeps its first frames (SetPlot.maxFrames); the count goes on"))
            }
            state.plot?.outcome(step.outcome, at: now, smoothed: state.counter.smoothed)
        }
        switch step.outcome {
        case .none: break
        case .counted(let n):
            world.emit(RepOutput.counted(reps: n))
            // The rate was locked at set start; the fault re-reads it at every rep.
            let rate = world.isOn(.rateNotLocked) ? state.currentRate : state.lockedRate
            state.setEarnedExact += Double(state.exercise.model.baseSeconds) * rate
        case .tooFast: world.emit(RepOutput.hint(RepConstants.slowDownHint))
        case .goDeeper: world.emit(RepOutput.hint(RepConstants.goDeeperHint))
        case .cannotSeeYou: world.emit(RepOutput.cannotSeeYou(frames: state.counter.missingFrames))
        }
    }

    // MARK: Sets

    static func startSet(_ state: inout RepCounterState, exercise: Exercise?, rule: String?, _ world: inout World<RepCounter>) {
        if let rule, state.screenTime.rule(named: rule) == nil {
            // The set is not started.
            world.reject("setStart", "unknown-rule") { $0.word("rule", rule) }
            return
        }
        if state.setActive { endSet(&state, &world) }
        if let exercise { state.exercise = exercise }
        state.counter = RepCounterMachine(model: state.exercise.model)
        state.setActive = true
        state.setOrdinal += 1
        state.setRule = rule
        state.lockedRate = state.currentRate
        state.setEarnedExact = 0
        state.idleFrames = 0
        state.plot = state.plotsOn ? SetPlot(start: world.now) : nil
        // The app reads the unlock records when the workout screen opens (the stale copy of the fault).
        state.screenTime.appSnapshot = state.screenTime.unlocks
        world.emit(RepOutput.setStarted(ordinal: state.setOrdinal, exercise: state.exercise, rule: rule, rate: state.lockedRate,
                                        steps: state.stepsMode ? 0 : state.stepsToday, streak: state.streakDays))
    }

    static func endSet(_ state: inout RepCounterState, _ world: inout World<RepCounter>) {
        let earned = Int(state.setEarnedExact.rounded(.toNearestOrEven))
        let c = state.counter
        world.emit(RepOutput.setEnded(ordinal: state.setOrdinal, exercise: state.exercise, reps: c.reps, tooFast: c.tooFast,
                                      goDeeper: c.goDeeper, rate: state.lockedRate, earned: earned, to: state.setRule ?? "bank"))
        if let plot = state.plot {
            world.artifact("set\(state.setOrdinal).plot.png", plot.plot(ordinal: state.setOrdinal, exercise: state.exercise, reps: c.reps).png())
            state.plot = nil
        }
        state.setActive = false
        state.earnedTotalSeconds += earned
        let rule = state.setRule
        state.setRule = nil
        guard earned > 0 else { return }
        if let rule {
            grant(&state, rule: rule, seconds: earned, process: .app, &world)
        } else {
            state.bankedSeconds += earned
            world.emit(RepOutput.banked(seconds: earned, total: state.bankedSeconds))
        }
    }

    // MARK: Steps

    static func health(_ state: inout RepCounterState, _ samples: [StepSample], _ world: inout World<RepCounter>) {
        guard samples.allSatisfy({ $0.count >= 0 && $0.count <= 1_000_000 }) else {
            world.reject("health", "out-of-range") { $0.word("allowed", "0...1000000") }
            return
        }
        let notEqual = world.isOn(.notEqualStepPredicate)
        let included = samples.filter { notEqual ? StepPredicate.notEqualMatch($0) : StepPredicate.negatedMatch($0) }.count
        let total = StepPredicate.total(samples, notEqual: notEqual)
        state.stepsToday = total
        world.emit(RepOutput.health(included: included, excluded: samples.count - included, steps: total,
                                    mode: state.stepsMode ? "steps" : "multiplier"))
        guard state.stepsMode else { return }
        let day = LocalClock.dayKey(world.now, world.zone)
        if day != state.stepsPaidDay { state.stepsPaidDay = day; state.stepsPaidMinutes = 0 }
        let p = Pricing.stepPayout(steps: total, paidToday: state.stepsPaidMinutes)
        state.stepsPaidMinutes += p.payNow
        world.emit(RepOutput.stepsPayout(entitled: p.entitled, paidNow: p.payNow, paidToday: state.stepsPaidMinutes))
        if p.payNow > 0 {
            state.bankedSeconds += p.payNow * 60
            world.emit(RepOutput.banked(seconds: p.payNow * 60, total: state.bankedSeconds))
        }
    }
}
