import LockstepCore

/// The camera and photo-library permissions of one app, as a deterministic value the domain keeps
/// in its state (`AVCaptureDevice` authorization and `PHPhotoLibrary` authorization per access
/// level).
///
/// Two sides drive it, as with every Platform model:
/// - the **app** calls `requestCameraAccess()`, `requestPhotosAccess(_:)` and `settingsLink(for:)`,
///   in the order its real code would;
/// - the **user and the system** answer through scenario lines: `camera permission answer=allow|deny`
///   (the tap on the camera prompt), `camera permission settings=STATUS` (the Settings app),
///   `photos auth=STATUS [level=addOnly|readWrite]` (the tap on the photos prompt if one is showing,
///   otherwise a change made in Settings).
///
/// Rules: only `notDetermined` prompts, and at most once per undetermined period (a second request
/// while the prompt is up joins it); every later request answers at once. A denial can only be
/// undone in Settings, which is why `settingsLink(for:)` offers the link after a denial and
/// refuses it, with a reason, in every other state. Every call returns an outcome value with a
/// `record`; nothing is printed and nothing is silent.
public struct CapturePermissions: Hashable, Sendable, CanonicallyWritable {
    /// `AVCaptureDevice.authorizationStatus(for: .video)`.
    public private(set) var camera: CameraAuthorizationStatus
    /// The camera prompt is on screen.
    public private(set) var cameraPromptShowing = false
    /// Camera prompts shown so far (never two in one undetermined period).
    public private(set) var cameraPrompts = 0
    /// `PHPhotoLibrary.authorizationStatus(for: .addOnly)`.
    public private(set) var photosAddOnly: PhotosAuthorizationStatus
    /// `PHPhotoLibrary.authorizationStatus(for: .readWrite)`.
    public private(set) var photosReadWrite: PhotosAuthorizationStatus
    /// The level whose photos prompt is on screen (one photos alert at a time), or nil.
    public private(set) var photosPromptShowing: PhotosAccessLevel?
    /// Photos prompts shown so far.
    public private(set) var photosPrompts = 0

    public init(camera: CameraAuthorizationStatus = .notDetermined,
                photosAddOnly: PhotosAuthorizationStatus = .notDetermined,
                photosReadWrite: PhotosAuthorizationStatus = .notDetermined) {
        self.camera = camera
        self.photosAddOnly = photosAddOnly
        self.photosReadWrite = photosReadWrite
    }

    /// The status at `level`.
    public func photos(_ level: PhotosAccessLevel) -> PhotosAuthorizationStatus {
        level == .addOnly ? photosAddOnly : photosReadWrite
    }

    /// Whether a save to Photos may go ahead now: either level allows adding (full or limited
    /// read-write access includes adding).
    public var canAddPhotos: Bool { photosAddOnly.allowsAdding || photosReadWrite.allowsAdding }

    // MARK: Camera

    /// `AVCaptureDevice.requestAccess(for: .video)`.
    public mutating func requestCameraAccess() -> CameraAccessRequest {
        if cameraPromptShowing { return .alreadyPrompting }
        guard camera == .notDetermined else { return .answered(camera) }
        cameraPromptShowing = true
        cameraPrompts += 1
        return .prompting
    }

    /// The user's tap on the camera prompt.
    public mutating func answerCameraPrompt(_ answer: CameraPermissionAnswer) -> CameraPromptOutcome {
        guard cameraPromptShowing else { return .noPromptShowing(answer, status: camera) }
        cameraPromptShowing = false
        camera = answer.status
        return .answered(answer, status: camera)
    }

    /// The camera permission changed in Settings (`notDetermined` stands for a reset of privacy
    /// settings). A prompt on screen stays: the user still has to close it, and the answer then
    /// decides.
    public mutating func setCameraInSettings(_ status: CameraAuthorizationStatus) -> PermissionSettingsChange<CameraAuthorizationStatus> {
        let from = camera
        camera = status
        return PermissionSettingsChange(permission: "camera", from: from, to: status,
                                        revoked: from.allowsCapture && !status.allowsCapture,
                                        granted: !from.allowsCapture && status.allowsCapture)
    }

    // MARK: Photos

    /// `PHPhotoLibrary.requestAuthorization(for: level)`.
    public mutating func requestPhotosAccess(_ level: PhotosAccessLevel) -> PhotosAccessRequest {
        if let showing = photosPromptShowing { return .alreadyPrompting(level, showing: showing) }
        let status = photos(level)
        guard status == .notDetermined else { return .answered(level, status) }
        photosPromptShowing = level
        photosPrompts += 1
        return .prompting(level)
    }

    /// A `photos auth=STATUS level=LEVEL` line: the answer to the prompt for `level` when one is
    /// showing (only `authorized`, `limited` and `denied` can be tapped), otherwise a change made
    /// outside the app.
    public mutating func applyPhotosLine(_ status: PhotosAuthorizationStatus, level: PhotosAccessLevel) -> PhotosAuthorizationLineOutcome {
        if photosPromptShowing == level {
            guard status.isPromptAnswer else { return .notAnAnswer(level, status) }
            photosPromptShowing = nil
            setPhotos(level, status)
            return .promptAnswered(level, status)
        }
        let from = photos(level)
        setPhotos(level, status)
        return .settingsChanged(PermissionSettingsChange(permission: "photos.\(level.rawValue)", from: from, to: status,
                                                         revoked: from.allowsAdding && !status.allowsAdding,
                                                         granted: !from.allowsAdding && status.allowsAdding))
    }

    private mutating func setPhotos(_ level: PhotosAccessLevel, _ status: PhotosAuthorizationStatus) {
        if level == .addOnly { photosAddOnly = status } else { photosReadWrite = status }
    }

    // MARK: Settings link

    /// Whether the app may offer its Settings page for `permission` now (see `SettingsLinkOutcome`).
    public func settingsLink(for permission: CapturePermissionKind) -> SettingsLinkOutcome {
        switch permission {
        case .camera:
            switch camera {
            case .denied: return .offered(permission: permission.word)
            case .notDetermined: return .refused(permission: permission.word, reason: .notAskedYet)
            case .authorized: return .refused(permission: permission.word, reason: .alreadyAllowed)
            case .restricted: return .refused(permission: permission.word, reason: .restricted)
            }
        case .photos(let level):
            switch photos(level) {
            case .denied: return .offered(permission: permission.word)
            case .notDetermined: return .refused(permission: permission.word, reason: .notAskedYet)
            case .authorized: return .refused(permission: permission.word, reason: .alreadyAllowed)
            case .restricted: return .refused(permission: permission.word, reason: .restricted)
            case .limited: return .refused(permission: permission.word, reason: .limitedSelection)
            }
        }
    }

    // MARK: State

    /// `permissions { camera=… cameraPrompt=… photosAddOnly=… photosReadWrite=… photosPrompt=… prompts=… }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("permissions") { w in
            w.word("camera", camera.rawValue)
            w.bool("cameraPromptShowing", cameraPromptShowing)
            w.int("cameraPrompts", cameraPrompts)
            w.word("photosAddOnly", photosAddOnly.rawValue)
            w.word("photosReadWrite", photosReadWrite.rawValue)
            w.word("photosPromptShowing", photosPromptShowing?.rawValue ?? "none")
            w.int("photosPrompts", photosPrompts)
        }
    }
}

/// Which permission a Settings link (or a record) is about.
public enum CapturePermissionKind: Hashable, Sendable {
    case camera
    case photos(PhotosAccessLevel)

    /// `camera`, `photos.addOnly`, `photos.readWrite`.
    public var word: String {
        switch self {
        case .camera: "camera"
        case .photos(let level): "photos.\(level.rawValue)"
        }
    }
}
