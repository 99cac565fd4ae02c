import LockstepCore
import Platform

/// Reads `YYYY-MM-DD HH:MM` local times.
public enum ReadyText {
    public static func parse(_ text: String) -> LocalDateTime? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let t = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard d.count == 3, t.count == 2, d[0].count == 4, d[1].count == 2, d[2].count == 2, t[0].count == 2, t[1].count == 2,
              let y = Int(d[0]), let mo = Int(d[1]), let da = Int(d[2]), let h = Int(t[0]), let mi = Int(t[1]) else { return nil }
        return try? LocalDateTime(year: y, month: mo, day: da, hour: h, minute: mi)
    }
}

/// The plan in the article's own layout, local times in the device zone.
public enum PlanText {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    public static func instant(_ minute: Int) -> Instant { Instant(secondsSinceEpoch: Int64(minute) * 60) }

    /// `Www HH:MM` in `zone`.
    public static func local(_ minute: Int, _ zone: Zone) -> String {
        let l = zone.localDateTime(instant(minute))
        return weekdays[l.weekday.rawValue - 1] + " " + ZeroPad.two(l.hour) + ":" + ZeroPad.two(l.minute)
    }

    static func hhmm(_ minute: Int, _ zone: Zone) -> String {
        let l = zone.localDateTime(instant(minute))
        return ZeroPad.two(l.hour) + ":" + ZeroPad.two(l.minute)
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }

    /// One line per step: `Www HH:MM  label(11) len(5) min  extras`, and `Www HH:MM  ready`.
    public static func lines(_ steps: [PlannedStep], _ zone: Zone) -> [String] {
        steps.map { st in
            let v = st.variant
            let head = local(st.start, zone) + "  "
            if v.kind == .ready { return head + "ready" }
            var extras: [String] = []
            if let r = v.ratio { extras.append(r) }
            if v.points.count > 1, v.kind != .bake {
                extras.append("folds " + v.points.dropFirst().map { hhmm(st.start + $0, zone) }.joined(separator: ", "))
            }
            if let p = v.preheatMinutes { extras.append("preheat from " + hhmm(st.start - p, zone)) }
            if v.durationMinutes != v.idealMinutes { extras.append("(ideal \(v.idealMinutes))") }
            let body = pad(v.kind.label, 11) + pad(String(v.durationMinutes), 5, right: true) + " min"
            return head + body + (extras.isEmpty ? "" : "  " + extras.joined(separator: " "))
        }
    }

    /// Notes: each flexing step away from its ideal, each action exactly on a quiet-hours edge.
    public static func notes(_ steps: [PlannedStep], _ quiet: QuietNights, _ q: QuietHours, _ zone: Zone) -> [String] {
        var out: [String] = []
        for st in steps where st.variant.durationMinutes != st.variant.idealMinutes {
            out.append("\(st.variant.kind.label) \(st.variant.durationMinutes) min (ideal \(st.variant.idealMinutes))")
        }
        guard !q.isEmpty else { return out }
        for a in BackwardSolver.actions(steps, quiet: quiet) where !a.isSpan {
            let m = zone.localDateTime(instant(a.minute))
            let mod = m.hour * 60 + m.minute
            if mod == q.endMinute { out.append("\(a.label) at \(hhmm(a.minute, zone)), when quiet hours end") }
            if mod == q.startMinute { out.append("\(a.label) at \(hhmm(a.minute, zone)), when quiet hours begin") }
        }
        return out
    }

    /// `21 h 20 min`.
    public static func hoursMinutes(_ minutes: Int) -> String { "\(minutes / 60) h \(minutes % 60) min" }
}
