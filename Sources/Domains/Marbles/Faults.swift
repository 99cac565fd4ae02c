import LockstepCore

/// The article's failure modes (1–7, checklist 8) and the note's derived D-list, each caught by a
/// golden under `Golden/marbles/` by what the player would see: the countdown, the HUD, the score,
/// what pops, the node count, the sound log.
public enum MarblesFault: String, DomainFault {
    case wallClockTimer
    case noDtClamp
    case noPauseGuard
    case hudEveryFrame
    case emittersNeverRemoved
    case noContactTolerance
    case noWiggle
    case hashOrderTieBreak
    case popAgainWhilePopping
    case fifoCluster
    case levelClearedFirst
    case tapsWhilePaused
    case backwardsAddsTime
    case ignoresSilentSwitch

    public var summary: String {
        switch self {
        case .wallClockTimer: "the countdown is Date arithmetic from the level's start (failure 1): a pause, a call or the background eats the countdown"
        case .noDtClamp: "dt is not clamped (failure 2): the first frame after a view pause or a hitch subtracts the whole gap"
        case .noPauseGuard: "update has no isPaused guard (failure 3): the countdown runs while the scene is paused"
        case .hudEveryFrame: "timeLeft is written every frame (failure 4): 60 @Published writes a second re-render the HUD"
        case .emittersNeverRemoved: "burst emitters are never removed (failure 5): nodes pile up invisibly"
        case .noContactTolerance: "neighbours must be exactly touching, 44 pt, not 48 (failure 6): resting marbles a little apart are not clustered"
        case .noWiggle: "a lone marble's tap gives no feedback (failure 7): no wiggle"
        case .hashOrderTieBreak: "Lightning's tie between colours follows Dictionary order (D2): a per-process hash seed picks the colour"
        case .popAgainWhilePopping: "popping marbles can be found again (D3): a second tap, a bomb or Lightning scores them twice"
        case .fifoCluster: "the cluster search pops from the front (D4): the pop ripple runs in a different order from the app's popLast"
        case .levelClearedFirst: "levelCleared is checked before timeUp (D5): an empty jar at time-up advances the level instead of costing a life"
        case .tapsWhilePaused: "taps are not blocked while paused or after game over (D9): pops score while their animations stay frozen"
        case .backwardsAddsTime: "a frame timestamp earlier than the last is applied: min(negative, 0.05) adds time to the countdown"
        case .ignoresSilentSwitch: "the pop sound plays with the silent switch on (checklist 8)"
        }
    }
}
