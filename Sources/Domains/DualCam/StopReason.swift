/// Why a take ended. Every one goes through the same `finalize` as the user's stop button.
public enum StopReason: String, Hashable, Sendable, CaseIterable {
    /// The stop button.
    case user
    /// A call, or another app took the camera (`wasInterruptedNotification`).
    case interruption
    /// `mediaServicesWereReset`.
    case mediaReset
    /// `thermalState` reached critical while recording.
    case thermalCritical
    /// Free space fell below 100 MiB while recording.
    case storageLow
    /// GAP: the session stopped with a runtime error (the article names the four automatic stops;
    /// a runtime error ends the take the same way rather than leaving the writer open).
    case runtimeError
}
