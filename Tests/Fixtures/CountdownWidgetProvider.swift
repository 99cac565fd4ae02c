import LockstepCore
import Platform

extension CountdownWidget {
    /// The widgets' timeline provider: it sees only the App Group snapshot.
    struct Provider: WidgetProvider {
        var policy: Policy
        var noRetry: Bool

        static let keyPrefix = "countdown."

        func placeholder(in context: WidgetContext) -> WidgetText { WidgetText("next=… upcoming=…") }

        func snapshot(in context: WidgetContext, container: KeyValueSnapshot?) -> TimelineEntry<WidgetText> {
            guard let container else { return TimelineEntry(date: context.now, content: placeholder(in: context)) }
            let targets = Provider.targets(container)
            return TimelineEntry(date: context.now, content: content(context.kind, targets, at: context.now))
        }

        func timeline(in context: WidgetContext, container: KeyValueSnapshot?) -> EntryTimeline<WidgetText> {
            guard let container else {
                if noRetry { return EntryTimeline(entries: [], policy: .never) }
                return .unavailable(placeholder: placeholder(in: context), now: context.now)
            }
            let now = context.now
            let targets = Provider.targets(container)
            let upcoming = targets.filter { $0.at > now }
            var entries = [TimelineEntry(date: now, content: content(context.kind, targets, at: now))]
            // One entry per distinct target (countdowns ending together change the label once).
            for t in upcoming where entries.count < CountdownWidget.maxEntries && t.at != entries.last?.date {
                entries.append(TimelineEntry(date: t.at, content: content(context.kind, targets, at: t.at)))
            }
            switch policy {
            // Nothing upcoming: atEnd would ask again at once; the app's next save reloads anyway.
            case .atEnd: return EntryTimeline(entries: entries, policy: upcoming.isEmpty ? .never : .atEnd)
            case .hourly: return EntryTimeline(entries: entries, policy: .after(now + .hours(1)))
            case .never: return EntryTimeline(entries: entries, policy: .never)
            case .snapshotEnd:
                let until = container.string("validUntil").flatMap { Provider.instant($0) } ?? now
                return EntryTimeline(entries: entries, policy: .after(until))
            }
        }

        /// What a kind shows at `instant`: the next countdown ending after it.
        func content(_ kind: String, _ targets: [(name: String, at: Instant)], at instant: Instant) -> WidgetText {
            let upcoming = targets.filter { $0.at > instant }
            guard let next = upcoming.first else { return WidgetText(kind == "NextUp" ? "next=none" : "next=none upcoming=0") }
            if kind == "NextUp" { return WidgetText("next=\(next.name)") }
            return WidgetText("next=\(next.name) at=\(CivilTime.iso8601UTC(next.at)) upcoming=\(upcoming.count)")
        }

        /// An instant written by `CivilTime.iso8601UTC`, read back.
        static func instant(_ text: String) -> Instant? {
            guard case .success(let t) = CivilTime.parseISO8601(Substring(text), requireUTC: true) else { return nil }
            return t
        }

        /// The countdowns in the snapshot, soonest first (ties by name).
        static func targets(_ snapshot: KeyValueSnapshot) -> [(name: String, at: Instant)] {
            var out: [(name: String, at: Instant)] = []
            for key in snapshot.keys(withPrefix: keyPrefix) {
                guard let text = snapshot.string(key), let at = Provider.instant(text) else { continue }
                out.append((String(key.dropFirst(keyPrefix.count)), at))
            }
            return out.sorted { ($0.at, $0.name) < ($1.at, $1.name) }
        }
    }
}

