import LockstepCore
import Platform

/// The player's loop as a reducer: play schedules a sleep of `baseInterval / speed` on the
/// virtual clock (the speed is read when each sleep starts, so a change mid-sleep applies from
/// the next one), a tick advances one step, pause cancels the sleep (a resume waits a full
/// interval again, not the remainder), step and seek pause first and clamp.
extension AlgoPlayer {
    static let baseIntervalMs = 600.0
    /// Speeds above this are refused (GAP: the picker offers up to 2×; 16× is a 38 ms step).
    static let maxSpeed = 16.0

    /// 1×, or 0.5× with VoiceOver running (GAP: the article says "slow the default speed").
    static func defaultSpeed(_ s: AlgoPlayerState, _ world: World<AlgoPlayer>) -> Double {
        s.a11y.voiceOver && !world.isOn(.voiceOverFullSpeed) ? 0.5 : 1.0
    }

    static func speed(_ s: AlgoPlayerState, _ world: World<AlgoPlayer>) -> Double { s.player.userSpeed ?? defaultSpeed(s, world) }

    /// 600 ms / speed, to the nearest millisecond (exact for 0.5×, 1×, 2×).
    static func interval(_ speed: Double) -> Duration { .milliseconds(Int64((baseIntervalMs / speed).rounded())) }

    static func isAtEnd(_ s: AlgoPlayerState) -> Bool { s.player.index == (s.steps?.count ?? 0) - 1 }

    static func playerRecord(_ state: String, _ s: AlgoPlayerState, _ world: World<AlgoPlayer>) -> Record {
        Record("player").word("state", state).int("index", s.player.index).fixed("speed", speed(s, world), 2)
    }

    /// Starts one sleep of the loop `token` belongs to, at the speed read now.
    static func sleep(_ s: inout AlgoPlayerState, token: GenerationToken, _ world: inout World<AlgoPlayer>) {
        let d = interval(speed(s, world))
        let timer = world.schedule(after: d, .tick(token))
        s.player.ticks.append((token, timer, world.now + d))
    }

    static func play(_ s: inout AlgoPlayerState, _ world: inout World<AlgoPlayer>) {
        guard s.steps != nil else { world.reject("play", "nothingLoaded"); return }
        guard !s.player.isPlaying else { world.reject("play", "alreadyPlaying") { $0.int("index", s.player.index) }; return }
        if isAtEnd(s) && !world.isOn(.noReplay) && s.player.index != 0 {
            s.player.index = 0
            Render.show(&s, cause: "replay", announce: true, &world)
        }
        s.player.isPlaying = true
        if isAtEnd(s) {
            // The loop's condition fails at once: playing ends without a sleep.
            s.player.isPlaying = false
            world.emit(playerRecord("ended", s, world).string("why", "already at the last step"))
            return
        }
        let token = s.player.generation.restart()
        sleep(&s, token: token, &world)
        world.emit(playerRecord("playing", s, world).duration("interval", interval(speed(s, world)))
            .instant("nextTick", s.player.ticks.last!.at))
    }

    static func tick(_ s: inout AlgoPlayerState, _ token: GenerationToken, _ world: inout World<AlgoPlayer>) {
        s.player.ticks.removeAll { $0.token == token && $0.at == world.now }
        // Under restartLoopOnSpeed the old loop was never cancelled and checks only isPlaying.
        if s.player.generation.isCurrent(token) || !world.isOn(.restartLoopOnSpeed) {
            guard s.player.generation.accept(token, &world) else { return }
        }
        guard s.player.isPlaying, s.steps != nil, !isAtEnd(s) else {
            world.reject("tick", "notPlaying") { $0.int("generation", token.rawValue) }
            return
        }
        s.player.ticksFired += 1
        s.player.index += 1
        Render.show(&s, cause: "tick", announce: true, &world)
        if isAtEnd(s) {
            s.player.isPlaying = false
            for t in s.player.ticks { world.cancel(t.timer) }
            s.player.ticks = []
            world.emit(playerRecord("ended", s, world))
        } else {
            sleep(&s, token: token, &world)
        }
    }

    /// Stops the loop; a record only when something was playing (`pause()` is idempotent).
    @discardableResult
    static func stop(_ s: inout AlgoPlayerState, _ world: inout World<AlgoPlayer>) -> Bool {
        guard s.player.isPlaying else { return false }
        s.player.isPlaying = false
        for t in s.player.ticks { world.cancel(t.timer) }
        s.player.ticks = []
        s.player.generation.invalidate()
        world.emit(playerRecord("paused", s, world))
        return true
    }

    static func pause(_ s: inout AlgoPlayerState, _ world: inout World<AlgoPlayer>) {
        guard s.steps != nil else { world.reject("pause", "nothingLoaded"); return }
        if !stop(&s, &world) { world.reject("pause", "notPlaying") { $0.int("index", s.player.index) } }
    }

    /// Step and seek: pause, clamp into 0...count − 1, render when the index changed.
    static func move(_ s: inout AlgoPlayerState, to requested: Int, cause: String, _ world: inout World<AlgoPlayer>) {
        guard let steps = s.steps else { world.reject(cause, "nothingLoaded"); return }
        stop(&s, &world)
        let target = min(max(requested, 0), steps.count - 1)
        let from = s.player.index
        var r = Record("move").word("cause", cause).int("from", from).int("requested", requested).int("to", target)
        if target != requested { r = r.bool("clamped", true) }
        if target < from && world.isOn(.sleepInsideAlgorithm) {
            // The loop's earlier states are gone: nothing to go back to.
            world.emit(Record("move").word("cause", cause).int("from", from).int("requested", requested).int("to", from))
            return
        }
        world.emit(r)
        guard target != from else { return }
        s.player.index = target
        Render.show(&s, cause: cause, announce: true, backwards: target < from, &world)
    }

    static func setSpeed(_ s: inout AlgoPlayerState, _ v: Double, _ world: inout World<AlgoPlayer>) {
        guard v.isFinite else { world.reject("speed", "notFinite") { $0.word("value", "\(v)") }; return }
        guard v > 0 else { world.reject("speed", "notPositive") { $0.fixed("value", v, 3) }; return }
        guard v <= maxSpeed else { world.reject("speed", "outOfRange") { $0.fixed("value", v, 3).fixed("max", maxSpeed, 1) }; return }
        s.player.userSpeed = v
        world.emit(Record("player").word("state", s.player.isPlaying ? "playing" : "paused").int("index", s.player.index)
            .fixed("speed", v, 2).duration("interval", interval(v)).word("appliesAt", s.player.isPlaying ? "nextSleep" : "play"))
        if s.player.isPlaying && world.isOn(.restartLoopOnSpeed) {
            let token = s.player.generation.restart()
            sleep(&s, token: token, &world)
        }
        if world.isOn(.animateUnrelatedState) { Render.show(&s, cause: "speed", announce: false, &world) }
    }
}
