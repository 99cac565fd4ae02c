import LockstepCore
import LockstepRunner
import Platform
import Testing

/// Known values: EU rule (last Sunday of March/October at 01:00 UTC) gives London's 2026 changes on
/// 2026-03-29 and 2026-10-25 (March 1st 2026 is a Sunday, so the Sundays are 1, 8, 15, 22, 29;
/// October 1st is a Thursday, so 4, 11, 18, 25). US rule (second Sunday of March, first Sunday of
/// November, at 02:00 local) gives New York's on 2026-03-08 (07:00Z) and 2026-11-01 (06:00Z).
@Suite struct NotificationCalendarTests {
    @Test func londonDailyEightAcrossSpringForward() throws {
        var sim = try Simulation.at("2026-03-27T12:00:00Z", zone: "Europe/London")
        sim.add("d", try daily(8, 0))
        try sim.advance(toISO: "2026-03-31T12:00:00Z")
        // GMT (+0) until the 29th 01:00Z, BST (+1) after: 08:00 local is 08:00Z, then 07:00Z.
        #expect(sim.deliveredUTC == ["d@2026-03-28T08:00:00Z", "d@2026-03-29T07:00:00Z", "d@2026-03-30T07:00:00Z",
                                     "d@2026-03-31T07:00:00Z"])
    }

    @Test func londonDailyEightAcrossFallBack() throws {
        var sim = try Simulation.at("2026-10-23T12:00:00Z", zone: "Europe/London")
        sim.add("d", try daily(8, 0))
        try sim.advance(toISO: "2026-10-26T12:00:00Z")
        #expect(sim.deliveredUTC == ["d@2026-10-24T07:00:00Z", "d@2026-10-25T08:00:00Z", "d@2026-10-26T08:00:00Z"])
    }

    @Test func newYorkDailyEightAcrossBothChanges() throws {
        var sim = try Simulation.at("2026-03-06T12:00:00Z", zone: "America/New_York")
        sim.add("d", try daily(8, 0))
        try sim.advance(toISO: "2026-03-09T00:00:00Z")
        // 12:00Z is 07:00 EST, so 08:00 EST (13:00Z) is still ahead on the 6th.
        #expect(sim.deliveredUTC == ["d@2026-03-06T13:00:00Z", "d@2026-03-07T13:00:00Z", "d@2026-03-08T12:00:00Z"])

        var fall = try Simulation.at("2026-10-30T14:00:00Z", zone: "America/New_York")
        fall.add("d", try daily(8, 0))
        try fall.advance(toISO: "2026-11-02T00:00:00Z")
        #expect(fall.deliveredUTC == ["d@2026-10-31T12:00:00Z", "d@2026-11-01T13:00:00Z"])
    }

    /// 01:30 in London: skipped on 03-29 (clocks go 01:00 GMT → 02:00 BST), so it fires at the end of
    /// the gap, 02:00 BST = 01:00Z; repeated on 10-25, so it fires once, at 01:30 BST = 00:30Z.
    @Test func gapAndRepeatedHour() throws {
        var spring = try Simulation.at("2026-03-28T12:00:00Z", zone: "Europe/London")
        spring.add("d", try daily(1, 30))
        try spring.advance(toISO: "2026-03-30T12:00:00Z")
        #expect(spring.deliveredUTC == ["d@2026-03-29T01:00:00Z", "d@2026-03-30T00:30:00Z"])

        var fall = try Simulation.at("2026-10-24T12:00:00Z", zone: "Europe/London")
        fall.add("d", try daily(1, 30))
        try fall.advance(toISO: "2026-10-26T12:00:00Z")
        #expect(fall.deliveredUTC == ["d@2026-10-25T00:30:00Z", "d@2026-10-26T01:30:00Z"])
    }

    /// A named zone pins the wall clock: 05:55 Asia/Kolkata (+05:30) is 00:25Z every day, which a
    /// New York device sees at 19:25 EST before 03-08 and 20:25 EDT after.
    @Test func namedZoneIgnoresDeviceZone() throws {
        var sim = try Simulation.at("2026-03-06T12:00:00Z", zone: "America/New_York")
        sim.add("k", try daily(5, 55, zone: "Asia/Kolkata"))
        try sim.advance(toISO: "2026-03-10T12:00:00Z")
        #expect(sim.deliveredUTC == ["k@2026-03-07T00:25:00Z", "k@2026-03-08T00:25:00Z", "k@2026-03-09T00:25:00Z",
                                     "k@2026-03-10T00:25:00Z"])
        let locals = sim.outputs.filter { $0.name == "notification.delivered" }.map { $0.description }
        #expect(locals.first?.contains("local=2026-03-06T19:25:00-05:00") == true)
        #expect(locals.last?.contains("local=2026-03-09T20:25:00-04:00") == true)
        #expect(locals.last?.contains("triggerLocal=2026-03-10T05:55:00+05:30") == true)
    }

    /// With year, month and day: London 2026-03-04 09:00 is GMT, so 09:00Z; a past date is refused.
    @Test func oneOffDateAndPastDate() throws {
        var sim = try Simulation.at("2026-03-02T10:00:00Z", zone: "Europe/London")
        sim.add("w", .calendar(CalendarComponents(year: 2026, month: 3, day: 4, hour: 9, minute: 0), repeats: false))
        sim.add("past", .calendar(CalendarComponents(year: 2026, month: 3, day: 1, hour: 9, minute: 0), repeats: false))
        sim.add("nextYear", .calendar(CalendarComponents(year: 2027, month: 3, day: 1, hour: 9, minute: 0), repeats: false))
        #expect(sim.state.centre.pendingIdentifiers == ["nextYear", "w"])
        #expect(sim.state.centre.pending["nextYear"]?.nextFire == t("2027-03-01T09:00:00Z"))
        #expect(sim.outputs.contains { $0.description.hasPrefix("rejected input=notification reason=no-future-date id=\"past\"") })
        try sim.advance(toISO: "2026-03-05T00:00:00Z")
        #expect(sim.deliveredUTC == ["w@2026-03-04T09:00:00Z"])
        #expect(sim.state.centre.pendingIdentifiers == ["nextYear"], "a one-off leaves pending once delivered")
    }
}

@Suite struct NotificationTriggerTests {
    /// A zone change moves device-zone calendar triggers to the new wall clock; elapsed-time
    /// intervals and named-zone triggers keep their instants.
    @Test func zoneChangeMovesOnlyDeviceCalendarTriggers() throws {
        var sim = try Simulation.at("2026-07-01T00:00:00Z", zone: "Europe/London")
        sim.add("device", try daily(8, 0))
        sim.add("named", try daily(8, 0, zone: "Europe/London"))
        sim.add("interval", .timeInterval(.hours(3), repeats: false))
        // 08:00 BST = 07:00Z.
        #expect(sim.state.centre.pending["device"]?.nextFire == t("2026-07-01T07:00:00Z"))
        sim.changeZone(try Zone.named("Asia/Kolkata"))
        // 00:00Z is 05:30 IST, so 08:00 IST today = 02:30Z.
        #expect(sim.state.centre.pending["device"]?.nextFire == t("2026-07-01T02:30:00Z"))
        #expect(sim.state.centre.pending["named"]?.nextFire == t("2026-07-01T07:00:00Z"))
        #expect(sim.state.centre.pending["interval"]?.nextFire == t("2026-07-01T03:00:00Z"))
        try sim.advance(toISO: "2026-07-01T08:00:00Z")
        #expect(sim.deliveredUTC == ["device@2026-07-01T02:30:00Z", "interval@2026-07-01T03:00:00Z",
                                     "named@2026-07-01T07:00:00Z"])
    }

    @Test func repeatingIntervalAndBadTriggers() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        sim.add("r", .timeInterval(.minutes(10), repeats: true))
        sim.add("short", .timeInterval(.seconds(30), repeats: true))
        sim.add("zero", .timeInterval(.zero, repeats: false))
        sim.add("h24", .calendar(CalendarComponents(hour: 24, minute: 0), repeats: true))
        sim.add("m60", .calendar(CalendarComponents(hour: 8, minute: 60), repeats: true))
        sim.add("feb30", .calendar(CalendarComponents(month: 2, day: 30, hour: 8, minute: 0), repeats: true))
        #expect(sim.state.centre.pendingIdentifiers == ["r"])
        let refused = sim.outputs.filter { $0.description.hasPrefix("rejected input=notification ") }.map(\.description)
        #expect(refused.count == 5)
        #expect(refused.filter { $0.contains("reason=no-future-date id=\"feb30\"") }.count == 1)
        #expect(sim.world.rejectionCount == 5)
        try sim.advance(toISO: "2026-01-01T00:35:00Z")
        #expect(sim.deliveredUTC == ["r@2026-01-01T00:10:00Z", "r@2026-01-01T00:20:00Z", "r@2026-01-01T00:30:00Z"])
    }

    /// A time interval whose sum with now overflows Int64 or lands after 2200 (`ScenarioLimits.timeRange`)
    /// is refused with a record, never a trap; so is a repeat that would land there.
    @Test func intervalsPastTheTimeRange() throws {
        var sim = try Simulation.at("2199-12-31T23:00:00Z")
        sim.add("max", .timeInterval(Duration(nanoseconds: .max), repeats: false))
        sim.add("past", .timeInterval(.hours(1) + .nanoseconds(1), repeats: false))
        sim.add("edge", .timeInterval(.hours(1), repeats: false))
        sim.add("rep", .timeInterval(.minutes(40), repeats: true))
        #expect(sim.state.centre.pendingIdentifiers == ["edge", "rep"])
        let refused = sim.outputs.filter { $0.description.hasPrefix("rejected input=notification reason=no-future-date") }
        #expect(refused.count == 2, "\(sim.outputs.map(\.description))")
        try sim.advance(toISO: "2200-01-01T00:00:00Z")
        #expect(sim.deliveredUTC == ["rep@2199-12-31T23:40:00Z", "edge@2200-01-01T00:00:00Z"])
        // rep's next firing (00:20) would be after 2200: it leaves, with next=none.
        #expect(sim.outputs.contains { $0.name == "notification.delivered" && $0.description.contains("next=none") },
                "\(sim.outputs.map(\.description))")
    }

    @Test func replaceByIdentifierAndRemove() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        sim.add("a", .timeInterval(.minutes(10), repeats: false))
        sim.add("a", .timeInterval(.minutes(20), repeats: false))
        sim.add("b", .timeInterval(.minutes(5), repeats: false))
        #expect(sim.state.centre.pending.count == 2)
        #expect(sim.state.centre.pending["a"]?.nextFire == t("2026-01-01T00:20:00Z"))
        sim.run { s, w in s.centre.remove(["b", "nope"], &w, wake: .wake) }
        #expect(sim.outputs.last?.description == "notification.remove ids=\"b\" notPending=1 pending=1")
        try sim.advance(toISO: "2026-01-01T01:00:00Z")
        #expect(sim.deliveredUTC == ["a@2026-01-01T00:20:00Z"])
    }
}

@Suite struct NotificationLimitTests {
    /// 70 one-offs 1...70 minutes ahead: the soonest 64 stay; i65...i70 are discarded and never fire.
    @Test func keepsTheSoonest64() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        for i in 1...70 { sim.add("i\(i)", .timeInterval(.minutes(Int64(i)), repeats: false)) }
        #expect(sim.state.centre.pending.count == 64)
        let dropped = sim.outputs.filter { $0.name == "notification.dropped" }.map { $0.fields[0].value }
        #expect(dropped == (65...70).map { Value.string("i\($0)") })
        #expect(sim.state.centre.droppedTotal == 6)
        try sim.advance(toISO: "2026-01-02T00:00:00Z")
        #expect(sim.state.deliveries.count == 64)
        #expect(!sim.state.deliveries.contains { $0.identifier == "i65" })
    }

    /// A sooner request added to a full centre evicts the latest one, not itself.
    @Test func soonerAddEvictsLatest() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        for i in 1...64 { sim.add("i\(i)", .timeInterval(.minutes(Int64(i + 10)), repeats: false)) }
        sim.add("early", .timeInterval(.minutes(1), repeats: false))
        #expect(sim.state.centre.pending["early"] != nil)
        #expect(sim.state.centre.pending["i64"] == nil)
    }

    /// A repeating request is one request: 63 far one-offs plus a daily repeating one fit, and the
    /// daily one keeps firing for a week without crowding anything out.
    @Test func repeatingCountsOnce() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        for i in 1...63 { sim.add("far\(i)", .timeInterval(.days(30) + .minutes(Int64(i)), repeats: false)) }
        sim.add("daily", try daily(9, 0))
        try sim.advance(toISO: "2026-01-08T00:00:00Z")
        #expect(sim.state.centre.pending.count == 64)
        #expect(sim.state.centre.droppedTotal == 0)
        #expect(sim.state.deliveries.count == 7)
    }

    /// Equal next fires: the most recently added is discarded (here the 65th itself, and `add`
    /// reports `dropped` although the app's API would have reported success).
    @Test func tieDropsNewest() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        for i in 1...64 { sim.add("s\(i)", .timeInterval(.hours(1), repeats: false)) }
        var result: NotificationAddResult?
        sim.run { s, w in
            result = s.centre.add(NotificationRequest(identifier: "s65", content: NotificationContent(title: "", body: ""),
                                                      trigger: .timeInterval(.hours(1), repeats: false)), &w, wake: .wake)
        }
        #expect(result == .dropped)
        #expect(sim.state.centre.pending["s65"] == nil && sim.state.centre.pending["s1"] != nil)
    }
}

@Suite struct NotificationAuthorizationTests {
    @Test func deniedAcceptsAddsButShowsNothing() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        sim.add("a", .timeInterval(.minutes(1), repeats: false), auth: .denied)
        #expect(sim.state.centre.authorization == .denied)
        #expect(sim.state.centre.pending["a"] != nil)
        try sim.advance(toISO: "2026-01-01T00:02:00Z")
        #expect(sim.state.deliveries.map(\.presentation) == [.none])
        var response: NotificationResponse?
        sim.run { s, w in response = s.centre.respond("a", action: "default", &w) }
        #expect(response == nil)
        #expect(sim.outputs.last?.description == "rejected input=response reason=notVisible id=\"a\" action=\"default\"")
    }

    @Test func promptOnlyOnceAndPresentations() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        sim.add("n", .timeInterval(.minutes(1), repeats: false), auth: nil)
        try sim.advance(toISO: "2026-01-01T00:02:00Z")
        sim.run { s, w in
            s.centre.requestAuthorization(answer: .provisional, &w)
            s.centre.requestAuthorization(answer: .granted, &w)  // no second prompt
        }
        #expect(sim.state.centre.authorization == .provisional)
        sim.add("p", .timeInterval(.minutes(1), repeats: false))
        try sim.advance(toISO: "2026-01-01T00:04:00Z")
        sim.run { s, w in s.centre.setAuthorization(.granted, &w); s.appActive = true; s.centre.presentsInForeground = false }
        sim.add("f", .timeInterval(.minutes(1), repeats: false))
        try sim.advance(toISO: "2026-01-01T00:06:00Z")
        sim.run { s, _ in s.appActive = false }
        sim.add("g", .timeInterval(.minutes(1), repeats: false))
        try sim.advance(toISO: "2026-01-01T00:08:00Z")
        #expect(sim.state.deliveries.map(\.presentation) == [.none, .quiet, .suppressed, .banner])
    }
}

@Suite struct NotificationResponseTests {
    static let dose = NotificationCategory("DOSE", actions: [
        NotificationAction("TAKEN", title: "Taken"),
        NotificationAction("OPEN", title: "Open", options: [.foreground]),
        NotificationAction("DELETE", title: "Delete", options: [.destructive, .authenticationRequired]),
    ])

    @Test func actionsAreCheckedAgainstTheCategory() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z")
        sim.run { s, w in s.centre.setCategories([Self.dose], &w) }
        sim.add("a", .timeInterval(.minutes(1), repeats: false), category: "DOSE")
        sim.add("b", .timeInterval(.minutes(1), repeats: false), category: "DOSE")
        sim.add("c", .timeInterval(.minutes(1), repeats: false), category: "DOSE")
        try sim.advance(toISO: "2026-01-01T00:02:00Z")
        var results: [NotificationResponse?] = []
        sim.run { s, w in
            results.append(s.centre.respond("a", action: "SNOOZE", &w))      // unknown action
            results.append(s.centre.respond("a", action: "dismiss", &w))     // category doesn't report dismiss
            results.append(s.centre.respond("zzz", action: "TAKEN", &w))     // never delivered
            results.append(s.centre.respond("a", action: "TAKEN", &w))
            results.append(s.centre.respond("a", action: "TAKEN", &w))       // already handled: gone
            results.append(s.centre.respond("b", action: "OPEN", &w))
            results.append(s.centre.respond("c", action: "DELETE", &w))
        }
        #expect(results.map { $0 == nil } == [true, true, true, false, true, false, false])
        #expect(results[3]?.opensApp == false && results[3]?.requiresUnlock == false)
        #expect(results[5]?.opensApp == true && results[5]?.requiresUnlock == true)
        #expect(results[6]?.opensApp == false && results[6]?.requiresUnlock == true)
        let reasons = sim.outputs.filter { $0.description.hasPrefix("rejected input=response ") }.map { $0.fields[1].value }
        #expect(reasons == [.word("unknownAction"), .word("dismissNotReported"), .word("notDelivered"), .word("notDelivered")])
    }

    @Test func auditListsEveryRequestInUTCAndLocal() throws {
        var sim = try Simulation.at("2026-01-01T00:00:00Z", zone: "America/Los_Angeles")
        sim.add("k", try daily(5, 55, zone: "Asia/Kolkata"))
        sim.add("a", try daily(7, 0))
        _ = sim.takeOutputs()
        sim.run { s, w in s.centre.audit(&w) }
        let lines = sim.takeOutputs().map(\.description)
        // 07:00 PST (-8) = 15:00Z; 05:55 IST (+5:30) on Jan 1st = 00:25Z Jan 1st, 25 minutes after the start.
        #expect(lines == [
            "notification.pending count=2 limit=64 authorization=granted",
            "notification.pending-item id=\"a\" trigger=\"calendar:07:00@device:repeats\" utc=2026-01-01T15:00:00Z local=2026-01-01T07:00:00-08:00",
            "notification.pending-item id=\"k\" trigger=\"calendar:05:55@Asia/Kolkata:repeats\" utc=2026-01-01T00:25:00Z local=2025-12-31T16:25:00-08:00 triggerLocal=2026-01-01T05:55:00+05:30",
        ])
    }
}
