import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Darshan

private func t(_ iso: String) -> Instant {
    switch CivilTime.parseISO8601(Substring(iso), requireUTC: false) {
    case .success(let i): return i
    case .failure: fatalError(iso)
    }
}

private let kolkata = try! Zone.named("Asia/Kolkata")
private let newYork = try! Zone.named("America/New_York")
private let london = try! Zone.named("Europe/London")

private func kashi(_ aartis: [Aarti]) -> Temple {
    Temple(id: "kashi", name: "Kashi Vishwanath", city: "Varanasi", latitude: 25.3109, longitude: 83.0107, zone: kolkata,
           liveURL: "https://x/live.m3u8", recorded: ["https://x/rec.mp4"], aartis: aartis)
}

private func catalog(_ sim: inout Simulation<Darshan>, hour: Int = 6, minute: Int = 5) {
    sim.send(.addTemple(TempleInput(id: "kashi", name: "Kashi Vishwanath", city: "Varanasi", latitude: 25.3109, longitude: 83.0107,
                                    zoneName: "Asia/Kolkata", liveURL: "https://x/live.m3u8", recorded: ["https://x/rec.mp4"])))
    sim.send(.addAarti(temple: "kashi", key: "pratah", name: "Pratah Aarti", hour: hour, minute: minute))
}

/// Delivery instants of `id` in the outputs so far.
private func deliveries(_ sim: Simulation<Darshan>, _ id: String) -> [Instant] {
    sim.outputs.filter { $0.name == "notification.delivered" }.compactMap { r -> Instant? in
        guard r.fields.contains(where: { $0.key == "id" && $0.value == .string(id) }) else { return nil }
        if case .instant(let at)? = r.fields.first(where: { $0.key == "at" })?.value { return at }
        return nil
    }
}

/// Known values from the note and the article, worked out by hand: India is UTC+05:30 all year;
/// US DST 2026 runs 03-08 07:00Z → 11-01 06:00Z (EST −5, EDT −4); UK BST 03-29 01:00Z → 10-25 01:00Z.
@Suite struct DarshanKnownValueTests {
    /// "6:05 − 10 min = 5:55" (the article) and the wrap past midnight.
    @Test func reminderTimeIsModular() throws {
        func r(_ h: Int, _ m: Int, _ lead: Int) throws -> String {
            try TimeOfDay(hour: h, minute: m).adding(minutes: -lead).hhmm
        }
        #expect(try r(6, 5, 10) == "05:55")
        #expect(try r(0, 5, 10) == "23:55")
        #expect(try r(0, 0, 5) == "23:55")
        #expect(try r(7, 0, 30) == "06:30")
        #expect(try r(4, 0, 15) == "03:45")
    }

    /// 07:00 IST = 01:30Z. Strictly after now, seconds 0.
    @Test func nextOccurrenceIsStrictlyAfter() throws {
        func next(_ h: Int, _ m: Int, _ zone: Zone, after: String) throws -> Instant? {
            try TimeOfDay(hour: h, minute: m).nextOccurrence(after: t(after), in: zone)
        }
        #expect(try next(7, 0, kolkata, after: "2026-03-07T12:00:00Z") == t("2026-03-08T01:30:00Z"))
        #expect(try next(7, 0, kolkata, after: "2026-03-08T01:29:59Z") == t("2026-03-08T01:30:00Z"))
        #expect(try next(7, 0, kolkata, after: "2026-03-08T01:30:00Z") == t("2026-03-09T01:30:00Z"))
        #expect(try next(7, 0, kolkata, after: "2026-03-08T01:30:30Z") == t("2026-03-09T01:30:00Z"))
        // New York: 02:30 on 2026-03-08 does not exist → 03:00 EDT = 07:00Z; 01:30 on 2026-11-01
        // happens twice → the first, EDT, = 05:30Z.
        #expect(try next(2, 30, newYork, after: "2026-03-08T00:00:00Z") == t("2026-03-08T07:00:00Z"))
        #expect(try next(1, 30, newYork, after: "2026-11-01T00:00:00Z") == t("2026-11-01T05:30:00Z"))
        // Out-of-range components make no time of day (and so no instant), never a crash.
        #expect(throws: TimeOfDayError.hourOutOfRange(25)) { try next(25, 0, kolkata, after: "2026-03-08T00:00:00Z") }
        #expect(throws: TimeOfDayError.minuteOutOfRange(60)) { try next(6, 60, kolkata, after: "2026-03-08T00:00:00Z") }
    }

    /// "7:00 a.m. IST (9:30 p.m. your time)": 07:00 IST on 2026-07-01 = 01:30Z = 21:30 EDT on
    /// June 30; in January 20:30 EST; London 02:30 BST in July, 01:30 GMT in January.
    @Test func dualTimeDisplay() throws {
        let july = t("2026-07-01T01:30:00Z"), january = t("2026-01-15T01:30:00Z")
        #expect(AartiClock.display(aartiName: "Mangala Aarti", at: july, temple: kolkata, device: newYork)
                == "Mangala Aarti, 7:00 a.m. IST (9:30 p.m. your time, the day before)")
        #expect(AartiClock.display(aartiName: "Mangala Aarti", at: january, temple: kolkata, device: newYork)
                == "Mangala Aarti, 7:00 a.m. IST (8:30 p.m. your time, the day before)")
        #expect(AartiClock.display(aartiName: "Mangala Aarti", at: july, temple: kolkata, device: london)
                == "Mangala Aarti, 7:00 a.m. IST (2:30 a.m. your time)")
        #expect(AartiClock.display(aartiName: "Mangala Aarti", at: january, temple: kolkata, device: london)
                == "Mangala Aarti, 7:00 a.m. IST (1:30 a.m. your time)")
        #expect(AartiClock.display(aartiName: "A", at: july, temple: kolkata, device: kolkata) == "A, 7:00 a.m. IST")
        #expect(try AartiClock.twelveHour(TimeOfDay(hour: 0, minute: 5)) == "12:05 a.m.")
        #expect(try AartiClock.twelveHour(TimeOfDay(hour: 12, minute: 0)) == "12:00 p.m.")
    }

    /// New Jersey: 05:55 IST = 00:25Z every day. 2026-03-07 00:25Z = 19:25 EST on 03-06;
    /// 2026-03-09 00:25Z = 20:25 EDT on 03-08; 2026-11-02 00:25Z = 19:25 EST on 11-01.
    @Test func newJerseyFireInstantsAcrossBothChanges() throws {
        var sim = try Simulation<Darshan>(start: t("2026-03-06T12:00:00Z"), zone: newYork)
        catalog(&sim)
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        sim.advance(to: .days(4))
        let spring = deliveries(sim, "aarti.kashi.pratah")
        #expect(spring == [t("2026-03-07T00:25:00Z"), t("2026-03-08T00:25:00Z"), t("2026-03-09T00:25:00Z"), t("2026-03-10T00:25:00Z")])
        #expect(newYork.formatLocal(spring[0]) == "2026-03-06T19:25:00-05:00")
        #expect(newYork.formatLocal(spring[2]) == "2026-03-08T20:25:00-04:00")

        var fall = try Simulation<Darshan>(start: t("2026-10-31T12:00:00Z"), zone: newYork)
        catalog(&fall)
        fall.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        fall.advance(to: .days(2))
        #expect(deliveries(fall, "aarti.kashi.pratah") == [t("2026-11-01T00:25:00Z"), t("2026-11-02T00:25:00Z")])
        #expect(newYork.formatLocal(t("2026-11-02T00:25:00Z")) == "2026-11-01T19:25:00-05:00")
    }

    /// The regression: components without the temple's zone fire at 05:55 *New York* time:
    /// 10:55Z under EST, 09:55Z under EDT.
    @Test func deviceZoneFaultFiresAtLocalFiveFiftyFive() throws {
        var sim = try Simulation<Darshan>(start: t("2026-03-06T12:00:00Z"), zone: newYork, settings: ["fault deviceZoneReminders"])
        catalog(&sim)
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        sim.advance(to: .days(3))
        #expect(deliveries(sim, "aarti.kashi.pratah") == [t("2026-03-07T10:55:00Z"), t("2026-03-08T09:55:00Z"), t("2026-03-09T09:55:00Z")])
    }

    /// London: 00:25Z is 00:25 GMT before 2026-03-29 01:00Z and 01:25 BST after; the instant never moves.
    @Test func londonAcrossBST() throws {
        var sim = try Simulation<Darshan>(start: t("2026-03-27T12:00:00Z"), zone: london)
        catalog(&sim)
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        sim.advance(to: .days(4))
        let d = deliveries(sim, "aarti.kashi.pratah")
        #expect(d == [t("2026-03-28T00:25:00Z"), t("2026-03-29T00:25:00Z"), t("2026-03-30T00:25:00Z"), t("2026-03-31T00:25:00Z")])
        #expect(london.formatLocal(d[1]) == "2026-03-29T00:25:00+00:00" && london.formatLocal(d[2]) == "2026-03-30T01:25:00+01:00")
    }

    /// Lead 10 then 15: one request `aarti.kashi.pratah`, 05:50 IST = 00:20Z, body "15 minutes".
    /// Random identifiers leave two.
    @Test func leadChangeReplaces() throws {
        var sim = try Simulation<Darshan>(start: t("2026-03-01T12:00:00Z"), zone: london)
        catalog(&sim)
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 15, timeSensitive: false))
        #expect(sim.state.centre.pendingIdentifiers == ["aarti.kashi.pratah"])
        let p = try #require(sim.state.centre.pending["aarti.kashi.pratah"])
        #expect(p.nextFire == t("2026-03-02T00:20:00Z"))
        #expect(p.request.content.body == "Begins in 15 minutes. Tap to join the darshan.")
        #expect(p.request.content.title == "Pratah Aarti at Kashi Vishwanath")

        var bad = try Simulation<Darshan>(start: t("2026-03-01T12:00:00Z"), zone: london, settings: ["fault randomIdentifiers"])
        catalog(&bad)
        bad.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        bad.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 15, timeSensitive: false))
        #expect(bad.state.centre.pending.count == 2)
    }

    /// Budget 64 − 4 = 60: 70 asked, 60 pending, 10 refused. Without the budget all 70 are added
    /// and the centre keeps 64, dropping 70 − 64 = 6.
    @Test func budgetArithmetic() throws {
        func run(_ settings: [String]) throws -> Simulation<Darshan> {
            var sim = try Simulation<Darshan>(start: t("2026-03-01T12:00:00Z"), settings: settings)
            for ti in 0..<5 {
                sim.send(.addTemple(TempleInput(id: "t\(ti)", name: "T", city: "C", latitude: 20, longitude: 80, zoneName: "Asia/Kolkata",
                                                liveURL: nil, recorded: [])))
                for ai in 0..<14 { sim.send(.addAarti(temple: "t\(ti)", key: "a\(ai)", name: "A", hour: ai, minute: ti)) }
            }
            for ti in 0..<5 { for ai in 0..<14 { sim.send(.setReminder(temple: "t\(ti)", aarti: "a\(ai)", lead: 5, timeSensitive: false)) } }
            return sim
        }
        let ok = try run([])
        #expect(ok.state.centre.pending.count == 60 && ok.state.reminders.count == 60)
        #expect(ok.outputs.filter { r in
            r.name == "rejected" && r.fields.contains { $0.key == "input" && $0.value == .word("setReminder") }
                && r.fields.contains { $0.key == "reason" && $0.value == .word("budget-full") }
        }.count == 10)
        let silent = try run(["fault noBudget"])
        #expect(silent.state.centre.pending.count == 64 && silent.state.centre.droppedTotal == 6 && silent.state.reminders.count == 70)
    }

    /// Remind Later at T: `later.kashi.<UUID>` (uppercase 8-4-4-4-12) at T + 300 s; the aarti
    /// (06:05 IST = 00:35Z) is 4 minutes after a 00:31Z firing.
    @Test func remindLater() throws {
        var sim = try Simulation<Darshan>(start: t("2026-03-09T12:00:00Z"), zone: newYork)
        catalog(&sim)
        sim.send(.setReminder(temple: "kashi", aarti: "pratah", lead: 10, timeSensitive: false))
        sim.send(.respond(id: "aarti.kashi.pratah", action: "REMIND_LATER"), at: .seconds(12 * 3600 + 26 * 60))
        let later = try #require(sim.state.centre.pending.values.first { $0.identifier.hasPrefix("later.kashi.") })
        #expect(later.nextFire == t("2026-03-10T00:31:00Z"))
        let uuid = later.identifier.dropFirst("later.kashi.".count)
        #expect(uuid.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] && uuid.uppercased() == uuid)
        #expect(later.request.content.body == "Begins in 4 minutes. Tap to join the darshan.")
        #expect(later.request.content.userInfo["templeID"] == "kashi")
    }

    /// The note's fixture, in the article's form (ties as separate entries): 5 entries, policy
    /// after 2026-03-08T01:30Z; merged (the default) 4 entries with the tie shared.
    @Test func widgetFixture() throws {
        func aarti(_ key: String, _ name: String, _ h: Int, _ m: Int) throws -> Aarti {
            Aarti(key: key, name: name, time: try TimeOfDay(hour: h, minute: m))
        }
        let k = kashi([try aarti("mangala", "Mangala", 3, 0), try aarti("sandhya", "Sandhya", 19, 0), try aarti("shayan", "Shayan", 22, 30)])
        var s = kashi([try aarti("morning", "Morning", 7, 0), try aarti("evening", "Evening", 19, 0)])
        s.id = "somnath"
        s.name = "Somnath"
        let now = t("2026-03-07T12:00:00Z")
        var article = WidgetTimeline.Options()
        article.mergeTies = false
        let a = WidgetTimeline.build([k, s], now: now, article)
        #expect(a.entries.map(\.date) == [now, t("2026-03-07T13:30:00Z"), t("2026-03-07T13:30:00Z"), t("2026-03-07T17:00:00Z"), t("2026-03-07T21:30:00Z")])
        #expect(a.entries.map(\.at) == [t("2026-03-07T13:30:00Z"), t("2026-03-07T13:30:00Z"), t("2026-03-07T17:00:00Z"), t("2026-03-07T21:30:00Z"), t("2026-03-08T01:30:00Z")])
        #expect(a.entries.map(\.text) == ["Kashi Vishwanath: Sandhya", "Somnath: Evening", "Kashi Vishwanath: Shayan", "Kashi Vishwanath: Mangala", "Somnath: Morning"])
        #expect(a.policy == t("2026-03-08T01:30:00Z"))
        let m = WidgetTimeline.build([k, s], now: now)
        #expect(m.entries.count == 4 && m.entries[0].text == "Kashi Vishwanath: Sandhya + Somnath: Evening")
        #expect(m.entries.map(\.date) == [now, t("2026-03-07T13:30:00Z"), t("2026-03-07T17:00:00Z"), t("2026-03-07T21:30:00Z")])
        #expect(m.policy == t("2026-03-08T01:30:00Z"))
        // Empty: a placeholder and an hour; the article's form is no entries and `.after(now)`.
        let e = WidgetTimeline.build([], now: now)
        #expect(e.entries.count == 1 && e.entries[0].at == nil && e.policy == t("2026-03-07T13:00:00Z"))
        var loop = WidgetTimeline.Options()
        loop.placeholderWhenEmpty = false
        let l = WidgetTimeline.build([], now: now, loop)
        #expect(l.entries.isEmpty && l.policy == now)
    }

    @Test func catalogRejectsBadZonesAndCoordinates() {
        func input(_ zone: String, lat: Double = 25, lon: Double = 83) -> TempleInput {
            TempleInput(id: "x", name: "X", city: "C", latitude: lat, longitude: lon, zoneName: zone, liveURL: nil, recorded: [])
        }
        for bad in [input("Asia/Kolkatta"), input("IST"), input("Asia/Kolkata", lat: 91), input("Asia/Kolkata", lon: -181),
                    input("Asia/Kolkata", lat: .nan)] {
            if case .success = bad.validated() { Issue.record("accepted \(bad)") }
        }
        if case .failure(let e) = input("Asia/Kolkata").validated() { Issue.record("refused: \(e)") }
    }
}

@Suite struct DarshanScenarioInputTests {
    func run(_ body: String) -> String { InlineScenario.traceOrError(Darshan.self, body) }

    @Test func malformedLinesAreLocatedErrors() {
        #expect(run("0 aarti temple=k id=a name=A hour=six minute=0\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 status token=1 status=playing\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 navigate push\n").contains("screen"))
        #expect(run("0 navigate pop screen=gita\n").hasPrefix("error: t.scenario:3:"))
        #expect(run("0 setReminder temple=k aarti=a\n").contains("lead"))
        #expect(run("0 osUpdate major=12\n").hasPrefix("error: t.scenario:3:"))
    }

    @Test func outOfRangeValuesAreRecords() {
        let out = run("0 temple id=k name=K city=C lat=20 lon=80 zone=Asia/Kolkata\n0 aarti temple=k id=a name=A hour=25 minute=0\n0 speed rate=nan\n")
        #expect(out.contains("rejected input=aarti reason=hour-out-of-range temple=k aarti=a detail=\"hour 25 is outside 0...23\""))
        #expect(out.contains("rejected input=speed reason=invalid-rate rate=nan"))
        #expect(out.contains("status complete"))
    }
}

@Suite struct DarshanDeclarationTests {
    /// Every kind, setting and generator declares cleanly and `kind(of:)` names each kind's event.
    @Test func entryHasNoProblems() {
        #expect(Darshan.entry.problems.isEmpty)
    }

    /// The delivery timer shows as `timer:notification`, as in every domain.
    @Test func wakeEventHasTheCentresTimerKind() {
        #expect(Darshan.kind(of: .notificationDue) == NotificationCentre.timerKind)
    }
}
