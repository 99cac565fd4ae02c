import LockstepCore
import Platform

/// `Adherence.stats(for:in:)` and the daily series behind the heat map.
enum Adherence {
    /// `lateThreshold = 60 * 60`: late means strictly more than this after the scheduled time.
    static let lateThreshold = Duration.seconds(3_600)
    /// The most days one `daily` query returns (GAP: a year and a day).
    static let maxDays = 366

    struct Stats: Hashable, Sendable {
        var due = 0
        var taken = 0
        var late = 0
        /// `due == 0 ? 1 : taken / due` (the article's own rule; the daily series and the widget
        /// turn "nothing due" into nil instead).
        var rate: Double { due == 0 ? 1 : Double(taken) / Double(due) }
    }

    /// The interval a stats query covers. `closed` is `DateInterval.contains` (both ends in);
    /// half-open leaves the end out (the daily series' fix for midnight doses).
    struct Window: Hashable, Sendable {
        var start: Instant
        var end: Instant
        var closed: Bool
        func contains(_ t: Instant) -> Bool { t >= start && (closed ? t <= end : t < end) }
    }

    static func stats(_ intakes: [Intake], in window: Window, skippedCountsAsDue: Bool) -> Stats {
        var s = Stats()
        for i in intakes where window.contains(i.scheduledAt) {
            if i.status == .skipped && !skippedCountsAsDue { continue }
            s.due += 1
            guard i.status == .taken else { continue }
            s.taken += 1
            if (i.loggedAt ?? i.scheduledAt) - i.scheduledAt > lateThreshold { s.late += 1 }
        }
        return s
    }

    /// The heat map's colour band (GAP: the article says "three or four colour bands"; these edges
    /// are the note's proposal). nil is the grey "nothing scheduled" cell.
    static func band(_ rate: Double?) -> String {
        guard let rate else { return "none" }
        if rate < 0.5 { return "low" }
        if rate < 0.8 { return "mid" }
        if rate < 1 { return "high" }
        return "full"
    }

    struct Day: Hashable, Sendable {
        var start: Instant
        var end: Instant
        var stats: Stats
        var rate: Double?
    }

    /// `daily(days:)`: calendar days in `zone`, oldest first, today last.
    static func daily(_ intakes: [Intake], days: Int, now: Instant, zone: Zone, closed: Bool, emptyIsFull: Bool,
                      skippedCountsAsDue: Bool) -> [Day] {
        guard days > 0 else { return [] }
        let today = zone.startOfDay(containing: now)
        var out: [Day] = []
        out.reserveCapacity(days)
        for offset in (0..<days).reversed() {
            let day = zone.adding(days: -offset, to: today)
            let next = zone.adding(days: 1, to: day)
            let s = stats(intakes, in: Window(start: day, end: next, closed: closed), skippedCountsAsDue: skippedCountsAsDue)
            out.append(Day(start: day, end: next, stats: s, rate: s.due == 0 && !emptyIsFull ? nil : s.rate))
        }
        return out
    }
}
