import LockstepCore
import LockstepRunner
import Platform
import Testing

/// The centre writes its state from lines it prepares when requests change. These tests check
/// those bytes against an independent writer: the record-per-field form the state was defined by
/// before the lines existed, built here from the centre's public properties only.
@Suite struct NotificationStateLinesTests {
    /// The state as records built field by field (the reference).
    static func reference(_ c: NotificationCentre) -> String {
        var out = CanonicalWriter()
        out.section("notifications") { w in
            w.word("authorization", c.authorization.rawValue)
            w.bool("presentsInForeground", c.presentsInForeground)
            w.section("categories count=\(c.categories.count)") { w in
                for id in c.categories.keys.sorted() {
                    let cat = c.categories[id]!
                    w.record(Record("category").word("id", id).bool("reportsDismiss", cat.reportsDismiss)
                        .with("actions", .tuple(cat.actions.map { a in
                            .word(([a.identifier] + a.options.sorted().map(\.rawValue)).joined(separator: "+"))
                        })))
                }
            }
            w.section("pending count=\(c.pending.count)") { w in
                for id in c.pending.keys.sorted() {
                    let p = c.pending[id]!
                    w.record(Record("request").string("id", id).string("trigger", p.request.trigger.summary)
                        .instant("next", p.nextFire).int("deliveries", p.deliveries)
                        .string("title", p.request.content.title).string("body", p.request.content.body)
                        .word("category", p.request.content.categoryIdentifier.isEmpty ? "none" : p.request.content.categoryIdentifier)
                        .with("userInfo", p.request.content.userInfoValue))
                }
            }
            w.section("delivered count=\(c.delivered.count)") { w in
                for d in c.delivered {
                    w.record(Record("delivery").string("id", d.identifier).instant("at", d.at).word("presentation", d.presentation.rawValue))
                }
            }
            w.int("deliveriesTotal", c.deliveriesTotal)
            w.int("droppedTotal", c.droppedTotal)
            w.write("recentlyDropped", c.recentlyDropped.isEmpty ? .word("none") : .tuple(c.recentlyDropped.map { .string($0) }))
            w.write("wake", c.nextWake.map { .instant($0) } ?? .word("none"))
        }
        return out.text
    }

    static func written(_ c: NotificationCentre) -> String {
        var out = CanonicalWriter()
        c.write(to: &out)
        return out.text
    }

    static func add(_ sim: inout Simulation<CentreHarness>, _ id: String, _ trigger: NotificationTrigger, title: String,
                    userInfo: [String: String] = [:]) {
        sim.run { s, w in
            s.centre.add(NotificationRequest(identifier: id, content: NotificationContent(
                title: title, body: "Take \"1\" pill.\nNow", categoryIdentifier: "DOSE", userInfo: userInfo), trigger: trigger),
                         &w, wake: .wake)
        }
    }

    @Test func preparedLinesMatchRecordsThroughEveryChange() throws {
        var sim = try Simulation.at("2026-03-28T06:00:00Z", zone: "Europe/London")
        var checks = 0
        func check(_ what: String) {
            #expect(Self.written(sim.state.centre) == Self.reference(sim.state.centre), "after \(what)")
            checks += 1
        }
        check("start")
        sim.run { s, w in
            s.centre.requestAuthorization(answer: .granted, &w)
            s.centre.setCategories([NotificationResponseTests.dose, NotificationCategory("EMPTY", actions: [], reportsDismiss: true)], &w)
        }
        check("categories")
        Self.add(&sim, "dose.b.0800", try daily(8, 0), title: "Time for B", userInfo: ["medID": "b", "time": "0800"])
        Self.add(&sim, "dose.a.0730", try daily(7, 30), title: "Time for \u{e9}l\u{e8}ve", userInfo: ["time": "0730", "medID": "a"])
        Self.add(&sim, "kolkata", try daily(6, 5, zone: "Asia/Kolkata"), title: "Aarti")
        Self.add(&sim, "once", .timeInterval(.minutes(90), repeats: false), title: "Once")
        Self.add(&sim, "every", .timeInterval(.minutes(45), repeats: true), title: "Every")
        check("adds")
        Self.add(&sim, "dose.b.0800", try daily(8, 15), title: "Time for B (edited)", userInfo: ["medID": "b"])
        check("replace")
        // Across the spring-forward night: repeating requests are delivered and move on.
        try sim.advance(toISO: "2026-03-29T09:00:00Z")
        #expect(sim.state.centre.deliveriesTotal > 0)
        check("deliveries")
        sim.run { s, w in _ = s.centre.respond("dose.b.0800", action: "TAKEN", &w) }
        check("respond")
        sim.run { s, w in s.centre.remove(["every", "missing"], &w, wake: .wake) }
        check("remove")
        sim.changeZone(try Zone.named("America/New_York"))
        check("zone change")
        // Over the limit: the latest-firing requests are dropped.
        for i in 0..<66 {
            Self.add(&sim, "n\(i)", .timeInterval(.minutes(Int64(10 + i)), repeats: false), title: "N\(i)")
        }
        #expect(sim.state.centre.droppedTotal > 0)
        check("limit")
        sim.run { s, _ in s.centre.removeDelivered(["dose.a.0730"]) }
        check("removeDelivered")
        try sim.advance(toISO: "2026-03-30T12:00:00Z")
        check("more deliveries")
        #expect(checks == 11)
    }
}
