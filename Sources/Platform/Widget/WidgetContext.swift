import LockstepCore

/// Which of the provider's three functions the system calls.
public enum WidgetCall: String, Hashable, Sendable, CaseIterable {
    /// `placeholder(in:)`: a generic view while the real one loads; reads no data.
    case placeholder
    /// `getSnapshot(in:completion:)`: one entry for the widget gallery or a transient view.
    case snapshot
    /// `getTimeline(in:completion:)`: the entries and the reload policy.
    case timeline
}

/// Why a timeline was asked for.
public enum WidgetReloadReason: String, Hashable, Sendable, CaseIterable {
    /// A scenario line: the system asks (a widget added, the device restarted).
    case system
    /// The app called `reloadTimelines(ofKind:)`.
    case app
    /// The app called `reloadAllTimelines()`.
    case reloadAll
    /// The timeline's reload policy came due.
    case policy
}

/// What the provider is told about a call.
public struct WidgetContext: Hashable, Sendable {
    public var kind: String
    public var call: WidgetCall
    public var reason: WidgetReloadReason
    /// The moment of the call (the widget's `now`).
    public var now: Instant

    public init(kind: String, call: WidgetCall, reason: WidgetReloadReason, now: Instant) {
        self.kind = kind
        self.call = call
        self.reason = reason
        self.now = now
    }
}
