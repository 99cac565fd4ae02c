import LockstepCore
import LockstepRunner
import Platform
import Testing

private let t0 = Instant.defaultStart  // 2026-01-01T00:00:00Z
private func at(_ seconds: Int64) -> Instant { t0 + .seconds(seconds) }
private func entries(_ seconds: [Int64]) -> [TimelineEntry<WidgetText>] {
    seconds.enumerated().map { TimelineEntry(date: at($0.element), content: WidgetText("e\($0.offset)")) }
}

@Suite struct WidgetTimelineTests {
    /// The entry shown is the last at or before the instant; before the first, none (placeholder).
    @Test func entryShownIsTheLastAtOrBefore() {
        let tl = EntryTimeline(entries: entries([0, 3600, 3600, 7200]), policy: .atEnd)
        #expect(tl.index(at: at(-1)) == nil)
        #expect(tl.index(at: at(0)) == 0)
        #expect(tl.index(at: at(3599)) == 0)
        // Two entries at 1 h: the later in the list wins.
        #expect(tl.index(at: at(3600)) == 2)
        #expect(tl.entry(at: at(100_000))?.content.text == "e3")
        #expect(tl.isSorted)
        #expect(!EntryTimeline(entries: entries([10, 5]), policy: .never).isSorted)
    }

    /// The container-unavailable answer: the placeholder now, retry one hour later.
    @Test func unavailableIsPlaceholderAndAnHour() {
        let tl = EntryTimeline.unavailable(placeholder: WidgetText("p"), now: at(0))
        #expect(tl.entries == [TimelineEntry(date: at(0), content: WidgetText("p"))])
        #expect(tl.policy == .after(at(3600)))
    }

    /// atEnd: entries at 0, 1 h, 2 h; each later entry is recorded as shown at its date, and the
    /// refresh comes at the last entry (2 h), reading the container again.
    @Test func atEndRefreshesAtTheLastEntry() throws {
        let out = try runSurface("""
            0 put value=v7
            0 widget timeline kind=Count
            2h widget shown kind=Count

            """)
        #expect(out.contains("widget.timeline kind=Count reason=system entries=3 policy=atEnd"))
        #expect(out.contains("widget.entry kind=Count i=2 date=2026-01-01T02:00:00Z content=\"count=v7 h=2\""))
        #expect(out.contains("widget.refresh-scheduled kind=Count at=2026-01-01T02:00:00Z"))
        #expect(out.contains("widget.shown kind=Count i=1 date=2026-01-01T01:00:00Z content=\"count=v7 h=1\""))
        #expect(out.contains("widget.refresh kind=Count due=2026-01-01T02:00:00Z lateBy=0.000000000s"))
        #expect(out.contains("widget.timeline kind=Count reason=policy entries=3 policy=atEnd"))
        // The policy refresh spent the budget; the system call did not.
        #expect(out.filter { $0.hasPrefix("budget.spend") } == ["budget.spend name=widgetRefreshes amount=1 used=1 limit=40"])
    }

    /// after(now + 30 min) refreshes at 30 min; never refreshes only when the app reloads.
    @Test func afterAndNever() throws {
        let after = try runSurface("0 policy mode=after in=30m\n0 widget timeline kind=Count\n40m widget shown\n")
        #expect(after.contains("widget.timeline kind=Count reason=system entries=3 policy=after after=2026-01-01T00:30:00Z"))
        #expect(after.contains("widget.refresh kind=Count due=2026-01-01T00:30:00Z lateBy=0.000000000s"))
        let never = try runSurface("0 policy mode=never\n0 widget timeline kind=Count\n5h widget shown\n")
        #expect(!never.contains { $0.hasPrefix("widget.refresh") })
        #expect(never.contains("widget.shown kind=Count i=2 date=2026-01-01T02:00:00Z content=\"count=none h=2\""))
    }

    /// A policy date in the past is said, and the next refresh waits for the minimum interval, so a
    /// provider that always answers "in the past" refreshes every 5 minutes, not in a loop.
    @Test func reloadInThePastIsRecordedAndFloored() throws {
        let out = try runSurface("0 policy mode=past\n0 widget timeline kind=Count\n1h widget shown\n")
        #expect(out.contains("widget.reload-in-past kind=Count policy=after requested=2025-12-31T23:50:00Z now=2026-01-01T00:00:00Z"))
        let refreshes = out.filter { $0.hasPrefix("widget.refresh kind=Count") }
        // At 0 (due now, no earlier policy refresh), then every 5 min: 0, 5, ..., 60 min = 13.
        #expect(refreshes.count == 13)
        #expect(out.contains("widget.refresh-scheduled kind=Count at=2026-01-01T00:05:00Z requested=2026-01-01T00:00:00Z floor=minRefreshInterval"))
    }

    /// `widget refresh late=20m` moves the scheduled refresh 20 min later.
    @Test func lateRefresh() throws {
        let out = try runSurface("0 policy mode=after in=30m\n0 widget timeline kind=Count\n10m widget refresh late=20m\n1h widget shown\n")
        #expect(out.contains("widget.refresh-late kind=Count late=1200.000000000s due=2026-01-01T00:30:00Z at=2026-01-01T00:50:00Z"))
        #expect(out.contains("widget.refresh kind=Count due=2026-01-01T00:30:00Z lateBy=1200.000000000s late=1200.000000000s"))
    }

    /// Container unavailable: a record, the placeholder shown, a retry in an hour.
    @Test func containerUnavailableShowsThePlaceholder() throws {
        let out = try runSurface("0 widget containerUnavailable\n0 widget timeline kind=Count\n")
        #expect(out.contains("widget.container available=false"))
        #expect(out.contains("widget.container-unavailable kind=Count call=timeline"))
        #expect(out.contains("widget.timeline kind=Count reason=system entries=1 policy=after after=2026-01-01T01:00:00Z"))
        #expect(out.contains("widget.shown kind=Count i=0 date=2026-01-01T00:00:00Z content=\"count=?\""))
    }

    /// App reloads: free from the foreground, budgeted from the background; past the budget they
    /// are dropped, and policy refreshes are deferred to the next budget day.
    @Test func budget() throws {
        let out = try runSurface("""
            0 lifecycle launch
            0 lifecycle active
            1m reload
            2m lifecycle background
            3m reload
            4m reload
            5m reload

            """, settings: "set limit.widgetRefreshes 2\nuntil 3h\n")
        #expect(out.contains("widget.reload kind=Count by=app phase=foregroundActive budgeted=false"))
        #expect(out.filter { $0.hasPrefix("widget.reload kind=Count by=app phase=background budgeted=true") }.count == 3)
        #expect(out.contains("widget.reload-dropped kind=Count reason=budget limit=2"))
        #expect(out.filter { $0.hasPrefix("widget.timeline") }.count == 3)
        // The atEnd refresh at 5m + 2h finds the budget spent and waits for the next day.
        #expect(out.contains("widget.refresh-deferred kind=Count reason=budget until=2026-01-02T00:00:00Z limit=2"))
    }

    /// Snapshot and placeholder calls are recorded and install nothing; an unknown kind is refused.
    @Test func snapshotPlaceholderAndUnknownKind() throws {
        let out = try runSurface("0 put value=v3\n0 widget snapshot kind=Count\n0 widget placeholder kind=Other\n0 widget timeline kind=Nope\n")
        #expect(out.contains("widget.snapshot kind=Count date=2026-01-01T00:00:00Z content=\"count=v3\""))
        #expect(out.contains("widget.placeholder kind=Other content=\"count=?\""))
        #expect(out.contains("widget.refused op=timeline reason=unknownKind kind=\"Nope\" known=\"Count,Other\""))
        #expect(!out.contains { $0.hasPrefix("widget.timeline") })
    }

    /// reloadAll reloads each kind in declaration order.
    @Test func reloadAllCoversEveryKind() throws {
        let out = try runSurface("0 reloadAll\n")
        #expect(out.first == "widget.reload-all kinds=2 phase=notRunning")
        #expect(out.filter { $0.hasPrefix("widget.timeline") }.map { $0.split(separator: " ")[1] } == ["kind=Count", "kind=Other"])
    }

    @Test func badLinesAreLocated() {
        #expect(surfaceError("0 widget timeline\n") == "t.scenario:4:3: 'widget timeline' needs kind=NAME (the widget kind)")
        #expect(surfaceError("0 widget refresh\n") == "t.scenario:4:3: 'widget refresh' needs late=DURATION (how late the scheduled refresh comes)")
        #expect(surfaceError("0 widget refresh late=25h\n") == "t.scenario:4:23: late=25h must be 0...24h (maxLate)")
        #expect(surfaceError("0 widget timeline kind=Count late=1m\n") == "t.scenario:4:35: 'late' does not apply to 'widget timeline'")
        #expect(surfaceError("0 widget timeline kind=a/b\n")?.hasPrefix("t.scenario:4:24: kind=a/b is not a widget kind") == true)
        #expect(surfaceError("0 widget explode\n") == "t.scenario:4:10: unknown action 'explode'; expected one of: timeline, snapshot, placeholder, refresh, containerUnavailable, shown")
    }

    @Test func probeMeetsTheContract() { #expect(SurfaceProbe.entry.problems.isEmpty, "\(SurfaceProbe.entry.problems)") }
}
