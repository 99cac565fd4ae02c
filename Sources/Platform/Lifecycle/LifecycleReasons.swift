/// Why the system started a process.
public enum LaunchReason: String, Hashable, Sendable, CaseIterable {
    /// The user tapped the icon (or a notification with a `.foreground` action). Launches on screen.
    case user
    /// The system launched the app in the background to handle a notification action without
    /// opening it (a "Taken" button on the Lock Screen).
    case notificationAction
    /// A background task (BGTaskScheduler refresh, background fetch). Launches in the background.
    case backgroundTask
    /// The process is an app extension started for its host (a keyboard, a notification service).
    /// Only valid for extension processes, and the only reason valid for them.
    case `extension`

    /// Where a launch for this reason starts, unless the event says otherwise. A keyboard extension is
    /// on screen; the others run unseen.
    public var defaultPresentation: LaunchPresentation {
        switch self {
        case .user, .extension: .foreground
        case .notificationAction, .backgroundTask: .background
        }
    }
}

/// Why a process ended.
public enum TerminationReason: String, Hashable, Sendable, CaseIterable {
    /// The user swiped the app away in the app switcher.
    case user
    /// The system ended it in the normal course: a suspended app reclaimed, an extension ended right
    /// after it returned.
    case system
    /// Killed for memory (over the footprint ceiling, or memory pressure). No callback, no warning.
    case jetsam
    /// The process crashed.
    case crash

    /// Whether the process got to run code before it ended (`applicationWillTerminate`). Only an
    /// orderly, user-initiated end of a running process does; the others are silent.
    public var runsTerminationHandler: Bool { self == .user }
}

/// Why a lifecycle event did not change anything.
public enum LifecycleIgnoreReason: String, Hashable, Sendable, CaseIterable {
    /// There is no process to receive the event (before launch or after termination).
    case notRunning
    /// `launch` while a process already exists.
    case alreadyRunning
    /// The process is suspended and runs no code until it is woken or brought to the foreground.
    case suspended
    /// The event asks for the phase the process is already in.
    case alreadyInPhase
    /// The event only applies on screen (resign active while in the background).
    case notForeground
    /// The event only applies off screen (`suspend` while on screen).
    case notBackground
    /// `wake` is for a suspended or background process.
    case notSuspended
    /// A launch still in progress must finish (`foreground`/`background`/`active`) first.
    case stillLaunching
    /// An app launched with `reason=extension`, or an extension launched with an app reason.
    case wrongProcessKind
    /// `return` from an app that is on screen: only background work or an extension returns.
    case nothingToReturnFrom
    /// `wake` with a reason that does not wake a process (`user` brings it to the foreground,
    /// `extension` launches a separate process).
    case wrongReason
}
