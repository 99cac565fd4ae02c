import LockstepCore
import Marbles
import Platform
import Testing

/// Known values from the article and the note, worked out by hand (not by running the code): the
/// score formula, the 48 pt neighbour threshold, the level table, the fill, the pop and emitter
/// timing, the bomb's strict radius and shove, the clamp, the HUD rounding, lives.
@Suite struct MarblesKnownValueTests {
    /// The article's doc comment: 2 → 20, 5 → 125, 10 → 500; and 5·3² = 45, 5·8² = 320.
    @Test func quadraticScore() {
        #expect([2, 3, 5, 8, 10].map(Marbles.score(forClusterOf:)) == [20, 45, 125, 320, 500])
    }

    /// `touchDistance = 2·22 + 4 = 48`, inclusive: 48.0 apart touch, 48.01 apart do not.
    @Test func neighboursWithin48Points() throws {
        let touching = try marblesRecords("0.1 layout marbles=\"red@100,100 red@148,100\"\n+0 tap x=100 y=100\n")
        #expect(touching.contains("tap kind=match id=35 color=red cluster=35,36 scoreDelta=20 score=20"))
        let apart = try marblesRecords("0.1 layout marbles=\"red@100,100 red@148.01,100\"\n+0 tap x=100 y=100\n")
        #expect(apart.contains { $0.hasPrefix("tap kind=wiggle") })
        #expect(Marble.touchDistance == 48)
    }

    /// The note's checked table.
    @Test func levelTable() {
        func row(_ l: Int) -> [Double] {
            let c = LevelConfig.forLevel(l)
            return [Double(c.marbleCount), Double(c.colorCount), Double(c.seconds), c.powerUpChance]
        }
        #expect(row(1) == [34, 3, 58, 0.076])
        #expect(row(2) == [38, 3, 56, 0.07200000000000001])
        #expect(row(3) == [42, 4, 54, 0.068])
        #expect(row(5) == [50, 4, 50, 0.06])
        #expect(row(6) == [54, 5, 48, 0.056])
        #expect(row(12) == [78, 5, 36, 0.032])
        #expect(row(13) == [80, 5, 34, 0.03])  // 0.028 clamped
        #expect(row(15) == [80, 5, 30, 0.03])
        #expect(row(16) == [80, 5, 30, 0.03])
    }

    /// Level 1's fill: 34 marbles, y from 700 to 700 + 33·8 = 964, x in [40, 350] at width 390,
    /// colours only from the first three.
    @Test func levelOneFill() throws {
        let marbles = try marblesRecords("").filter { $0.hasPrefix("marble ") }
        #expect(marbles.count == 34)
        let ys = marbles.map { Double(field($0, "y"))! }
        #expect(ys.first == 700 && ys.last == 964)
        #expect(marbles.allSatisfy { (40...350).contains(Double(field($0, "x"))!) })
        #expect(Set(marbles.map { field($0, "color") }).isSubset(of: ["red", "blue", "green"]))
    }

    /// A cluster of 8 tapped at t (frames every 10 ms, so every due time falls on a frame):
    /// bursts at t + 0, 0.03, …, 0.21; the last removal at t + 0.33; the last emitter gone by t + 0.81.
    @Test func popTimingOfEight() throws {
        let reds = (0..<8).map { "red@\(30 + 44 * $0),22" }.joined(separator: " ")
        let trace = try marblesTrace("0.1 gen frames fps=100 until=0.1s\n0.2 layout marbles=\"\(reds)\"\n+0 tap x=30 y=22\n+0 gen frames fps=100 until=1s\n")
        // Frames start at 0.1 (primed); the tap is at scene time 0.09 (9 counted 10 ms frames).
        var bursts: [String] = [], removals: [String] = [], emitterGone: [String] = []
        var time = ""
        for line in trace.split(separator: "\n") {
            if let first = line.first, first.isNumber { time = String(line.split(separator: " ")[1]) }
            if line.hasPrefix("  burst ") { bursts.append(time) }
            if line.hasPrefix("  removed ") { removals.append(time) }
            if line.hasPrefix("  emitter.removed ") { emitterGone.append(time) }
        }
        // The tap lands at scene time 0.09, which the frame at 0.19 reached (the priming frame at
        // 0.1 counts nothing), so t = 0.19 in wall time. Burst 0 is due at once and fires on the
        // next frame (0.2); the rest at t + 0.03·i exactly, since frames come every 10 ms.
        #expect(bursts == ["0.200000000", "0.220000000", "0.250000000", "0.280000000", "0.310000000", "0.340000000", "0.370000000", "0.400000000"])
        #expect(removals.last == "0.520000000")   // t + 0.33
        #expect(emitterGone.last == "1.000000000") // t + 0.81
        #expect(removals.count == 8 && emitterGone.count == 8)
    }

    /// Bomb at (200, 200): 109.9 pt is hit, 110 is not; a survivor at (500, 600) has d = (300, 400),
    /// |d| = 500, impulse (18, 24); four hits score 40.
    @Test func bombRadiusAndShove() throws {
        let lines = try marblesRecords("""
        set size 600,700
        0.1 layout marbles="red+bomb@200,200 blue@200,309.9 blue@150,200 green@250,250 green@200,120 red@200,310 blue@500,600"
        +0 tap x=200 y=200

        """)
        #expect(lines.contains("bomb x=200.000 y=200.000 hit=36,37,38,39 scoreDelta=40 score=40"))
        #expect(lines.contains("impulse id=40 dx=0.000000 dy=30.000000"))
        #expect(lines.contains("impulse id=41 dx=18.000000 dy=24.000000"))
    }

    /// The HUD's whole seconds: 59.5 → 60, 58.9999 → 59, 0.01 → 1, 0 and below → 0 (never −0).
    @Test func hudRounding() {
        #expect(Marbles.shownSeconds(.milliseconds(59_500)) == 60)
        #expect(Marbles.shownSeconds(.microseconds(58_999_900)) == 59)
        #expect(Marbles.shownSeconds(.milliseconds(10)) == 1)
        #expect(Marbles.shownSeconds(.zero) == 0)
        #expect(Marbles.shownSeconds(.milliseconds(-30)) == 0)
        #expect(Marbles.shownSeconds(.seconds(59)) == 59)
    }

    /// A resume gap of 2.0 s subtracts 0.05 s; a normal 1/60 s frame subtracts 1/60.
    @Test func clampOnResume() throws {
        let lines = try marblesRecords("1 frame\n+0.5 frame\n+2 frame\n")
        // Primed at 1; then 0.5 s (clamped to 0.05) and 2 s (clamped): 0.1 s off 60.
        // (Marble ids start after the 34 of the first fill.)
        #expect(lines.filter { $0.hasPrefix("frame.clamped") } == ["frame.clamped raw=0.500000000s dt=0.050000000s", "frame.clamped raw=2.000000000s dt=0.050000000s"])
        let state = try marblesTrace("1 frame\n+0.5 frame\n+2 frame\n")
        #expect(state.contains("remaining=59.900000000s"))
    }

    /// An independent oracle for the countdown's end at 60 fps: the article's `Double` loop
    /// (`remaining -= 1.0/60` from 60) first reaches ≤ 0 after 3,601 deltas (the note's 3,602nd frame);
    /// Lockstep's integer frame times sum exactly, so time is up after exactly 3,600 deltas.
    @Test func countdownEndsOnTheExactFrame() throws {
        var remaining = 60.0
        var deltas = 0
        let t0 = 1.0 / 60.0
        var last = t0
        while remaining > 0 {
            let now = t0 + Double(deltas + 1) / 60.0
            remaining -= min(now - last, 0.05)
            last = now
            deltas += 1
        }
        #expect(deltas == 3_601)
        let trace = try marblesTrace("0.1 gen frames fps=60 until=60.02s\n")
        // Step 1 is the priming frame at 0.1; step 3601 is the 3,600th delta, at 0.1 + 60 s.
        let lines = trace.split(separator: "\n")
        let timeUp = lines.firstIndex { $0.hasPrefix("  timeUp") }!
        let step = lines[lines[..<timeUp].lastIndex { !$0.hasPrefix(" ") }!]
        #expect(step.hasPrefix("3601 60.100000000 frame"))
    }

    /// Three time-ups from the start give lives 2, 1, 0 and game over; with a Heart first, four.
    @Test func livesAndHeart() throws {
        let plain = try marblesRecords("0.1 gen frames fps=20 until=177s\n").filter { $0.hasPrefix("timeUp") || $0.hasPrefix("gameOver") }
        #expect(plain == ["timeUp level=1 livesAfter=2", "timeUp level=1 livesAfter=1", "timeUp level=1 livesAfter=0", "gameOver score=0 level=1"])
        let heart = try marblesRecords("0.1 layout marbles=\"red+heart@200,22 blue@300,22\"\n+0 tap x=200 y=22\n+0 gen frames fps=20 until=236s\n")
            .filter { $0.hasPrefix("timeUp") || $0.hasPrefix("gameOver") || $0.hasPrefix("heart") }
        #expect(heart == ["heart livesAfter=4", "timeUp level=1 livesAfter=3", "timeUp level=1 livesAfter=2", "timeUp level=1 livesAfter=1",
                          "timeUp level=1 livesAfter=0", "gameOver score=0 level=1"])
    }
}

/// The value of `key=` in a record line.
func field(_ line: String, _ key: String) -> String {
    let prefix = key + "="
    return line.split(separator: " ").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? ""
}
