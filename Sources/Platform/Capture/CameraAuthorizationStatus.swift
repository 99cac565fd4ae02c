/// Whether the app may use the camera (`AVCaptureDevice.authorizationStatus(for: .video)`), with
/// Apple's raw values so a record can be matched against a device log.
///
/// Only `notDetermined` ever shows a prompt, and only once: after the user answers, the app can
/// change nothing itself, and the one way back from `denied` is the Settings app (see
/// `SettingsLinkOutcome`). `restricted` is set by Screen Time or a device profile; the user cannot
/// change it either, so no link helps.
public enum CameraAuthorizationStatus: String, Hashable, Sendable, CaseIterable {
    case notDetermined, restricted, denied, authorized

    /// `AVAuthorizationStatus.rawValue`.
    public var rawCode: Int {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .authorized: 3
        }
    }

    /// Whether capture may run: creating a camera input fails in every other state.
    public var allowsCapture: Bool { self == .authorized }
}

/// The user's answer to the camera prompt, as a scenario writes it (`camera permission
/// answer=allow|deny`): the two buttons of the alert. Neither `restricted` nor `notDetermined` can
/// be tapped, so they are not answers.
public enum CameraPermissionAnswer: String, Hashable, Sendable, CaseIterable {
    case allow, deny

    /// The status the answer leaves.
    public var status: CameraAuthorizationStatus { self == .allow ? .authorized : .denied }
}
