import LockstepCore
import Platform

/// What reaches the tuner: the screen appearing and going, the app's lifecycle, the audio system
/// (permission answers, the input format, interruptions), tap buffers, and the user's controls.
public enum TunerEvent: Sendable {
    /// The tuner screen appears (`TunerSession.activate`, then the mic sampler starts).
    case appear
    /// The screen goes away: stop the engine, remove the tap, deactivate the session.
    case disappear
    case lifecycle(LifecycleLine)
    case audio(AudioSystemEvent)
    /// One tap callback (Platform audio frames: `gen tone|pluck|noise|silence|wav`, `pcm`).
    case buffer(PCMBuffer)
    /// `reference a4=442`: the concert pitch.
    case reference(a4Hz: Double)
    case preset(id: String)
    case autoMode(on: Bool)
    /// Manual mode: measure against this string (0 = lowest).
    case string(index: Int)
    case entitlement(premium: Bool)
}
