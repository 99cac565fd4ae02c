import LockstepCore
import Platform

extension Sourdough {
    public static func reduce(_ s: inout SourdoughState, _ event: SourdoughEvent, _ world: inout World<Sourdough>) {
        switch event {
        case .configure(let input): configure(input, &s, &world)
        case .plan(let ready): request(ready, &s, &world)
        case .done: extend(.done, &s, &world, trigger: "done")
        case .plus15: extend(.minutes(15), &s, &world, trigger: "plus15")
        case .needMore(let m):
            guard m > 0 else { world.reject("needMore", "non-positive") { $0.int("minutes", m) }; return }
            extend(.minutes(m), &s, &world, trigger: "needMore")
        case .logPeak(let a, let b): learn(kind: "peak", actual: a, baseline: b ?? s.baselinePeakMinutes, &s, &world)
        case .logBulkEnd(let a, let b): learn(kind: "bulk", actual: a, baseline: b ?? s.baselineBulkMinutes, &s, &world)
        case .respond(let id, let action): respond(id, action, &s, &world)
        case .timeChange:
            world.emit(Record("timeChange").word("zone", world.zone.name))
            resolveAgain(&s, &world, why: "timeChange")
        case .activity(let e):
            guard let pressed = s.activities.handle(e, &world, wake: ActivitySync.wake) else {
                // Switched back on with the app on screen: the app's sync may start one now.
                if case .line(.enabled(true)) = e, s.life.phase.isForeground { ActivitySync.sync(&s, &world, from: .app(s.life)) }
                return
            }
            intent(pressed.action, tag: pressed.tag, &s, &world)
        case .widget(let e):
            NextActionsWidget.handle(e, &s, &world)
        case .lifecycle(let line):
            guard line.process == "app" else {
                world.reject("lifecycle", "unknown-process") { $0.word("process", line.process) }
                return
            }
            let wasForeground = s.life.phase.isForeground
            _ = s.life.handle(line.event, &world)
            if (s.life.phase.isForeground && !wasForeground || line.event == .becomeActive) && !world.isOn(.noForegroundSync) {
                ActivitySync.sync(&s, &world, from: .app(s.life))
                NextActionsWidget.write(&s, &world)
            }
        case .notificationDue:
            _ = s.centre.deliverDue(&world, appIsActive: s.life.isActive, wake: .notificationDue)
        }
    }

    public static func zoneChanged(_ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        s.centre.zoneChanged(&world, wake: .notificationDue)
        // The historical bug trusted calendar triggers to follow and never re-solved.
        if world.isOn(.calendarTriggers) { return }
        resolveAgain(&s, &world, why: "timeZoneChanged")
    }

    // MARK: Inputs

    static func minute(_ world: World<Sourdough>) -> Int { Int(world.now.secondsSinceEpochFloor / 60) }

    static func inputs(_ s: SourdoughState, _ world: World<Sourdough>) -> PlanInputs {
        let cap = s.setup.coldProofMaxMinutes ?? (world.isOn(.coldProofCap16h) ? CountryLoaf.oldColdProofMaxMinutes : CountryLoaf.coldProofMaxMinutes)
        return PlanInputs(temperatureC: s.setup.temperatureC, correction: s.correction.value, starterRipe: s.setup.ripe,
                          coldProofMaxMinutes: cap, coldProofStepMinutes: s.setup.coldProofStepMinutes ?? (world.isOn(.fineColdProofLattice) ? Fermentation.gridMinutes : Fermentation.wideLatticeMinutes),
                          clampTemperature: !world.isOn(.noTemperatureClamp))
    }

    static func nights(_ s: SourdoughState, _ world: World<Sourdough>, from lo: Int, to hi: Int) -> QuietNights {
        QuietNights(s.setup.quiet, zone: world.zone, fromMinute: lo - 24 * 60, toMinute: hi + 24 * 60)
    }

    static func configure(_ input: SetupInput, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        guard input.temperatureC.isFinite else {
            world.reject("configure", "temperature-not-finite") { $0.string("temp", "\(input.temperatureC)") }
            return
        }
        guard (-50.0...100.0).contains(input.temperatureC) else {
            world.reject("configure", "temperature-out-of-range") { $0.fixed("temp", input.temperatureC, 2).string("limit", "-50...100 C") }
            return
        }
        guard let quiet = QuietHours.parse(input.quiet) else {
            world.reject("configure", "bad-quiet-hours") { $0.string("quiet", input.quiet).string("expected", "HH:MM-HH:MM") }
            return
        }
        s.setup = Setup(temperatureC: input.temperatureC, starter: input.starter, ripe: input.ripe, quiet: quiet,
                        coldProofMaxMinutes: input.coldProofMaxMinutes, coldProofStepMinutes: input.coldProofStepMinutes)
        let p = inputs(s, world)
        let (factor, clamped) = Fermentation.temperatureFactor(input.temperatureC, clamp: p.clampTemperature)
        let variants = VariantBuilder.build(p)
        let bulk = variants.first { $0[0].kind == .bulk }![0].durationMinutes
        s.baselinePeakMinutes = Double(CountryLoaf.ratios[1].peak24) * factor
        s.baselineBulkMinutes = Double(CountryLoaf.steps[3].idealMinutes) * factor
        world.emit(Record("setup").fixed("temp", input.temperatureC, 2).fixed("factor", factor, 6).int("bulk", bulk)
            .word("starter", input.starter).fixed("correction", s.correction.value, 6).bool("ripe", input.ripe)
            .word("quiet", quiet.text).int("steps", variants.count)
            .int("levainVariants", variants.first { $0[0].kind == .levain }?.count ?? 0)
            .string("minimum", PlanText.hoursMinutes(PlanRequest.minimumTotal(variants))))
        if clamped && p.clampTemperature {
            let used = min(max(input.temperatureC, Fermentation.trustedTemperatureC.lowerBound), Fermentation.trustedTemperatureC.upperBound)
            world.emit(Record("warning").word("kind", "temperatureClamped").fixed("temp", input.temperatureC, 2).fixed("plannedAs", used, 2))
        }
        resolveAgain(&s, &world, why: "setup")
    }

    // MARK: Planning

    static func request(_ ready: ReadyInput, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        let now = minute(world)
        let target: Int
        switch ready {
        case .local(let l, _): target = PlanRequest.ceilToGrid(Int(world.zone.instant(for: l).secondsSinceEpochFloor / 60))
        case .after(let d): target = PlanRequest.ceilToGrid(now + Int(d.wholeSeconds / 60))
        }
        guard target - now <= maxReadyAheadMinutes else {
            let text = PlanText.local(target, world.zone)
            world.reject("plan", "too-far") { $0.string("ready", text).string("limit", "14 days ahead") }
            return
        }
        s.planCount += 1
        s.request = ready
        solve(target: target, id: "p\(s.planCount)", &s, &world)
    }

    /// Full solve to `target`; on refusal the old plan is dropped (the app shows the refusal).
    static func solve(target: Int, id: String, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        let now = minute(world)
        let steps = VariantBuilder.build(inputs(s, world))
        let quiet = nights(s, world, from: min(now, target), to: target + Fermentation.nearestHorizonMinutes)
        switch PlanRequest.solveOrExplain(steps, ready: target, now: now, quiet: quiet) {
        case .plan(let sol):
            s.plan = BakePlan(id: id, promisedReady: target, steps: sol.steps, costUnits: sol.costUnits, correction: s.correction.value)
            world.emit(Record("plan").word("id", id).string("ready", PlanText.local(target, world.zone))
                .string("cost", Fermentation.costText(sol.costUnits)).int("violations", sol.violations)
                .int("spanMinutes", target - sol.steps[0].start).int("steps", sol.steps.count))
            emitTable(sol.steps, quiet, &s, &world)
        case .refused(let reason, let nearest):
            var r = Record("refused").word("id", id).string("ready", PlanText.local(target, world.zone)).word("reason", reason.word)
            switch reason {
            case .minimumsDontFit(let m): r = r.string("needs", PlanText.hoursMinutes(m))
            case .actionInQuietHours(let label, let m): r = r.string("first", label).string("at", PlanText.local(m, world.zone))
            default: break
            }
            world.emit(r.string("nearest", nearest.map { PlanText.local($0, world.zone) } ?? "none within 48 h"))
            s.plan = nil
        }
        afterChange(&s, &world, from: .app(s.life))
    }

    static func emitTable(_ steps: [PlannedStep], _ quiet: QuietNights, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        for line in PlanText.lines(steps, world.zone) { world.emit(Record("line").string("text", line)) }
        for note in PlanText.notes(steps, quiet, s.setup.quiet, world.zone) { world.emit(Record("note").string("text", note)) }
    }

    static func afterChange(_ s: inout SourdoughState, _ world: inout World<Sourdough>, from origin: LiveActivityOrigin) {
        Notifier.reschedule(&s, &world)
        ActivitySync.sync(&s, &world, from: origin)
        NextActionsWidget.write(&s, &world)
    }

    /// After a setup, zone or clock change: a full re-solve while nothing has started, otherwise a
    /// forward re-plan from the running step with the promise kept as an absolute instant.
    static func resolveAgain(_ s: inout SourdoughState, _ world: inout World<Sourdough>, why: String) {
        guard let p = s.plan else { return }
        let now = minute(world)
        if now >= p.ready { return }
        if now < p.steps[0].start {
            solve(target: p.promisedReady, id: p.id, &s, &world)
        } else if let i = p.running(at: now) {
            replan(from: i, newEnd: p.steps[i].end, trigger: why, &s, &world)
        }
    }

    enum Extension { case done, minutes(Int) }

    static func extend(_ e: Extension, _ s: inout SourdoughState, _ world: inout World<Sourdough>, trigger: String, origin: LiveActivityOrigin? = nil) {
        let input = trigger.hasPrefix("intent") ? "intent" : trigger
        guard let p = s.plan else { world.reject(input, "no-plan"); return }
        let now = minute(world)
        guard now < p.ready else { world.reject(input, "plan-complete") { $0.word("plan", p.id) }; return }
        guard let i = p.running(at: now) else {
            let first = PlanText.local(p.steps[0].start, world.zone)
            world.reject(input, "no-step-running") { $0.string("firstStep", first) }
            return
        }
        let end: Int
        switch e {
        case .done: end = PlanRequest.ceilToGrid(now)
        case .minutes(let m): end = p.steps[i].end + m
        }
        guard end - p.steps[i].start <= 3 * 24 * 60 else {
            world.reject(input, "step-too-long") { $0.int("minutes", end - p.steps[i].start).string("limit", "72 h") }
            return
        }
        replan(from: i, newEnd: end, trigger: trigger, &s, &world, origin: origin)
    }

    static func replan(from i: Int, newEnd: Int, trigger: String, _ s: inout SourdoughState, _ world: inout World<Sourdough>,
                       origin: LiveActivityOrigin? = nil) {
        guard var p = s.plan else { return }
        let kinds = Set(p.steps[(i + 1)...].map(\.variant.kind))
        let later = VariantBuilder.build(inputs(s, world)).filter { kinds.contains($0[0].kind) }
        precondition(later.count == p.steps.count - i - 1, "the re-plan covers the steps after the running one")
        let quiet = nights(s, world, from: min(minute(world), p.steps[i].start), to: p.promisedReady + 3 * 24 * 60)
        var r = ForwardSolver.solve(later, from: newEnd, promised: p.promisedReady, quiet: quiet)
        let running = p.steps[i]
        if world.isOn(.moveReadyInsteadOfFlag), r.steps.contains(where: { quiet.count($0.variant, at: $0.start) > 0 }) {
            // The bug: rather than flag, push the rest of the old plan (and the bread) later.
            let delta = newEnd - running.end
            let shifted = p.steps[(i + 1)...].map { PlannedStep(start: $0.start + delta, variant: $0.variant) }
            r = ForwardSolver.Result(steps: shifted, costUnits: shifted.reduce(0) { $0 + $1.variant.costUnits } + delta * Fermentation.driftUnitsPerMinute,
                                     driftMinutes: shifted.last!.end - p.promisedReady)
        }
        p.extendedMinutes += newEnd - running.end
        p.steps = Array(p.steps[..<i]) + [PlannedStep(start: running.start, variant: running.variant.resized(to: newEnd - running.start))] + r.steps
        p.driftMinutes = r.driftMinutes
        p.costUnits = r.costUnits
        p.correction = s.correction.value
        p.replannedFrom = i
        p.flagged = world.isOn(.moveReadyInsteadOfFlag) ? []
            : BackwardSolver.actions(r.steps, quiet: quiet).filter { BackwardSolver.violates($0, r.steps, quiet: quiet) }
        s.plan = p
        world.emit(Record("replan").word("id", p.id).word("trigger", trigger).string("step", running.variant.kind.label)
            .string("stepEnds", PlanText.local(newEnd, world.zone)).string("ready", PlanText.local(p.ready, world.zone))
            .int("drift", r.driftMinutes).string("cost", Fermentation.costText(p.costUnits)).int("flagged", p.flagged.count))
        emitTable(p.steps, quiet, &s, &world)
        for a in p.flagged {
            world.emit(Record("flagged").string("what", a.label).string("at", PlanText.local(a.minute, world.zone)).bool("span", a.isSpan))
        }
        afterChange(&s, &world, from: origin ?? .app(s.life))
    }

    // MARK: Learning and notification answers

    static func learn(kind: String, actual: Double, baseline: Double, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        var c = s.correction
        // The bug compared with the corrected prediction (baseline × current correction).
        let used = world.isOn(.learnAgainstCorrected) ? baseline * c.value : baseline
        if let refusal = c.record(actualMinutes: actual, baselineMinutes: used) {
            world.reject(kind == "peak" ? "logPeak" : "logBulkEnd", refusal.rawValue) {
                $0.string("actual", "\(actual)").string("baseline", "\(used)").string("sane", "ratio 0.25...4")
            }
            return
        }
        s.lastSample = (actual, baseline, s.correction.value, c.value)
        s.starters[s.setup.starter] = c
        world.emit(Record("correction").word("starter", s.setup.starter).word("kind", kind).fixed("actual", actual, 2)
            .fixed("baseline", used, 2).fixed("value", c.value, 6).int("samples", c.sampleCount))
    }

    /// A Lock Screen button (`LiveActivityIntent`): runs in the app's process, which the system
    /// launches in the background if needed, so it may start an activity.
    static func intent(_ action: String, tag: String?, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        if let tag, tag != s.plan?.id {
            world.reject("intent", "other-plan") { $0.word("action", action).string("tag", tag).word("plan", s.plan?.id ?? "none") }
            return
        }
        guard action == StepAction.done.rawValue || action == StepAction.plus15.rawValue else {
            world.reject("intent", "not-an-intent") { $0.word("action", action).string("intents", "done, plus15") }
            return
        }
        if !s.life.phase.processExists { _ = s.life.handle(.launch(.backgroundTask), &world) }
        let origin = LiveActivityOrigin.intent(action: action)
        if action == StepAction.done.rawValue {
            extend(.done, &s, &world, trigger: "intent-done", origin: origin)
        } else {
            extend(.minutes(15), &s, &world, trigger: "intent-plus15", origin: origin)
        }
    }

    static func respond(_ id: String, _ action: String, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        guard let r = s.centre.respond(id, action: action, &world) else { return }
        switch action {
        case StepAction.done.rawValue: extend(.done, &s, &world, trigger: "done")
        case StepAction.plus15.rawValue: extend(.minutes(15), &s, &world, trigger: "plus15")
        case StepAction.snooze5.rawValue: Notifier.snooze(r, &s, &world)
        default:
            // Tapping the banner opens the app; dismiss changes nothing but is said.
            if r.opensApp {
                _ = s.life.handle(.enterForeground, &world)
                _ = s.life.handle(.becomeActive, &world)
                ActivitySync.sync(&s, &world, from: .app(s.life))
                NextActionsWidget.write(&s, &world)
            }
        }
    }
}

extension Variant {
    /// The running step after Done / an extension: same layout, another length. Points after the
    /// new end (folds of a bulk ended early) are dropped: no reminder for a fold after the bulk.
    func resized(to minutes: Int) -> Variant {
        Variant(kind: kind, durationMinutes: minutes, idealMinutes: idealMinutes, costUnits: costUnits,
                points: points.filter { $0 <= 0 || $0 < minutes },
                handsOnMinutes: handsOnMinutes, ratio: ratio, preheatMinutes: preheatMinutes)
    }
}
