import LockstepCore

/// WidgetKit's side of the widget: when it asks for a timeline, how often it lets it reload, and
/// the reload it schedules at the timeline's policy instant (a `timer:widget` step).
enum WidgetReload {
    static let timerKind = "widget"

    static func options(_ world: World<Darshan>) -> WidgetTimeline.Options {
        var o = WidgetTimeline.Options()
        o.mergeTies = !world.isOn(.zeroDurationEntries)
        o.placeholderWhenEmpty = !world.isOn(.emptyTimelineLoop)
        o.singleEntryNever = world.isOn(.widgetNoAdvance)
        return o
    }

    /// A reload: `reason` is `request` (the app or the system asked), `policy` (the timeline's
    /// `.after` instant came) or `catalog` (the app reloads after a catalog change).
    static func reload(_ s: inout DarshanState, _ world: inout World<Darshan>, reason: String) {
        if let id = s.widget.reloadTimer { world.cancel(id) }
        s.widget.reloadTimer = nil
        s.widget.reloadAt = nil
        let day = world.now.secondsSinceEpochFloor / 86_400
        if day != s.widget.budgetDay {
            s.widget.budgetDay = day
            s.widget.budgetUsed = 0
        }
        if let last = s.widget.lastReload, world.now - last < DarshanConstants.widgetMinimumReload {
            let at = last + DarshanConstants.widgetMinimumReload
            world.emit(Record("widget.throttled").word("reason", reason).instant("retryAt", at))
            arm(at, &s, &world)
            return
        }
        guard s.widget.budgetUsed < DarshanConstants.widgetDailyBudget else {
            let at = Instant(secondsSinceEpoch: (day + 1) * 86_400)
            world.emit(Record("widget.budgetExhausted").int("used", s.widget.budgetUsed).instant("retryAt", at))
            arm(at, &s, &world)
            return
        }
        s.widget.budgetUsed += 1
        s.widget.lastReload = world.now
        s.widget.reloads += 1
        let (entries, policy) = WidgetTimeline.build(s.temples, now: world.now, options(world))
        s.widget.entries = entries
        s.widget.policy = policy
        world.emit(Record("widget.timeline").word("reason", reason).int("entries", entries.count)
            .with("policy", policy.map { .word("after:" + CivilTime.iso8601UTC($0)) } ?? .word("never")).int("budgetUsed", s.widget.budgetUsed))
        for (i, e) in entries.enumerated() {
            var r = Record("widget.entry").int("n", i + 1).instant("date", e.date).string("shows", e.text)
            r = r.with("at", e.at.map { .instant($0) } ?? .word("none"))
            if i + 1 < entries.count, entries[i + 1].date == e.date {
                r = r.string("warning", "shown for 0 s (the next entry has the same date)")
            }
            world.emit(r)
        }
        if let policy { arm(policy, &s, &world) }
    }

    static func arm(_ at: Instant, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let when = max(at, world.now)
        s.widget.reloadTimer = world.schedule(at: when, .widgetReload)
        s.widget.reloadAt = when
    }
}
