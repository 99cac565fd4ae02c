import LockstepCore
import Platform

/// Quiet hours as local wall-clock minutes of the day (default 23:00–07:00, spanning midnight).
/// Equal start and end means no quiet hours (GAP).
public struct QuietHours: Hashable, Sendable {
    public var startMinute: Int
    public var endMinute: Int
    public static let standard = QuietHours(startMinute: 23 * 60, endMinute: 7 * 60)

    public var isEmpty: Bool { startMinute == endMinute }
    public var text: String { "\(QuietHours.hhmm(startMinute))-\(QuietHours.hhmm(endMinute))" }

    static func hhmm(_ m: Int) -> String { ZeroPad.two(m / 60) + ":" + ZeroPad.two(m % 60) }

    /// `HH:MM-HH:MM`, or nil when malformed.
    public static func parse(_ text: String) -> QuietHours? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = minuteOfDay(String(parts[0])), let b = minuteOfDay(String(parts[1])) else { return nil }
        return QuietHours(startMinute: a, endMinute: b)
    }

    static func minuteOfDay(_ s: String) -> Int? {
        let p = s.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, p[0].count == 2, p[1].count == 2, let h = Int(p[0]), let m = Int(p[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return h * 60 + m
    }
}

/// The quiet nights of one window as absolute minutes, built once per solve from the zone (so a
/// spring-forward night is 420 minutes long and a fall-back night 540).
public struct QuietNights: Sendable {
    /// `[start, end)` in absolute minutes since the epoch, sorted and disjoint.
    public private(set) var nights: [(start: Int, end: Int)] = []

    public init(_ q: QuietHours, zone: Zone, fromMinute lo: Int, toMinute hi: Int) {
        guard !q.isEmpty else { return }
        precondition(hi >= lo && hi - lo <= 40 * 24 * 60, "quiet-night window out of range")
        let first = zone.localDateTime(Instant(secondsSinceEpoch: Int64(lo) * 60)).daysSinceEpoch - 1
        let last = zone.localDateTime(Instant(secondsSinceEpoch: Int64(hi) * 60)).daysSinceEpoch + 1
        let endsNextDay = q.endMinute <= q.startMinute
        for day in first...last {
            let a = QuietNights.absolute(day, q.startMinute, zone)
            let b = QuietNights.absolute(endsNextDay ? day + 1 : day, q.endMinute, zone)
            nights.append((a, b))
        }
    }

    static func absolute(_ day: Int64, _ minuteOfDay: Int, _ zone: Zone) -> Int {
        let d = GregorianCalendar.date(daysSinceEpoch: day)
        // The fields are in range by construction, so the initialiser cannot fail.
        let local = try! LocalDateTime(year: d.year, month: d.month, day: d.day, hour: minuteOfDay / 60, minute: minuteOfDay % 60)
        return Int(zone.instant(for: local).secondsSinceEpochFloor / 60)
    }

    /// Index of the last night starting before `t`, or nil.
    private func lastStarting(before t: Int) -> Int? {
        var lo = 0, hi = nights.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if nights[mid].start < t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// A point violates iff it is strictly inside a night (edges are allowed).
    public func point(_ p: Int) -> Bool {
        guard let i = lastStarting(before: p) else { return false }
        return p < nights[i].end
    }

    /// A span `[s, s+h)` violates iff it overlaps a night by at least a minute.
    public func span(_ s: Int, _ h: Int) -> Bool {
        guard h > 0, let i = lastStarting(before: s + h) else { return false }
        return nights[i].end > s
    }

    /// Violating points plus the violating hands-on span of `v` started at `s`.
    public func count(_ v: Variant, at s: Int) -> Int {
        var n = 0
        for o in v.points where point(s + o) { n += 1 }
        if span(s, v.handsOnMinutes) { n += 1 }
        return n
    }
}
