import LockstepCore
import Platform

extension Haptics {
    static func customPattern(_ s: HapticsState, _ id: String) -> HapticPattern? {
        BuiltInPattern.withID(id)?.pattern ?? s.userPattern(id)
    }

    static func engineStateName(_ state: HapticEngineState) -> String {
        switch state {
        case .notSupported: "notSupported"
        case .none: "none"
        case .created: "created"
        case .running: "running"
        case .stopped(let r): "stopped(\(r))"
        }
    }

    /// A library item: system feedback through UIKit, a pattern through Core Haptics.
    static func playItem(_ s: inout HapticsState, _ id: String, input: String, _ world: inout World<Haptics>) {
        let t = micros(world)
        if let system = SystemFeedback(rawValue: id) {
            var g: FeedbackGenerator
            let at17_5 = s.os >= OSRelease(17, 5)
            switch system.generator {
            case .impact:
                let style = ImpactFeedbackStyle(rawValue: system.uikitCase ?? "medium") ?? .medium
                g = FeedbackGenerator(kind: .impact(style: style), osAtLeast17_5: at17_5 && !world.isOn(.deprecatedInitOn27), supportsHaptics: s.supportsHaptics)
                generatorRecord(g.impactOccurred(at: t), &s.actuator, &world, cue: "libraryRow")
            case .selection:
                g = FeedbackGenerator(kind: .selection, osAtLeast17_5: at17_5, supportsHaptics: s.supportsHaptics)
                generatorRecord(g.selectionChanged(at: t), &s.actuator, &world, cue: "libraryRow")
            case .notification:
                g = FeedbackGenerator(kind: .notification, osAtLeast17_5: at17_5, supportsHaptics: s.supportsHaptics)
                let type = NotificationFeedbackType(rawValue: system.uikitCase ?? "success") ?? .success
                generatorRecord(g.notificationOccurred(type, at: t), &s.actuator, &world, cue: "libraryRow")
            }
            s.lastPlayed = id
            return
        }
        guard let pattern = customPattern(s, id) else { world.reject(input, "unknown-pattern") { $0.word("id", id) }; return }
        guard s.customFeaturesShown else { world.reject(input, "no-haptics-hardware") { $0.word("id", id) }; return }
        s.plays += 1
        s.lastPlayed = id
        world.emit(Record("play").word("id", id))
        let steps = s.engine.play(pattern, at: t, startEngine: !world.isOn(.missingStartBeforePlay))
        for step in steps {
            switch step {
            case .engine(let o): engineRecord(o, &s, &world)
            case .player(let o): playerRecord(o, &s, &world, patternID: id, pattern: pattern, looping: false)
            }
        }
    }

    static func startLoop(_ s: inout HapticsState, id: String, rate: Double, longTest: Bool, input: String, _ world: inout World<Haptics>) {
        let t = micros(world)
        guard let pattern = customPattern(s, id) else { world.reject(input, "unknown-pattern") { $0.word("id", id) }; return }
        guard s.customFeaturesShown else { world.reject(input, "no-haptics-hardware") { $0.word("id", id) }; return }
        guard rate.isFinite, rate >= 0.5, rate <= 2 else { world.reject(input, "rate-out-of-range") { $0.fixed("rate", rate.isFinite ? rate : 0, 3) }; return }
        if s.loop != nil { stopLoop(&s, input: input, &world) }
        let made = s.engine.makeAdvancedPlayer(pattern, loopEnabled: true, playbackRate: Float(rate))
        playerRecord(made, &s, &world, patternID: id, pattern: pattern, looping: true)
        guard case .created(let pid, _, _, _, _) = made else { return }
        s.lastPlayed = id
        let run = s.nextRun
        s.nextRun += 1
        s.loop = HeldLoop(player: pid, patternID: id, rate: Float(rate), isLongTest: longTest, run: run, stopTimer: nil)
        if !world.isOn(.missingStartBeforePlay) { engineRecord(s.engine.start(at: t), &s, &world) }
        let started = s.engine.startPlayer(pid, at: t)
        playerRecord(started, &s, &world, patternID: id, pattern: pattern, looping: true)
        if longTest, case .started = started {
            s.loop?.stopTimer = world.schedule(after: .seconds(15), .longTestEnd(run: run))
            world.emit(Record("longTest").word("event", "started").word("id", id).fixed("rate", rate, 2).fixed("stopAt", seconds(t + 15_000_000), 6))
        }
    }

    static func stopLoop(_ s: inout HapticsState, input: String, _ world: inout World<Haptics>) {
        let t = micros(world)
        guard let held = s.loop else { world.reject(input, "no-loop") ; return }
        if let timer = held.stopTimer { world.cancel(timer) }
        s.loop = nil
        let o = s.engine.stopPlayer(held.player, at: t)
        playerRecord(o, &s, &world, patternID: held.patternID, pattern: nil, looping: true)
        _ = s.engine.releasePlayer(held.player, at: t)
        if held.isLongTest { world.emit(Record("longTest").word("event", "stopped").word("id", held.patternID)) }
    }

    static func serverReset(_ s: inout HapticsState, _ t: Int64, _ world: inout World<Haptics>) {
        let o = s.engine.serverReset(at: t)
        engineRecord(o, &s, &world)
        guard case .serverReset(_, let steps) = o, steps.contains(where: { if case .restartedByResetHandler = $0 { true } else { false } }) else { return }
        // The note's proposal: the reset handler also rebuilds the held loop (the article only restarts).
        guard let held = s.loop, !world.isOn(.staleLoopAfterReset), let pattern = customPattern(s, held.patternID) else { return }
        let made = s.engine.makeAdvancedPlayer(pattern, loopEnabled: true, playbackRate: held.rate)
        playerRecord(made, &s, &world, patternID: held.patternID, pattern: pattern, looping: true)
        guard case .created(let pid, _, _, _, _) = made else { return }
        s.loop?.player = pid
        world.emit(Record("loop").word("event", "rebuiltAfterReset").word("id", held.patternID).int("player", pid.rawValue))
        playerRecord(s.engine.startPlayer(pid, at: t), &s, &world, patternID: held.patternID, pattern: pattern, looping: true)
    }

    /// Keeps one timer on the engine's auto-shutdown deadline.
    static func armIdle(_ s: inout HapticsState, _ world: inout World<Haptics>) {
        let deadline = s.engine.nextIdleDeadline
        if let current = s.idleTimer, current.at == deadline { return }
        if let current = s.idleTimer { world.cancel(current.id); s.idleTimer = nil }
        guard let d = deadline else { return }
        let id = world.schedule(at: world.start + .microseconds(max(d, micros(world))), .idleCheck)
        s.idleTimer = (id, d)
    }

    // MARK: Records

    static func stopRecord(_ stop: HapticEngineStop, handler: String, _ s: inout HapticsState, _ world: inout World<Haptics>) {
        world.emit(Record("engine").word("from", engineStateName(stop.from)).word("to", "stopped").word("reason", "\(stop.reason)")
            .int("raw", stop.reason.rawValue).word("handler", handler).fixed("at", seconds(stop.atMicroseconds), 6))
        if let line = stop.logLine { world.emit(Record("log").string("line", line)) }
        for cut in stop.stoppedPlayers { playerStop(cut, &s, &world) }
    }

    static func engineRecord(_ o: HapticEngineOutcome, _ s: inout HapticsState, _ world: inout World<Haptics>) {
        switch o {
        case .noHardware(let op): world.emit(Record("engine").word("op", op.rawValue).word("result", "noHardware"))
        case .created: world.emit(Record("engine").word("to", "created").bool("playsHapticsOnly", s.engine.playsHapticsOnly).bool("autoShutdown", s.engine.isAutoShutdownEnabled))
        case .createFailed(let e, let line):
            world.emit(Record("engine").word("result", "createFailed").word("error", "\(e)"))
            world.emit(Record("log").string("line", line))
        case .alreadyCreated(let st): world.emit(Record("engine").word("result", "alreadyCreated").word("state", engineStateName(st)))
        case .notCreated(let op): world.emit(Record("engine").word("op", op.rawValue).word("result", "notCreated"))
        case .started(let from, _): world.emit(Record("engine").word("from", engineStateName(from)).word("to", "running").word("call", "start"))
        case .alreadyRunning: world.emit(Record("engine").word("call", "start").word("result", "alreadyRunning"))
        case .startFailed(let e, let line):
            world.emit(Record("engine").word("result", "startFailed").word("error", "\(e)"))
            if let line { world.emit(Record("log").string("line", line)) }
        case .stopped(let stop): stopRecord(stop, handler: s.engine.hasStoppedHandler ? "stopped" : "none", &s, &world)
        case .notRunning(let st, _): world.emit(Record("engine").word("stop", "notRunning").word("state", engineStateName(st)))
        case .idleNotDue(let d):
            var r = Record("engine").word("idle", "notDue")
            if let d { r = r.fixed("deadline", seconds(d), 6) }
            world.emit(r)
        case .serverReset(_, let steps):
            world.emit(Record("engine").word("event", "serverReset"))
            for step in steps {
                switch step {
                case .playersInvalidated(let ids):
                    for id in ids { world.emit(Record("player").int("id", id.rawValue).word("event", "invalidated")) }
                case .engineStopped(let stop): stopRecord(stop, handler: "reset", &s, &world)
                case .restartedByResetHandler: world.emit(Record("engine").word("from", "stopped(systemError)").word("to", "running").word("handler", "reset"))
                case .restartFailed(let e): world.emit(Record("engine").word("result", "restartFailed").word("error", "\(e)").word("handler", "reset"))
                case .stayedStopped: world.emit(Record("engine").word("state", "stopped(systemError)").word("handler", "none"))
                }
            }
        }
    }

    static func playerRecord(_ o: HapticPlayerOutcome, _ s: inout HapticsState, _ world: inout World<Haptics>,
                             patternID: String, pattern: HapticPattern?, looping: Bool) {
        switch o {
        case .created(let id, let advanced, let loop, let loopEnd, let rate):
            var r = Record("player").int("id", id.rawValue).word("event", "created").word("pattern", patternID).bool("advanced", advanced)
            if loop { r = r.bool("loop", true).fixed("loopEnd", seconds(loopEnd), 6).fixed("rate", Double(rate), 2) }
            world.emit(r)
        case .started(let start):
            world.emit(Record("player").int("id", start.playerID.rawValue).word("event", "started").fixed("at", seconds(start.atMicroseconds), 6))
            world.emit(Record("cue").word("visual", "patternAnimation"))
            if let cut = start.interruptedRun { playerStop(cut, &s, &world) }
            guard let pattern else { return }
            var entry = Sounding(player: start.playerID, patternID: patternID, pattern: pattern, startMicroseconds: start.atMicroseconds,
                                 looping: start.loopEnabled, rate: start.playbackRate, endTimer: nil)
            if let end = start.naturalEndMicroseconds {
                entry.endTimer = world.schedule(at: world.start + .microseconds(end), .playEnded(player: start.playerID.rawValue))
            }
            s.sounding.append(entry)
        case .stopped(let stop): playerStop(stop, &s, &world)
        case .engineStopped(let id, let state, let line):
            s.silentPlays += 1
            world.emit(Record("player").int("id", id.rawValue).word("event", "notStarted").word("engine", engineStateName(state)))
            world.emit(Record("log").string("line", line))
        case .playerInvalid(let id, let line):
            world.emit(Record("player").int("id", id.rawValue).word("event", "invalid"))
            world.emit(Record("log").string("line", line))
        case .notPlaying(let id, _): world.emit(Record("player").int("id", id.rawValue).word("event", "notPlaying"))
        case .noHardware(let op): world.emit(Record("player").word("op", op.rawValue).word("result", "noHardware").string("why", "the button does nothing on this device"))
        case .notCreated(let op): world.emit(Record("player").word("op", op.rawValue).word("result", "notCreated"))
        case .tooManyPlayers(let limit): world.emit(Record("player").word("result", "tooManyPlayers").int("limit", limit))
        case .patternRefused: world.emit(Record("player").word("result", "patternRefused"))
        case .playbackRateRefused(let p): world.emit(Record("player").word("result", "rateRefused").word("why", p.rawValue))
        case .loopEndRefused: world.emit(Record("player").word("result", "loopEndRefused"))
        case .unknownPlayer(let id): world.emit(Record("player").int("id", id.rawValue).word("result", "unknown"))
        case .released(let id): world.emit(Record("player").int("id", id.rawValue).word("event", "released"))
        }
    }

    static func playerStop(_ stop: HapticPlayerStop, _ s: inout HapticsState, _ world: inout World<Haptics>) {
        let cause: String
        switch stop.cause {
        case .playerStopped: cause = "stop"
        case .restarted: cause = "restarted"
        case .engineStopped(let r): cause = "engineStopped(\(r))"
        case .serverReset: cause = "serverReset"
        }
        world.emit(Record("player").int("id", stop.playerID.rawValue).word("event", "stopped").word("cause", cause).fixed("at", seconds(stop.stoppedAtMicroseconds), 6))
        // An engine stop ends the held loop (the long test too); a server reset keeps it, so the
        // reset handler can rebuild it.
        if case .engineStopped = stop.cause, let held = s.loop, held.player == stop.playerID {
            if let timer = held.stopTimer { world.cancel(timer) }
            s.loop = nil
            world.emit(Record("loop").word("event", "endedByEngineStop").word("id", held.patternID))
        }
        if let i = s.sounding.firstIndex(where: { $0.player == stop.playerID }) {
            let cut: Timeline.Cut = stop.cause == .playerStopped ? .stop(atMicroseconds: stop.stoppedAtMicroseconds) : .truncated(atMicroseconds: stop.stoppedAtMicroseconds)
            finish(&s, index: i, cut: cut, &world)
        }
    }

    static func kindName(_ k: Timeline.Entry.Kind) -> String {
        switch k {
        case .transient: "transient"
        case .continuousStart: "continuousStart"
        case .continuousEnd: "continuousEnd"
        }
    }

    /// Writes what the actuator played for a run that ended, and forgets it.
    static func finish(_ s: inout HapticsState, index: Int, cut: Timeline.Cut?, _ world: inout World<Haptics>) {
        let run = s.sounding.remove(at: index)
        if let timer = run.endTimer { world.cancel(timer) }
        s.renders += 1
        let timeline: Timeline
        do {
            timeline = try Timeline.render(run.pattern, startMicroseconds: run.startMicroseconds, looping: run.looping, rate: run.rate, cut: cut)
        } catch {
            world.emit(Record("render").word("pattern", run.patternID).word("result", "refused"))
            return
        }
        if let c = cut { s.entriesPastCut += timeline.entries.filter { $0.timeMicroseconds > c.microseconds }.count }
        let taps = timeline.entries.filter { $0.kind == .transient }
        var r = Record("render").word("pattern", run.patternID).int("player", run.player.rawValue).fixed("start", seconds(run.startMicroseconds), 6)
            .int("entries", timeline.entries.count).int("taps", taps.count)
        if let last = taps.last { r = r.fixed("lastTap", seconds(last.timeMicroseconds), 6) }
        switch cut {
        case nil: r = r.word("cut", "none")
        case .stop(let at): r = r.word("cut", "stop").fixed("cutAt", seconds(at), 6)
        case .truncated(let at): r = r.word("cut", "truncated").fixed("cutAt", seconds(at), 6)
        }
        if run.looping {
            r = r.int("loops", timeline.loopStartsMicroseconds.count).fixed("rate", Double(run.rate), 2)
            if let p = timeline.periodMicroseconds { r = r.fixed("period", seconds(p), 6) }
            if run.rate != 1 { r = r.fixed("loopEnd", seconds(run.pattern.durationMicroseconds + Timeline.loopGapMicroseconds), 6) }
        }
        world.emit(r)
        logMarks(timeline, run, &s.actuator)
        if run.looping {
            world.emit(Record("player").int("id", run.player.rawValue).word("event", "looped").int("n", timeline.loopStartsMicroseconds.count))
            return
        }
        for e in timeline.entries {
            var a = Record("actuator").fixed("t", seconds(e.timeMicroseconds), 6).word("kind", kindName(e.kind))
                .fixed("intensity", e.intensity, 6).fixed("sharpness", Double(e.sharpness), 6)
            if e.clipped { a = a.bool("clipped", true) }
            world.emit(a)
        }
        guard !run.pattern.curves.isEmpty, let samples = try? CurveSampler.sample(run.pattern) else { return }
        let end = cut?.microseconds ?? Int64.max
        for sample in samples where run.startMicroseconds + sample.timeMicroseconds < end {
            world.emit(Record("curve").fixed("t", seconds(run.startMicroseconds + sample.timeMicroseconds), 3).fixed("scale", sample.value, 6))
        }
    }

    /// The rendered run as plot marks: taps as they are, each continuous event as its envelope
    /// (start, the intensity curve's samples strictly inside it, end), all on wall time.
    static func logMarks(_ timeline: Timeline, _ run: Sounding, _ log: inout ActuatorLog) {
        let samples = run.pattern.curves.isEmpty ? [] : ((try? CurveSampler.sample(run.pattern)) ?? [])
        let r = Double(run.rate)
        var open: [Int: (start: Timeline.Entry, loop: Int)] = [:]
        for e in timeline.entries {
            switch e.kind {
            case .transient:
                log.append(.tap(atMicroseconds: e.timeMicroseconds, intensity: e.intensity, sharpness: Double(e.sharpness), source: .coreHaptics))
            case .continuousStart:
                open[e.loopIndex * run.pattern.events.count + e.eventIndex] = (e, e.loopIndex)
            case .continuousEnd:
                guard let (start, loop) = open.removeValue(forKey: e.loopIndex * run.pattern.events.count + e.eventIndex) else { continue }
                var envelope = [ActuatorLog.EnvelopePoint(timeMicroseconds: start.timeMicroseconds, intensity: start.intensity)]
                let loopStart = timeline.loopStartsMicroseconds[loop]
                let base = Double(run.pattern.events[e.eventIndex].intensity)
                // Curve samples inside the event, thinned to fit the log's envelope limit.
                let inside = samples.filter {
                    let at = loopStart + Int64((Double($0.timeMicroseconds) / r).rounded(.toNearestOrEven))
                    return at > start.timeMicroseconds && at < e.timeMicroseconds
                }
                let stride = max(1, (inside.count + ActuatorLog.maxEnvelopePoints - 3) / (ActuatorLog.maxEnvelopePoints - 2))
                for (i, sample) in inside.enumerated() where i % stride == 0 {
                    let at = loopStart + Int64((Double(sample.timeMicroseconds) / r).rounded(.toNearestOrEven))
                    envelope.append(ActuatorLog.EnvelopePoint(timeMicroseconds: at, intensity: base * sample.value))
                }
                envelope.append(ActuatorLog.EnvelopePoint(timeMicroseconds: e.timeMicroseconds, intensity: e.intensity))
                log.append(.continuous(envelope, sharpness: Double(e.sharpness), source: .coreHaptics))
            }
        }
    }
}
