import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks `send` (a request with a 5 s timeout) and the shared `reply` vocabulary,
/// to run real scenario text through the reader, the validator and `PendingRequests`.
enum ReplyProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var requests = PendingRequests<String>("runner") }
    enum Event: Sendable { case send(String), reply(ReplyLine), timeout(RequestID) }
    static let name = "replyProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        EventKind("send", "a request") { f throws(ScenarioError) in .send(try f("kind", .word, default: "run")) },
        ReplyVocabulary.eventKind { .reply($0) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .send: "send"
        case .reply: ReplyVocabulary.kind
        case .timeout: PendingRequests<String>.timerKind
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<ReplyProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<ReplyProbe>) {
        switch event {
        case .send(let kind): state.requests.send(kind, kind, timeout: .seconds(5), &world) { .timeout($0) }
        case .reply(let line):
            guard let id = line.requestID(in: state.requests) else {
                ReplyVocabulary.rejectNothingInFlight(line, state.requests, &world)
                return
            }
            if case .completed = state.requests.complete(id, line.result, &world), let body = line.body {
                world.emit(Record("body").string("text", body))
            }
        case .timeout(let id): state.requests.timeOut(id, &world)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.requests.write(to: &out) }
}

/// Output lines of a run (record lines, without their indent).
private func records(_ events: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain replyProbe\n\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(ReplyProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    let lines = String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return lines.filter { $0.hasPrefix("  request.") || $0.hasPrefix("  rejected") || $0.hasPrefix("  body") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try records(events); return nil } catch { return error.description }
}

/// The one decoded line of `body` (a `reply ...` line's text after its time).
private func decoded(_ body: String) throws -> ReplyLine {
    let events = try EventDecoding.events(ReplyProbe.self, lines: ["0 \(body)"])
    guard case .reply(let line)? = events.first else { throw ScenarioLocation(path: "t", line: 1, column: 1).error("no reply") }
    return line
}

@Suite struct ReplyVocabularyTests {
    /// Every outcome of PendingRequests through the shared spelling: a reply completes once, a
    /// second is a duplicate, one after the timeout is late, one for an id never sent is unknown.
    @Test func repliesReachTheTableExactlyOnce() throws {
        let lines = try records("""
            0 send
            1 reply id=1 result=ok body="hello\\n" elapsed=120ms
            2 reply id=1 result=ok
            3 send
            9 reply id=2 error="SyntaxError: line 3"
            9 reply id=7 error=network
            10 reply id=latest result=ok

            """)
        #expect(lines == [
            "request.sent table=runner id=1 kind=run inFlight=1 timeout=5.000000000s",
            "request.completed table=runner id=1 kind=run result=ok after=1.000000000s inFlight=0",
            "body text=\"hello\\n\"",
            "rejected input=reply reason=duplicate table=runner id=1 result=ok",
            "request.sent table=runner id=2 kind=run inFlight=1 timeout=5.000000000s",
            // 3 s + 5 s: timed out at 8 s, so the 9 s reply is late.
            "request.timeout table=runner id=2 kind=run sentAt=2026-01-01T00:00:03Z after=5.000000000s inFlight=0",
            "rejected input=reply reason=late table=runner id=2 error=\"SyntaxError: line 3\" ended=timedOut",
            "rejected input=reply reason=unknown table=runner id=7 error=\"network\" nextId=3",
            "rejected input=reply reason=nothingInFlight table=runner result=ok",
        ])
    }

    @Test func latestAnswersTheNewestInFlight() throws {
        let lines = try records("0 send kind=a\n0 send kind=b\n1 reply id=latest result=done\n2 reply id=latest result=done\n")
        #expect(lines.filter { $0.hasPrefix("request.completed") } == [
            "request.completed table=runner id=2 kind=b result=done after=1.000000000s inFlight=1",
            "request.completed table=runner id=1 kind=a result=done after=2.000000000s inFlight=0",
        ])
    }

    @Test func badLinesAreLocated() {
        #expect(error("0 reply id=1\n") == "t.scenario:4:3: 'reply' needs result=WORD or error=TEXT")
        #expect(error("0 reply id=1 result=ok error=x\n") == "t.scenario:4:30: a reply has one of result= and error=, not both")
        #expect(error("0 reply id=-1 result=ok\n")
                == "t.scenario:4:12: id=-1 is not a request id; expected a whole number 0...1000000000 or latest")
        #expect(error("0 reply id=soon result=ok\n")?.hasPrefix("t.scenario:4:12: id=soon is not a request id") == true)
        #expect(error("0 reply id=1 error=\"\"\n") == "t.scenario:4:20: error= needs a text (an empty error says nothing)")
        #expect(error("0 reply result=ok\n")?.hasPrefix("t.scenario:4:") == true)
        let long = String(repeating: "a", count: ReplyVocabulary.maxBodyScalars + 1)
        #expect(error("0 reply id=1 result=ok body=\"\(long)\"\n")
                == "t.scenario:4:29: body has 16385 scalars; a reply carries at most 16384")
        #expect(error("0 reply id=1 result=ok bogus=1\n")?.contains("bogus") == true)
    }

    @Test func textReadsBackAsTheSameLine() throws {
        let replies = [
            ReplyLine(target: .id(RequestID(1)), result: .result("ok")),
            ReplyLine(target: .latest, result: .error("network")),
            ReplyLine(target: .id(RequestID(0)), result: .error("Traceback:\n  \"x\" \\ y"), body: "out\tput", elapsed: .milliseconds(1500),
                      table: "vision"),
            ReplyLine(target: .id(RequestID(42)), result: .error("404"), body: ""),
        ]
        for reply in replies {
            let line = try #require(ReplyVocabulary.text(of: reply))
            #expect(line.hasPrefix("reply id="), "\(line)")
            #expect(try decoded(line) == reply, "\(line)")
        }
        #expect(ReplyVocabulary.text(of: replies[0]) == "reply id=1 result=ok")
        #expect(ReplyVocabulary.text(of: replies[1]) == "reply id=latest error=network")
        #expect(ReplyVocabulary.text(of: ReplyLine(target: .id(RequestID(1)), result: .error(""))) == nil)
        #expect(ReplyVocabulary.text(of: ReplyLine(target: .id(RequestID(-3)), result: .result("ok"))) == nil)
        #expect(ReplyVocabulary.text(of: ReplyLine(target: .id(RequestID(1)), result: .result("not a word"))) == nil)
    }

    @Test func theProbeMeetsTheContract() {
        #expect(ReplyProbe.entry.problems.isEmpty, "\(ReplyProbe.entry.problems)")
    }
}
