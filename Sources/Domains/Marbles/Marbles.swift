import LockstepCore
import Platform

/// `marbles`: Marbles Popperz, a SpriteKit tap-to-match game under a SwiftUI HUD: marbles of a few
/// colours in a jar, clusters popped by a tap and scored quadratically, a countdown that survives
/// pausing, lives, levels and three power-ups.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a tap-to-match marble game with
/// SpriteKit and SwiftUI".
///
/// Modelled, file by file:
/// - `Level`: the difficulty table as data (`LevelConfig.forLevel`).
/// - `Fill`: `fill(count:)` with the RNG draw order pinned (colour, then x, then the power-up roll
///   and kind), marbles dropping in from `y = h + 8i`; the `layout` fixture (a recorded jar).
/// - `Tap`: the 44×44 frame hit test (topmost wins), the LIFO cluster search within 48 pt (D4), 5n²,
///   the pop ripple (`wait 0.03·i`, burst, 0.12 s scale and fade, remove) on Platform
///   `ActionTimeline`, the wiggle, the sound log with mute and the silent switch.
/// - `PowerUps`: Lightning (the most common colour, no `>= 2` guard, ties to the earliest colour,
///   D2), Heart (uncapped), Bomb (strictly within 110 pt, +10 each, the 30-unit shove).
/// - `Clock`: `update` on Platform `FrameClock` (the `lastUpdate > 0` guard, the pause guard, the
///   0.05 s clamp, the HUD written only when the whole second changes, `timeUp` before
///   `levelCleared`, D5), then the actions, in SpriteKit's order; lives, restarts, levels.
/// - Invariants: the countdown is frozen while paused, every emitter and popping marble has its
///   removal pending, no marble pops twice (D3), the HUD shows the countdown's whole seconds.
///
/// Choices where the article is silent (GAPs), and where this model departs from it:
/// - The countdown is integer nanoseconds, not the article's `Double`: frame deltas from Platform
///   `FrameClock` sum exactly, so at 60 fps level 1 ends on the 3,601st frame (3,600 deltas), not
///   the 3,602nd that `Double` accumulation gives, and the HUD can never show −0 (D6).
/// - D1 is kept: level 1's first attempt has 60 s (the scene's initial `remaining`), its restarts
///   `forLevel(1).seconds` = 58.
/// - D7 is kept: a frame at timestamp 0 (a scenario's first instant) primes, and so does the next.
///   Timestamps are the scenario's elapsed time, the app's uptime.
/// - Pausing: the scene runs only when no reason holds (the pause button, an inactive or background
///   phase, a call, game over); `active` clears only the phase, so a user pause survives a trip to
///   the background. Taps are ignored while paused or after game over (D9).
/// - Power-ups: after a marble's colour and x, a roll `u < powerUpChance` makes it a power-up, its
///   kind uniform. Tapping one pops it (no score) and fires its power at its position; inside an
///   ordinary cluster it pops like any marble of its colour without firing.
/// - Random x is `40 + u·(w − 80)`, u ∈ [0, 1) from the seeded RNG (Swift's `random(in:)` is not
///   specified).
/// - Physics is not simulated: `settle` gives positions (a recording), or with no positions packs
///   the jar from the bottom left on a 44 pt grid in child order (the toy settler). Unknown ids or
///   non-finite positions reject the whole `settle`; popping marbles keep their place.
/// - `Pop.sks` failing to load (setting `emitter missing`) records `burst.skipped`, never silently.
/// - `newGame` (not in the article) resets the game to level 1 and refills the jar.
/// - The action timeline holds at most 4,096 pending actions; past it an action is dropped with a
///   `lockstep.limit` record.
public enum Marbles: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = MarblesState
    public typealias Event = MarblesEvent
    public typealias Fault = MarblesFault

    public static let name = "marbles"
    public static let summary = "Marbles Popperz: tap-to-match marble clusters (LIFO search within 48 pt, 5n²), a pop ripple on a frozen-with-the-scene action timeline, a clamped frame-delta countdown that survives pausing, lives, levels, Lightning/Heart/Bomb (seed 001, \"Building a tap-to-match marble game with SpriteKit and SwiftUI\")."
    public static let digestInterval = 120

    public static let events: [EventKind<MarblesEvent>] = [
        FrameVocabulary.frameKind { .frame($0) },
        FrameVocabulary.sceneKind { .scenePause($0) },
        FrameVocabulary.viewKind { .viewPause($0) },
        EventKind("scenePhase", "SwiftUI's scene phase: inactive and background pause the scene") { f throws(ScenarioError) in
            .scenePhase(try f("phase", .choice(ScenePhase.self), "active | inactive | background"))
        },
        EventKind("interruption", "A phone call begins or ends: the scene is paused while it lasts") { f throws(ScenarioError) in
            .interruption(try f("state", .choice(InterruptionState.self), "began | ended"))
        },
        TouchVocabulary.tapKind { .tap($0) },
        EventKind("settle", "Physics moved the marbles: at=\"ID:X,Y ...\", or no field for the toy settler (a 44 pt grid from the bottom)") { f throws(ScenarioError) in
            guard let text = try f.optional("at", .string, "ID:X,Y pairs, space-separated") else { return .settle(nil) }
            if f.isDeclaring { return .settle([]) }
            switch parseSettle(text) {
            case .success(let list): return .settle(list)
            case .failure(let e): throw f.error(e.message, at: "at")
            }
        },
        EventKind("layout", "A recorded jar replaces the marbles: marbles=\"COLOR[+POWER]@X,Y ...\"") { f throws(ScenarioError) in
            let text = try f("marbles", .string, "e.g. \"red@200,22 blue+bomb@244,22\"")
            if f.isDeclaring { return .layout([]) }
            switch parseLayout(text) {
            case .success(let list): return .layout(list)
            case .failure(let e): throw f.error(e.message, at: "marbles")
            }
        },
        EventKind("mute", "The mute option") { f throws(ScenarioError) in .mute(try f("on", .bool, "true mutes")) },
        EventKind("newGame", "Start over: level 1, 3 lives, score 0, a fresh jar") { _ throws(ScenarioError) in .newGame },
    ]

    public static let generators: [Generator<MarblesEvent>] = [FrameVocabulary.framesGenerator { .frame($0) }]

    public static func kind(of event: MarblesEvent) -> String {
        switch event {
        case .frame: FrameVocabulary.frameKindName
        case .scenePause: FrameVocabulary.sceneKindName
        case .viewPause: FrameVocabulary.viewKindName
        case .scenePhase: "scenePhase"
        case .interruption: "interruption"
        case .tap: TouchVocabulary.tapKindName
        case .settle: "settle"
        case .layout: "layout"
        case .mute: "mute"
        case .newGame: "newGame"
        }
    }

    public static func text(of event: MarblesEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .frame(let l): return FrameVocabulary.text(of: l)
        case .scenePause(let p): return FrameVocabulary.text(scenePaused: p)
        case .viewPause(let p): return FrameVocabulary.text(viewPaused: p)
        case .scenePhase(let p): return line.word("phase", p.rawValue).line
        case .interruption(let i): return line.word("state", i.rawValue).line
        case .tap(let p): return TouchVocabulary.text(tap: p)
        case .settle(nil): return line.line
        case .settle(let list?):
            var pairs: [String] = []
            for p in list {
                guard let x = LineText.number(p.x), let y = LineText.number(p.y) else { return nil }
                pairs.append("\(p.id):\(x),\(y)")
            }
            return line.string("at", pairs.joined(separator: " ")).line
        case .layout(let list):
            var tokens: [String] = []
            for m in list {
                guard let x = LineText.number(m.x), let y = LineText.number(m.y) else { return nil }
                tokens.append("\(m.color.rawValue)\(m.powerUp.map { "+" + $0.rawValue } ?? "")@\(x),\(y)")
            }
            return line.string("marbles", tokens.joined(separator: " ")).line
        case .mute(let on): return line.bool("on", on).line
        case .newGame: return line.line
        }
    }

    /// Whether `Pop.sks` loads.
    public enum EmitterFile: String, CaseIterable, Sendable { case loads, missing }

    public struct Settings: Sendable {
        var width: Double
        var height: Double
        var silentSwitch: Bool
        var emitter: EmitterFile
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let size = try s("size", .tuple(2), default: [390, 700], "the scene's width,height in points (resizeFill)")
        if !s.isDeclaring {
            // `random(in: 40...(w − 40))` needs w ≥ 80; a marble needs room to stand in the jar.
            guard size[0].isFinite, size[1].isFinite, size[0] >= 80, size[0] <= 4_096 else {
                throw s.error("sceneTooNarrow: width \(size[0]) must be 80...4096 points (fill draws x in 40...width−40)", at: "size")
            }
            guard size[1] >= 44, size[1] <= 4_096 else { throw s.error("height \(size[1]) must be 44...4096 points", at: "size") }
        }
        let silent = try s("silentSwitch", .bool, default: false, "the ring/silent switch is on silent")
        let emitter = try s("emitter", .choice(EmitterFile.self), default: .loads, "whether Pop.sks loads (missing: no bursts, recorded)")
        return Settings(width: size[0], height: size[1], silentSwitch: silent, emitter: emitter)
    }

    public static func start(_ settings: Settings, _ world: inout World<Marbles>) throws(ScenarioError) -> MarblesState {
        var s = MarblesState()
        s.width = settings.width
        s.height = settings.height
        s.silentSwitch = settings.silentSwitch
        s.emitterLoads = settings.emitter == .loads
        s.rng = world.rng("fill")
        s.clock = FrameClock(clamp: world.isOn(.noDtClamp) ? nil : FrameClock.standardClamp,
                             backwards: world.isOn(.backwardsAddsTime) ? .acceptUnclamped : .refuse, zeroIsUnset: true)
        world.emit(Record("scene").fixed("width", s.width, 1).fixed("height", s.height, 1).word("gravity", "0,-9.8")
            .fixed("restitution", 0.2, 1).fixed("friction", 0.3, 1).int("fps", 60))
        fill(&s, reason: "start", &world)
        return s
    }

    public static func reduce(_ s: inout MarblesState, _ event: MarblesEvent, _ world: inout World<Marbles>) {
        switch event {
        case .frame(let line): frame(&s, line, &world)
        case .scenePause(let on): setPause(&s, { $0.user = on }, &world)
        case .viewPause(let on):
            let changed = s.clock.setViewPaused(on)
            if on {
                if changed { s.framesWhileViewPaused = 0 }
                world.emit(Record("view").bool("paused", true).bool("changed", changed))
            } else {
                world.emit(Record("view").bool("paused", false).bool("changed", changed).int("suppressedFrames", s.framesWhileViewPaused))
            }
        case .scenePhase(let phase): setPause(&s, { $0.phase = phase != .active }, &world)
        case .interruption(let state): setPause(&s, { $0.interruption = state == .began }, &world)
        case .tap(let point): tap(&s, point, &world)
        case .settle(let positions): settle(&s, positions, &world)
        case .layout(let marbles): layout(&s, marbles, &world)
        case .mute(let on):
            s.muted = on
            world.emit(Record("mute").bool("on", on))
        case .newGame: newGame(&s, &world)
        }
    }

    /// Level 1, 3 lives, score 0, a fresh jar; the display link and the pause reasons other than
    /// game over carry on.
    static func newGame(_ s: inout MarblesState, _ world: inout World<Marbles>) {
        let removed = removeAllMarbles(&s)
        for e in s.emitters { s.actions.removeActions(ofNode: e.id) }
        s.emitters.removeAll()
        s.score = 0
        s.lives = 3
        s.level = 1
        s.isGameOver = false
        s.config = .forLevel(1)
        s.remaining = .seconds(60)
        s.levelStartedAt = nil
        s.levelStartRemaining = s.remaining
        // A new game while paused (a call, the background) starts its countdown frozen at 60.
        if s.remainingAtPause != nil {
            s.remainingAtPause = s.remaining
            s.scoreAtPause = 0
        }
        s.levelStarts += 1
        world.emit(Record("newGame").int("removed", removed))
        if s.timeLeft != 60 {
            s.timeLeft = 60
            s.hudWrites += 1
            world.emit(Record("hud").int("timeLeft", 60).duration("remaining", s.remaining))
        }
        setPause(&s, { $0.gameOver = false }, &world)
        fill(&s, reason: "start", &world)
    }

    /// Positions from physics. Explicit positions are checked first and refused whole (an unknown
    /// id, a duplicate, NaN or infinity); missing marbles stay where they were; popping marbles have
    /// no body and keep their place.
    static func settle(_ s: inout MarblesState, _ positions: [SettledPosition]?, _ world: inout World<Marbles>) {
        guard let positions else {
            let columns = max(1, Int(s.width / (Marble.radius * 2)))
            var k = 0
            for i in s.marbles.indices where s.marbles[i].hasBody {
                s.marbles[i].x = Marble.radius + Marble.radius * 2 * Double(k % columns)
                s.marbles[i].y = Marble.radius + Marble.radius * 2 * Double(k / columns)
                k += 1
            }
            world.emit(Record("settle").word("mode", "pack").int("moved", k).int("columns", columns))
            return
        }
        var seen: [Int] = []
        for p in positions {
            guard let i = s.marbleIndex(p.id) else { world.reject("settle", "unknownMarble") { $0.int("id", p.id) }; return }
            guard p.x.isFinite, p.y.isFinite else { world.reject("settle", "invalidPosition") { $0.int("id", p.id) }; return }
            guard !seen.contains(p.id) else { world.reject("settle", "duplicateMarble") { $0.int("id", p.id) }; return }
            _ = i
            seen.append(p.id)
        }
        var moved = 0, kept: [String] = []
        for p in positions {
            let i = s.marbleIndex(p.id)!
            if s.marbles[i].hasBody {
                s.marbles[i].x = p.x
                s.marbles[i].y = p.y
                moved += 1
            } else {
                kept.append(String(p.id))
            }
        }
        world.emit(Record("settle").word("mode", "positions").int("moved", moved).word("poppingKept", kept.isEmpty ? "none" : kept.joined(separator: ",")))
    }

    public static func write(_ s: MarblesState, to out: inout CanonicalWriter) {
        out.record(Record("game").int("score", s.score).int("lives", s.lives).int("level", s.level).int("timeLeft", s.timeLeft)
            .bool("gameOver", s.isGameOver).duration("remaining", s.remaining).int("hudWrites", s.hudWrites))
        out.record(Record("scene").word("paused", s.pause.text).int("nodes", s.nodeCount).int("marbles", s.marbles.count)
            .int("emitters", s.emitters.count).int("pendingActions", s.actions.pendingCount).duration("sceneTime", s.actions.now)
            .int("pops", s.pops).int("sounds", s.sounds).bool("muted", s.muted))
        s.clock.write(to: &out)
        out.list("marbles", s.marbles) { w, _, m in
            w.record(Record("marble").int("id", m.id).word("color", m.color.rawValue).word("powerUp", m.powerUp?.rawValue ?? "none")
                .fixed("x", m.x, 6).fixed("y", m.y, 6).bool("body", m.hasBody)
                .with("popping", m.poppingSince.map { .duration($0) } ?? .word("no")))
        }
        out.list("emitters", s.emitters) { w, _, e in
            w.record(Record("emitter").int("id", e.id).fixed("x", e.x, 3).fixed("y", e.y, 3).duration("spawnedAt", e.spawnedAt))
        }
    }
}
