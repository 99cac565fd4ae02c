import LockstepCore
import Platform

/// `AVAudioQuality`, with the SDK raw values the settings dictionary carries.
public enum RecordingQuality: String, CaseIterable, Sendable {
    case min, low, medium, high, max
    public var rawAVValue: Int {
        switch self {
        case .min: 0
        case .low: 0x20
        case .medium: 0x40
        case .high: 0x60
        case .max: 0x7F
        }
    }
}

/// A `transcribe` call: the recording id, the asset's duration (nil: the saved take's), the locale
/// and whether on-device is requested first.
public struct TranscribeRequest: Sendable, Equatable {
    public var id: String
    /// As written; NaN, infinities, zero and negatives are legal and give the defined empty result.
    public var durationSeconds: Double?
    public var locale: String?
    public var onDevice: Bool
}

/// Every input Voice Studio reacts to, recorded and timer-delivered.
public enum TranscriptionEvent: Sendable {
    // Recording.
    case recordStart(name: String, sampleRateHz: Int, quality: RecordingQuality)
    case recordStop
    /// `mic state=... [answer=...]`: the record permission now (Platform's `RecordPermissionState`),
    /// and what the prompt at the next undetermined `record` will answer (granted or denied).
    case mic(RecordPermissionState, answer: RecordPermissionState?)
    // Transcription.
    case transcribe(TranscribeRequest)
    /// A scripted answer for one attempt of one chunk of the current or next transcription.
    case answer(ScriptKey, ScriptedAnswer)
    /// A recogniser callback at exactly this instant (recorded, so it runs before a timer due at
    /// the same instant).
    case callback(ScriptKey, RecogniserCallback)
    /// The export of chunk N will throw.
    case exportFails(chunk: Int, message: String)
    case capability(locale: String, LocaleCapability)
    case network(online: Bool)
    /// `isAvailableAsync(locale)`.
    case probe(locale: String?)
    case audio(AudioSystemEvent)
    // Timers.
    /// A scripted callback reaches attempt `serial`.
    case answerDue(serial: Int, RecogniserCallback)
    /// The 60 s timeout of attempt `serial`.
    case timeout(serial: Int)
}

// The words of a few fields, as enums so that `.choice` declares them (and `lockstep list` shows them).

/// `record start` or `record stop`.
public enum RecordAction: String, CaseIterable, Sendable { case start, stop }

/// The result of a recorded `callback` line.
public enum CallbackResult: String, CaseIterable, Sendable { case final, partial, error }

/// `network online|offline`.
public enum NetworkState: String, CaseIterable, Sendable { case online, offline }

/// What the record permission prompt answers (`mic answer=`): never undetermined.
public enum PromptAnswer: String, CaseIterable, Sendable {
    case granted, denied
    public var permission: RecordPermissionState { self == .granted ? .granted : .denied }
}

/// What an attempt without an answer line does (`set unscripted`).
public enum UnscriptedAnswer: String, CaseIterable, Sendable {
    case empty, error, stall
    public var answer: AnswerKind {
        switch self {
        case .empty: .empty
        case .error: .error
        case .stall: .stall
        }
    }
}
