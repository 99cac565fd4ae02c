import LockstepCore
import LockstepRunner
import Platform
import Testing

@Suite struct LiveActivityTests {
    /// `request` from the background is refused with the phase; from the foreground it runs.
    @Test func requestOnlyFromTheForeground() throws {
        let out = try runSurface("""
            0 lifecycle launch
            0 lifecycle active
            1m lifecycle background
            2m begin tag=p1
            3m lifecycle foreground
            4m begin tag=p1

            """)
        #expect(out.contains("activity.refused op=request reason=notForeground tag=\"p1\" origin=app phase=background"))
        #expect(out.contains("activity.request id=1 tag=\"p1\" origin=app content=\"started\" staleDate=none relevance=0"))
    }

    /// An intent press requests even with the app in the background (it runs in the app's process).
    @Test func intentMayRequestFromTheBackground() throws {
        let out = try runSurface("0 lifecycle launch reason=backgroundTask\n1m activity intent name=start tag=p2\n")
        #expect(out.contains("activity.intent action=start tag=\"p2\" running=false"))
        #expect(out.contains("activity.request id=1 tag=\"p2\" origin=intent intent=start content=\"from-intent\" staleDate=none relevance=0"))
    }

    /// 8 h after the request the system ends it; it stays on the Lock Screen until 12 h.
    @Test func eightHourLifetimeThenTwelveHourDismissal() throws {
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n0 begin tag=p1\n", settings: "until 13h\n")
        #expect(out.contains("activity.ended id=1 tag=\"p1\" reason=lifetime age=28800.000000000s dismissal=default dismissAt=2026-01-01T12:00:00Z content=\"started\""))
        #expect(out.contains("activity.dismissed id=1 tag=\"p1\" age=43200.000000000s"))
    }

    /// Ended by the app at 1 h with the default policy: on the Lock Screen for min(4 h, 12 h from
    /// the start), so dismissed at 5 h; ended with `.immediate`: dismissed at once.
    @Test func endAndDismissal() throws {
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n0 begin tag=a\n0 begin tag=b\n1h stop tag=a\n1h stop tag=b immediate=true\n",
                                 settings: "until 6h\n")
        #expect(out.contains("activity.ended id=1 tag=\"a\" reason=app age=3600.000000000s dismissal=default dismissAt=2026-01-01T05:00:00Z content=\"started\""))
        #expect(out.contains("activity.dismissed id=1 tag=\"a\" age=18000.000000000s"))
        #expect(out.contains("activity.dismissed id=2 tag=\"b\" age=3600.000000000s"))
        // Ending what is not running is refused.
        let again = try runSurface("0 stop tag=zz\n")
        #expect(again == ["activity.refused op=end reason=notActive tag=\"zz\""])
    }

    /// Content goes stale at its stale date; an update starts over with the new date.
    @Test func staleDates() throws {
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n0 begin tag=p stale=30m\n40m bump tag=p stale=30m\n2h bump tag=p\n")
        #expect(out.contains("activity.stale id=1 tag=\"p\" staleDate=2026-01-01T00:30:00Z content=\"started\""))
        #expect(out.contains("activity.stale id=1 tag=\"p\" staleDate=2026-01-01T01:10:00Z content=\"bumped\""))
        #expect(out.filter { $0.hasPrefix("activity.stale") }.count == 2)
    }

    /// Turning activities off refuses requests and ends the running ones at once.
    @Test func disabled() throws {
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n0 begin tag=p\n1m activities enabled=false\n2m begin tag=q\n")
        #expect(out.contains("activities.enabled enabled=false active=1"))
        #expect(out.contains("activity.ended id=1 tag=\"p\" reason=disabled age=60.000000000s dismissal=immediate dismissAt=2026-01-01T00:01:00Z content=\"started\""))
        #expect(out.contains("activity.refused op=request reason=disabled tag=\"q\" origin=app"))
    }

    /// At most `maxActive` (5) run at once.
    @Test func activeLimit() throws {
        let starts = (1...6).map { "0 begin tag=t\($0)" }.joined(separator: "\n")
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n" + starts + "\n")
        #expect(out.filter { $0.hasPrefix("activity.request") }.count == LiveActivityCenter<WidgetText>.maxActive)
        #expect(out.contains("activity.refused op=request reason=limit tag=\"t6\" origin=app limit=5 active=5"))
    }

    /// Dismissing from the Lock Screen ends a running activity (reason=user).
    @Test func userDismiss() throws {
        let out = try runSurface("0 lifecycle launch\n0 lifecycle active\n0 begin tag=p\n1m activity dismiss\n2m activity dismiss\n")
        #expect(out.contains("activity.ended id=1 tag=\"p\" reason=user age=60.000000000s dismissal=immediate dismissAt=2026-01-01T00:01:00Z content=\"started\""))
        #expect(out.contains("activity.refused op=dismiss reason=noneShown tag=\"any\""))
    }

    @Test func badLinesAreLocated() {
        #expect(surfaceError("0 activities\n") == "t.scenario:4:3: missing field 'enabled' for 'activities'")
        #expect(surfaceError("0 activity intent\n") == "t.scenario:4:3: 'activity intent' needs name=NAME (the intent pressed)")
        #expect(surfaceError("0 activity dismiss name=x\n") == "t.scenario:4:25: 'name' does not apply to 'activity dismiss'")
        #expect(surfaceError("0 activity poke\n") == "t.scenario:4:12: unknown action 'poke'; expected one of: intent, dismiss")
        #expect(surfaceError("0 activity intent name=a/b\n")?.hasPrefix("t.scenario:4:24: name=a/b is not an intent name") == true)
    }
}
