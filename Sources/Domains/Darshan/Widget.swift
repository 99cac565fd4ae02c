import LockstepCore

/// One upcoming aarti in a widget entry.
public struct WidgetItem: Hashable, Sendable {
    public var temple: String
    public var aarti: String
}

/// One widget entry: shown from `date` until the next entry's date.
public struct WidgetEntry: Hashable, Sendable {
    public var date: Instant
    /// The aarti(s) shown; several when they begin at the same instant. Empty for the placeholder.
    public var items: [WidgetItem]
    /// When the aarti begins; nil for the placeholder.
    public var at: Instant?

    /// `Kashi Vishwanath: Sandhya Aarti + Somnath: Evening Aarti`, or the placeholder text.
    public var text: String {
        items.isEmpty ? "No aartis scheduled" : items.map { "\($0.temple): \($0.aarti)" }.joined(separator: " + ")
    }
}

/// The next-aarti widget's timeline: one entry per upcoming aarti, each shown from the previous
/// aarti's start until its own, then a reload after the last.
public enum WidgetTimeline {
    public struct Options: Sendable {
        /// Aartis at the same instant share one entry (the default). Off: the article's separate
        /// entries, all but the last shown for zero seconds.
        public var mergeTies = true
        /// Off: the article's empty timeline with `.after(now)`.
        public var placeholderWhenEmpty = true
        /// On: only the first entry and no reload (`.never`).
        public var singleEntryNever = false
        public init() {}
    }

    /// The timeline for `temples` at `now`: entries and the `.after` policy instant (nil: `.never`).
    /// The six soonest occurrences, ordered by (instant, temple order, aarti order).
    public static func build(_ temples: [Temple], now: Instant, _ options: Options = Options()) -> (entries: [WidgetEntry], policy: Instant?) {
        var upcoming: [(at: Instant, temple: Int, aarti: Int, item: WidgetItem)] = []
        for (ti, t) in temples.enumerated() {
            for (ai, a) in t.aartis.enumerated() {
                guard let at = a.time.nextOccurrence(after: now, in: t.zone) else { continue }
                upcoming.append((at, ti, ai, WidgetItem(temple: t.name, aarti: a.name)))
            }
        }
        upcoming.sort { ($0.at, $0.temple, $0.aarti) < ($1.at, $1.temple, $1.aarti) }
        let chosen = upcoming.prefix(DarshanConstants.widgetEntryLimit)
        if chosen.isEmpty {
            if options.placeholderWhenEmpty {
                return ([WidgetEntry(date: now, items: [], at: nil)], now + DarshanConstants.emptyWidgetRefresh)
            }
            return ([], now)
        }
        var entries: [WidgetEntry] = []
        var shownFrom = now
        for u in chosen {
            if options.mergeTies, let last = entries.last, last.at == u.at {
                entries[entries.count - 1].items.append(u.item)
                continue
            }
            entries.append(WidgetEntry(date: shownFrom, items: [u.item], at: u.at))
            shownFrom = u.at
        }
        if options.singleEntryNever { return ([entries[0]], nil) }
        return (entries, shownFrom)
    }
}
