import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain whose settings are the ledger's `limit.NAME` overrides.
enum BudgetHarness: Domain {
    static let entry = DomainEntry(Self.self)
    static let limits = [
        BudgetLimit("instagramTags", 5, "hashtags per post (30 before December 2025)"),
        BudgetLimit("pendingNotifications", 64),
        BudgetLimit("recents", 15),
    ]
    struct Settings: Sendable { var overrides: BudgetOverrides }
    struct State { var ledger: BudgetLedger }
    enum Event { case run((inout State, inout World<BudgetHarness>) -> Void) }
    static let name = "budgetHarness"
    static let summary = "Test harness for BudgetLedger."
    static let events: [EventKind<Event>] = []
    static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(overrides: try BudgetLedger.overrides(&s, for: limits))
    }
    static func kind(of event: Event) -> String { "event" }
    static func start(_ settings: Settings, _ world: inout World<BudgetHarness>) throws(ScenarioError) -> State {
        State(ledger: BudgetLedger(limits, overrides: settings.overrides, &world))
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<BudgetHarness>) {
        switch event { case .run(let body): body(&state, &world) }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.ledger.write(to: &out) }
}

@Suite struct BudgetLedgerTests {
    @Test func spendUpToTheLimitThenRefuseNamingIt() throws {
        var sim = try Simulation<BudgetHarness>()
        var results: [Bool] = []
        sim.send(.run { s, w in for _ in 0..<6 { results.append(s.ledger.spend("instagramTags", 1, &w)) } })
        #expect(results == [true, true, true, true, true, false])
        let lines = sim.outputs.map(\.description)
        #expect(lines.first == "budget.spend name=instagramTags amount=1 used=1 limit=5")
        #expect(lines.last == "rejected input=budget reason=limit name=instagramTags limit=5 used=5 amount=1")
        #expect(sim.state.ledger.budget("instagramTags")?.refusals == 1)
        #expect(sim.world.rejectionCount == 1)
    }

    @Test func releaseResetUnknownAndNegative() throws {
        var sim = try Simulation<BudgetHarness>()
        sim.send(.run { s, w in
            s.ledger.spend("recents", 3, &w)
            s.ledger.release("recents", 1, &w)
            s.ledger.release("recents", 5, &w)
            s.ledger.spend("recents", -1, &w)
            s.ledger.spend("bogus", 1, &w)
            s.ledger.reset("recents", &w)
        })
        #expect(sim.outputs.map(\.description) == [
            "budget.spend name=recents amount=3 used=3 limit=15",
            "budget.release name=recents amount=1 used=2 limit=15",
            "rejected input=budget reason=overRelease name=recents used=2 amount=5",
            "rejected input=budget reason=negativeAmount name=recents amount=-1",
            "rejected input=budget reason=unknownBudget name=bogus declared=3",
            "budget.reset name=recents was=2 limit=15",
        ])
    }

    @Test func scenarioOverridesViaSettings() throws {
        var sim = try Simulation<BudgetHarness>(settings: ["limit.recents 3", "limit.instagramTags 30"])
        #expect(sim.state.ledger.limit("recents") == 3)
        #expect(sim.state.ledger.limit("instagramTags") == 30)
        #expect(sim.state.ledger.limit("pendingNotifications") == 64)
        #expect(sim.outputs.map(\.description) == [
            "budget.limit name=instagramTags from=5 to=30 by=scenario",
            "budget.limit name=recents from=15 to=3 by=scenario",
        ])
        var out = CanonicalWriter()
        sim.state.ledger.write(to: &out)
        let text = String(decoding: out.bytes, as: UTF8.self)
        #expect(text.contains("budget name=recents used=0 limit=3 declared=15 refusals=0"))
        // Declaration order, not alphabetical or hash order.
        let names = text.split(separator: "\n").compactMap { $0.split(separator: " ").first { $0.hasPrefix("name=") } }
        #expect(names == ["name=instagramTags", "name=pendingNotifications", "name=recents"])
        sim.send(.run { s, w in for _ in 0..<4 { s.ledger.spend("recents", 1, &w) } })
        #expect(sim.outputs.last?.description == "rejected input=budget reason=limit name=recents limit=3 used=3 amount=1")
    }

    @Test func unknownLimitNameIsALocatedError() {
        do {
            _ = try Simulation<BudgetHarness>(settings: ["limit.recents 3", "limit.bogus 2"])
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 4)
            #expect(error.column == 5)
            #expect(error.message.contains("unknown setting 'limit.bogus'"))
            #expect(error.message.contains("limit.recents"))
        }
    }

    @Test func outOfRangeOverrideIsALocatedError() {
        do {
            _ = try Simulation<BudgetHarness>(settings: ["limit.recents -1"])
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 19)
            #expect(error.message.contains("limit.recents=-1 is out of range 0...1000000"))
        }
    }

    @Test func loweringBelowUsedRefusesFurtherSpending() {
        var ledger = BudgetLedger(BudgetHarness.limits)
        var world = World<Bare>(start: .defaultStart)
        ledger.spend("instagramTags", 5, &world)
        ledger.setLimit("instagramTags", 3, &world, by: "remoteConfig")
        #expect(world.outputs.last?.description == "budget.limit name=instagramTags from=5 to=3 by=remoteConfig overLimit=2")
        #expect(!ledger.spend("instagramTags", 1, &world))
        #expect(!ledger.canSpend("instagramTags"))
        #expect(ledger.remaining("instagramTags") == 0)
    }

    @Test func settingsAreDeclaredForList() {
        let keys = BudgetHarness.settings.keys.map(\.name)
        #expect(keys == ["limit.instagramTags", "limit.pendingNotifications", "limit.recents"])
    }
}
