import LockstepCore

/// The standard scenario spelling of the network's side of an app's requests, shared by every
/// domain that talks to a server through `ScriptedTransport`:
///
/// ```
/// 1.2  net respond id=1 status=200 body="{\"base\":\"USD\"}"       inline body
/// 1.2  net respond id=latest status=200 file="currency/rates.json" body from a file under Scenarios/
/// 1.2  net respond id=latest tag=token status=200 body="..."        the newest in-flight `token` request
/// 1.2  net respond id=2 status=206 headers="content-range: bytes 0-99/1000" body="..."
/// 1.2  net respond id=1 status=200 body="..." latency=12s           arrives 12 s after this line
/// 2    net fail id=1 kind=offline                                    offline|timeout|cancelled|connectionLost|dnsFailure
/// 3    net offline on=true                                           later sends fail at once; on=false restores
/// ```
///
/// `headers=` is `name: value` lines joined by `\n`. A response arriving after the request's
/// timeout fired, or after the app cancelled it, is recorded late and never delivered; so is a
/// second answer to the same request.
///
/// A domain adds `NetVocabulary.eventKind { .network(.line($0)) }` to its `events`, names the event
/// `NetVocabulary.kind(of:)` in `kind(of:)` (`net` for lines, `timer:net-timeout` and
/// `timer:net-arrival` for the transport's timers), writes lines back with `NetVocabulary.text(of:)`,
/// and passes every `NetworkEvent` to `ScriptedTransport.handle`.
public enum NetVocabulary {
    public static let kind = "net"
    public static let actionWords = ["respond", "fail", "offline"]
    /// Trace kinds of the transport's timer events.
    public static let timeoutKind = "net-timeout"
    public static let arrivalKind = "net-arrival"
    /// A response's latency is at most a day: beyond any real request's timeout, and a bound on
    /// how far ahead a line schedules.
    public static let maxLatency = Duration.seconds(86_400)

    public static let spec = EventSpec(
        kind, "The network's side of the app's requests (Platform): respond, fail, go offline",
        positional: [FieldSpec("action", .word(choices: actionWords), "respond | fail | offline")],
        fields: [
            .optional("id", .any, "respond, fail: the request id (1, 2, ...) or latest"),
            .optional("tag", .word, "respond, fail with id=latest: the newest in-flight request of this tag"),
            .optional("status", .integer, "respond: the HTTP status, 100...599"),
            .optional("body", .string, "respond: the body, inline"),
            .optional("file", .file, "respond: the body, from a file under Scenarios/"),
            .optional("headers", .string, "respond: response headers, `name: value` lines joined by \\n"),
            .optional("latency", .duration, "respond: how long after this line the response arrives (default 0)"),
            .optional("kind", .word(choices: TransportFailure.allCases.map(\.rawValue)), "fail: how the request fails"),
            .optional("on", .bool, "offline: true goes offline, false comes back"),
        ])

    /// Decodes a `net` line; fields that do not belong to its action, a status outside 100...599,
    /// both or neither of body=/file= ... are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> NetLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'net ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        func only(_ allowed: [StaticString]) throws(ScenarioError) {
            let all: [StaticString] = ["id", "tag", "status", "body", "file", "headers", "latency", "kind", "on"]
            for key in all where line.has(key) && !allowed.contains(where: { $0.description == key.description }) {
                throw line.error("'\(key)' does not apply to 'net \(action)'", at: key)
            }
        }
        switch action {
        case "respond":
            try only(["id", "tag", "status", "body", "file", "headers", "latency"])
            let (target, tag) = try target(line, action)
            guard let s = line.index(of: "status") else { throw line.error("'net respond' needs status=N (100...599)") }
            let status = try line.int(at: s)
            guard (100...599).contains(status) else {
                throw line.valueLocation(s).error("status=\(status) is not an HTTP status; expected 100...599")
            }
            var body: [UInt8] = []
            var file: String?
            switch (line.index(of: "body"), line.index(of: "file")) {
            case (let b?, nil): body = Array(try line.string(at: b).utf8)
            case (nil, let f?): body = try line.file(at: f); file = line.rawText(f)
            case (let b?, let f?): throw line.valueLocation(max(b, f)).error("give the body inline (body=) or from a file (file=), not both")
            case (nil, nil): break  // an empty body (a 204, a HEAD)
            }
            guard body.count <= HTTPRequest.maxBodyBytes else {
                let at = line.index(of: "body") ?? line.index(of: "file") ?? first
                throw line.valueLocation(at).error("the body is \(body.count) bytes; a scripted response carries at most \(HTTPRequest.maxBodyBytes) (maxBodyBytes)")
            }
            var headers = HTTPHeaders()
            if let h = line.index(of: "headers") { headers = try parseHeaders(try line.string(at: h), line, h) }
            var latency = Duration.zero
            if let l = line.index(of: "latency") {
                latency = try line.duration(at: l)
                guard latency.nanoseconds >= 0, latency <= maxLatency else {
                    throw line.valueLocation(l).error("latency must be 0...86400s (maxLatency)")
                }
            }
            return .respond(target: target, tag: tag, response: HTTPResponse(status: Int(status), headers: headers, body: body),
                            latency: latency, file: file)
        case "fail":
            try only(["id", "tag", "kind"])
            let (target, tag) = try target(line, action)
            guard line.has("kind") else {
                throw line.error("'net fail' needs kind= one of: \(TransportFailure.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .fail(target: target, tag: tag, kind: try line.choice("kind"))
        case "offline":
            try only(["on"])
            guard line.has("on") else { throw line.error("'net offline' needs on=true or on=false") }
            return .offline(try line.bool("on"))
        default:
            throw line.location(ofArg: first).error("unknown net action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// `id=N|latest` and the optional `tag=` (only with latest).
    static func target(_ line: EventLine, _ action: String) throws(ScenarioError) -> (ReplyTarget, String?) {
        guard let i = line.index(of: "id") else { throw line.error("'net \(action)' needs id=N or id=latest") }
        let raw = line.rawText(i)
        var target = ReplyTarget.latest
        if raw != "latest" {
            guard let n = try? line.int(at: i), n >= 0, n <= ReplyVocabulary.maxID else {
                throw line.valueLocation(i).error("id=\(raw) is not a request id; expected a whole number 0...\(ReplyVocabulary.maxID) or latest")
            }
            target = .id(RequestID(Int(n)))
        }
        var tag: String?
        if let t = line.index(of: "tag") {
            guard target == .latest else { throw line.valueLocation(t).error("tag= picks the newest request of a tag, so it goes with id=latest only") }
            tag = try line.word(at: t)
        }
        return (target, tag)
    }

    /// `name: value` lines joined by `\n`: names are HTTP tokens; limits as `HTTPHeaders`.
    static func parseHeaders(_ text: String, _ line: EventLine, _ i: Int) throws(ScenarioError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let colon = raw.firstIndex(of: ":") else {
                throw line.valueLocation(i).error("headers line \(k + 1) '\(raw)' has no ':'; expected name: value")
            }
            let name = raw[..<colon]
            var value = raw[raw.index(after: colon)...]
            while value.first == " " || value.first == "\t" { value = value.dropFirst() }
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                throw line.valueLocation(i).error("headers line \(k + 1): '\(name)' is not a header name (letters, digits and !#$%&'*+-.^_`|~)")
            }
            guard headers.add(String(name), String(value)) else {
                throw line.valueLocation(i).error("headers line \(k + 1): over the limit of \(HTTPHeaders.maxCount) headers (maxCount) or \(HTTPHeaders.maxFieldBytes) bytes per header (maxFieldBytes)")
            }
        }
        return headers
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ b: UInt8) -> Bool {
        FormURLEncoding.isUnreserved(b) || "!#$%&'*+^`|".utf8.contains(b)
    }

    /// The `net` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (NetLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .offline(false) : try decode(line))
        }
    }

    /// The trace kind of a network event, for `Domain.kind(of:)`.
    public static func kind(of event: NetworkEvent) -> String {
        switch event {
        case .line: kind
        case .timer(.timeout): timeoutKind
        case .timer(.arrival): arrivalKind
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`; nil for a body that is not
    /// UTF-8 and came inline (it cannot be written as a string).
    public static func text(of line: NetLine) -> String? {
        func targeted(_ out: LineText, _ target: ReplyTarget, _ tag: String?) -> LineText {
            var out = out
            switch target {
            case .latest: out = out.word("id", "latest")
            case .id(let id): out = out.int("id", id.rawValue)
            }
            return tag.map { out.word("tag", $0) } ?? out
        }
        switch line {
        case .respond(let target, let tag, let response, let latency, let file):
            var out = targeted(LineText(kind).word("respond"), target, tag).int("status", response.status)
            if !response.headers.isEmpty {
                out = out.string("headers", response.headers.pairs.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
            }
            if let file {
                out = out.text("file", file)
            } else if !response.body.isEmpty {
                guard let text = response.bodyText else { return nil }
                out = out.string("body", text)
            }
            if latency != .zero { out = out.duration("latency", latency) }
            return out.line
        case .fail(let target, let tag, let failure):
            return targeted(LineText(kind).word("fail"), target, tag).word("kind", failure.rawValue).line
        case .offline(let on):
            return LineText(kind).word("offline").bool("on", on).line
        }
    }
}
