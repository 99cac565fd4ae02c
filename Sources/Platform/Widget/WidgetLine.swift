import LockstepCore

/// One decoded `widget` line: the system's side of the widgets.
public enum WidgetLine: Hashable, Sendable {
    /// `widget timeline|snapshot|placeholder kind=K`: the system calls the provider.
    case call(WidgetCall, kind: String)
    /// `widget refresh late=DURATION [kind=K]`: the scheduled policy refresh of that kind (every
    /// kind when absent) happens DURATION after it was due; if none is scheduled yet, the next one.
    case refreshLate(Duration, kind: String?)
    /// `widget containerUnavailable [on=false]`: the App Group container cannot be opened by the
    /// widget (before the app's first launch); `on=false` makes it available again.
    case containerUnavailable(Bool)
    /// `widget shown [kind=K]`: records the entry each widget (or kind K) shows now.
    case shown(kind: String?)
}

/// A timer of the widget center: the policy refresh coming due, or the next entry's date.
public enum WidgetTimer: Hashable, Sendable {
    case refresh(kind: String, generation: Int)
    case entry(kind: String, generation: Int, index: Int)
}

/// Everything the widget center handles: scripted lines and its own timers.
public enum WidgetEvent: Hashable, Sendable {
    case line(WidgetLine)
    case timer(WidgetTimer)
}
