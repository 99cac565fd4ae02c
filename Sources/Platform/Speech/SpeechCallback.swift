import LockstepCore

/// One `AVSpeechSynthesizerDelegate` callback (or a session change the synthesizer needs), with the
/// simulated time in milliseconds at which it fires. Utterance ids are monotonic per synthesizer.
public enum SpeechCallback: Hashable, Sendable {
    case didStart(id: Int, atMs: Int64)
    case willSpeakRange(id: Int, word: Int, range: SpeechRange, atMs: Int64)
    case didFinish(id: Int, atMs: Int64)
    case didCancel(id: Int, atMs: Int64, dropped: Int)
    case didPause(id: Int, atMs: Int64)
    case didContinue(id: Int, atMs: Int64)
    /// The requested language had no voice; `used` is nil when no voice exists at all.
    case voiceFallback(id: Int, requested: String, used: String?)
    /// The synthesizer wants the audio session active (first utterance) or released (queue empty).
    case session(active: Bool, atMs: Int64)

    public var atMs: Int64? {
        switch self {
        case .didStart(_, let t), .willSpeakRange(_, _, _, let t), .didFinish(_, let t), .didCancel(_, let t, _),
             .didPause(_, let t), .didContinue(_, let t), .session(_, let t): t
        case .voiceFallback: nil
        }
    }

    /// The record a domain emits for it (`speech.<callback>`).
    public var record: Record {
        switch self {
        case .didStart(let id, let t): Record("speech.didStart").int("id", id).int64("atMs", t)
        case .willSpeakRange(let id, let k, let r, let t):
            Record("speech.willSpeakRange").int("id", id).int("word", k).int("location", r.location).int("length", r.length).int64("atMs", t)
        case .didFinish(let id, let t): Record("speech.didFinish").int("id", id).int64("atMs", t)
        case .didCancel(let id, let t, let dropped): Record("speech.didCancel").int("id", id).int64("atMs", t).int("dropped", dropped)
        case .didPause(let id, let t): Record("speech.didPause").int("id", id).int64("atMs", t)
        case .didContinue(let id, let t): Record("speech.didContinue").int("id", id).int64("atMs", t)
        case .voiceFallback(let id, let requested, let used):
            Record("speech.voiceFallback").int("id", id).string("requested", requested).with("used", used.map { .string($0) } ?? .word("none"))
        case .session(let active, let t): Record("speech.session").bool("active", active).int64("atMs", t)
        }
    }
}

/// Why the synthesizer refused a call (a record, never silence).
public enum SpeechRejection: Hashable, Sendable, Error {
    case queueFull(limit: Int)
    case utteranceTooLong(utf16: Int, limit: Int)
    case notFiniteRate
    case timeWentBackwards(nowMs: Int64, lastMs: Int64)
    case notSpeaking
    case notPaused
    case alreadyPaused

    public var word: String {
        switch self {
        case .queueFull: "queueFull"
        case .utteranceTooLong: "utteranceTooLong"
        case .notFiniteRate: "notFiniteRate"
        case .timeWentBackwards: "timeWentBackwards"
        case .notSpeaking: "notSpeaking"
        case .notPaused: "notPaused"
        case .alreadyPaused: "alreadyPaused"
        }
    }

    public var why: String {
        switch self {
        case .queueFull(let limit): "the queue holds at most \(limit) utterances"
        case .utteranceTooLong(let n, let limit): "an utterance is \(n) UTF-16 units, the limit is \(limit)"
        case .notFiniteRate: "the rate must be finite"
        case .timeWentBackwards(let now, let last): "time \(now) ms is before \(last) ms"
        case .notSpeaking: "nothing is speaking or queued"
        case .notPaused: "the synthesizer is not paused"
        case .alreadyPaused: "the synthesizer is already paused or pausing"
        }
    }
}

/// Where `pause` and `stop` take effect (`AVSpeechBoundary`).
public enum SpeechBoundary: String, Hashable, Sendable, CaseIterable {
    case immediate, word
}
