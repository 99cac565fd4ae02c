import LockstepCore

/// The article's failure modes, each caught by a golden under `Golden/haptics/` by what the user
/// feels (the actuator timeline, the latency) or sees (the features shown, the engine's log).
public enum HapticsFault: String, DomainFault {
    case noResetHandler
    case missingStartBeforePlay
    case rhythmOnWallClock
    case noPrepare
    case noHardwareCheck
    case successAsTap
    case staleLoopAfterReset
    case retriggerOnSameValue
    case deprecatedInitOn27
    case curveLeaksIntoNextItem

    public var summary: String {
        switch self {
        case .noResetHandler: "no resetHandler (failure 2): after a haptic server reset the engine stays stopped and a running loop is gone"
        case .missingStartBeforePlay: "play() skips engine.start() (failure 3): silent after auto-shutdown"
        case .rhythmOnWallClock: "rhythm taps are stamped with Date() (failure 7): a wall-clock jump gives negative offsets"
        case .noPrepare: "touch-down does not call prepare() (failure 5): the impact is one frame late"
        case .noHardwareCheck: "no supportsHaptics check (failure 1): custom features are shown on an iPad and do nothing"
        case .successAsTap: "the impact button plays .success (failure 6): an outcome used as a generic tap"
        case .staleLoopAfterReset: "the reset handler only restarts the engine (the article's code, derived failure 11): a running loop stops for good"
        case .retriggerOnSameValue: "feedback on every assignment, not on change (derived failure 10): two true Save results give two .success"
        case .curveLeaksIntoNextItem: "the sequence editor copies each item's curves as they are (derived): the explosion's curve ends at 0 and mutes the items after it"
        case .deprecatedInitOn27: "the impact generator keeps UIImpactFeedbackGenerator(style:) (failure 8): deprecated on iOS 27"
        }
    }
}
