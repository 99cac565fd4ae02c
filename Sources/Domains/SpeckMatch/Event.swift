import LockstepCore
import Platform

/// SwiftUI's scene phase: anything but active pauses the game.
public enum ScenePhase: String, CaseIterable, Hashable, Sendable {
    case active, inactive, background
}

/// One dot of a `board` fixture: `coral@100,200`.
public struct BoardDot: Hashable, Sendable {
    public var color: SpeckColor
    public var x: Double
    public var y: Double

    public init(color: SpeckColor, x: Double, y: Double) {
        self.color = color
        self.x = x
        self.y = y
    }
}

/// Everything that can happen to Speck Match.
public enum SpeckMatchEvent: Sendable {
    case newGame(Difficulty)
    /// A fixture board replaces the dots (born now, in game time): hand-made situations.
    case board([BoardDot])
    /// A `TimelineView(.animation)` tick.
    case frame(FrameLine)
    /// `DragGesture(minimumDistance: 0)`: down and move are `onChanged`, up is `onEnded`; cancel
    /// is the system ending the gesture without `onEnded`.
    case touch(DragLine)
    case scenePhase(ScenePhase)
    /// "Pause and resume anytime": the user's pause button.
    case pause
    case resume
    /// A request to record the Canvas draw list now (what the player sees), with a PNG when asked.
    case snapshot(png: Bool)
    /// GameKit's side: the auth handler, submit completions, the top ten.
    case gameCenter(GameCenterLine)
    /// The menu is shown or left (the access point's place).
    case menu(entered: Bool)
    /// "Leaderboard" tapped on a device running iOS `osMajor`.
    case showLeaderboard(osMajor: Int)
}
