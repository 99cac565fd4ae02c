import LockstepCore

/// What a notification shows and carries: the parts of `UNNotificationContent` a domain's logic
/// depends on. `userInfo` is string to string and written sorted by key, so it never depends on
/// hash order.
public struct NotificationContent: Hashable, Sendable {
    /// How strongly the notification interrupts (`UNNotificationInterruptionLevel`).
    public enum InterruptionLevel: String, Hashable, Sendable, CaseIterable {
        case passive, active, timeSensitive, critical
    }

    public var title: String
    public var body: String
    /// The registered category whose actions the notification offers; empty for none.
    public var categoryIdentifier: String
    public var userInfo: [String: String]
    /// Whether the default sound plays (only when presentation allows sound).
    public var sound: Bool
    public var interruptionLevel: InterruptionLevel

    public init(title: String, body: String, categoryIdentifier: String = "", userInfo: [String: String] = [:],
                sound: Bool = true, interruptionLevel: InterruptionLevel = .active) {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.userInfo = userInfo
        self.sound = sound
        self.interruptionLevel = interruptionLevel
    }

    /// `key:value` pairs sorted by key, for records and state.
    public var userInfoValue: Value {
        userInfo.isEmpty ? .word("none") : .tuple(userInfo.keys.sorted().map { .string("\($0)=\(userInfo[$0]!)") })
    }
}
