import LockstepCore

/// One firing of a request, as the centre delivered it.
public struct NotificationDelivery: Hashable, Sendable {
    public var identifier: String
    public var content: NotificationContent
    /// The instant the trigger matured.
    public var at: Instant
    public var presentation: NotificationPresentation
    /// The n-th delivery of this request (1 for the first).
    public var ordinal: Int
}

/// A user's response to a delivered notification, checked against its category.
public struct NotificationResponse: Hashable, Sendable {
    public var identifier: String
    /// An action identifier of the category, `default` or `dismiss`.
    public var action: String
    public var content: NotificationContent
    /// When the notification was delivered.
    public var deliveredAt: Instant
    /// Whether iOS brings the app to the foreground for it (`default`, or a `.foreground` action);
    /// otherwise the app is woken or launched in the background.
    public var opensApp: Bool
    /// Whether the user had to unlock first (`.foreground` or `.authenticationRequired`).
    public var requiresUnlock: Bool
}
