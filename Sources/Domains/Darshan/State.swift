import LockstepCore
import Platform

/// One item the app-level player was given: which `play()` created it and what it tries.
public struct PlayerItem: Hashable, Sendable {
    /// Counts `play()` calls over the run; status events name the item by it.
    public var token: Int
    public var url: String
    /// Whether this attempt is the live stream.
    public var attemptIsLive: Bool
    /// What to play if this item fails (only a live attempt has one, one level deep).
    public var fallback: String?
    public var status: ItemStatus = .unknown
}

/// What the darshan screen's badge says.
public enum Badge: String, Hashable, Sendable {
    /// Nothing chosen yet (no temple opened).
    case none
    /// An item is loading; the previous temple's state has been cleared.
    case loading
    case live = "Live"
    case recorded = "Recorded"
    /// No live stream and no recording can play: a planned state, not an error alert.
    case unavailable
}

/// The app-level `DarshanSession` and its `AVPlayer`, outliving any screen.
public struct PlayerSession: Hashable, Sendable {
    public var templeID: String?
    public var item: PlayerItem?
    public var isLive = false
    public var playing = false
    public var badge: Badge = .none
    /// `AVPlayer.defaultRate`, the rate `play()` uses.
    public var defaultRate: Double = 1
    /// `AVPlayerViewController.speeds`: empty while live (no speed menu).
    public var speeds: [Double] = []
    public var nextToken = 1
    /// The last few replaced items (for the `lateStatus` fault, whose late callbacks act on them).
    public var history: [PlayerItem] = []
}

/// `AVAudioSession` as far as PiP cares: its category, mode and activation, in Platform's types.
/// Not Platform's `AudioSession`, whose calls write their own records (`audio.category`,
/// `audio.active` with the grant and route) where this app's traces have one `audio.session`.
public struct AudioSessionState: Hashable, Sendable {
    /// `soloAmbient` is iOS's default; PiP needs `playback`.
    public var category = AudioCategory.systemDefault
    public var mode = AudioMode.default
    public var active = false
}

/// Picture-in-picture and the player view's flags.
public struct PiPState: Hashable, Sendable {
    public var allowsPictureInPicturePlayback = true
    public var canStartAutomaticallyFromInline = true
    public var active = false
    public var started = 0
    public var restored = 0
}

/// The widget as WidgetKit holds it.
public struct WidgetState: Hashable, Sendable {
    public var entries: [WidgetEntry] = []
    /// `.after(policy)`; nil for `.never`.
    public var policy: Instant?
    public var reloads = 0
    public var reloadTimer: TimerID?
    public var reloadAt: Instant?
    public var lastReload: Instant?
    /// Reloads in the UTC day `budgetDay` (days since the epoch).
    public var budgetDay: Int64 = -1
    public var budgetUsed = 0
}

/// A reminder the user asked for.
public struct ReminderPref: Hashable, Sendable {
    public var temple: String
    public var aarti: String
    public var lead: Int
    public var timeSensitive: Bool
    /// The identifiers the app added for it (one, except under the faults that add more).
    public var requestIDs: [String]
}

/// Everything Mandir Darshan holds.
public struct DarshanState: Sendable {
    public var life = AppLifecycle()
    public var centre = NotificationCentre()
    /// Whether the centre's delegate is set in this process (set at launch, or late under a fault).
    public var delegateSet = false
    public var temples: [Temple] = []
    /// Keyed `temple.aarti`, written sorted.
    public var reminders: [String: ReminderPref] = [:]
    public var player = PlayerSession()
    public var audio = AudioSessionState()
    public var pip = PiPState()
    /// Bottom first: `home`, then pushed screens (`darshan.kashi`, `gita`).
    public var navigation: [String] = ["home"]
    public var widget = WidgetState()
    /// The OS release and the Background Modes capability "Audio, AirPlay, and Picture in
    /// Picture" (`backgroundAudio`), from the `os` and `backgroundAudio` settings.
    public var device = Device(os: OSRelease(18, 0), capabilities: [.backgroundAudio])
    public var playerView = PlayerView.viewController
    public var permissionAnswer: NotificationAuthorization = .granted

    public func temple(_ id: String) -> Temple? { temples.first { $0.id == id } }
}
