import LockstepCore
import Platform

/// The home-screen widget on Platform's `WidgetCenter`: the app writes a snapshot of the next
/// seven actions to the App Group (the widget never opens the app's database) and reloads the
/// timeline; the widget's provider, reading only that snapshot, shows the next action now and
/// adds an entry as each one comes due.
///
/// GAPs: the snapshot is one App Group key, `nextActions`, one `MINUTE Www HH:MM label` line per
/// action joined by `;` (the app formats the local time, so the widget needs no zone); the kind
/// is `NextActions`; the content is `next=Www HH:MM label then=N` (N: actions after it in the
/// snapshot); the policy is `.atEnd`, `.never` once nothing is left (the app's next write
/// reloads). Past the seventh action the widget cannot know the next one until the app runs
/// again: it shows `next=open-app left=N` (from the `actionsLeft` key), never a false `none`.
public enum NextActionsWidget {
    public static let groupID = "group.app.proofday"
    public static let kind = "NextActions"
    public static let snapshotKey = "nextActions"
    /// How many actions are left in the whole plan (the snapshot holds at most seven).
    public static let leftKey = "actionsLeft"
    public static let entries = 7

    static let wake: @Sendable (WidgetTimer) -> SourdoughEvent = { .widget(.timer($0)) }

    /// The next `entries` actions strictly after now, soonest first (ties by label).
    static func upcoming(_ s: SourdoughState, _ now: Int) -> (shown: [(minute: Int, label: String)], left: Int) {
        guard let p = s.plan else { return ([], 0) }
        var out: [(minute: Int, label: String)] = []
        for st in p.steps {
            for (j, o) in st.variant.points.enumerated() where st.start + o > now { out.append((st.start + o, st.variant.pointLabel(j))) }
        }
        out.sort { ($0.minute, $0.label) < ($1.minute, $1.label) }
        return (Array(out.prefix(entries)), out.count)
    }

    /// The app's side: writes the snapshot when it changed, then `reloadTimelines(ofKind:)`.
    public static func write(_ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        let now = Int(world.now.secondsSinceEpochFloor / 60)
        let next = upcoming(s, now)
        let lines = next.shown.map { "\($0.minute) \(PlanText.local($0.minute, world.zone)) \($0.label)" }
        guard lines != s.widgetSnapshot else { return }
        s.widgetSnapshot = lines
        _ = s.store.write(snapshotKey, lines.joined(separator: ";"), &world)
        _ = s.store.write(leftKey, String(next.left), &world)
        guard var widgets = s.widgets else { return }
        widgets.reloadTimelines(ofKind: kind, app: s.life, provider: Provider(), store: &s.store, &world, wake: wake)
        s.widgets = widgets
    }

    /// A system call or a widget timer.
    static func handle(_ e: WidgetEvent, _ s: inout SourdoughState, _ world: inout World<Sourdough>) {
        guard var widgets = s.widgets else { return }
        widgets.handle(e, provider: Provider(), store: &s.store, &world, wake: wake)
        s.widgets = widgets
    }

    /// One snapshot line read back: the minute and the shown text (`Www HH:MM label`).
    static func parse(_ line: Substring) -> (minute: Int, text: String)? {
        guard let space = line.firstIndex(of: " "), let m = Int(line[..<space]) else { return nil }
        return (m, String(line[line.index(after: space)...]))
    }

    struct Provider: WidgetProvider {
        func placeholder(in context: WidgetContext) -> WidgetText { WidgetText("next=… then=…") }

        static func actions(_ c: KeyValueSnapshot) -> [(minute: Int, text: String)] {
            guard let text = c.string(NextActionsWidget.snapshotKey), !text.isEmpty else { return [] }
            return text.split(separator: ";").compactMap(NextActionsWidget.parse)
        }

        static func left(_ c: KeyValueSnapshot) -> Int { c.string(NextActionsWidget.leftKey).flatMap { Int($0) } ?? 0 }

        /// What shows at `minute`: the first action after it; past the snapshot, how many the app knows of.
        static func content(_ actions: [(minute: Int, text: String)], left: Int, at minute: Int) -> WidgetText {
            guard let i = actions.firstIndex(where: { $0.minute > minute }) else {
                return WidgetText(left > actions.count ? "next=open-app left=\(left - actions.count)" : "next=none")
            }
            return WidgetText("next=\(actions[i].text) then=\(actions.count - i - 1)")
        }

        func snapshot(in context: WidgetContext, container: KeyValueSnapshot?) -> TimelineEntry<WidgetText> {
            guard let container else { return TimelineEntry(date: context.now, content: placeholder(in: context)) }
            let now = Int(context.now.secondsSinceEpochFloor / 60)
            return TimelineEntry(date: context.now, content: Provider.content(Provider.actions(container), left: Provider.left(container), at: now))
        }

        func timeline(in context: WidgetContext, container: KeyValueSnapshot?) -> EntryTimeline<WidgetText> {
            guard let container else { return .unavailable(placeholder: placeholder(in: context), now: context.now) }
            let now = Int(context.now.secondsSinceEpochFloor / 60)
            let actions = Provider.actions(container)
            let left = Provider.left(container)
            var entries = [TimelineEntry(date: context.now, content: Provider.content(actions, left: left, at: now))]
            for a in actions where a.minute > now {
                entries.append(TimelineEntry(date: PlanText.instant(a.minute), content: Provider.content(actions, left: left, at: a.minute)))
            }
            return EntryTimeline(entries: entries, policy: actions.contains { $0.minute > now } ? .atEnd : .never)
        }
    }
}
