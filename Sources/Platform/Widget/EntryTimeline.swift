import LockstepCore

/// What a provider returns for `getTimeline`: entries in date order and when to ask again.
public struct EntryTimeline<Content: WidgetContent>: Hashable, Sendable {
    /// Entries a timeline may hold; `WidgetCenter` keeps the first `maxEntries` and says so.
    public static var maxEntries: Int { 100 }

    public var entries: [TimelineEntry<Content>]
    public var policy: WidgetReloadPolicy

    public init(entries: [TimelineEntry<Content>], policy: WidgetReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// The standard answer when the container cannot be opened (a widget before the app's first
    /// launch): the placeholder now, and a retry an hour later (pillTracker's "empty entry and a
    /// 1 h refresh policy").
    public static func unavailable(placeholder: Content, now: Instant, retryAfter: Duration = .hours(1)) -> EntryTimeline {
        EntryTimeline(entries: [TimelineEntry(date: now, content: placeholder)], policy: .after(now.addingInRange(retryAfter) ?? now))
    }

    /// Whether the entries' dates never decrease.
    public var isSorted: Bool {
        var i = 1
        while i < entries.count {
            if entries[i].date < entries[i - 1].date { return false }
            i += 1
        }
        return true
    }

    /// The index of the entry shown at `instant`: the last entry whose date is at or before it
    /// (of equal dates, the later in the list). Nil before the first entry (the placeholder shows).
    /// Assumes `isSorted` (the center sorts before installing).
    public func index(at instant: Instant) -> Int? {
        var found: Int?
        for (i, e) in entries.enumerated() {
            if e.date <= instant { found = i } else { break }
        }
        return found
    }

    /// The entry shown at `instant`, or nil before the first (see `index(at:)`).
    public func entry(at instant: Instant) -> TimelineEntry<Content>? { index(at: instant).map { entries[$0] } }
}
