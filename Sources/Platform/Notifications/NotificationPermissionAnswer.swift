import LockstepCore

/// The answers a user can give to notification permission (the prompt, or Settings): every
/// `NotificationAuthorization` but `notDetermined`, which no one can choose. Domains read it with
/// `.choice(NotificationPermissionAnswer.self)`.
public enum NotificationPermissionAnswer: String, Sendable, CaseIterable {
    case granted, denied, provisional

    public var authorization: NotificationAuthorization {
        switch self {
        case .granted: .granted
        case .denied: .denied
        case .provisional: .provisional
        }
    }
}
