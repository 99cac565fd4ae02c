import LockstepCore
import Platform

/// Speck colours in the article's order; a difficulty's palette is the first `colorCount`.
public enum SpeckColor: String, CaseIterable, Hashable, Sendable {
    case coral, mint, sky, lemon, violet
}

/// A dot on the board.
public struct Speck: Hashable, Sendable {
    public static let radius = 18.0
    /// "Fingers are bigger than dots": a touch within 18 × 1.4 = 25.2 pt (inclusive) hits.
    public static let hitRadius = radius * 1.4

    /// A stable sequential id (the app's `UUID()`).
    public let id: Int
    public let color: SpeckColor
    public let x: Double
    public let y: Double
    /// Game time when it appeared: age is measured in game time, so a pause never ages a dot.
    public let bornAt: Duration

    public var point: ViewPoint { ViewPoint(x: x, y: y) }
}

/// The game: the board, the drag chain, the clock, Game Center.
public struct SpeckMatchState: Sendable {
    public var difficulty = Difficulty.normal
    public var specks: [Speck] = []
    public var score = 0
    /// Game time only (clamped frame deltas, frozen while paused), integer nanoseconds.
    public var elapsed = Duration.zero
    public var nextSpawn = Duration.zero
    public var chain: [Int] = []
    public var isPaused = false
    public var isGameOver = false
    /// Whether this run's score has gone to Game Center (one submit per run).
    public var submitted = false
    public var clock = FrameClock()
    public var gameCenter = GameCenter(leaderboards: SpeckMatch.leaderboards)
    public var renderer = RenderRecorder(policy: .full)
    public var snapshots = 0
    /// Whether the sign-in view controller is presented from the key window's root (the fix).
    public var presentFromKeyWindow = true
    public var rng = SeededRNG(seed: 0)
    public var nextID = 1
    public var spawns = 0
    public var runs = 1
    /// `maxLinkDistance` (GAP): `nil` links any same-colour dot, as the code does.
    public var maxLinkDistance: Double?
    /// The down location of a drag, for the default-minimum-distance fault.
    public var dragOrigin: ViewPoint?
    public var dragStarted = false
    /// Scores of clears made after game over (the derived bug); must stay 0.
    public var scoredAfterGameOver = 0
    /// Whether the menu is on screen (the access point's only place).
    public var inMenu = false
    /// Times game time went backwards (a backwards frame applied); must stay 0.
    public var rewound = 0
    /// `elapsed` when the game paused, for the frozen-clock invariant.
    public var elapsedAtPause: Duration?

    public func speck(_ id: Int) -> Speck? { specks.first { $0.id == id } }
}
