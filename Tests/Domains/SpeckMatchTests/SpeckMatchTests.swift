import LockstepCore
import Platform
import SpeckMatch
import Testing

/// Known values from the note's tables, worked out by hand, and bad input.
@Suite struct SpeckMatchKnownValueTests {
    /// The scoring table: ages in game seconds → points (raw sums in the comments).
    @Test func scoringTable() {
        #expect(Scoring.points(agesSeconds: [0, 0]) == 40)
        #expect(Scoring.points(agesSeconds: [3, 4]) == 20)
        #expect(Scoring.points(agesSeconds: [0, 0, 0]) == 75)            // 60 × 1.25
        #expect(Scoring.points(agesSeconds: [1.5, 1.5, 1.5, 1.5]) == 90) // 4 × 15 × 1.5
        #expect(Scoring.points(agesSeconds: [0, 0, 0, 0, 0]) == 175)     // 100 × 1.75
        #expect(Scoring.points(agesSeconds: [0, 1.5]) == 35)
        #expect(Scoring.raw(agesSeconds: [0, 1, 2]) == 62.50000000000001)
        #expect(Scoring.points(agesSeconds: [0, 1, 2]) == 63)
        #expect(Scoring.raw(agesSeconds: [1.125, 1.125]) == 32.5)
        #expect(Scoring.points(agesSeconds: [1.125, 1.125]) == 33)      // ties away from zero
        #expect(Scoring.points(agesSeconds: [1.125, 1.125], halfEven: true) == 32)
        #expect(Scoring.points(agesSeconds: [2.9, 3.1]) == 20)           // 20.333…
        #expect(Scoring.points(agesSeconds: [3.5, 3.5, 3.5]) == 38)      // 37.5
    }

    /// Hit radius 18 × 1.4 = 25.2, inclusive: a touch 25.2 pt away hits, 25.21 misses (a dot at x = 0,
    /// so the distance is the touch's x exactly: 125.2 − 100 would be 25.200000000000003).
    @Test func hitRadius() throws {
        #expect(Speck.hitRadius == 25.2)
        let hit = try speckMatchRecords("0 board specks=\"coral@0,200\"\n+0 touch phase=down x=25.2 y=200\n")
        #expect(hit.contains { $0.hasPrefix("touch phase=down") && $0.contains("hit=1 result=start") })
        let miss = try speckMatchRecords("0 board specks=\"coral@0,200\"\n+0 touch phase=down x=25.21 y=200\n")
        #expect(miss.contains { $0.hasPrefix("touch phase=down") && $0.contains("hit=none result=miss") })
    }

    /// The interval: normal at 50 s is 1.1 − 0.3 = 0.8 s; floors at 212.5 s, 116.67 s and 77.5 s.
    @Test func spawnIntervals() {
        #expect(Difficulty.normal.spawnInterval(atElapsed: .seconds(50)) == .milliseconds(800))
        #expect(Difficulty.normal.spawnInterval(atElapsed: .zero) == .milliseconds(1_100))
        #expect(Difficulty.easy.spawnInterval(atElapsed: .milliseconds(212_500)) == .milliseconds(550))
        #expect(Difficulty.easy.spawnInterval(atElapsed: .milliseconds(212_000)) == .milliseconds(552))
        #expect(Difficulty.hard.spawnInterval(atElapsed: .milliseconds(77_500)) == .milliseconds(280))
        #expect(Difficulty.hard.spawnInterval(atElapsed: .seconds(77)) == .milliseconds(284))
        // 116.666… s: just before, the interval is still above the floor; at 117 s it is the floor.
        #expect(Difficulty.normal.spawnInterval(atElapsed: .seconds(116)) == .milliseconds(404))
        #expect(Difficulty.normal.spawnInterval(atElapsed: .seconds(117)) == .milliseconds(400))
        #expect(Difficulty.allCases.map(\.leaderboardID) == ["speck.highscores.easy", "speck.highscores.normal", "speck.highscores.hard"])
    }

    /// The note's spawn simulation at 60 fps: game over on normal at tick 2107 (elapsed ≈ 35.1167),
    /// easy at ≈ 50.9667, hard at ≈ 25.05 (tick 1503); the second spawn on easy at ≈ 1.416667.
    @Test func gameOverTicks() throws {
        func gameOver(_ d: String, seconds: Int) throws -> (String, String) {
            let trace = try speckMatchTrace("set difficulty \(d)\n0.1 gen frames fps=60 until=\(seconds)s\n")
            let line = trace.split(separator: "\n").first { $0.hasPrefix("  gameOver") }.map(String.init) ?? ""
            let advanced = trace.split(separator: "\n").first { $0.hasPrefix("  frameClock") }.map { field(String($0), "advanced") } ?? ""
            return (field(line, "elapsed"), advanced)
        }
        #expect(try gameOver("normal", seconds: 36) == ("35.116666666s", "2107"))
        #expect(try gameOver("hard", seconds: 26) == ("25.050000000s", "1503"))
        #expect(try gameOver("easy", seconds: 52).0 == "50.966666666s")
        let easy = try speckMatchRecords("set difficulty easy\n0.1 gen frames fps=60 until=2s\n").filter { $0.hasPrefix("spawn") }
        #expect(field(easy[1], "bornAt") == "1.416666666s")
    }

    /// Failure 2's regression: the same touches with and without a 60 s pause give the same ages,
    /// spawns and score.
    @Test func pauseIsFree() throws {
        let base = """
        0.1 frame
        +0 board specks="violet@60,200 violet@120,200"
        +0.015625 gen frames fps=64 until=2s

        """
        let rest = """
        +0 frame
        +0.015625 gen frames fps=64 until=2s
        +0 touch phase=down x=60 y=200
        +0 touch phase=move x=120 y=200
        +0 touch phase=up

        """
        let paused = try speckMatchRecords(base + "+0.01 scenePhase phase=inactive\n+60 scenePhase phase=active\n+0 resume\n" + rest)
        let plain = try speckMatchRecords(base + "+0.01 pause\n+0 resume\n" + rest)
        func outcome(_ lines: [String]) -> [String] { lines.filter { $0.hasPrefix("spawn") || $0.hasPrefix("release") } }
        #expect(outcome(paused) == outcome(plain))
        #expect(outcome(paused).last == "release cleared=1,2 ages=4.000,4.000 bonus=1.00 raw=20.000000 points=20 score=20")
    }

    @Test func locatedErrors() {
        #expect(speckMatchError("0 newGame difficulty=insane\n")?.contains("t.scenario:3:") == true)
        #expect(speckMatchError("0 board specks=\"pink@1,2\"\n")?.contains("t.scenario:3:16: 'pink@1,2' is not COLOR@X,Y") == true)
        #expect(speckMatchError("0 board specks=\"coral@1,nan\"\n")?.contains("is not X,Y in finite points") == true)
        #expect(speckMatchError("0 gc topTen entries=\"0|Ann|1\"\n")?.contains("'0|Ann|1' is not RANK|NAME|SCORE") == true)
        #expect(speckMatchError("0 gc topTen entries=\"2|Ann|1;1|Bob|2\"\n")?.contains("rank 1 after rank 2") == true)
        #expect(speckMatchError("0 gc topTen entries=\"1||1\"\n")?.contains("empty player name") == true)
        let eleven = (1...11).map { "\($0)|P\($0)|\($0)" }.joined(separator: ";")
        #expect(speckMatchError("0 gc topTen entries=\"\(eleven)\"\n")?.contains("more than 10 rows") == true)
        #expect(speckMatchError("0 gc auth\n")?.contains("missing field 'authenticated'") == true)
        #expect(speckMatchError("0 gc hello\n")?.contains("unknown gc action 'hello'") == true)
        #expect(speckMatchError("set maxLinkDistance -3\n")?.contains("maxLinkDistance must be") == true)
        #expect(speckMatchError("0 showLeaderboard osMajor=9\n")?.contains("t.scenario:3:") == true)
    }

    /// Every event's text reads back: replaying the written lines gives the records of the events.
    @Test func textRoundTrips() throws {
        let events: [SpeckMatchEvent] = [
            .newGame(.hard), .board([BoardDot(color: .sky, x: 10, y: 20.5)]), .frame(FrameLine()), .touch(DragLine(.down, ViewPoint(x: 10, y: 20.5))),
            .touch(DragLine(.up, nil)), .scenePhase(.background), .pause, .resume, .snapshot(png: false),
            .gameCenter(.authResult(authenticated: true, error: "x")), .gameCenter(.authPresent), .gameCenter(.submitCompleted(error: nil)),
            .gameCenter(.topTen([LeaderboardRow(rank: 1, player: "Ann", formattedScore: "1,234")], total: 9)),
            .menu(entered: true), .showLeaderboard(osMajor: 18),
        ]
        let texts = events.compactMap { SpeckMatch.text(of: $0) }
        #expect(texts.count == events.count)
        #expect(texts == ["newGame difficulty=hard", "board specks=\"sky@10.0,20.5\"", "frame", "touch phase=down x=10.0 y=20.5", "touch phase=up",
                          "scenePhase phase=background", "pause", "resume", "snapshot", "gc auth authenticated=true error=\"x\"", "gc authPresent",
                          "gc submitCompleted", "gc topTen total=9 entries=\"1|Ann|1,234\"", "menu action=enter", "showLeaderboard osMajor=18"])
        let lines = try speckMatchRecords(texts.map { "+0.1 " + $0 }.joined(separator: "\n") + "\n")
        #expect(lines.contains("gc.row rank=1 player=\"Ann\" score=\"1,234\""))
        #expect(lines.contains("gc.leaderboard kind=accessPointTrigger id=speck.highscores.hard playerScope=global timeScope=allTime osMajor=18"))
    }
}

func field(_ line: String, _ key: String) -> String {
    let prefix = key + "="
    return line.split(separator: " ").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? ""
}
