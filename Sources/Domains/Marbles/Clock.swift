import LockstepCore
import Platform

/// The frame loop: `update(_ currentTime:)`, then the scene's actions, in SpriteKit's order.
extension Marbles {
    /// One frame. The frame clock decides what `update` sees (Platform `FrameClock`: view pause,
    /// backwards time, priming by `lastUpdate > 0`, scene pause, the 0.05 s clamp). An advancing
    /// frame runs the countdown, the HUD, then `timeUp` before `levelCleared` (D5); then the actions
    /// due by the new scene time fire, so a removal on this frame is seen by the next `update`.
    static func frame(_ s: inout MarblesState, _ line: FrameLine, _ world: inout World<Marbles>) {
        let time = line.timestamp(world)
        let step = s.clock.frame(at: time, scenePaused: s.isPaused)
        if s.levelStartedAt == nil, step != .suppressed { s.levelStartedAt = time }
        switch step {
        case .suppressed:
            s.framesWhileViewPaused += 1
        case .backwards(let raw):
            if world.isOn(.backwardsAddsTime), !s.isPaused {
                world.emit(Record("frame.backwards").duration("time", time).duration("dt", raw))
                countdown(&s, by: raw, at: time, &world)
            } else {
                world.reject("frame", "clockWentBackwards") { $0.duration("time", time).duration("last", time - raw) }
            }
        case .primed:
            world.emit(Record("frame.primed").duration("time", time))
        case .paused(let would):
            s.framesWhilePaused += 1
            // The article's guard has `!isPaused` and `!isGameOver`; the faults take one away.
            if !s.isGameOver, world.isOn(.noPauseGuard) || world.isOn(.wallClockTimer) { countdown(&s, by: would, at: time, &world) }
        case .advanced(let dt, let raw):
            if dt != raw { world.emit(Record("frame.clamped").duration("raw", raw).duration("dt", dt)) }
            countdown(&s, by: dt, at: time, &world)
        }
        s.actions.advance(by: step.dt)
        while let item = s.actions.nextDue() { fire(&s, item.payload, &world) }
    }

    /// `remaining -= dt`, the HUD, time-up, level-cleared.
    static func countdown(_ s: inout MarblesState, by dt: Duration, at time: Duration, _ world: inout World<Marbles>) {
        let before = s.remaining
        if world.isOn(.wallClockTimer) {
            s.remaining = s.levelStartRemaining - (time - (s.levelStartedAt ?? time))
        } else {
            s.remaining = s.remaining - dt
        }
        if s.remaining > before { s.countdownRewound += 1 }
        let shown = shownSeconds(s.remaining)
        if shown != s.timeLeft || world.isOn(.hudEveryFrame) {
            s.timeLeft = shown
            s.hudWrites += 1
            world.emit(Record("hud").int("timeLeft", shown).duration("remaining", s.remaining))
        }
        if world.isOn(.levelClearedFirst) {
            if s.marbles.isEmpty { levelCleared(&s, at: time, &world) }
            if s.remaining <= .zero { timeUp(&s, at: time, &world) }
        } else {
            if s.remaining <= .zero { timeUp(&s, at: time, &world) }
            if s.marbles.isEmpty { levelCleared(&s, at: time, &world) }
        }
    }

    /// `max(0, remaining.rounded(.up))` in whole seconds: 59.5 → 60, 58.9999 → 59, 0.01 → 1, and
    /// never −0 (D6 is a `Double` artefact this integer countdown cannot have).
    public static func shownSeconds(_ remaining: Duration) -> Int {
        guard remaining > .zero else { return 0 }
        return Int((remaining.nanoseconds + Duration.nanosecondsPerSecond - 1) / Duration.nanosecondsPerSecond)
    }

    /// A life lost; the last one ends the game (paused for good), otherwise the level restarts.
    static func timeUp(_ s: inout MarblesState, at time: Duration, _ world: inout World<Marbles>) {
        s.lives -= 1
        world.emit(Record("timeUp").int("level", s.level).int("livesAfter", s.lives))
        if s.lives <= 0 {
            s.isGameOver = true
            world.emit(Record("gameOver").int("score", s.score).int("level", s.level))
            setPause(&s, { $0.gameOver = true }, &world)
        } else {
            let removed = removeAllMarbles(&s)
            s.remaining = .seconds(Int64(s.config.seconds))
            startLevelClock(&s, at: time)
            world.emit(Record("restartLevel").int("level", s.level).int("seconds", s.config.seconds).int("removed", removed))
            fill(&s, reason: "restart", &world)
        }
    }

    /// The jar is empty: the next level's table row, its full countdown and a refill.
    static func levelCleared(_ s: inout MarblesState, at time: Duration, _ world: inout World<Marbles>) {
        s.level += 1
        s.config = .forLevel(s.level)
        s.remaining = .seconds(Int64(s.config.seconds))
        startLevelClock(&s, at: time)
        world.emit(Record("levelCleared").int("newLevel", s.level).int("marbles", s.config.marbleCount).int("colors", s.config.colorCount)
            .int("seconds", s.config.seconds).fixed("powerUpChance", s.config.powerUpChance, 6))
        fill(&s, reason: "levelUp", &world)
    }

    static func startLevelClock(_ s: inout MarblesState, at time: Duration) {
        s.levelStarts += 1
        s.levelStartedAt = time
        s.levelStartRemaining = s.remaining
    }

    /// A scheduled action fires.
    static func fire(_ s: inout MarblesState, _ action: SceneAction, _ world: inout World<Marbles>) {
        switch action {
        case .burst(let id):
            guard let i = s.marbleIndex(id) else { return }
            guard s.emitterLoads else {
                world.emit(Record("burst.skipped").int("marble", id).word("reason", "emitterMissing"))
                return
            }
            let emitter = Emitter(id: s.nextNodeID, x: s.marbles[i].x, y: s.marbles[i].y, spawnedAt: s.actions.now)
            s.nextNodeID += 1
            s.emitters.append(emitter)
            world.emit(Record("burst").int("marble", id).int("emitter", emitter.id).fixed("x", emitter.x, 3).fixed("y", emitter.y, 3)
                .int("particles", Emitter.particles))
            if !world.isOn(.emittersNeverRemoved),
               !s.actions.run(.sequence([.wait(Emitter.lifetime), .run(.removeEmitter(emitter.id))]), on: emitter.id) {
                limitHit(&s, "emitterRemoval", emitter.id, &world)
            }
        case .vanished:
            break  // the scale and fade end; the removal follows at the same instant
        case .removeMarble(let id):
            guard let i = s.marbleIndex(id) else { return }
            s.marbles.remove(at: i)
            s.actions.removeActions(ofNode: id)
            world.emit(Record("removed").int("id", id).int("marblesLeft", s.marbles.count))
        case .removeEmitter(let id):
            s.emitters.removeAll { $0.id == id }
            world.emit(Record("emitter.removed").int("id", id).int("nodes", s.nodeCount))
        case .wiggle(let id, let dx):
            guard let i = s.marbleIndex(id) else { return }
            s.marbles[i].x += dx
            world.emit(Record("wiggle").int("id", id).fixed("dx", dx, 1).fixed("x", s.marbles[i].x, 3))
        }
    }

    /// Changes the pause reasons and records the scene's pause when it flips.
    static func setPause(_ s: inout MarblesState, _ change: (inout PauseReasons) -> Void, _ world: inout World<Marbles>) {
        let was = s.isPaused
        change(&s.pause)
        guard was != s.isPaused else {
            world.emit(Record("scene").bool("paused", s.isPaused).word("reasons", s.pause.text).bool("changed", false))
            return
        }
        if s.isPaused {
            s.remainingAtPause = s.remaining
            s.scoreAtPause = s.score
            s.framesWhilePaused = 0
            world.emit(Record("scene").bool("paused", true).word("reasons", s.pause.text).duration("remaining", s.remaining))
        } else {
            s.remainingAtPause = nil
            world.emit(Record("scene").bool("paused", false).int("pausedFrames", s.framesWhilePaused).duration("remaining", s.remaining))
        }
    }
}
