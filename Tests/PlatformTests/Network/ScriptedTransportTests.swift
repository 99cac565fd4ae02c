import Foundation
import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks the `net` vocabulary plus the app's own `get`, `post`, `cancel` and
/// `audit`, to run real scenario text through `ScriptedTransport`.
enum NetProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable { var net = ScriptedTransport(redacting: ["x-api-key"]) }
    enum Event: Sendable {
        case network(NetworkEvent)
        case get(url: String, tag: String, timeout: Duration, range: String?, auth: String?)
        case post(url: String, fields: String)
        case cancel(Int)
        case audit
    }
    static let name = "netProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        NetVocabulary.eventKind { .network(.line($0)) },
        EventKind("get", "the app sends a GET") { f throws(ScenarioError) in
            .get(url: try f("url", .string), tag: try f("tag", .word, default: "page"),
                 timeout: try f("timeout", .duration, default: .seconds(10)), range: try f.optional("range", .string),
                 auth: try f.optional("auth", .string))
        },
        EventKind("post", "the app posts a form") { f throws(ScenarioError) in
            .post(url: try f("url", .string), fields: try f("fields", .string))
        },
        EventKind("cancel", "the app cancels a request") { f throws(ScenarioError) in .cancel(Int(try f("id", .integer))) },
        EventKind("audit", "the app's test asks for the audit") { _ throws(ScenarioError) in .audit },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .network(let e): NetVocabulary.kind(of: e)
        case .get: "get"
        case .post: "post"
        case .cancel: "cancel"
        case .audit: "audit"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<NetProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<NetProbe>) {
        let wake: (NetTimer) -> Event = { .network(.timer($0)) }
        switch event {
        case .network(let e):
            if let done = state.net.handle(e, &world, wake: wake) { world.emit(record(done)) }
        case .get(let url, let tag, let timeout, let range, let auth):
            var headers = HTTPHeaders()
            if let auth { headers.set("Authorization", auth); headers.set("X-Api-Key", auth) }
            let request = HTTPRequest(.get, url, headers: headers, timeout: timeout, range: range.flatMap(ByteRange.parse))
            if case .failedNow(let done) = state.net.send(request, tag: tag, &world, wake: wake) { world.emit(record(done)) }
        case .post(let url, let fields):
            let pairs = fields.split(separator: ",").map { p in
                let kv = p.split(separator: ":", maxSplits: 1).map(String.init)
                return (kv[0], kv.count > 1 ? kv[1] : "")
            }
            if case .failedNow(let done) = state.net.send(.form(url, fields: pairs), tag: "form", &world, wake: wake) {
                world.emit(record(done))
            }
        case .cancel(let id): state.net.cancel(RequestID(id), &world)
        case .audit: world.emit(state.net.auditRecord)
        }
    }
    static func record(_ done: TransportCompletion) -> Record {
        switch done.result {
        case .response(let r): Record("app.got").int("id", done.id.rawValue).word("tag", done.tag).int("status", r.status)
            .string("body", r.bodyText ?? "<not UTF-8>").duration("after", done.at - done.sentAt)
        case .failure(let f): Record("app.failed").int("id", done.id.rawValue).word("tag", done.tag).word("kind", f.rawValue)
            .duration("after", done.at - done.sentAt)
        }
    }
    static func text(of event: Event) -> String? {
        if case .network(.line(let line)) = event { return NetVocabulary.text(of: line) }
        return nil
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.net.write(to: &out) }
}

/// The run's trace (scenario files, if any, under `root`).
private func trace(_ body: String, root: String? = nil) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain netProbe\n" + body
    let reader = try ScenarioReader(display: root == nil ? "t.scenario" : "Scenarios/t.scenario", bytes: Array(text.utf8),
                                    files: root.map { ScenarioFiles(root: $0, displayRoot: "Scenarios") })
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(NetProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

/// The records of a run, without the indent and without the step lines.
private func records(_ body: String, root: String? = nil) throws(ScenarioError) -> [String] {
    try trace(body, root: root).split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try trace(body); return nil } catch { return error.description }
}

@Suite struct FormURLEncodingTests {
    /// Expected values from Python: `'&'.join(quote(k, safe='-._~') + '=' + quote(v, safe='-._~')
    /// for k, v in sorted(fields, key=lambda kv: (kv[0].encode(), kv[1].encode())))`.
    @Test func encodesSortedAndEscapedLikePython() {
        let fields = [("scope", "https://www.googleapis.com/auth/admob.readonly"), ("code_verifier", "a+b c"),
                      ("redirect_uri", "com.example:/oauth"), ("email", "ann+1@ex.com"), ("empty", ""),
                      ("name", "Zoë & Co=1"), ("a", "2"), ("a", "10")]
        #expect(FormURLEncoding.encode(fields) == "a=10&a=2&code_verifier=a%2Bb%20c&email=ann%2B1%40ex.com&empty=&name=Zo%C3%AB%20%26%20Co%3D1&redirect_uri=com.example%3A%2Foauth&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fadmob.readonly")
        #expect(FormURLEncoding.percentEncode("日本") == "%E6%97%A5%E6%9C%AC")
        #expect(FormURLEncoding.percentEncode("~-._") == "~-._")
        #expect(FormURLEncoding.percentEncode("/?#[]@!$&'()*+,;=") == "%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        #expect(FormURLEncoding.encode([]) == "")
    }

    @Test func decodeIsStrictAndRoundTrips() throws {
        let fields = [("a", "x y+z"), ("b", "Zoë"), ("c", "")]
        let decoded = try FormURLEncoding.decode(FormURLEncoding.encode(fields))
        #expect(decoded.map(\.0) == ["a", "b", "c"] && decoded.map(\.1) == ["x y+z", "Zoë", ""])
        #expect(try FormURLEncoding.decode("a=1+2").first?.1 == "1 2")  // '+' is a space on the wire
        #expect(throws: FormDecodeError(byteOffset: 6, message: "'%' must be followed by two hex digits")) { try FormURLEncoding.decode("a=1&b=%2") }
        #expect(throws: FormDecodeError(byteOffset: 2, message: "'%' must be followed by two hex digits")) { try FormURLEncoding.decode("a=%G1") }
        #expect(throws: FormDecodeError(byteOffset: 4, message: "a field without '=' (expected name=value)")) { try FormURLEncoding.decode("a=1&b") }
        #expect((try? FormURLEncoding.decode("a=%FF")) == nil)  // not UTF-8 once unescaped
    }

    @Test func queriesAreCanonicalAndSecretsRedacted() {
        #expect(URLText.with("https://h/p", query: [("b", "2"), ("a", "1 2")]) == "https://h/p?a=1%202&b=2")
        #expect(URLText.with("https://h/p?x=1", query: [("a", "1")]) == "https://h/p?x=1&a=1")
        #expect(URLText.redacted("https://o/revoke?token=abc123&x=1#f") == "https://o/revoke?token=<redacted len=6>&x=1#f")
        #expect(URLText.redacted("https://o/cb?state=s&code=4/0Ab", ["state"]) == "https://o/cb?state=<redacted len=1>&code=<redacted len=5>")
        #expect(URLText.redacted("https://o/p") == "https://o/p")
    }
}

@Suite struct HTTPHeadersAndRangeTests {
    @Test func headersAreCaseInsensitiveSortedAndRedacted() {
        var h = HTTPHeaders([("Content-Type", "text/plain"), ("Authorization", "Bearer abc")])
        #expect(h["content-type"] == "text/plain" && h["AUTHORIZATION"] == "Bearer abc")
        h.set("CONTENT-TYPE", "application/json")
        #expect(h.pairs.map(\.name) == ["authorization", "content-type"] && h["Content-Type"] == "application/json")
        h.add("accept", "a")
        h.add("accept", "b")
        #expect(h.pairs.map(\.value) == ["a", "b", "Bearer abc", "application/json"])
        #expect(h.text() == "accept: a\naccept: b\nauthorization: <redacted len=10>\ncontent-type: application/json")
        #expect(h.text(redacting: ["accept"]).hasPrefix("accept: <redacted len=1>"))
        h.remove("Accept")
        #expect(h.pairs.count == 2)
    }

    @Test func headerLimitsRefuse() {
        var h = HTTPHeaders()
        var added = 0
        for i in 0..<HTTPHeaders.maxCount where h.add("x-\(i)", "v") { added += 1 }
        let oneMore = h.add("one-more", "v")
        #expect(added == HTTPHeaders.maxCount && !oneMore && h.pairs.count == HTTPHeaders.maxCount)
        var g = HTTPHeaders()
        let big = g.set("big", String(repeating: "a", count: HTTPHeaders.maxFieldBytes))
        #expect(!big && g.isEmpty)
    }

    @Test func byteRanges() throws {
        let r = try #require(ByteRange.parse("bytes=0-99"))
        #expect(r.first == 0 && r.last == 99 && r.headerValue == "bytes=0-99")
        let open = try #require(ByteRange.parse("bytes=100-"))
        #expect(open.last == nil && open.headerValue == "bytes=100-")
        for bad in ["bytes=-5", "bytes=5-4", "bytes=a-1", "items=0-1", "bytes=0-1,3-4", "bytes= 0-1", "bytes=99999999999999-"] {
            #expect(ByteRange.parse(bad) == nil, "\(bad)")
        }
        #expect(r.isSatisfiable(length: 1) && !open.isSatisfiable(length: 100) && open.isSatisfiable(length: 101))
        #expect(r.contentRange(length: 50) == "bytes 0-49/50" && open.contentRange(length: 1000) == "bytes 100-999/1000")
        #expect(ByteRange.parseContentRange("bytes 0-99/1000")! == (0, 99, 1000))
        #expect(ByteRange.parseContentRange("bytes 0-99/*")!.length == nil)
        #expect(ByteRange.parseContentRange("bytes 0-99/50") == nil && ByteRange.parseContentRange("bytes 5-1/9") == nil)
        #expect(HTTPRequest(.get, "https://h/f", range: r).headers["range"] == "bytes=0-99")
    }

    @Test func requestKeysNameMethodURLAndBody() {
        #expect(HTTPRequest(.get, "https://h/p?token=abc").key == "GET https://h/p?token=<redacted len=3>")
        let form = HTTPRequest.form("https://h/token", fields: [("b", "2"), ("a", "1")])
        let same = HTTPRequest.form("https://h/token", fields: [("a", "1"), ("b", "2")])
        #expect(form.key == same.key && form.key.hasPrefix("POST https://h/token body=7:"))
        #expect(String(decoding: form.body, as: UTF8.self) == "a=1&b=2")
        #expect(form.headers["content-type"] == "application/x-www-form-urlencoded")
    }
}

@Suite struct ScriptedTransportTests {
    @Test func aResponseCompletesTheRequestOnce() throws {
        let lines = try records("""
        0 get url="https://rates.example.com/latest?base=USD" tag=rates auth="Bearer s3cret"
        1.5 net respond id=1 status=200 body="{}" headers="Content-Type: application/json"
        2 net respond id=1 status=200 body="again"
        3 net respond id=9 status=200
        """)
        #expect(lines.contains("net.request table=net id=1 tag=rates method=GET url=\"https://rates.example.com/latest?base=USD\" bodyBytes=0 headers=\"authorization: <redacted len=13>\\nx-api-key: <redacted len=13>\""))
        #expect(lines.contains { $0.hasPrefix("net.response table=net id=1 tag=rates status=200 bodyBytes=2 body=") && $0.hasSuffix("headers=\"content-type: application/json\"") })
        #expect(lines.contains("app.got id=1 tag=rates status=200 body=\"{}\" after=1.500000000s"))
        #expect(lines.contains { $0.hasPrefix("rejected input=reply reason=duplicate table=net id=1") })
        #expect(lines.contains { $0.hasPrefix("rejected input=reply reason=unknown table=net id=9") })
        #expect(lines.filter { $0.hasPrefix("app.") }.count == 1)
        #expect(!lines.joined().contains("s3cret"))
    }

    @Test func theTimeoutFiresOnTheVirtualClockAndALateResponseIsRefused() throws {
        let lines = try records("""
        0 get url="https://h/a" timeout=10s
        9.999 audit
        10.5 net respond id=1 status=200 body="late"
        """)
        let got = lines.filter { $0.hasPrefix("app.") }
        #expect(got == ["app.failed id=1 tag=page kind=timeout after=10.000000000s"])
        #expect(lines.contains { $0.hasPrefix("request.timeout table=net id=1") })
        #expect(lines.contains { $0.hasPrefix("rejected input=reply reason=late table=net id=1") && $0.hasSuffix("ended=timedOut") })
    }

    @Test func latencyRacesTheTimeout() throws {
        // 4 s after the line at 5 s: arrives at 9 s, inside the 10 s timeout.
        let inTime = try records("0 get url=\"https://h/a\" timeout=10s\n5 net respond id=1 status=200 body=\"ok\" latency=4s\n20 audit\n")
        #expect(inTime.contains("net.responding table=net id=1 status=200 latency=4.000000000s arrivesAt=2026-01-01T00:00:09Z"))
        #expect(inTime.filter { $0.hasPrefix("app.") } == ["app.got id=1 tag=page status=200 body=\"ok\" after=9.000000000s"])
        // 6 s after the line at 5 s: due at 11 s, but the timeout fires at 10 s.
        let tooSlow = try records("0 get url=\"https://h/a\" timeout=10s\n5 net respond id=1 status=200 body=\"ok\" latency=6s\n20 audit\n")
        #expect(tooSlow.filter { $0.hasPrefix("app.") } == ["app.failed id=1 tag=page kind=timeout after=10.000000000s"])
        #expect(tooSlow.contains { $0.hasPrefix("rejected input=reply reason=late table=net id=1") })
    }

    @Test func failuresOfflineAndCancel() throws {
        let lines = try records("""
        0 get url="https://h/a"
        1 net fail id=1 kind=connectionLost
        2 net offline on=true
        3 get url="https://h/b"
        4 net offline on=false
        5 get url="https://h/c"
        6 cancel id=3
        7 net respond id=3 status=200
        8 net respond id=latest status=200
        8 audit
        """)
        #expect(lines.filter { $0.hasPrefix("app.") } == [
            "app.failed id=1 tag=page kind=connectionLost after=1.000000000s",
            "app.failed id=2 tag=page kind=offline after=0.000000000s",
        ])
        #expect(lines.contains("net.offline table=net on=true changed=true inFlight=0"))
        #expect(lines.contains { $0.hasPrefix("request.cancelled table=net id=3") })
        #expect(lines.contains { $0.hasPrefix("rejected input=reply reason=late table=net id=3") && $0.hasSuffix("ended=cancelled") })
        #expect(lines.contains("rejected input=net reason=nothingInFlight table=net action=respond"))
        #expect(lines.contains("net.audit table=net requests=3 offline=1 tags=\"page:3\""))
    }

    @Test func latestPicksTheNewestOfATag() throws {
        let lines = try records("""
        0 get url="https://h/a" tag=rates
        0 get url="https://h/b" tag=token
        0 get url="https://h/c" tag=rates
        1 net respond id=latest tag=rates status=500 body="oops"
        2 net respond id=latest tag=token status=401
        """)
        #expect(lines.filter { $0.hasPrefix("app.") } == [
            "app.got id=3 tag=rates status=500 body=\"oops\" after=1.000000000s",
            "app.got id=2 tag=token status=401 body=\"\" after=2.000000000s",
        ])
    }

    @Test func rangeResponsesAreChecked() throws {
        let lines = try records("""
        0 get url="https://h/f" range="bytes=0-3"
        0 get url="https://h/f" range="bytes=4-"
        0 get url="https://h/f" range="bytes=0-3"
        0 get url="https://h/g"
        1 net respond id=1 status=206 headers="content-range: bytes 0-3/10" body="abcd"
        1 net respond id=2 status=206 headers="content-range: bytes 0-5/10" body="abcdef"
        1 net respond id=3 status=200 body="abcdefghij"
        1 net respond id=4 status=206 body="x"
        """)
        #expect(!lines.contains { $0.contains("id=1 requested") })
        #expect(lines.contains("net.rangeMismatch table=net id=2 requested=\"bytes=4-\" contentRange=\"bytes 0-5/10\" problem=\"starts at 0, not 4\""))
        #expect(lines.contains("net.rangeIgnored table=net id=3 requested=\"bytes=0-3\""))
        #expect(lines.contains("net.rangeUnrequested table=net id=4"))
        #expect(lines.contains { $0.hasPrefix("net.request table=net id=1 tag=page method=GET url=\"https://h/f\" range=\"bytes=0-3\"") })
    }

    @Test func formBodiesAreRecordedByLengthAndDigestOnly() throws {
        let lines = try records("0 post url=\"https://o/token\" fields=\"code_verifier:v3rysecret,grant_type:authorization_code\"\n")
        let sent = try #require(lines.first { $0.hasPrefix("net.request") })
        #expect(sent.contains("method=POST") && sent.contains("bodyBytes=54") && sent.contains(" body="))
        #expect(!sent.contains("v3rysecret"))
    }

    @Test func bodiesFromFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("net-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{\"rates\":{}}".utf8).write(to: root.appendingPathComponent("rates.json"))
        let lines = try records("0 get url=\"https://h/a\"\n1 net respond id=1 status=200 file=rates.json\n", root: root.path)
        #expect(lines.contains("app.got id=1 tag=page status=200 body=\"{\\\"rates\\\":{}}\" after=1.000000000s"))
    }

    @Test func limitsAreRecords() throws {
        let long = String(repeating: "a", count: HTTPRequest.maxURLBytes)
        let lines = try records("0 get url=\"https://h/\(long)\"\n0 audit\n")
        #expect(lines.contains { $0.hasPrefix("rejected input=request reason=limit table=net tag=page limit=maxURLBytes value=8192") })
        #expect(lines.contains("net.audit table=net requests=0 offline=0 tags=\"\""))
    }

    @Test func theStateShowsInFlightScheduledAndTheAudit() throws {
        let text = try trace("0 get url=\"https://h/a?token=t0p\" timeout=30s\n1 net respond id=1 status=200 latency=5s\n")
        #expect(text.contains("transport net {"))
        #expect(text.contains("arrival id=1 status=200 at=2026-01-01T00:00:06Z"))
        #expect(text.contains("request key=\"GET https://h/a?token=<redacted len=3>\""))
        #expect(!text.contains("t0p"))
    }

    @Test func badLinesAreLocated() {
        #expect(error("0 net\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 net reply id=1\n")?.contains("t.scenario:3:7") == true)
        #expect(error("0 net respond status=200\n")?.contains("needs id=N or id=latest") == true)
        #expect(error("0 net respond id=1\n")?.contains("needs status=N") == true)
        #expect(error("0 net respond id=1 status=99\n")?.contains("status=99 is not an HTTP status") == true)
        #expect(error("0 net respond id=1 status=600\n")?.contains("t.scenario:3:27") == true)
        #expect(error("0 net respond id=x status=200\n")?.contains("id=x is not a request id") == true)
        #expect(error("0 net respond id=1 tag=rates status=200\n")?.contains("goes with id=latest only") == true)
        #expect(error("0 net respond id=1 status=200 kind=offline\n")?.contains("'kind' does not apply to 'net respond'") == true)
        #expect(error("0 net respond id=1 status=200 headers=\"nocolon\"\n")?.contains("headers line 1 'nocolon' has no ':'") == true)
        #expect(error("0 net respond id=1 status=200 headers=\"a b: c\"\n")?.contains("is not a header name") == true)
        #expect(error("0 net respond id=1 status=200 latency=2d\n")?.contains("latency must be") == true)
        #expect(error("0 net fail id=1\n")?.contains("needs kind=") == true)
        #expect(error("0 net fail id=1 kind=exploded\n") != nil)
        #expect(error("0 net offline\n")?.contains("needs on=true or on=false") == true)
    }

    @Test func linesRoundTripThroughText() throws {
        let lines: [NetLine] = [
            .respond(target: .id(RequestID(1)), tag: nil, response: HTTPResponse(status: 200, headers: HTTPHeaders([("etag", "\"x\"")]), body: Array("{\"a\":1}".utf8)), latency: .seconds(2), file: nil),
            .respond(target: .latest, tag: "rates", response: HTTPResponse(status: 204), latency: .zero, file: nil),
            .fail(target: .latest, tag: nil, kind: .dnsFailure),
            .offline(true),
        ]
        let texts = lines.map { NetVocabulary.text(of: $0) ?? "nil" }
        #expect(texts == [
            "net respond id=1 status=200 headers=\"etag: \\\"x\\\"\" body=\"{\\\"a\\\":1}\" latency=2s",
            "net respond id=latest tag=rates status=204",
            "net fail id=latest kind=dnsFailure",
            "net offline on=true",
        ])
        // Each written line reads back as the same line.
        for (line, text) in zip(lines, texts) {
            let body = "0 " + text + "\n"
            let reread = try records("0 get url=\"https://h/a\" tag=rates\n" + body)
            #expect(!reread.isEmpty, "\(line)")
        }
        #expect(NetVocabulary.text(of: .respond(target: .latest, tag: nil, response: HTTPResponse(status: 200, body: [0xFF]), latency: .zero, file: nil)) == nil)
    }
}
