import LockstepCore
import Marbles
import Platform
import Testing

/// Bad input as located errors, the event text round trip, and the tie-break's independence from
/// the seed.
@Suite struct MarblesInputTests {
    @Test func locatedErrors() {
        #expect(marblesError("0 layout marbles=\"pink@1,2\"\n")?.contains("t.scenario:3:18: 'pink' in 'pink@1,2' is not a colour") == true)
        #expect(marblesError("0 layout marbles=\"red+star@1,2\"\n")?.contains("'star' in 'red+star@1,2' is not a power-up") == true)
        #expect(marblesError("0 layout marbles=\"red@1\"\n")?.contains("'1' in 'red@1' is not X,Y") == true)
        #expect(marblesError("0 layout marbles=\"red@nan,2\"\n")?.contains("is not X,Y in finite points") == true)
        #expect(marblesError("0 settle at=\"x:1,2\"\n")?.contains("t.scenario:3:13: 'x:1,2' is not ID:X,Y") == true)
        #expect(marblesError("0 settle at=\"0:1,2\"\n")?.contains("positive marble id") == true)
        #expect(marblesError("set size 60,700\n")?.contains("sceneTooNarrow: width 60.0 must be 80...4096") == true)
        #expect(marblesError("set size 390,10\n")?.contains("height 10.0 must be 44...4096") == true)
        #expect(marblesError("0 tap x=1\n")?.contains("missing field 'y'") == true)
        #expect(marblesError("0 scenePhase phase=asleep\n")?.contains("t.scenario:3:") == true)
        let many = (0...Marbles.maxLayoutMarbles).map { _ in "red@1,1" }.joined(separator: " ")
        #expect(marblesError("0 layout marbles=\"\(many)\"\n")?.contains("more than 200 marbles (the limit)") == true)
    }

    /// Every event kind's text reads back as the same event: the trace of the written lines equals
    /// the trace of the original ones.
    @Test func textRoundTrips() throws {
        let events: [MarblesEvent] = [
            .frame(FrameLine()), .frame(FrameLine(time: .milliseconds(1_500))), .scenePause(true), .viewPause(false),
            .scenePhase(.background), .interruption(.began), .tap(ViewPoint(x: 200, y: 309.9)), .settle(nil),
            .settle([SettledPosition(id: 1, x: 10.5, y: 22)]), .layout([LayoutMarble(color: .red, powerUp: .bomb, x: 1, y: 2)]),
            .mute(true), .newGame,
        ]
        let texts = events.map { Marbles.text(of: $0) }
        #expect(texts.allSatisfy { $0 != nil })
        #expect(texts.compactMap { $0 } == ["frame", "frame time=1.5s", "scene pause=true", "view pause=false", "scenePhase phase=background",
                                            "interruption state=began", "tap x=200.0 y=309.9", "settle", "settle at=\"1:10.5,22.0\"",
                                            "layout marbles=\"red+bomb@1.0,2.0\"", "mute on=true", "newGame"])
        let body = texts.compactMap { $0 }.map { "+0.1 " + $0 }.joined(separator: "\n") + "\n"
        #expect(try marblesRecords(body).contains("fill reason=layout level=1 count=1 replaced=34"))
    }

    /// D2: without the fault the same colour wins a tie whatever the seed; with it, the seed decides.
    @Test func lightningTieDoesNotDependOnTheSeed() throws {
        let body = "0.1 layout marbles=\"red@30,30 red@130,30 blue@30,300 blue@130,300 green+lightning@300,600\"\n+0 tap x=300 y=600\n"
        func colour(seed: Int, faults: String = "") throws -> String {
            try marblesRecords(body, faults: "seed \(seed)\n" + faults).first { $0.hasPrefix("lightning") }.map { field($0, "color") } ?? ""
        }
        #expect(try (1...8).map { try colour(seed: $0) } == Array(repeating: "red", count: 8))
        let faulty = try Set((1...12).map { try colour(seed: $0, faults: "set fault hashOrderTieBreak\n") })
        #expect(faulty == ["red", "blue"])
    }

    /// The scene runs only when no pause reason holds: ending a call while backgrounded keeps it
    /// paused; active clears the phase but not the pause button.
    @Test func pauseReasonsCompose() throws {
        let lines = try marblesRecords("""
        0 interruption state=began
        +0 scenePhase phase=background
        +0 interruption state=ended
        +0 scene pause=true
        +0 scenePhase phase=active
        +0 scene pause=false

        """).filter { $0.hasPrefix("scene paused") }
        #expect(lines.map { field($0, "paused") + "/" + field($0, "reasons") } ==
                ["true/interruption", "true/phase,interruption", "true/phase", "true/user,phase", "true/user", "false/"])
    }
}
