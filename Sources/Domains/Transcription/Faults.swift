import LockstepCore

/// The historical bugs of the seed article and issue #7, each re-enabled by `set fault NAME` or
/// `--fault NAME` and each caught by at least one golden under `Golden/transcription/`.
public enum TranscriptionFault: String, DomainFault {
    case finaliseOnInterruptionBegan
    case stopWhilePausedDoesNotSave
    case noTimeout
    case doubleResume
    case dedupByStartTime
    case claimsOnDevice
    case wholeFileUnchunked
    case strictOnDevice

    public var summary: String {
        switch self {
        case .finaliseOnInterruptionBegan:
            "interruption began stops and finalises the recorder instead of pausing it: the take is cut short at the call and nothing is recorded after it"
        case .stopWhilePausedDoesNotSave:
            "the stop button while an interruption has paused the recorder drops the recorder without finalising: the take is lost (a second stop path that does not save)"
        case .noTimeout:
            "recognizeOnce schedules no 60 s timeout: one recogniser that never calls back hangs the whole transcription"
        case .doubleResume:
            "finish() has no didResume guard: a callback after the timeout, or a final result followed by an error, resumes the continuation twice (a crash)"
        case .dedupByStartTime:
            "acceptedUntil advances to a word's start instead of its end: words in the 4 s overlap are accepted twice"
        case .wholeFileUnchunked:
            "the whole file goes to the recogniser as one request (the article's first obvious approach): past a minute it never delivers a final result, so after the 60 s timeout a long recording transcribes as nothing"
        case .strictOnDevice:
            "on-device only (requiresOnDeviceRecognition = true) with no server fallback: a locale without a local model, a model not yet installed or noisy audio the local model returns empty for all give an empty transcript (\"the app is broken\")"
        case .claimsOnDevice:
            "the result claims on-device whenever on-device was requested, even when a chunk's audio went to the server"
        }
    }
}
