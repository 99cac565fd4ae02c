import LockstepCore

/// Options of one action button (`UNNotificationActionOptions`).
public enum NotificationActionOption: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Opens the app in the foreground (and so requires unlocking).
    case foreground
    /// Requires the device to be unlocked, without opening the app.
    case authenticationRequired
    /// Shown in red.
    case destructive

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One action button.
public struct NotificationAction: Hashable, Sendable {
    public var identifier: String
    public var title: String
    public var options: Set<NotificationActionOption>

    public init(_ identifier: String, title: String, options: Set<NotificationActionOption> = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
    }

    /// Whether the action works from the Lock Screen without unlocking.
    public var worksLocked: Bool { options.isDisjoint(with: [.foreground, .authenticationRequired]) }
}

/// A set of actions a notification can offer, registered at launch (`setNotificationCategories`).
public struct NotificationCategory: Hashable, Sendable {
    public var identifier: String
    public var actions: [NotificationAction]
    /// Whether the app is told when the user dismisses (`customDismissAction`).
    public var reportsDismiss: Bool

    public init(_ identifier: String, actions: [NotificationAction], reportsDismiss: Bool = false) {
        self.identifier = identifier
        self.actions = actions
        self.reportsDismiss = reportsDismiss
    }

    public func action(_ identifier: String) -> NotificationAction? { actions.first { $0.identifier == identifier } }
}

/// The action identifiers iOS itself sends.
public enum SystemNotificationAction {
    /// The user tapped the notification body (`UNNotificationDefaultActionIdentifier`); opens the app.
    public static let `default` = "default"
    /// The user dismissed it (`UNNotificationDismissActionIdentifier`); only with `reportsDismiss`.
    public static let dismiss = "dismiss"
}
