import LockstepCore

/// A request to show `content` when `trigger` fires, under an identifier that the app chooses:
/// adding a request with an identifier already pending replaces it.
public struct NotificationRequest: Hashable, Sendable {
    public var identifier: String
    public var content: NotificationContent
    public var trigger: NotificationTrigger

    public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A request the centre holds, with its scheduling bookkeeping.
public struct PendingNotification: Hashable, Sendable {
    public var request: NotificationRequest
    /// When it was (last) added.
    public var addedAt: Instant
    /// Add order across the centre's life; breaks ties at the cap (the newest goes first).
    public var sequence: Int
    /// The next instant it fires; never nil while pending (a request with no next fire is not kept).
    public var nextFire: Instant
    /// Deliveries so far (repeating requests stay pending and count up).
    public var deliveries: Int

    public var identifier: String { request.identifier }
}

/// What `add` did, from the centre's point of view. The app's own API sees success for `added`,
/// `replaced` and `dropped` alike; only `rejected` is an error it can observe.
public enum NotificationAddResult: Hashable, Sendable {
    case added
    case replaced
    /// Accepted, then discarded at once by the pending limit (it was the latest to fire).
    case dropped
    /// Refused with an error the app sees (bad components, interval too short, no future match).
    case rejected(reason: String)

    public var word: String {
        switch self {
        case .added: "added"
        case .replaced: "replaced"
        case .dropped: "dropped"
        case .rejected: "rejected"
        }
    }
}
