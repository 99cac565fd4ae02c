/// One decoded `activities` or `activity` line: the user's and the system's side of Live Activities.
public enum LiveActivityLine: Hashable, Sendable {
    /// `activities enabled=true|false`: the Settings switch (`areActivitiesEnabled`).
    case enabled(Bool)
    /// `activity intent name=WORD [tag=T]`: the user presses a Live Activity (or widget) button;
    /// the intent runs in the app's process and may update or request.
    case intent(action: String, tag: String?)
    /// `activity dismiss [tag=T]`: the user swipes the activity (the newest, or tag T) off the Lock Screen.
    case dismiss(tag: String?)
}

/// A timer of the Live Activity center.
public enum LiveActivityTimer: Hashable, Sendable {
    /// The 8 h limit of activity `id`.
    case lifetime(id: Int)
    /// The stale date of activity `id`'s content of that generation.
    case stale(id: Int, generation: Int)
    /// An ended activity leaves the Lock Screen.
    case dismiss(id: Int)
}

/// Everything the Live Activity center handles.
public enum LiveActivityEvent: Hashable, Sendable {
    case line(LiveActivityLine)
    case timer(LiveActivityTimer)
}
