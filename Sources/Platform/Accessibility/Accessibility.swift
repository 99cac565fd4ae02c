import LockstepCore

/// The accessibility settings an app reads (VoiceOver, Reduce Motion, the text size) and the
/// announcements it posts, as a value the domain keeps in its state.
///
/// Every change and every announcement is a record: `a11y voiceOver=… reduceMotion=… textSize=…
/// scale=…` after a change, and `a11y.announce text="…" spoken=true|false`. An announcement with
/// VoiceOver off is not spoken (the system drops it), and the record says so instead of staying
/// silent: a test can tell "the app announced nothing" from "the app announced to nobody".
/// Announcements are bounded (`maxAnnouncementScalars`); a longer one is refused with a record.
public struct Accessibility: Hashable, Sendable {
    public var voiceOver: Bool
    public var reduceMotion: Bool
    public var textSize: TextSizeCategory
    /// Announcements posted, spoken or not (part of the digest).
    public private(set) var announcements = 0
    public private(set) var spokenAnnouncements = 0

    /// An announcement longer than this many scalars is refused (no real caption is that long).
    public static let maxAnnouncementScalars = 4_096

    public init(voiceOver: Bool = false, reduceMotion: Bool = false, textSize: TextSizeCategory = .large) {
        self.voiceOver = voiceOver
        self.reduceMotion = reduceMotion
        self.textSize = textSize
    }

    /// Applies the settings a line names (nil fields are left as they are) and records the result.
    public mutating func apply<D: Domain>(_ change: AccessibilityChange, _ world: inout World<D>) {
        if let v = change.voiceOver { voiceOver = v }
        if let v = change.reduceMotion { reduceMotion = v }
        if let v = change.textSize { textSize = v }
        world.emit(record)
    }

    /// Posts an announcement (`UIAccessibility.post(notification: .announcement, …)`); returns
    /// whether VoiceOver spoke it.
    @discardableResult
    public mutating func announce<D: Domain>(_ text: String, _ world: inout World<D>) -> Bool {
        guard text.unicodeScalars.count <= Accessibility.maxAnnouncementScalars else {
            world.reject("a11y.announce", "too-long") {
                $0.int("scalars", text.unicodeScalars.count).int("limit", Accessibility.maxAnnouncementScalars)
            }
            return false
        }
        announcements += 1
        if voiceOver { spokenAnnouncements += 1 }
        world.emit(Record("a11y.announce").string("text", text).bool("spoken", voiceOver))
        return voiceOver
    }

    /// The settings as one record.
    public var record: Record {
        Record("a11y").bool("voiceOver", voiceOver).bool("reduceMotion", reduceMotion)
            .word("textSize", textSize.rawValue).fixed("scale", textSize.scale, 4)
    }

    /// `a11y {` settings and counters `}`, for the owning domain's digest.
    public func write(to out: inout CanonicalWriter) {
        out.section("a11y") { w in
            w.bool("voiceOver", voiceOver)
            w.bool("reduceMotion", reduceMotion)
            w.word("textSize", textSize.rawValue)
            w.int("announcements", announcements)
            w.int("spoken", spokenAnnouncements)
        }
    }
}

/// What one `a11y` line changes; nil leaves a setting as it is.
public struct AccessibilityChange: Hashable, Sendable {
    public var voiceOver: Bool?
    public var reduceMotion: Bool?
    public var textSize: TextSizeCategory?

    public init(voiceOver: Bool? = nil, reduceMotion: Bool? = nil, textSize: TextSizeCategory? = nil) {
        self.voiceOver = voiceOver
        self.reduceMotion = reduceMotion
        self.textSize = textSize
    }
}
