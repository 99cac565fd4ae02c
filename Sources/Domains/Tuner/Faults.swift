import LockstepCore

/// The article's failure modes, each caught by a golden under `Golden/tuner/` by what the player
/// would read on the screen or what the device does with the microphone.
public enum TunerFault: String, DomainFault {
    case highestPeak
    case noInterpolation
    case noGate
    case voiceChatMode
    case nearestByHz
    case noSmootherReset
    case micNotReleased
    case presetsIgnoreReference

    public var summary: String {
        switch self {
        case .highestPeak: "the highest autocorrelation peak wins instead of the first good one (failures 1-2): a harmonic-rich low E reads an octave off"
        case .noInterpolation: "no parabolic interpolation (failure 3): readings move in whole-lag steps, 16 cents apart near A4"
        case .noGate: "no noise gate (failure 4): room noise produces random notes"
        case .voiceChatMode: "the session runs in .voiceChat, not .measurement (failure 5): automatic gain and voice EQ colour the signal"
        case .nearestByHz: "Auto Mode picks the nearest string in Hz, not cents (failure 7): 98 Hz picks the low E"
        case .noSmootherReset: "the smoother never resets on silence or a jump (failure 8): the needle drags from the last string"
        case .micNotReleased: "the engine keeps the mic on background and when the screen goes (failure 9)"
        case .presetsIgnoreReference: "preset targets are computed at A4 = 440 whatever the reference (the article's code, derived failure 14)"
        }
    }
}
