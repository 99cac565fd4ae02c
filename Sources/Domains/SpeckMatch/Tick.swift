import LockstepCore
import Platform

/// The tick: game time, spawning, the overfull check. "Keep tick cheap."
extension SpeckMatch {
    /// One `TimelineView` tick. `defer { lastTick = now }` always runs (Platform `FrameClock` keeps
    /// tracking while paused); a paused game or a missing `lastTick` returns (the first frame after
    /// a new game or a resume only primes); otherwise `elapsed += min(now − last, 0.05)`, then at
    /// most one spawn when `elapsed ≥ nextSpawn` (with `nextSpawn = elapsed + interval`, from the
    /// already-advanced time), then game over when the board is overfull.
    static func frame(_ s: inout SpeckMatchState, _ line: FrameLine, _ world: inout World<SpeckMatch>) {
        let time = line.timestamp(world)
        let step = s.clock.frame(at: time, scenePaused: s.isPaused)
        switch step {
        case .suppressed, .paused:
            return
        case .primed:
            world.emit(Record("frame.primed").duration("time", time))
            return
        case .backwards(let raw):
            guard world.isOn(.negativeDtRewinds), !s.isPaused else {
                world.reject("frame", "nonMonotonicClock") { $0.duration("time", time).duration("last", time - raw) }
                return
            }
            s.elapsed = s.elapsed + raw
            s.rewound += 1
            world.emit(Record("frame.backwards").duration("dt", raw).duration("elapsed", s.elapsed))
        case .advanced(let dt, let raw):
            s.elapsed = s.elapsed + dt
            if dt != raw { world.emit(Record("frame.clamped").duration("raw", raw).duration("dt", dt).duration("elapsed", s.elapsed)) }
        }
        if s.elapsed >= s.nextSpawn { spawn(&s, &world) }
        if s.specks.count >= s.difficulty.maxSpecks { gameOver(&s, &world) }
    }

    /// A new dot: colour, then x in 30…360, then y in 120…700 (absolute points, the order Swift
    /// evaluates the arguments in), born now in game time; no overlap avoidance (the code has none).
    static func spawn(_ s: inout SpeckMatchState, _ world: inout World<SpeckMatch>) {
        let palette = SpeckColor.allCases.prefix(s.difficulty.colorCount)
        let color = palette[s.rng.int(below: palette.count)]
        let x = 30 + s.rng.double() * 330
        let y = 120 + s.rng.double() * 580
        let speck = Speck(id: s.nextID, color: color, x: x, y: y, bornAt: s.elapsed)
        s.nextID += 1
        s.spawns += 1
        s.specks.append(speck)
        let interval = s.difficulty.spawnInterval(atElapsed: s.elapsed)
        s.nextSpawn = s.elapsed + interval
        world.emit(Record("spawn").int("id", speck.id).word("color", color.rawValue).fixed("x", x, 3).fixed("y", y, 3)
            .duration("bornAt", speck.bornAt).duration("interval", interval).duration("nextSpawn", s.nextSpawn).int("count", s.specks.count))
    }

    /// The board is overfull: the run ends (paused for good), its score goes to Game Center once.
    static func gameOver(_ s: inout SpeckMatchState, _ world: inout World<SpeckMatch>) {
        s.isGameOver = true
        world.emit(Record("gameOver").word("difficulty", s.difficulty.rawValue).duration("elapsed", s.elapsed)
            .int("score", s.score).int("specks", s.specks.count).int("spawns", s.spawns))
        pause(&s, reason: "gameOver", &world)
        submitScore(&s, &world)
    }

    /// `pause()`: paused, `lastTick = nil` (so the first frame back primes), the drag chain dropped.
    static func pause(_ s: inout SpeckMatchState, reason: String, _ world: inout World<SpeckMatch>) {
        let was = s.isPaused
        s.isPaused = true
        if !world.isOn(.resumeWithoutPriming) { s.clock.unprime() }
        if !was { s.elapsedAtPause = s.elapsed }
        world.emit(Record("paused").word("reason", reason).bool("changed", !was).duration("elapsed", s.elapsed))
        if !s.chain.isEmpty, !world.isOn(.chainSurvivesPause) {
            world.emit(Record("chain.dropped").word("reason", reason).word("chain", ids(s.chain)))
            s.chain = []
        }
    }

    /// `resume()`: refused after game over (only a new game resets).
    static func resume(_ s: inout SpeckMatchState, _ world: inout World<SpeckMatch>) {
        if s.isGameOver {
            world.reject("resume", "gameOver")
            return
        }
        world.emit(Record("resumed").bool("changed", s.isPaused).duration("elapsed", s.elapsed))
        s.isPaused = false
        s.elapsedAtPause = nil
    }

    /// `newGame(difficulty:)`: a fresh board; the first frame primes.
    static func newGame(_ s: inout SpeckMatchState, _ difficulty: Difficulty, _ world: inout World<SpeckMatch>) {
        s.difficulty = difficulty
        s.specks = []
        s.score = 0
        s.elapsed = .zero
        s.nextSpawn = .zero
        s.chain = []
        s.isPaused = false
        s.isGameOver = false
        s.submitted = false
        s.elapsedAtPause = nil
        s.spawns = 0
        s.runs += 1
        s.clock.unprime()
        world.emit(Record("newGame").word("difficulty", difficulty.rawValue).int("maxSpecks", difficulty.maxSpecks)
            .int("colors", difficulty.colorCount).word("leaderboard", difficulty.leaderboardID))
    }

    static func ids(_ list: [Int]) -> String { list.isEmpty ? "none" : list.map(String.init).joined(separator: ",") }
}
