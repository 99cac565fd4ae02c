import LockstepCore

/// Where a process is in its life, as iOS sees it.
///
/// `notRunning` is the state before the first launch; `terminated` is the state after a process has
/// ended, and remembers why, so that the next launch can say what was lost.
public enum LifecyclePhase: Hashable, Sendable, CustomStringConvertible {
    /// Never launched in this run.
    case notRunning
    /// The process exists and is running its launch code, before it is shown (foreground) or before
    /// it is told it is in the background.
    case launching(LaunchPresentation)
    /// On screen and receiving input.
    case foregroundActive
    /// On screen but not receiving input (a call banner, the app switcher, Control Centre).
    case foregroundInactive
    /// Not on screen, still running code (a background task, a notification action).
    case background
    /// Frozen in memory: runs no code, keeps its memory, can be ended by the system without notice.
    case suspended
    /// Ended; its memory is gone.
    case terminated(TerminationReason)

    /// Whether the process runs code in this phase (memory warnings and work reach it).
    public var isRunning: Bool {
        switch self {
        case .launching, .foregroundActive, .foregroundInactive, .background: true
        case .notRunning, .suspended, .terminated: false
        }
    }

    /// Whether a process exists (running or suspended).
    public var processExists: Bool {
        switch self {
        case .notRunning, .terminated: false
        default: true
        }
    }

    /// Whether the app is on screen.
    public var isForeground: Bool {
        switch self {
        case .launching(.foreground), .foregroundActive, .foregroundInactive: true
        default: false
        }
    }

    /// One word for records and state: `launchingBackground`, `terminated`.
    public var word: String {
        switch self {
        case .notRunning: "notRunning"
        case .launching(.foreground): "launchingForeground"
        case .launching(.background): "launchingBackground"
        case .foregroundActive: "foregroundActive"
        case .foregroundInactive: "foregroundInactive"
        case .background: "background"
        case .suspended: "suspended"
        case .terminated: "terminated"
        }
    }

    public var description: String { word }
}

/// Whether a launch puts the app on screen.
public enum LaunchPresentation: String, Hashable, Sendable, CaseIterable {
    case foreground
    case background
}
