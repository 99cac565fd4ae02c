import LockstepCore
import Platform

/// The scripted status of one simulated `AVPlayerItem`.
public enum ItemStatus: String, Sendable, CaseIterable {
    case unknown, readyToPlay, failed
}

/// The picture-in-picture window's buttons.
public enum PiPButton: String, Sendable, CaseIterable {
    /// "Return to app": iOS asks the app to restore its interface.
    case restore
    /// The close button: PiP ends and playback stops.
    case close
}

/// `navigate push screen=NAME` or `navigate pop`.
public enum NavigateAction: String, Sendable, CaseIterable {
    case push, pop
}

/// The notification permission answers a scenario can give (Platform's, shared by every domain).
public typealias PermissionAnswer = NotificationPermissionAnswer

/// How the player is shown: `viewController` (`AVPlayerViewController`), `pipLayer` (custom
/// controls with `AVPictureInPictureController`) or `plainLayer` (neither: no PiP).
public enum PlayerView: String, Sendable, CaseIterable {
    case viewController, pipLayer, plainLayer
}

/// Every input Mandir Darshan reacts to.
public enum DarshanEvent: Sendable {
    case lifecycle(LifecycleLine)
    /// Adds a temple to the catalog (validated by the reducer).
    case addTemple(TempleInput)
    /// Adds an aarti to a temple (hour and minute are the temple's wall clock).
    case addAarti(temple: String, key: String, name: String, hour: Int, minute: Int)
    /// Removes a temple and the reminders the app owns for it.
    case removeTemple(id: String)
    /// Shows a temple's aarti table: next occurrence in UTC, temple time and the device's time.
    case show(temple: String)
    case open(temple: String)
    case itemStatus(token: Int, status: ItemStatus)
    case pip(PiPButton)
    /// Pushes a screen or pops the top one.
    case navigate(push: String?)
    case setSpeed(Double)
    case setReminder(temple: String, aarti: String, lead: Int, timeSensitive: Bool)
    case cancelReminder(temple: String, aarti: String)
    /// The user answers a delivered notification (nil id: the most recent visible delivery).
    case respond(id: String?, action: String)
    /// The system asks the widget for a timeline (the app's `reloadAllTimelines` or a scheduled reload).
    case widgetRequest
    case openInMaps(temple: String)
    case osUpdate(major: Int, minor: Int)
    /// The user changes notification permission in Settings.
    case settings(NotificationAuthorization)
    case audit
    /// The centre's delivery timer.
    case notificationDue
    /// WidgetKit's reload at the timeline's policy instant.
    case widgetReload
}
