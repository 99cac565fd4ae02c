import LockstepCore

/// The article's failure modes that issue #7 asks for, each re-enabled by `set fault NAME` or
/// `--fault NAME` and each caught by at least one golden under `Golden/liveMic/`.
public enum LiveMicFault: String, DomainFault {
    case reuseNodesAfterReset
    case noDefaultToSpeaker
    case nanThroughClamp
    case keepLiveOnUnplug

    public var summary: String {
        switch self {
        case .reuseNodesAfterReset:
            "after a media services reset the app keeps its old engine and nodes (and the observer bound to them): the next start runs a stale engine that produces no audio"
        case .noDefaultToSpeaker:
            "`.playAndRecord` without `.defaultToSpeaker`: with nothing connected the audio comes out of the earpiece (\"why is it so quiet?\")"
        case .nanThroughClamp:
            "controls are clamped with min(max(v, lo), hi) only: NaN passes straight through and the output turns to NaN"
        case .keepLiveOnUnplug:
            "oldDeviceUnavailable is treated like a new device (restart): unplugging headphones moves live audio to the loudspeaker"
        }
    }
}
