import LockstepCore
import Platform

/// Invariants checked after every step, and a random explorer of frames, taps, settles, pauses,
/// calls and lifecycle.
extension Marbles {
    public static let invariants: [Invariant<Marbles>] = [
        Invariant("countdownFrozenWhilePaused", "while the scene is paused the countdown does not move (failures 1 and 3)") { s, _ in
            guard s.isPaused, let at = s.remainingAtPause, at != s.remaining else { return nil }
            return "remaining moved from \(at) to \(s.remaining) while paused (\(s.pause.text))"
        },
        Invariant("noScoreWhilePaused", "nothing scores while the scene is paused or the game is over (D9)") { s, _ in
            guard s.isPaused, s.remainingAtPause != nil, s.score != s.scoreAtPause else { return nil }
            return "score went from \(s.scoreAtPause) to \(s.score) while paused (\(s.pause.text))"
        },
        Invariant("countdownOnlyFalls", "within a level the countdown never goes up (a backwards frame must not add time)") { s, _ in
            s.countdownRewound == 0 ? nil : "the countdown went up \(s.countdownRewound) times"
        },
        Invariant("hudWritesPerSecond", "the HUD's timeLeft is written about once per counted second, never once per frame (failure 4)") { s, _ in
            let seconds = Int(s.clock.sceneTime.nanoseconds / Duration.nanosecondsPerSecond)
            return s.hudWrites <= seconds + 2 * s.levelStarts ? nil : "\(s.hudWrites) HUD writes in \(seconds) s of play over \(s.levelStarts) levels"
        },
        Invariant("emittersExpire", "every burst emitter has its removal pending, so the node count returns to baseline (failure 5)") { s, _ in
            for e in s.emitters where !s.actions.hasActions(ofNode: e.id) { return "emitter \(e.id) has no removal scheduled" }
            return nil
        },
        Invariant("poppingMarblesLeave", "every popping marble has its removal pending") { s, _ in
            for m in s.marbles where m.poppingSince != nil && !s.actions.hasActions(ofNode: m.id) { return "marble \(m.id) is popping with nothing pending" }
            return nil
        },
        Invariant("popOnce", "no marble is popped, or scored, twice (D3)") { s, _ in
            s.doublePops == 0 ? nil : "\(s.doublePops) marbles popped again while popping"
        },
        Invariant("hudShowsWholeSeconds", "the HUD shows max(0, ⌈remaining⌉) whenever the countdown is running") { s, _ in
            guard !s.isPaused, s.clock.counts.advanced > 0 else { return nil }
            let shown = shownSeconds(s.remaining)
            // A restart or level-up resets `remaining`; the HUD catches up on the next frame.
            return s.timeLeft == shown || s.remaining == .seconds(Int64(s.config.seconds)) || s.remaining == .seconds(60)
                ? nil : "HUD shows \(s.timeLeft) but the countdown is \(s.remaining)"
        },
        Invariant("livesAndGameOver", "the game is over exactly when no lives are left, and it is then paused") { s, _ in
            if s.isGameOver != (s.lives <= 0) { return "gameOver=\(s.isGameOver) with \(s.lives) lives" }
            return s.isGameOver && !s.isPaused ? "game over but the scene runs" : nil
        },
        Invariant("framesAccounted", "every delivered frame is suppressed, refused, priming, paused or advancing, once") { s, _ in
            s.clock.counts.isConsistent ? nil : "frame counts do not add up: \(s.clock.counts)"
        },
    ]

    /// Walks mix short runs of frames with taps on the toy settler's grid (where marbles are), pauses,
    /// calls, the background, view pauses, hitches, backwards timestamps and bad taps.
    public static let explorer: Explorer? = Explorer(header: { rng in
        rng.chance(0.2) ? ["set silentSwitch true"] : []
    }, next: { rng, step in
        if step == 0 { return "0.1 gen frames fps=60 until=1s\n+0.01 settle" }
        let gap = "+\(rng.int(in: 1...400))ms"
        let roll = rng.int(below: 40)
        switch roll {
        case 0..<12: return "\(gap) gen frames fps=\([60, 60, 120, 30, 10][rng.int(below: 5)]) until=\(rng.int(in: 1...30) * 100)ms"
        case 12..<22:
            // A grid point of the toy settler, or near one.
            let col = rng.int(below: 8), row = rng.int(below: 6)
            return "\(gap) tap x=\(22 + 44 * col + rng.int(in: -25...25)) y=\(22 + 44 * row + rng.int(in: -25...25))"
        case 22..<25: return "\(gap) settle"
        case 25..<27: return "\(gap) scene pause=\(rng.chance(0.5))"
        case 27..<29: return "\(gap) scenePhase phase=\(["active", "inactive", "background"][rng.int(below: 3)])"
        case 29..<31: return "\(gap) interruption state=\(rng.chance(0.5) ? "began" : "ended")"
        case 31..<33: return "\(gap) view pause=\(rng.chance(0.5))"
        case 33: return "+\(rng.int(in: 1...5))s gen frames fps=60 until=200ms"
        case 34: return "\(gap) frame time=\(rng.int(in: 0...3))"
        case 35: return "\(gap) tap x=nan y=10"
        case 36: return "\(gap) mute on=\(rng.chance(0.5))"
        case 37: return "\(gap) newGame"
        case 38: return "\(gap) settle at=\"\(rng.int(in: 1...40)):\(rng.int(in: 0...390)),\(rng.int(in: 0...700))\""
        default: return "+\(rng.int(in: 20...70))s gen frames fps=20 until=1s"
        }
    })
}
