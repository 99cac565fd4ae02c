import LockstepCore

/// The microphone permission as the app sees it (`AVAudioApplication.recordPermission`).
public enum RecordPermissionState: String, Hashable, Sendable, CaseIterable {
    case undetermined, granted, denied
}

/// Which API asks: `AVAudioApplication.requestRecordPermission()` from iOS 17.0, the session's
/// `requestRecordPermission(_:)` (deprecated in 17.0) before. An app that still supports 16.x needs
/// both; the record names the path so a golden pins the branch taken.
public enum RecordPermissionAPI: String, Hashable, Sendable, CaseIterable {
    case audioApplication, audioSession

    /// The path an app running on `os` takes.
    public static func forRelease(_ os: OSRelease) -> RecordPermissionAPI { os >= .audioApplication ? .audioApplication : .audioSession }
}

/// What `request` did.
public enum RecordPermissionRequest: Hashable, Sendable {
    /// Already decided: answered at once, no prompt.
    case answered(granted: Bool)
    /// The system prompt is now on screen; the answer arrives later as `audio permission answer=`.
    case prompting
    /// A prompt is already on screen (a second request while the first is in flight).
    case alreadyPrompting
}

/// Record permission as a deterministic value: only `undetermined` shows a prompt, and only one at
/// a time; `denied` is final from the app's side (the only way back is the Settings app, the
/// scenario's `audio permission settings=`). The prompt is asynchronous: `request` shows it and the
/// scenario's `audio permission answer=granted|denied` line is the user's tap.
public struct RecordPermission: Hashable, Sendable {
    public private(set) var state: RecordPermissionState = .undetermined
    /// Prompts shown so far (never more than one per undetermined period).
    public private(set) var promptCount = 0
    /// The API of the prompt on screen, or nil.
    public private(set) var pendingPrompt: RecordPermissionAPI?

    /// What the next prompt answers at once, for apps whose scenarios script the user's answer with
    /// the permission instead of as a later `audio permission answer=` line (`promptAnsweredAtOnce`).
    public private(set) var scriptedAnswer: RecordPermissionState = .granted

    public init(state: RecordPermissionState = .undetermined) { self.state = state }

    /// A scenario's statement of the permission now (`undetermined` included: a fresh install) and,
    /// when given, what the next prompt answers. Not the Settings app: no record, no `from`.
    public mutating func script(state: RecordPermissionState, answer: RecordPermissionState?) {
        self.state = state
        if let answer, answer != .undetermined { scriptedAnswer = answer }
    }

    /// The synchronous prompt: when the permission is undetermined (and no asynchronous prompt is on
    /// screen), the prompt shows (counted) and the scripted answer is the user's tap, at once.
    /// Returns whether a prompt showed; `state` is the decision after. Emits nothing: the caller
    /// records what the user saw, in its own words.
    public mutating func promptAnsweredAtOnce() -> Bool {
        guard state == .undetermined, pendingPrompt == nil else { return false }
        promptCount += 1
        state = scriptedAnswer
        return true
    }

    /// Asks for the microphone through `api`. Emits `audio.permission-request`.
    public mutating func request<D: Domain>(api: RecordPermissionAPI, _ world: inout World<D>) -> RecordPermissionRequest {
        let result: RecordPermissionRequest
        if pendingPrompt != nil {
            result = .alreadyPrompting
        } else if state == .undetermined {
            promptCount += 1
            pendingPrompt = api
            result = .prompting
        } else {
            result = .answered(granted: state == .granted)
        }
        let outcome: String = switch result {
        case .answered(let g): g ? "granted" : "denied"
        case .prompting: "prompting"
        case .alreadyPrompting: "alreadyPrompting"
        }
        world.emit(Record("audio.permission-request").word("api", api.rawValue).word("state", state.rawValue)
            .word("result", outcome).int("prompts", promptCount))
        return result
    }

    /// The user's answer to the prompt on screen. Returns nil (and changes nothing) when no prompt
    /// is showing, or when the answer is `undetermined` (not an answer).
    mutating func answer(_ answer: RecordPermissionState) -> RecordPermissionAPI? {
        guard let api = pendingPrompt, answer != .undetermined else { return nil }
        pendingPrompt = nil
        state = answer
        return api
    }

    /// The Settings app changed the permission. Setting `undetermined` there is impossible and
    /// refused by the caller. A prompt on screen stays (the user answers it later).
    mutating func setFromSettings(_ s: RecordPermissionState) -> RecordPermissionState {
        let from = state
        state = s
        return from
    }
}
