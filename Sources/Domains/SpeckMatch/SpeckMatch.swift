import LockstepCore
import Platform

/// `speckMatch`: Speck Match, a SwiftUI speed puzzle: drag across same-coloured dots to chain them,
/// lift to clear; fresh dots and long chains score more; dots spawn ever faster until the board is
/// overfull, and the run's score goes to a per-difficulty Game Center leaderboard.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Drag to connect and Game Center leaderboards
/// in a SwiftUI puzzle game".
///
/// Modelled, file by file:
/// - `Difficulty`: the table (start and minimum interval, ramp, board size, colours, leaderboard).
/// - `Tick`: the `TimelineView` tick on Platform `FrameClock` (the priming frame, the 0.05 s clamp,
///   at most one spawn per tick with the interval from the advanced time, the overfull check);
///   pause (`lastTick = nil`, the chain dropped), resume, new games.
/// - `Drag`: `DragGesture(minimumDistance: 0)`: the 25.2 pt hit test (oldest first), the chain with
///   undo by dragging back, clearing in board order on release.
/// - `Scoring`: per-dot freshness in game time, the chain bonus, `.rounded()` ties away from zero.
/// - `GameCenterGlue`: Platform `GameCenter`: one submit per run at game over to
///   `speck.highscores.<difficulty>`, the access point on menus only, the iOS 18 branch.
/// - `Render`: the Canvas draw list through Platform `RenderRecorder` (circles, the chain polyline).
///
/// Choices where the article is silent (GAPs):
/// - Game time and spawn intervals are integer nanoseconds (the interval from a per-mille ramp), so
///   normal's interval at 50 s is exactly 0.8 s; scores stay the app's `Double` arithmetic on ages
///   converted from nanoseconds.
/// - The run starts at launch on the `difficulty` setting (normal); `newGame` starts another.
/// - A pause, game over and a cancelled gesture drop the chain (the note's proposal), so nothing
///   is cleared or scored after them; moves while paused are ignored and recorded.
/// - `resume` after game over is refused (only a new game resets).
/// - Frames that arrive while paused reach the tick and return (the app's `defer` keeps lastTick);
///   the real `TimelineView(paused:)` sends none, so after `pause()` clears it the first frame back
///   primes.
/// - `maxLinkDistance` (setting, default none as in the code) can require a link to be within that
///   many points of the chain's last dot.
/// - No overlap avoidance for spawns (the code has none); positions are absolute points.
/// - Colours are pinned by name (`coral` …); the RGB is only for PNG snapshots.
public enum SpeckMatch: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = SpeckMatchState
    public typealias Event = SpeckMatchEvent
    public typealias Fault = SpeckMatchFault

    public static let name = "speckMatch"
    public static let summary = "Speck Match: drag-to-connect chains with undo, game-time scoring, spawns that ramp per difficulty on a clamped frame clock, auto-pause, one Game Center submit per run, the access point and the iOS 18 leaderboard branch, a Canvas draw list (seed 001, \"Drag to connect and Game Center leaderboards in a SwiftUI puzzle game\")."
    public static let digestInterval = 120

    public static let events: [EventKind<SpeckMatchEvent>] = [
        EventKind("newGame", "Start a run at a difficulty") { f throws(ScenarioError) in
            .newGame(try f("difficulty", .choice(Difficulty.self), "easy | normal | hard"))
        },
        EventKind("board", "A fixture board replaces the dots, born now: specks=\"COLOR@X,Y ...\"") { f throws(ScenarioError) in
            let text = try f("specks", .string, "e.g. \"coral@100,200 mint@150,200\"")
            if f.isDeclaring { return .board([]) }
            switch parseBoard(text) {
            case .success(let dots): return .board(dots)
            case .failure(let e): throw f.error(e.text, at: "specks")
            }
        },
        FrameVocabulary.frameKind { .frame($0) },
        TouchVocabulary.touchKind { .touch($0) },
        EventKind("scenePhase", "SwiftUI's scene phase: anything but active pauses") { f throws(ScenarioError) in
            .scenePhase(try f("phase", .choice(ScenePhase.self), "active | inactive | background"))
        },
        EventKind("pause", "The pause button") { _ throws(ScenarioError) in .pause },
        EventKind("resume", "Resume after a pause") { _ throws(ScenarioError) in .resume },
        EventKind("snapshot", "Record the Canvas draw list now; png=true also attaches a PNG") { f throws(ScenarioError) in
            .snapshot(png: try f("png", .bool, default: false, "attach the frame as a PNG"))
        },
        GameCenterVocabulary.eventKind { .gameCenter($0) },
        EventKind("menu", "The menu is shown (enter) or left (leave)") { f throws(ScenarioError) in
            .menu(entered: try f("action", .choice(MenuAction.self), "enter | leave") == .enter)
        },
        EventKind("showLeaderboard", "The leaderboard button on a device running iOS osMajor") { f throws(ScenarioError) in
            .showLeaderboard(osMajor: try f("osMajor", .int, in: 15 ... 30, "the iOS major version"))
        },
    ]

    public enum MenuAction: String, CaseIterable, Sendable { case enter, leave }

    public static let generators: [Generator<SpeckMatchEvent>] = [
        FrameVocabulary.framesGenerator { .frame($0) },
        TouchVocabulary.dragGenerator { .touch($0) },
    ]

    public static func kind(of event: SpeckMatchEvent) -> String {
        switch event {
        case .newGame: "newGame"
        case .board: "board"
        case .frame: FrameVocabulary.frameKindName
        case .touch: TouchVocabulary.touchKindName
        case .scenePhase: "scenePhase"
        case .pause: "pause"
        case .resume: "resume"
        case .snapshot: "snapshot"
        case .gameCenter: GameCenterVocabulary.kind
        case .menu: "menu"
        case .showLeaderboard: "showLeaderboard"
        }
    }

    public static func text(of event: SpeckMatchEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .newGame(let d): return line.word("difficulty", d.rawValue).line
        case .board(let dots):
            var tokens: [String] = []
            for d in dots {
                guard let x = LineText.number(d.x), let y = LineText.number(d.y) else { return nil }
                tokens.append("\(d.color.rawValue)@\(x),\(y)")
            }
            return line.string("specks", tokens.joined(separator: " ")).line
        case .frame(let l): return FrameVocabulary.text(of: l)
        case .touch(let t): return TouchVocabulary.text(of: t)
        case .scenePhase(let p): return line.word("phase", p.rawValue).line
        case .pause, .resume: return line.line
        case .snapshot(let png): return png ? line.bool("png", true).line : line.line
        case .gameCenter(let g): return GameCenterVocabulary.text(of: g)
        case .menu(let entered): return line.word("action", entered ? "enter" : "leave").line
        case .showLeaderboard(let os): return line.int("osMajor", os).line
        }
    }

    public struct Settings: Sendable {
        var difficulty: Difficulty
        var maxLinkDistance: Double?
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let difficulty = try s("difficulty", .choice(Difficulty.self), default: .normal, "the first run's difficulty")
        let distance = try s.optional("maxLinkDistance", .number, "links must be within this many points of the chain's last dot (GAP; default: any distance, as the code)")
        if let distance, !s.isDeclaring, !(distance.isFinite && distance > 0 && distance <= 1_000) {
            throw s.error("maxLinkDistance must be a number of points in (0, 1000]", at: "maxLinkDistance")
        }
        return Settings(difficulty: difficulty, maxLinkDistance: distance)
    }

    public static func start(_ settings: Settings, _ world: inout World<SpeckMatch>) throws(ScenarioError) -> SpeckMatchState {
        var s = SpeckMatchState()
        s.difficulty = settings.difficulty
        s.maxLinkDistance = settings.maxLinkDistance
        s.rng = world.rng("spawn")
        s.clock = FrameClock(clamp: world.isOn(.noDtClamp) ? nil : FrameClock.standardClamp,
                             backwards: world.isOn(.negativeDtRewinds) ? .acceptUnclamped : .refuse)
        s.presentFromKeyWindow = !world.isOn(.detachedAuthPresenter)
        world.emit(Record("run").word("difficulty", s.difficulty.rawValue).int("maxSpecks", s.difficulty.maxSpecks)
            .int("colors", s.difficulty.colorCount).word("leaderboard", s.difficulty.leaderboardID))
        if world.isOn(.waitsForGameCenter) { s.isPaused = true }
        return s
    }

    public static func reduce(_ s: inout SpeckMatchState, _ event: SpeckMatchEvent, _ world: inout World<SpeckMatch>) {
        switch event {
        case .newGame(let d):
            if world.isOn(.waitsForGameCenter), !s.gameCenter.isAuthenticated {
                world.reject("newGame", "waitingForGameCenter")
                s.isPaused = true
                return
            }
            newGame(&s, d, &world)
            s.gameCenter.resetRun()
            s.gameCenter.setAccessPoint(world.isOn(.accessPointDuringPlay), &world)
        case .board(let dots): board(&s, dots, &world)
        case .frame(let line): frame(&s, line, &world)
        case .touch(let line): touch(&s, line, &world)
        case .scenePhase(let phase):
            world.emit(Record("scenePhase").word("phase", phase.rawValue))
            if phase != .active, !world.isOn(.noAutoPause) { pause(&s, reason: phase.rawValue, &world) }
        case .pause: pause(&s, reason: "user", &world)
        case .resume: resume(&s, &world)
        case .snapshot(let png): snapshot(&s, png: png, &world)
        case .gameCenter(let line):
            let wasAuthenticated = s.gameCenter.isAuthenticated
            s.gameCenter.apply(line, presentFromKeyWindow: s.presentFromKeyWindow, &world)
            // Waiting for Game Center (the bug): the run starts only once the player is signed in.
            if world.isOn(.waitsForGameCenter), !wasAuthenticated, s.gameCenter.isAuthenticated, !s.isGameOver { s.isPaused = false }
        case .menu(let entered): menu(&s, entered: entered, &world)
        case .showLeaderboard(let os):
            s.gameCenter.showLeaderboard(s.difficulty.leaderboardID, osMajor: os, alwaysTrigger: world.isOn(.accessPointOnOldOS), &world)
        }
    }

    public static func write(_ s: SpeckMatchState, to out: inout CanonicalWriter) {
        out.record(Record("board").word("difficulty", s.difficulty.rawValue).int("score", s.score).duration("elapsed", s.elapsed)
            .duration("nextSpawn", s.nextSpawn).int("specks", s.specks.count).int("spawns", s.spawns)
            .bool("paused", s.isPaused).bool("gameOver", s.isGameOver).bool("submitted", s.submitted).word("chain", ids(s.chain)))
        s.clock.write(to: &out)
        s.gameCenter.write(to: &out)
        s.renderer.write(to: &out)
        out.list("specks", s.specks) { w, _, sp in
            w.record(Record("speck").int("id", sp.id).word("color", sp.color.rawValue).fixed("x", sp.x, 6).fixed("y", sp.y, 6).duration("bornAt", sp.bornAt))
        }
    }
}
