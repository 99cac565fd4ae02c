import LockstepCore
import Platform

/// Marble colours in the article's declaration order: `prefix(colorCount)` takes the palette from
/// the front, and the Lightning tie-break (D2) picks the earliest.
public enum MarbleColor: String, CaseIterable, Hashable, Sendable {
    case red, blue, green, yellow, purple
}

/// The three power-ups; a power-up marble fires its power when tapped.
public enum PowerUp: String, CaseIterable, Hashable, Sendable {
    case lightning, heart, bomb
}

/// A marble on the scene: a 44×44 sprite with a circular body of radius 22.
public struct Marble: Hashable, Sendable {
    public static let radius = 22.0
    /// Marbles this close (centre to centre, inclusive) touch: `2·22 + 4`, a small tolerance for
    /// resting contact (the physics solver leaves resting marbles a little apart).
    public static let touchDistance = radius * 2 + 4

    /// A stable sequential node id (SpriteKit has object identity; goldens need a name).
    public let id: Int
    public let color: MarbleColor
    public var powerUp: PowerUp?
    public var x: Double
    public var y: Double
    /// `false` once it starts popping (`physicsBody = nil`): no impulses, no physics.
    public var hasBody = true
    /// Scene time at which it started popping; popping marbles are still children until removed.
    public var poppingSince: Duration?

    public var point: ViewPoint { ViewPoint(x: x, y: y) }
}

/// A particle burst (`Pop.sks`, 24 particles) removed 0.6 s of scene time after it spawns.
public struct Emitter: Hashable, Sendable {
    public static let particles = 24
    public static let lifetime = Duration.milliseconds(600)
    public let id: Int
    public let x: Double
    public let y: Double
    public let spawnedAt: Duration
}

/// What a scheduled action does when it fires.
public enum SceneAction: Hashable, Sendable {
    /// The pop ripple's burst: an emitter at the marble's position then.
    case burst(marble: Int)
    /// The 0.12 s scale-to-1.4 and fade-out ends.
    case vanished(marble: Int)
    case removeMarble(Int)
    case removeEmitter(Int)
    /// One step of the no-match wiggle: the marble's x moves by `dx` (net 0 over the three).
    case wiggle(marble: Int, dx: Double)
}

/// Why the scene is paused; it runs only when there is no reason.
public struct PauseReasons: Hashable, Sendable {
    /// The pause button (`scene pause=true`).
    public var user = false
    /// The scene phase is inactive or background.
    public var phase = false
    /// A phone call (an interruption that has begun and not ended).
    public var interruption = false
    /// `timeUp()` with no lives left pauses for good (until `newGame`).
    public var gameOver = false

    public var any: Bool { user || phase || interruption || gameOver }

    /// `user,phase` or `none`.
    public var text: String {
        let names = [(user, "user"), (phase, "phase"), (interruption, "interruption"), (gameOver, "gameOver")].filter(\.0).map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

/// The whole game: SwiftUI's `GameState` plus the scene (marbles, emitters, actions, clock).
public struct MarblesState: Sendable {
    // GameState, published to the HUD.
    public var score = 0
    public var lives = 3
    public var level = 1
    /// The HUD's whole seconds (`max(0, ⌈remaining⌉)`), written only when it changes.
    public var timeLeft = 60
    public var isGameOver = false

    // The scene.
    public var width = 390.0
    public var height = 700.0
    public var config = LevelConfig.forLevel(1)
    /// The countdown in integer nanoseconds (the article's `Double`, see the domain's doc comment).
    public var remaining = Duration.seconds(60)
    public var clock = FrameClock(zeroIsUnset: true)
    public var pause = PauseReasons()
    public var marbles: [Marble] = []
    public var emitters: [Emitter] = []
    public var actions = ActionTimeline<SceneAction>()
    public var nextNodeID = 1
    public var rng = SeededRNG(seed: 0)

    // Sound and settings.
    public var muted = false
    public var silentSwitch = false
    public var emitterLoads = true

    // Bookkeeping for records, invariants and the summary.
    /// `@Published` writes of `timeLeft` (failure 4 counts them).
    public var hudWrites = 0
    /// Frames dropped by a paused scene or view since the pause began, for the resume record.
    public var framesWhilePaused = 0
    public var framesWhileViewPaused = 0
    /// `remaining` when the scene last paused (the clock must not move while paused).
    public var remainingAtPause: Duration?
    /// The score when the scene last paused (nothing scores while paused, D9).
    public var scoreAtPause = 0
    /// Times the countdown went up within a level (a backwards frame applied); must stay 0.
    public var countdownRewound = 0
    /// Levels begun (start, restarts, level-ups, new games): each may cost one HUD write on top of
    /// one per counted second.
    public var levelStarts = 1
    /// Marbles popped a second time while already popping (D3); must stay 0.
    public var doublePops = 0
    /// When the level began, for the wall-clock fault: (frame timestamp, remaining then).
    public var levelStartedAt: Duration?
    public var levelStartRemaining = Duration.seconds(60)
    /// How many marbles are not popping (so `update`'s "no marbles" test is O(1) per frame).
    public var pops = 0
    public var sounds = 0

    public var isPaused: Bool { pause.any }
    public var nodeCount: Int { marbles.count + emitters.count }

    public func marbleIndex(_ id: Int) -> Int? { marbles.firstIndex { $0.id == id } }
}
