import LockstepCore

/// One entry of a timeline: what the widget shows from `date` until the next entry's date
/// (WidgetKit's `TimelineEntry`).
public struct TimelineEntry<Content: WidgetContent>: Hashable, Sendable {
    public var date: Instant
    public var content: Content

    public init(date: Instant, content: Content) {
        self.date = date
        self.content = content
    }
}
