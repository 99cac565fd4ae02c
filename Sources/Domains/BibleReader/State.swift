import LockstepCore
import Platform

/// One highlight row as the user store holds it (decoded from its cloud record).
public struct HighlightRow: Hashable, Sendable {
    public let uuid: String
    public let verseID: Int64
    public let color: String
    public let translation: String?
    public let createdAt: Instant
}

public struct BibleReaderState: Hashable, Sendable {
    public static let devices = ["A", "B"]
    /// The read-only text store: nil when the bundle is missing or not opened yet.
    var text: FTSIndex?
    /// Per translation, for the `statsPerTranslation` fault only.
    var textByTranslation: [String: FTSIndex] = [:]
    var textVersion = 0
    var launched: Set<String> = []
    /// The user store per device: every row it saved or received (duplicates included).
    var replicas: [String: CloudReplica<String>] = [:]
    var cloud: Cloud<String>
    /// What the app last wrote to the App Group for the widget (the `widgetNeedsApp` path only).
    var appGroupVerse: String?
    /// The translation each device last opened (the `perTranslationHighlights` fault stores it).
    var lastTranslation: [String: String] = [:]
    var searches = 0
    var widgetCalls = 0
}
