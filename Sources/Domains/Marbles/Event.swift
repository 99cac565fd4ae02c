import LockstepCore
import Platform

/// SwiftUI's scene phase, as the game sees it.
public enum ScenePhase: String, CaseIterable, Hashable, Sendable {
    case active, inactive, background
}

/// A phone call (`AVAudioSession` interruption) beginning or ending.
public enum InterruptionState: String, CaseIterable, Hashable, Sendable {
    case began, ended
}

/// One marble of a `layout` line: `red@200,200` or `blue+bomb@246,200`.
public struct LayoutMarble: Hashable, Sendable {
    public var color: MarbleColor
    public var powerUp: PowerUp?
    public var x: Double
    public var y: Double

    public init(color: MarbleColor, powerUp: PowerUp? = nil, x: Double, y: Double) {
        self.color = color
        self.powerUp = powerUp
        self.x = x
        self.y = y
    }
}

/// One position of a `settle` line: `7:200,309.9`.
public struct SettledPosition: Hashable, Sendable {
    public var id: Int
    public var x: Double
    public var y: Double

    public init(id: Int, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// Everything that can happen to Marbles Popperz.
public enum MarblesEvent: Sendable {
    /// One display-link frame: `update(_ currentTime:)`.
    case frame(FrameLine)
    /// The pause button (`scene.isPaused`).
    case scenePause(Bool)
    /// `SKView.isPaused`: no frames at all while on.
    case viewPause(Bool)
    /// SwiftUI's scene phase changes.
    case scenePhase(ScenePhase)
    /// A phone call begins or ends (treated as the scene going inactive while it lasts).
    case interruption(InterruptionState)
    /// `touchesBegan` at a point in scene coordinates (origin bottom left, y up).
    case tap(ViewPoint)
    /// Physics has moved the marbles: explicit positions, or `nil` for the harness's toy settler.
    case settle([SettledPosition]?)
    /// A recorded jar replaces the marbles (a fixture for hand-made situations).
    case layout([LayoutMarble])
    /// The mute option.
    case mute(Bool)
    /// Start over after game over (or at any time): level 1, 3 lives, score 0.
    case newGame
}
