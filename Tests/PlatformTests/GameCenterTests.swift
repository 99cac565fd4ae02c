import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that drives `GameCenter` from scenario text: the `gc` vocabulary plus the app's calls.
enum GameCenterProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable { var gc = GameCenter(leaderboards: ["board.easy", "board.hard"]) }
    enum Event: Sendable { case gc(GameCenterLine), submit(Int, String), menu(Bool), show(Int), newRun }
    static let name = "gameCenterProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        GameCenterVocabulary.eventKind { .gc($0) },
        EventKind("submit") { f throws(ScenarioError) in .submit(try f("score", .int), try f("board", .word)) },
        EventKind("menu") { f throws(ScenarioError) in .menu(try f("on", .bool)) },
        EventKind("show") { f throws(ScenarioError) in .show(try f("os", .int)) },
        EventKind("newRun") { _ throws(ScenarioError) in .newRun },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .gc: GameCenterVocabulary.kind
        case .submit: "submit"
        case .menu: "menu"
        case .show: "show"
        case .newRun: "newRun"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<GameCenterProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<GameCenterProbe>) {
        switch event {
        case .gc(let line): state.gc.apply(line, presentFromKeyWindow: true, &world)
        case .submit(let score, let board): state.gc.submitScore(score, to: board, &world)
        case .menu(let on): state.gc.setAccessPoint(on, &world)
        case .show(let os): state.gc.showLeaderboard("board.easy", osMajor: os, &world)
        case .newRun: state.gc.resetRun()
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.gc.write(to: &out) }
}

private func trace(_ body: String) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain gameCenterProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    var out = MemoryOutput()
    _ = try Runner.run(GameCenterProbe.self, reader: reader, header: try reader.readHeader(), options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

private func records(_ body: String) throws(ScenarioError) -> [String] {
    try trace(body).split(separator: "\n").filter { $0.hasPrefix("  gc.") || $0.hasPrefix("  rejected") || $0.hasPrefix("  lockstep.limit") }
        .map { String($0.dropFirst(2)) }
}

@Suite struct GameCenterTests {
    /// Never block on Game Center: unauthenticated submits are skipped, with a record.
    @Test func unauthenticatedSubmitIsSkipped() throws {
        #expect(try records("0 submit score=5 board=board.easy\n") == ["gc.submitSkipped reason=notAuthenticated score=5"])
    }

    /// A submit is recorded, counted for the run, completed in order; the best per board is kept.
    @Test func submitsCountAndBest() throws {
        let lines = try records("""
        0 gc auth authenticated=true
        +1 submit score=50 board=board.hard
        +0 submit score=30 board=board.hard
        +0 gc submitCompleted
        +0 gc submitCompleted error="offline"
        +0 gc submitCompleted
        +0 newRun
        +0 submit score=7 board=board.easy

        """)
        #expect(lines.contains("gc.submitScore score=30 context=0 leaderboards=board.hard submitsThisRun=2"))
        #expect(lines.contains("gc.submitDone leaderboard=board.hard"))
        #expect(lines.contains("gc.submitFailed leaderboard=board.hard error=\"offline\""))
        #expect(lines.contains("rejected input=gc submitCompleted reason=noPendingSubmit"))
        #expect(lines.contains("gc.submitScore score=7 context=0 leaderboards=board.easy submitsThisRun=1"))
        let state = try trace("0 gc auth authenticated=true\n+1 submit score=50 board=board.hard\n+0 submit score=30 board=board.hard\n+0 submit score=9 board=board.easy\n")
        #expect(state.contains("best=board.easy=9,board.hard=50"))
    }

    /// An unconfigured id completes with an error that is only logged; nothing is pending.
    @Test func unconfiguredLeaderboard() throws {
        let lines = try records("0 gc auth authenticated=true\n+1 submit score=5 board=board.mixed\n+0 gc submitCompleted\n")
        #expect(lines.contains("gc.submitFailed leaderboard=board.mixed error=\"leaderboard not configured in App Store Connect\""))
        #expect(lines.last == "rejected input=gc submitCompleted reason=noPendingSubmit")
    }

    /// The pending-submit limit is said when hit.
    @Test func pendingLimit() throws {
        let body = "0 gc auth authenticated=true\n" + String(repeating: "+0 submit score=1 board=board.easy\n", count: GameCenter.maxPendingSubmits + 1)
        #expect(try records(body).last == "lockstep.limit name=gc.pendingSubmits value=16 dropped=board.easy")
    }

    /// The access point shows on menus, only when signed in, and is recorded on change only.
    @Test func accessPoint() throws {
        let lines = try records("0 menu on=true\n+1 gc auth authenticated=true\n+0 menu on=true\n+0 menu on=true\n+0 menu on=false\n")
        #expect(lines == ["gc.auth authenticated=true", "gc.accessPoint location=topLeading active=false",
                          "gc.accessPoint location=topLeading active=true", "gc.accessPoint location=topLeading active=false"])
    }

    /// iOS 17: the dashboard controller; 18 and later: the access point trigger.
    @Test func leaderboardBranch() throws {
        let lines = try records("0 gc auth authenticated=true\n+1 show os=17\n+0 show os=18\n")
        #expect(lines.suffix(2) == ["gc.leaderboard kind=dashboardViewController id=board.easy playerScope=global timeScope=allTime osMajor=17",
                                    "gc.leaderboard kind=accessPointTrigger id=board.easy playerScope=global timeScope=allTime osMajor=18"])
    }

    /// The auth handler: an error is logged, play goes on; a second call can sign in.
    @Test func authHandlerTwice() throws {
        let lines = try records("0 gc authPresent\n+1 gc auth authenticated=false error=\"no network\"\n+1 gc auth authenticated=true\n")
        #expect(lines == ["gc.presentAuthVC from=keyWindowRoot shown=true", "gc.auth authenticated=false", "gc.unavailable error=\"no network\"",
                          "gc.auth authenticated=true", "gc.accessPoint location=topLeading active=false"])
    }

    /// The top ten shows formatted scores, in rank order; an empty board is [].
    @Test func topTen() throws {
        let lines = try records("0 gc topTen total=3 entries=\"1|Ann Lee|1,234;3|Bo|99 pts\"\n+0 gc topTen entries=\"\"\n")
        #expect(lines == ["gc.topTen rows=2 total=3 range=1...10", "gc.row rank=1 player=\"Ann Lee\" score=\"1,234\"",
                          "gc.row rank=3 player=\"Bo\" score=\"99 pts\"", "gc.topTen rows=0 total=0 range=1...10"])
    }

    @Test func textRoundTrips() {
        #expect(GameCenterVocabulary.text(of: .authPresent) == "gc authPresent")
        #expect(GameCenterVocabulary.text(of: .authResult(authenticated: false, error: nil)) == "gc auth authenticated=false")
        #expect(GameCenterVocabulary.text(of: .submitCompleted(error: "e")) == "gc submitCompleted error=\"e\"")
        #expect(GameCenterVocabulary.text(of: .topTen([], total: 0)) == "gc topTen total=0 entries=\"\"")
    }
}
