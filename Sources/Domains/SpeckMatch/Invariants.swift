import LockstepCore
import Platform

/// Invariants checked after every step, and a random explorer of frames, drags, pauses, phases,
/// Game Center and menus.
extension SpeckMatch {
    public static let invariants: [Invariant<SpeckMatch>] = [
        Invariant("oneSubmitPerRun", "a run's score goes to Game Center at most once (failure 9)") { s, _ in
            s.gameCenter.submitCount <= 1 ? nil : "\(s.gameCenter.submitCount) submits in one run"
        },
        Invariant("submitOnlyAtGameOver", "nothing is submitted before the run is over") { s, _ in
            s.gameCenter.submitCount > 0 && !s.isGameOver ? "a submit before game over" : nil
        },
        Invariant("gameTimeFrozenWhilePaused", "game time does not move while paused (failures 2 and 3)") { s, _ in
            guard s.isPaused, let at = s.elapsedAtPause, at != s.elapsed else { return nil }
            return "elapsed moved from \(at) to \(s.elapsed) while paused"
        },
        Invariant("gameTimeOnlyGrows", "game time never goes backwards") { s, _ in
            s.rewound == 0 ? nil : "elapsed went backwards \(s.rewound) times"
        },
        Invariant("noScoreAfterGameOver", "nothing clears or scores once the run is over") { s, _ in
            s.scoredAfterGameOver == 0 ? nil : "\(s.scoredAfterGameOver) points after game over"
        },
        Invariant("chainIsOneColour", "the chain holds distinct dots of the first dot's colour") { s, _ in
            guard let first = s.chain.first.flatMap({ s.speck($0) }) else { return nil }
            if Set(s.chain).count != s.chain.count { return "a dot twice in the chain" }
            for id in s.chain { if let d = s.speck(id), d.color != first.color { return "dot \(id) is \(d.color.rawValue), the chain \(first.color.rawValue)" } }
            return nil
        },
        Invariant("noChainWhilePaused", "a paused or finished game holds no chain") { s, _ in
            s.isPaused && !s.chain.isEmpty ? "chain \(ids(s.chain)) while paused" : nil
        },
        Invariant("accessPointOnlyOnMenus", "the access point never overlaps the board in play (failure 11)") { s, _ in
            s.gameCenter.accessPointActive && !s.inMenu ? "access point active during play" : nil
        },
        Invariant("boardBounded", "the board never holds more than maxSpecks dots") { s, _ in
            s.specks.count <= s.difficulty.maxSpecks ? nil : "\(s.specks.count) specks on a board of \(s.difficulty.maxSpecks)"
        },
        Invariant("framesAccounted", "every delivered frame is counted once") { s, _ in
            s.clock.counts.isConsistent ? nil : "frame counts do not add up"
        },
    ]

    /// Walks sign in (or not), play in bursts of frames, drag across random points (often where dots
    /// tend to be, never aimed), pause, background, resume, open the menu, and start new games.
    public static let explorer: Explorer? = Explorer(header: { rng in
        rng.chance(0.3) ? ["set difficulty \(["easy", "hard"][rng.int(below: 2)])"] : []
    }, next: { rng, step in
        if step == 0 { return "0.1 gen frames fps=60 until=3s" }
        let gap = "+\(rng.int(in: 1...300))ms"
        func point() -> String { "\(rng.int(in: 30...360)),\(rng.int(in: 120...700))" }
        switch rng.int(below: 40) {
        case 0..<12: return "\(gap) gen frames fps=\([60, 60, 30, 120, 10][rng.int(below: 5)]) until=\(rng.int(in: 1...40) * 100)ms"
        case 12..<20: return "\(gap) gen drag from=\(point()) to=\(point()) over=\(rng.int(in: 1...6) * 100)ms fps=30"
        case 20..<23: return "\(gap) touch phase=\(["down", "move", "up", "cancel"][rng.int(below: 4)]) x=\(rng.int(in: 30...360)) y=\(rng.int(in: 120...700))"
        case 23..<25: return "\(gap) scenePhase phase=\(["active", "inactive", "background"][rng.int(below: 3)])"
        case 25..<27: return "\(gap) \(rng.chance(0.5) ? "pause" : "resume")"
        case 27: return "\(gap) gc auth authenticated=\(rng.chance(0.7))"
        case 28: return "\(gap) gc submitCompleted"
        case 29: return "\(gap) menu action=\(rng.chance(0.5) ? "enter" : "leave")"
        case 30: return "\(gap) showLeaderboard osMajor=\(rng.int(in: 16...19))"
        case 31: return "\(gap) newGame difficulty=\(["easy", "normal", "hard"][rng.int(below: 3)])"
        case 32: return "\(gap) frame time=\(rng.int(in: 0...5))"
        case 33: return "\(gap) touch phase=move x=nan y=1"
        case 34: return "+\(rng.int(in: 5...60))s gen frames fps=60 until=500ms"
        default: return "\(gap) gen frames fps=60 until=\(rng.int(in: 10...60))s"
        }
    })
}
