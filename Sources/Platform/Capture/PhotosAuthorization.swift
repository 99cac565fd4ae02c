/// Whether the app may use the photo library at one access level
/// (`PHPhotoLibrary.authorizationStatus(for:)`), with Apple's raw values.
///
/// `limited` means the user picked some photos for the app to see (readWrite); the model also
/// accepts it for addOnly because the seed's saver treats it as allowing a save and its scenarios
/// script it. `restricted` is set by Screen Time or a device profile, never by a tap.
public enum PhotosAuthorizationStatus: String, Hashable, Sendable, CaseIterable {
    case notDetermined, restricted, denied, authorized, limited

    /// `PHAuthorizationStatus.rawValue`.
    public var rawCode: Int {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .authorized: 3
        case .limited: 4
        }
    }

    /// Whether a save may go ahead: the seed's check is `status == .authorized || status == .limited`.
    public var allowsAdding: Bool { self == .authorized || self == .limited }

    /// Whether the user can answer a prompt with this status (the three choices of the alert).
    public var isPromptAnswer: Bool { self == .authorized || self == .limited || self == .denied }
}

/// `PHAccessLevel`: what the app asks for. An app that only saves asks for `addOnly` and never sees
/// the user's library; `readWrite` is the full library (or the `limited` selection).
///
/// The model keeps the two levels apart (iOS shows them as one row in Settings): a scenario that
/// needs both states writes both lines.
public enum PhotosAccessLevel: String, Hashable, Sendable, CaseIterable {
    case addOnly, readWrite

    /// `PHAccessLevel.rawValue`.
    public var rawCode: Int { self == .addOnly ? 1 : 2 }
}
