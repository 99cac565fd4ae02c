import LockstepCore

/// The widget's `TimelineProvider` as a pure function of the shared store, `now` and the zone.
enum WidgetTimeline {
    /// GAP: the widget kind string.
    static let kind = "NextDose"
    static let maxUpcoming = 3
    /// `.after(first.at + 60 s)`: refresh just after the next dose time.
    static let refreshAfterDose = Duration.seconds(60)
    /// `now + 3600` when nothing is upcoming or the container cannot be opened.
    static let idleRefresh = Duration.seconds(3_600)
    /// The widget's "today" is a fixed 86 400 s from the start of the day, as the article writes it.
    static let todaySpan = Duration.seconds(86_400)

    struct Upcoming: Hashable, Sendable {
        var name: String
        var at: Instant
        var medOrder: Int
    }

    struct Entry: Hashable, Sendable {
        var date: Instant
        var upcoming: [Upcoming]
        var todayRate: Double?
        var todayEnd: Instant?
    }

    /// `makeEntry(at:)`. Upcoming doses come from `nextDate(after:matching:.nextTime)`: strictly
    /// after now, a gap time moves to the end of the gap, a repeated time counts once.
    static func entry(meds: [Medication], intakes: [Intake], now: Instant, zone: Zone, includeEnded: Bool) -> Entry {
        var upcoming: [Upcoming] = []
        for (order, m) in meds.enumerated() {
            if !includeEnded, let end = m.endDate, end < now { continue }
            for t in m.times {
                guard let at = zone.nextMatch(after: now, hour: t.hour, minute: t.minute) else { continue }
                upcoming.append(Upcoming(name: m.name, at: at, medOrder: order))
            }
        }
        // GAP: ties by name, then medication order (the article's sort leaves them undefined).
        upcoming.sort { a, b in
            if a.at != b.at { return a.at < b.at }
            if a.name != b.name { return a.name < b.name }
            return a.medOrder < b.medOrder
        }
        let start = zone.startOfDay(containing: now)
        let window = Adherence.Window(start: start, end: start + todaySpan, closed: true)
        let s = Adherence.stats(intakes, in: window, skippedCountsAsDue: false)
        return Entry(date: now, upcoming: Array(upcoming.prefix(maxUpcoming)), todayRate: s.due == 0 ? nil : s.rate,
                     todayEnd: window.end)
    }

    static func policy(_ e: Entry) -> Instant {
        e.upcoming.first.map { $0.at + refreshAfterDose } ?? (e.date + idleRefresh)
    }
}
