import LockstepCore

/// What the permission centre reports, so a domain can turn each into a trace record
/// (`record`); the centre never prints. Refusals are outcomes too: an answer with no prompt on
/// screen, a Settings link before any denial.

/// `AVCaptureDevice.requestAccess(for: .video)`.
public enum CameraAccessRequest: Hashable, Sendable, RecordConvertible {
    /// Already decided: the completion runs at once with `status == .authorized`, no prompt.
    case answered(CameraAuthorizationStatus)
    /// The system prompt is on screen now (the first and only one); the answer arrives later as
    /// `camera permission answer=allow|deny`.
    case prompting
    /// A prompt is already on screen: this request joins it, nothing new is shown.
    case alreadyPrompting

    public var record: Record {
        let r = Record("camera.permission-request")
        switch self {
        case .answered(let s): return r.word("result", "answered").word("status", s.rawValue).bool("granted", s.allowsCapture)
        case .prompting: return r.word("result", "prompting")
        case .alreadyPrompting: return r.word("result", "alreadyPrompting")
        }
    }
}

/// The user's tap on the camera prompt (`camera permission answer=`).
public enum CameraPromptOutcome: Hashable, Sendable, RecordConvertible {
    /// The prompt closed; the app's completion runs with `granted`.
    case answered(CameraPermissionAnswer, status: CameraAuthorizationStatus)
    /// No prompt is on screen (never requested, or already answered): nothing changes.
    case noPromptShowing(CameraPermissionAnswer, status: CameraAuthorizationStatus)

    public var record: Record {
        switch self {
        case .answered(let a, let s):
            return Record("camera.permission").word("answer", a.rawValue).word("status", s.rawValue).bool("granted", s.allowsCapture)
        case .noPromptShowing(let a, let s):
            return Record("rejected").word("input", "camera.permission").word("reason", "noPromptShowing")
                .word("answer", a.rawValue).word("status", s.rawValue)
        }
    }
}

/// `PHPhotoLibrary.requestAuthorization(for:)`.
public enum PhotosAccessRequest: Hashable, Sendable, RecordConvertible {
    /// Already decided: the completion runs at once with this status, no prompt.
    case answered(PhotosAccessLevel, PhotosAuthorizationStatus)
    /// The system prompt for `level` is on screen; the answer arrives as `photos auth=`.
    case prompting(PhotosAccessLevel)
    /// The photos prompt is already on screen (for this level or the other): nothing new is shown.
    case alreadyPrompting(PhotosAccessLevel, showing: PhotosAccessLevel)

    public var record: Record {
        let r = Record("photos.permission-request")
        switch self {
        case .answered(let l, let s):
            return r.word("level", l.rawValue).word("result", "answered").word("status", s.rawValue).bool("canAdd", s.allowsAdding)
        case .prompting(let l): return r.word("level", l.rawValue).word("result", "prompting")
        case .alreadyPrompting(let l, let showing): return r.word("level", l.rawValue).word("result", "alreadyPrompting").word("showing", showing.rawValue)
        }
    }
}

/// What a `photos auth=` line did: it answers the prompt on screen if there is one, and is a
/// change made in the Settings app (or by a device profile) otherwise.
public enum PhotosAuthorizationLineOutcome: Hashable, Sendable, RecordConvertible {
    /// The user answered the prompt for `level`.
    case promptAnswered(PhotosAccessLevel, PhotosAuthorizationStatus)
    /// A prompt is on screen but the status is not something a user can tap (`restricted`,
    /// `notDetermined`): nothing changes and the prompt stays.
    case notAnAnswer(PhotosAccessLevel, PhotosAuthorizationStatus)
    /// No prompt: the status changed outside the app.
    case settingsChanged(PermissionSettingsChange<PhotosAuthorizationStatus>)

    public var record: Record {
        switch self {
        case .promptAnswered(let l, let s):
            return Record("photos.permission").word("level", l.rawValue).word("answer", s.rawValue).bool("canAdd", s.allowsAdding)
        case .notAnAnswer(let l, let s):
            return Record("rejected").word("input", "photos.auth").word("reason", "notAnAnswer").word("level", l.rawValue)
                .word("status", s.rawValue)
        case .settingsChanged(let c): return c.record
        }
    }
}

/// A permission changed in the Settings app (or by Screen Time, or a reset of privacy settings):
/// no prompt, any state to any state. `revoked` and `granted` say whether the app lost or gained
/// the use of the permission, because that is what a running app must react to: a capture session
/// whose permission is revoked delivers nothing more.
public struct PermissionSettingsChange<Status: RawRepresentable & Hashable & Sendable>: Hashable, Sendable, RecordConvertible
where Status.RawValue == String {
    /// `camera`, `photos.addOnly`, `photos.readWrite`.
    public var permission: String
    public var from: Status
    public var to: Status
    /// It allowed use before and does not now.
    public var revoked: Bool
    /// It did not allow use before and does now.
    public var granted: Bool

    public init(permission: String, from: Status, to: Status, revoked: Bool, granted: Bool) {
        self.permission = permission
        self.from = from
        self.to = to
        self.revoked = revoked
        self.granted = granted
    }

    public var record: Record {
        Record("permission.settings").word("permission", permission).word("from", from.rawValue).word("to", to.rawValue)
            .bool("revoked", revoked).bool("granted", granted)
    }
}
