/// Whether the app may show notifications (`UNAuthorizationStatus`).
public enum NotificationAuthorization: String, Hashable, Sendable, CaseIterable {
    /// Never asked. Nothing is shown.
    case notDetermined
    /// Alerts, sounds and badges allowed (`.authorized`).
    case granted
    /// The user said no (or turned notifications off in Settings). Nothing is shown.
    case denied
    /// Delivered quietly to Notification Centre without asking first: no banner, no sound.
    case provisional

    /// How a delivery is presented while the app is not on screen.
    var backgroundPresentation: NotificationPresentation {
        switch self {
        case .granted: .banner
        case .provisional: .quiet
        case .notDetermined, .denied: .none
        }
    }
}

/// How one delivery reached the user.
public enum NotificationPresentation: String, Hashable, Sendable, CaseIterable {
    /// Banner (or Lock Screen alert) with sound.
    case banner
    /// Into Notification Centre only (provisional authorization).
    case quiet
    /// The app was on screen and its `willPresent` chose to show it.
    case foreground
    /// The app was on screen and chose not to show it (`willPresent` returned no options).
    case suppressed
    /// Not shown at all: not authorized. The app gets no callback and the user can't respond.
    case none

    /// Whether the user can see it, and so respond to it.
    public var isVisible: Bool { self == .banner || self == .quiet || self == .foreground }
}
