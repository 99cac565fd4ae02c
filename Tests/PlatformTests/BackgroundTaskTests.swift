import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks the `bgtask` and `lifecycle` vocabularies plus the app's own `submit`,
/// `complete`, `cancel` and `cancelAll`, to run real scenario text through the scheduler. A fire
/// hands its lifecycle event to the app's `AppLifecycle`, as a domain would.
enum BackgroundTaskProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable {
        var scheduler = BackgroundTaskScheduler(permittedIdentifiers: ["rates.refresh", "news.refresh", "db.clean"],
                                                backgroundModes: ["fetch", "processing"])
        var lifecycle = AppLifecycle()
    }
    enum Event: Sendable {
        case bgtask(BackgroundTaskLine), lifecycle(LifecycleLine)
        case submit(String, BackgroundTaskKind, after: Duration?)
        case complete(String, success: Bool)
        case cancel(String), cancelAll
    }
    static let name = "bgtaskProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        BackgroundTaskVocabulary.eventKind { .bgtask($0) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        EventKind("submit", "the app submits a request") { f throws(ScenarioError) in
            .submit(try f("id", .word), try f("kind", .choice(BackgroundTaskKind.self), default: .appRefresh),
                    after: try f.optional("after", .duration))
        },
        EventKind("complete", "the app completes a task") { f throws(ScenarioError) in
            .complete(try f("id", .word), success: try f("success", .bool, default: true))
        },
        EventKind("cancel", "the app cancels a request") { f throws(ScenarioError) in .cancel(try f("id", .word)) },
        EventKind("cancelAll", "the app cancels every request") { _ throws(ScenarioError) in .cancelAll },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .bgtask: BackgroundTaskVocabulary.kind
        case .lifecycle: LifecycleVocabulary.kind
        case .submit: "submit"
        case .complete: "complete"
        case .cancel: "cancel"
        case .cancelAll: "cancelAll"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<BackgroundTaskProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<BackgroundTaskProbe>) {
        switch event {
        case .bgtask(let line):
            if state.scheduler.apply(line, &world) != nil,
               let wake = BackgroundTaskScheduler.lifecycleEvent(for: state.lifecycle.phase) {
                _ = state.lifecycle.handle(wake, &world)
            }
        case .lifecycle(let line): _ = state.lifecycle.handle(line.event, &world)
        case .submit(let id, let kind, let after):
            state.scheduler.submit(BackgroundTaskRequest(id, kind: kind, earliestBeginDate: after.map { world.now + $0 }), &world)
        case .complete(let id, let success): state.scheduler.setTaskCompleted(id, success: success, &world)
        case .cancel(let id): state.scheduler.cancel(id, &world)
        case .cancelAll: state.scheduler.cancelAll(&world)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.scheduler.write(to: &out) }
}

private func trace(_ body: String) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain bgtaskProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(BackgroundTaskProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

/// The scheduler, lifecycle and rejection records of a run, without the indent.
private func records(_ body: String) throws(ScenarioError) -> [String] {
    try trace(body).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  bgtask.") || $0.hasPrefix("  rejected") || $0.hasPrefix("  lifecycle ") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try trace(body); return nil } catch { return error.description }
}

@Suite struct BackgroundTaskTests {
    /// Apple's published limits: one pending refresh task, ten processing tasks; 30 s for a refresh.
    @Test func pinnedNumbers() {
        #expect(BackgroundTaskKind.appRefresh.pendingLimit == 1)
        #expect(BackgroundTaskKind.processing.pendingLimit == 10)
        #expect(BackgroundTaskKind.appRefresh.runBudget == .seconds(30))
        #expect(BackgroundTaskKind.processing.runBudget == .seconds(300))
        #expect(BackgroundTaskKind.appRefresh.requiredMode == "fetch")
        #expect(BackgroundTaskKind.processing.requiredMode == "processing")
    }

    /// currency.md `backgroundFloor`: background at T submits a floor of T + 14,400 s; the system
    /// fires at T + 5 h; the app refreshes, resubmits (fire + 4 h) and completes. 2026-01-01 + 18,000 s
    /// is 05:00:00, + 14,400 s more is 09:00:00.
    @Test func currencyFloorWakesTheSuspendedApp() throws {
        let lines = try records("""
            0 lifecycle launch
            0 lifecycle active
            10 lifecycle inactive
            10 lifecycle background
            10 submit id=rates.refresh after=14400s
            11 lifecycle suspend
            18010 bgtask fire id=rates.refresh
            18012 submit id=rates.refresh after=14400s
            18013 complete id=rates.refresh

            """)
        let bg = lines.filter { $0.hasPrefix("bgtask.") }
        #expect(bg == [
            "bgtask.submit id=rates.refresh kind=appRefresh earliest=2026-01-01T04:00:10Z replaced=false",
            "bgtask.fire id=rates.refresh kind=appRefresh afterEarliest=3600.000000000s expiresAt=2026-01-01T05:00:40Z",
            "bgtask.submit id=rates.refresh kind=appRefresh earliest=2026-01-01T09:00:12Z replaced=false",
            "bgtask.completed id=rates.refresh success=true ranFor=3.000000000s",
        ])
        // The fire woke the suspended app through AppLifecycle, right after the fire record.
        let fire = lines.firstIndex { $0.hasPrefix("bgtask.fire") }!
        #expect(lines[fire + 1].hasPrefix("lifecycle process=app event=wake"))
    }

    @Test func notRunningAppIsLaunchedInTheBackground() throws {
        #expect(BackgroundTaskScheduler.lifecycleEvent(for: .notRunning) == .launch(.backgroundTask))
        #expect(BackgroundTaskScheduler.lifecycleEvent(for: .suspended) == .wake(.backgroundTask))
        #expect(BackgroundTaskScheduler.lifecycleEvent(for: .background) == .wake(.backgroundTask))
        #expect(BackgroundTaskScheduler.lifecycleEvent(for: .foregroundActive) == nil)
        let lines = try records("0 submit id=rates.refresh\n5 bgtask fire id=rates.refresh\n")
        #expect(lines.contains { $0.hasPrefix("lifecycle process=app event=launch") })
    }

    @Test func resubmitReplacesAndIsRecorded() throws {
        let lines = try records("0 submit id=rates.refresh after=100s\n1 submit id=rates.refresh after=50s\n51 bgtask fire id=rates.refresh\n")
        #expect(lines[1] == "bgtask.submit id=rates.refresh kind=appRefresh earliest=2026-01-01T00:00:51Z replaced=true previousEarliest=2026-01-01T00:01:40Z")
        #expect(lines[2].hasPrefix("bgtask.fire id=rates.refresh kind=appRefresh afterEarliest=0.000000000s"))
    }

    @Test func fireBeforeTheFloorIsRefused() throws {
        let lines = try records("0 submit id=rates.refresh after=14400s\n14399 bgtask fire id=rates.refresh\n14400 bgtask fire id=rates.refresh\n")
        #expect(lines[1] == "rejected input=bgtask.fire reason=beforeEarliestBeginDate id=rates.refresh earliest=2026-01-01T04:00:00Z")
        #expect(lines[2].hasPrefix("bgtask.fire id=rates.refresh"))
    }

    @Test func fireOfUnknownCancelledOrRunningIsRefused() throws {
        let lines = try records("""
            0 bgtask fire id=never.submitted
            1 submit id=rates.refresh
            2 cancel id=rates.refresh
            3 bgtask fire id=rates.refresh
            4 submit id=rates.refresh
            5 bgtask fire id=rates.refresh
            6 submit id=rates.refresh
            7 bgtask fire id=rates.refresh
            8 bgtask expire id=news.refresh
            9 complete id=news.refresh

            """).filter { !$0.hasPrefix("lifecycle") }
        #expect(lines.contains("rejected input=bgtask.fire reason=notPending id=never.submitted"))
        #expect(lines.contains("bgtask.cancel id=rates.refresh existed=true"))
        #expect(lines.filter { $0 == "rejected input=bgtask.fire reason=notPending id=rates.refresh" }.count == 1)
        #expect(lines.contains("rejected input=bgtask.fire reason=alreadyRunning id=rates.refresh"))
        #expect(lines.contains("rejected input=bgtask.expire reason=notRunning id=news.refresh"))
        #expect(lines.contains("rejected input=bgtask.complete reason=notRunning id=news.refresh"))
    }

    @Test func notPermittedWithoutIdentifierOrMode() {
        var world = World<Bare>(start: .defaultStart)
        var noModes = BackgroundTaskScheduler(permittedIdentifiers: ["rates.refresh"], backgroundModes: [])
        #expect(noModes.submit(BackgroundTaskRequest("rates.refresh", kind: .appRefresh), &world) == .notPermitted(missing: "fetch"))
        #expect(noModes.submit(BackgroundTaskRequest("other", kind: .appRefresh), &world) == .notPermitted(missing: "identifier"))
        var fetchOnly = BackgroundTaskScheduler(permittedIdentifiers: ["db.clean"], backgroundModes: ["fetch"])
        #expect(fetchOnly.submit(BackgroundTaskRequest("db.clean", kind: .processing), &world) == .notPermitted(missing: "processing"))
        #expect(fetchOnly.submit(BackgroundTaskRequest("", kind: .appRefresh), &world) == .invalidIdentifier)
        #expect(world.outputs.map(\.description) == [
            "rejected input=bgtask.submit reason=notPermitted id=rates.refresh kind=appRefresh missing=UIBackgroundModes.fetch",
            "rejected input=bgtask.submit reason=notPermitted id=other kind=appRefresh missing=BGTaskSchedulerPermittedIdentifiers",
            "rejected input=bgtask.submit reason=notPermitted id=db.clean kind=processing missing=UIBackgroundModes.processing",
            "rejected input=bgtask.submit reason=invalidIdentifier bytes=0 limit=255",
        ])
        #expect(fetchOnly.pending.isEmpty && noModes.counts.refused == 2)
    }

    @Test func pendingLimits() {
        var world = World<Bare>(start: .defaultStart)
        let ids = (0..<11).map { "p\($0)" }
        var s = BackgroundTaskScheduler(permittedIdentifiers: ids + ["a", "b"], backgroundModes: ["fetch", "processing"])
        #expect(s.submit(BackgroundTaskRequest("a", kind: .appRefresh), &world) == .submitted)
        #expect(s.submit(BackgroundTaskRequest("b", kind: .appRefresh), &world) == .tooManyPendingTaskRequests(limit: 1))
        for id in ids.prefix(10) { #expect(s.submit(BackgroundTaskRequest(id, kind: .processing), &world) == .submitted) }
        #expect(s.submit(BackgroundTaskRequest("p10", kind: .processing), &world) == .tooManyPendingTaskRequests(limit: 10))
        // At the limit, resubmitting a pending identifier still replaces.
        #expect(s.submit(BackgroundTaskRequest("p3", kind: .processing), &world).isAccepted)
        #expect(s.pending.count == 11)
        #expect(world.outputs.map(\.description).contains("rejected input=bgtask.submit reason=tooManyPendingTaskRequests id=p10 kind=processing limit=10"))
        s.cancelAll(&world)
        #expect(s.pending.isEmpty)
        #expect(world.outputs.last?.description == "bgtask.cancelAll cancelled=11")
    }

    /// Not completed within 30 s: the expiration handler runs, dated at the budget's end, and a
    /// late completion is refused.
    @Test func expiryOnTheVirtualClock() throws {
        let lines = try records("0 submit id=rates.refresh\n10 bgtask fire id=rates.refresh\n45 complete id=rates.refresh\n")
            .filter { !$0.hasPrefix("lifecycle") }
        #expect(lines[2] == "bgtask.expired id=rates.refresh at=2026-01-01T00:00:40Z ranFor=30.000000000s early=false handler=ran")
        #expect(lines[3] == "rejected input=bgtask.complete reason=notRunning id=rates.refresh")
        let early = try records("0 submit id=rates.refresh\n10 bgtask fire id=rates.refresh\n12 bgtask expire id=rates.refresh\n")
        #expect(early.contains("bgtask.expired id=rates.refresh at=2026-01-01T00:00:12Z ranFor=2.000000000s early=true handler=ran"))
    }

    @Test func canonicalState() throws {
        var world = World<Bare>(start: .defaultStart)
        var s = BackgroundTaskScheduler(permittedIdentifiers: ["rates.refresh"], backgroundModes: ["fetch"])
        s.submit(BackgroundTaskRequest("rates.refresh", kind: .appRefresh, earliestBeginDate: world.now + .seconds(14_400)), &world)
        var out = CanonicalWriter()
        s.write(to: &out)
        #expect(out.text.contains("request id=rates.refresh kind=appRefresh earliest=2026-01-01T04:00:00Z"))
        #expect(out.text.contains("counts submitted=1 replaced=0 cancelled=0 fired=0 completed=0 expired=0 refused=0"))
    }

    @Test func vocabularyErrorsAreLocated() {
        #expect(error("0 bgtask\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 bgtask fire\n")?.contains("missing field 'id'") == true)
        #expect(error("0 bgtask launch id=a\n")?.contains("t.scenario:3:10") == true)
        #expect(error("0 bgtask fire id=a extra=1\n") != nil)
        let long = String(repeating: "a", count: 256)
        #expect(error("0 bgtask fire id=\(long)\n")?.contains("the limit is 255") == true)
    }

    @Test func vocabularyTextRoundTrips() throws {
        let lines: [BackgroundTaskLine] = [.fire(id: "rates.refresh"), .expire(id: "db.clean")]
        let texts = lines.map { BackgroundTaskVocabulary.text(of: $0) ?? "nil" }
        #expect(texts == ["bgtask fire id=rates.refresh", "bgtask expire id=db.clean"])
        // Read back as scenario lines: the same refusals, so the same decoded lines.
        let back = try records(texts.map { "0 " + $0 }.joined(separator: "\n") + "\n")
        #expect(back == ["rejected input=bgtask.fire reason=notPending id=rates.refresh",
                         "rejected input=bgtask.expire reason=notRunning id=db.clean"])
    }
}
