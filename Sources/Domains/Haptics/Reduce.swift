import LockstepCore
import Platform

extension Haptics {
    static func micros(_ world: World<Haptics>) -> Int64 { world.elapsed.nanoseconds / 1_000 }

    static func seconds(_ us: Int64) -> Double { Double(us) / 1_000_000 }

    static func dispatch(_ s: inout HapticsState, _ event: HapticsEvent, _ world: inout World<Haptics>) {
        let t = micros(world)
        switch event {
        case .touch(let phase, let inside):
            switch phase {
            case .down:
                world.emit(Record("touch").word("phase", "down").word("target", "impactButton"))
                s.lastTouchDownMicroseconds = t
                if !world.isOn(.noPrepare) { generatorRecord(s.impact.prepare(at: t), &s.actuator, &world) }
            case .up:
                world.emit(Record("touch").word("phase", "up").bool("upInside", inside).word("target", "impactButton"))
                guard inside else { world.emit(Record("button").word("action", "cancelled").string("why", "touch-up outside: no impact")); return }
                let o = world.isOn(.successAsTap) ? s.notification.notificationOccurred(.success, at: t) : s.impact.impactOccurred(at: t, intensity: 0.8)
                if case .fired(let fire) = o {
                    if case .notification = fire.kind { s.outcomeAsTap += 1 }
                    if !fire.wasPrepared, let down = s.lastTouchDownMicroseconds, t - down < s.prepareWindowMicroseconds { s.lateAfterTouchDown += 1 }
                }
                s.lastTouchDownMicroseconds = nil
                generatorRecord(o, &s.actuator, &world, cue: "buttonPressed")
            }
        case .pickerChanged(let value):
            world.emit(Record("picker").int("value", value))
            generatorRecord(s.selection.selectionChanged(at: t), &s.actuator, &world, cue: "pickerRow")
        case .saveFinished(let ok):
            generatorRecord(s.notification.notificationOccurred(ok ? .success : .error, at: t), &s.actuator, &world, cue: ok ? "savedBanner" : "errorBanner")
        case .swiftUITrigger(let control):
            swiftUI(&s, control, t, &world)
        case .playLibrary(let id):
            playItem(&s, id, input: "playLibrary", &world)
        case .loop(let action, let id, let rate):
            switch action {
            case .start: startLoop(&s, id: id ?? "", rate: rate, longTest: false, input: "loop", &world)
            case .stop: stopLoop(&s, input: "loop", &world)
            }
        case .longTest(let id, let rate):
            startLoop(&s, id: id, rate: rate, longTest: true, input: "longTest", &world)
        case .longTestEnd(let run):
            guard let held = s.loop, held.isLongTest, held.run == run else {
                world.emit(Record("longTest").word("event", "alreadyEnded").int("run", run))
                return
            }
            s.loop?.stopTimer = nil
            stopLoop(&s, input: "longTestEnd", &world)
        case .playEnded(let player):
            if let i = s.sounding.firstIndex(where: { $0.player.rawValue == player }) {
                s.sounding[i].endTimer = nil
                finish(&s, index: i, cut: nil, &world)
            }
        case .idleCheck:
            s.idleTimer = nil
            let o = s.engine.checkIdle(at: t)
            if case .idleNotDue = o { return }
            engineRecord(o, &s, &world)
        case .recordTap(let offset):
            guard s.taps.count < RhythmRecorder.maxTaps else { world.reject("recordTap", "too-many-taps") { $0.int("limit", RhythmRecorder.maxTaps) }; return }
            s.taps.append(RhythmTap(monoMicroseconds: t, wallMicroseconds: t + offset))
            world.emit(Record("tap").int("n", s.taps.count).fixed("mono", seconds(t), 6).fixed("wall", seconds(t + offset), 6))
            world.emit(Record("cue").word("visual", "padFlash"))
        case .recordFinish:
            recordFinish(&s, &world)
        case .exportAHAP(let id):
            guard let pattern = customPattern(s, id) else { world.reject("exportAHAP", "unknown-pattern") { $0.word("id", id) }; return }
            do {
                let bytes = try AHAP.export(pattern)
                world.emit(Record("ahap").word("id", id).int("bytes", bytes.count).string("json", String(decoding: bytes, as: UTF8.self)))
            } catch {
                world.reject("exportAHAP", "out-of-bounds") { $0.word("id", id) }
            }
        case .importAHAP(let bytes):
            importAHAP(&s, bytes, &world)
        case .generateCode(let id):
            generateCode(&s, id, &world)
        case .tellThemApart:
            world.emit(Record("tellThemApart").word("order", "success,warning,error").fixed("spacing", 0.6, 1))
            generatorRecord(s.notification.notificationOccurred(.success, at: t), &s.actuator, &world, cue: "successLabel")
            _ = world.schedule(after: .milliseconds(600), .tellStep(index: 1))
            _ = world.schedule(after: .milliseconds(1_200), .tellStep(index: 2))
        case .tellStep(let index):
            let type: NotificationFeedbackType = index == 1 ? .warning : .error
            generatorRecord(s.notification.notificationOccurred(type, at: t), &s.actuator, &world, cue: type == .warning ? "warningLabel" : "errorLabel")
        case .replayLast(let source):
            guard let id = s.lastPlayed else { world.reject("replayLast", "nothing-to-replay") { $0.word("source", source.rawValue) }; return }
            world.emit(Record("replay").word("source", source.rawValue).word("id", id))
            playItem(&s, id, input: "replayLast", &world)
        case .server(let what):
            switch what {
            case .serverReset: serverReset(&s, t, &world)
            case .idle: engineRecord(s.engine.idle(at: t), &s, &world)
            }
        case .sequence(let name, let items, let gap):
            sequence(&s, name: name, items: items, gapMicroseconds: gap, &world)
        case .creator(let action, let kind, let at, let duration, let intensity, let sharpness, let index, let name):
            creator(&s, action, kind: kind, atMicroseconds: at, durationMicroseconds: duration, intensity: intensity,
                    sharpness: sharpness, index: index, name: name, &world)
        case .plot(let from, let to):
            plot(&s, fromMicroseconds: from, toMicroseconds: to ?? t, &world)
        case .lifecycle(let line):
            guard line.process == "app" else { world.reject(LifecycleVocabulary.kind, "noExtensions") { $0.word("process", line.process) }; return }
            _ = s.life.handle(line.event, &world)
            if line.event == .enterBackground { engineRecord(s.engine.backgrounded(at: t), &s, &world) }
        case .audio(let e):
            let notice = s.session.handle(e, &world)
            if case .interruptionBegan = notice { engineRecord(s.engine.interruptionBegan(at: t), &s, &world) }
        }
    }

    // MARK: Plot

    /// `actuator-N.png` over `[from, to)`, with a record of what it drew and what it could not:
    /// runs still sounding are not in the log yet (`pending`), nor are marks the log refused.
    static func plot(_ s: inout HapticsState, fromMicroseconds from: Int64, toMicroseconds to: Int64, _ world: inout World<Haptics>) {
        let title = "actuator " + ActuatorPlot.secondsLabel(from, stepMicroseconds: 1_000) + " s to "
            + ActuatorPlot.secondsLabel(to, stepMicroseconds: 1_000) + " s"
        let drawn: (list: DrawList, summary: ActuatorPlot.Summary)
        do {
            drawn = try ActuatorPlot.drawList(s.actuator, fromMicroseconds: from, toMicroseconds: to, title: title)
        } catch {
            switch error {
            case .emptyWindow:
                world.reject("plot", "empty-window") { $0.fixed("from", seconds(from), 6).fixed("to", seconds(to), 6) }
            case .windowTooLong(let limit):
                world.reject("plot", "window-too-long") { $0.fixed("limit", seconds(limit), 0) }
            }
            return
        }
        s.plots += 1
        let name = "actuator-\(s.plots).png"
        var r = Record("plot").word("name", name).fixed("from", seconds(from), 6).fixed("to", seconds(to), 6)
            .int("taps", drawn.summary.taps).int("continuous", drawn.summary.continuous).int("outside", drawn.summary.outside)
        if drawn.summary.undrawn > 0 { r = r.int("undrawn", drawn.summary.undrawn).int("limit", DrawList.maxCommands) }
        if s.actuator.droppedCount > 0 { r = r.int("dropped", s.actuator.droppedCount).int("logLimit", ActuatorLog.maxMarks) }
        if !s.sounding.isEmpty { r = r.int("pending", s.sounding.count) }
        world.emit(r)
        do {
            world.artifact(name, try drawn.list.png(scale: 1))
        } catch {
            world.reject("plot", "render") { $0.string("detail", "\(error)") }
        }
    }

    // MARK: SwiftUI

    static func swiftUI(_ s: inout HapticsState, _ control: TriggerControl, _ t: Int64, _ world: inout World<Haptics>) {
        switch control {
        case .favorite:
            s.isFavorite.toggle()
            feedbackRecord("favorite", s.favorite.set(s.isFavorite, at: t), text: { $0 ? "true" : "false" }, &s.actuator, &world)
        case .save:
            var rng = world.rng("save", UInt64(s.saveDraws))
            let result = rng.chance(0.5)
            s.saveDraws += 1
            let outcome = s.save.set(result, at: t)
            if case .unchanged = outcome, world.isOn(.retriggerOnSameValue) {
                feedbackRecord("save", .fired(old: result, new: result, feedback: result ? .success : .error, atMicroseconds: t), text: optionalText, &s.actuator, &world)
            } else {
                feedbackRecord("save", outcome, text: optionalText, &s.actuator, &world)
            }
        }
    }

    static func optionalText(_ v: Bool?) -> String { v.map { $0 ? "true" : "false" } ?? "nil" }

    static func feedbackName(_ f: SensoryFeedback) -> String { f.name }

    static func feedbackRecord<V>(_ trigger: String, _ o: ChangeTriggerOutcome<V>, text: (V) -> String, _ log: inout ActuatorLog, _ world: inout World<Haptics>) {
        switch o {
        case .unchanged(let v, _):
            world.emit(Record("feedback").word("trigger", trigger).word("old", text(v)).word("new", text(v)).word("feedback", "none").word("why", "unchanged"))
        case .changedWithoutFeedback(let old, let new, _):
            world.emit(Record("feedback").word("trigger", trigger).word("old", text(old)).word("new", text(new)).word("feedback", "none").word("why", "closureReturnedNil"))
        case .fired(let old, let new, let f, let at):
            log.append(.system(f, atMicroseconds: at))
            world.emit(Record("feedback").word("trigger", trigger).word("old", text(old)).word("new", text(new)).word("feedback", feedbackName(f)))
            world.emit(Record("cue").word("visual", trigger == "favorite" ? "heartIcon" : "saveResultLabel"))
        }
    }

    // MARK: UIKit generators

    static func generatorName(_ k: FeedbackGeneratorKind) -> String {
        switch k {
        case .impact(let style): "impact.\(style.rawValue)"
        case .selection: "selection"
        case .notification: "notification"
        }
    }

    static func callRecord(_ r: Record, _ call: FeedbackGeneratorCall) -> Record {
        switch call {
        case .prepare: r.word("call", "prepare")
        case .impactOccurred(let i): r.word("call", "impactOccurred").fixed("intensity", i, 2)
        case .selectionChanged: r.word("call", "selectionChanged")
        case .notificationOccurred(let type): r.word("call", "notificationOccurred").word("type", type.rawValue)
        }
    }

    static func generatorRecord(_ o: FeedbackGeneratorOutcome, _ log: inout ActuatorLog, _ world: inout World<Haptics>, cue: String? = nil) {
        switch o {
        case .prepared(let kind, let api, _, let until):
            world.emit(Record("generator").word("gen", generatorName(kind)).word("api", api.rawValue).word("call", "prepare").fixed("readyUntil", seconds(until), 6))
        case .fired(let fire):
            log.append(.system(fire))
            var r = callRecord(Record("generator").word("gen", generatorName(fire.kind)).word("api", fire.api.rawValue), fire.call)
            r = r.fixed("latencyMs", Double(fire.latencyMicroseconds) / 1_000, 3).bool("prepared", fire.wasPrepared)
            if let w = fire.intensityWarning { r = r.word("warning", w.rawValue) }
            world.emit(r)
            world.emit(Record("cue").word("visual", cue ?? "none"))
        case .noHardware(let kind, let call, _):
            world.emit(callRecord(Record("generator").word("gen", generatorName(kind)), call).word("result", "noHardware"))
        case .wrongCall(let kind, let call, _):
            world.emit(callRecord(Record("generator").word("gen", generatorName(kind)), call).word("result", "wrongCall"))
        }
    }
}
