import LockstepCore

/// The article's failure modes (1–11) and the note's derived ones, each caught by a golden under
/// `Golden/speckMatch/` by what the player sees or what goes to Game Center.
public enum SpeckMatchFault: String, DomainFault {
    case defaultDragDistance
    case wallClockScoring
    case noDtClamp
    case resumeWithoutPriming
    case noAutoPause
    case detachedAuthPresenter
    case waitsForGameCenter
    case oneLeaderboard
    case submitPerMatch
    case accessPointOnOldOS
    case accessPointDuringPlay
    case halfEvenRounding
    case chainSurvivesPause
    case negativeDtRewinds

    public var summary: String {
        switch self {
        case .defaultDragDistance: "DragGesture keeps its default 10 pt minimum distance (failure 1): the touch-down does not start the chain, the first points of a drag are swallowed"
        case .wallClockScoring: "ages are measured on the wall clock (failure 2): after a pause every dot on screen is 'old' and scores 10"
        case .noDtClamp: "dt is not clamped (failure 3): a hitch adds its whole length to game time, dots age and spawn at once"
        case .resumeWithoutPriming: "pause() keeps lastTick (failure 3): the first frame after a resume adds the pause's length (clamped to 0.05 s)"
        case .noAutoPause: "the scene phase is ignored (failure 4): a phone call keeps the game running and can cost the run"
        case .detachedAuthPresenter: "the sign-in view controller is presented from a controller not in the window (failure 5): Game Center never shows"
        case .waitsForGameCenter: "a new game waits for Game Center (failure 6): declined or offline, the game never starts"
        case .oneLeaderboard: "every difficulty submits to speck.highscores.normal (failure 8): one board mixes difficulties"
        case .submitPerMatch: "the score is submitted after every clear (failure 9), not once per run"
        case .accessPointOnOldOS: "the leaderboard always uses GKAccessPoint.trigger(leaderboardID:) (failure 10): before iOS 18 it does not exist and nothing shows"
        case .accessPointDuringPlay: "the access point stays active in play (failure 11): it overlaps the board"
        case .halfEvenRounding: "points round half to even (a .rounded(.toNearestOrEven) slip): two dots aged 1.125 s give 32, not 33"
        case .chainSurvivesPause: "a pause, game over or a cancelled gesture leaves the chain (derived): releasing later clears and scores, even after game over"
        case .negativeDtRewinds: "a frame timestamp earlier than the last is applied (derived): min(negative, 0.05) rewinds game time"
        }
    }
}
