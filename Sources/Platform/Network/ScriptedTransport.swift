import LockstepCore

/// The app's network, scripted by the scenario: the app sends `HTTPRequest`s, the scenario answers
/// each (`net respond`), fails it (`net fail`) or takes the device offline (`net offline`), and the
/// transport hands each finished request back to the domain exactly once.
///
/// Built on `PendingRequests` (table `net` unless named), so ids, exactly-once delivery and the
/// refusals of duplicate, late and unknown answers are the same as every other async request:
///
/// - **Send** (`send`): records `request.sent` and `net.request` (method, URL and headers with
///   secrets redacted, body length and digest, never the body), and starts the request's timeout
///   on the virtual clock. Offline, the request fails at once (`.failedNow`, `error="offline"`), as
///   URLSession fails with `notConnectedToInternet`. Over a limit (in-flight capacity, URL length,
///   body size) it is refused with a record naming the limit (`.refused`).
/// - **Answer** (`handle`): a response or a failure completes the request the first time; a later
///   answer is refused by the table (`rejected input=reply reason=duplicate|late|unknown`). A
///   response with `latency=` is scheduled on a timer and arrives then; if the request's timeout
///   fired first, the arrival is late and the domain sees only the timeout: the race of a slow
///   server against `timeoutInterval`, decided by the virtual clock.
/// - **Ranges**: for a request with a `ByteRange`, a 206 whose `content-range` does not match the
///   request (or whose body length does not) is recorded `net.rangeMismatch`, a 200 `net.rangeIgnored`
///   (the server sent everything); the response is delivered either way, as URLSession does.
/// - **Audit** (`audit`): every request made, by tag and key, in the state and on demand
///   (`auditRecord`), so a golden can prove that a cache hit made no request.
///
/// Going offline does not end requests already in flight (URLSession keeps waiting until their
/// timeout or a failure the scenario gives: `net fail kind=connectionLost`).
public struct ScriptedTransport: Hashable, Sendable, CanonicallyWritable {
    /// Far above an app's concurrent requests; a loop of sends is caught as a refusal.
    public static let defaultCapacity = 64
    /// Responses waiting on a latency timer, at most.
    public static let maxScheduledArrivals = 256

    /// What the request table keeps for each request.
    public struct Sent: Hashable, Sendable {
        public var request: HTTPRequest
        public var tag: String
    }

    /// A response on its way (`latency=`), due when its timer fires.
    struct Arrival: Hashable, Sendable {
        var slot: Int
        var id: RequestID
        var response: HTTPResponse
        var timer: TimerID
        var at: Instant
    }

    public enum SendOutcome: Hashable, Sendable {
        /// In flight; the completion comes from `handle`.
        case sent(RequestID)
        /// Failed at once (offline): act on it now; `handle` will not deliver it again.
        case failedNow(TransportCompletion)
        /// Refused by a limit, with a record; nothing was sent.
        case refused
    }

    public let name: String
    public private(set) var requests: PendingRequests<Sent>
    public private(set) var isOffline = false
    public private(set) var audit = NetworkAudit()
    /// Header and query names, besides the standard ones, whose values records never show.
    public private(set) var redacting: Set<String>
    var arrivals: [Arrival] = []
    var nextSlot = 1

    public init(_ name: String = "net", capacity: Int = ScriptedTransport.defaultCapacity, redacting: Set<String> = []) {
        self.name = name
        self.requests = PendingRequests(name, capacity: capacity)
        self.redacting = Set(redacting.map(HTTPHeaders.lowercased))
    }

    /// The requests in flight, ascending by id.
    public var inFlight: [InFlightRequest<Sent>] { requests.inFlight }

    /// `net.audit ...`, for a domain to emit where a golden should prove what was requested.
    public var auditRecord: Record { audit.record(table: name) }

    // MARK: Sending

    /// Sends `request`, labelled `tag` (a word: `rates`, `token`). `wake` builds the domain event
    /// that carries the transport's timers back to `handle`.
    public mutating func send<D: Domain>(_ request: HTTPRequest, tag: String, _ world: inout World<D>,
                                         wake: @escaping (NetTimer) -> D.Event) -> SendOutcome {
        if request.url.utf8.count > HTTPRequest.maxURLBytes || request.body.count > HTTPRequest.maxBodyBytes {
            let (limit, value) = request.url.utf8.count > HTTPRequest.maxURLBytes
                ? ("maxURLBytes", HTTPRequest.maxURLBytes) : ("maxBodyBytes", HTTPRequest.maxBodyBytes)
            world.reject("request", "limit") {
                $0.word("table", self.name).word("tag", tag).word("limit", limit).int("value", value)
                    .int("urlBytes", request.url.utf8.count).int("bodyBytes", request.body.count)
            }
            return .refused
        }
        audit.note(request, tag: tag, offline: isOffline, redacting: redacting)
        let sent = Sent(request: request, tag: tag)
        if isOffline {
            guard let id = requests.send(tag, sent, &world) else { return .refused }
            world.emit(requestRecord(id, request, tag))
            let outcome = requests.complete(id, .error(TransportFailure.offline.rawValue), &world)
            let at = outcome.request?.sentAt ?? world.now
            return .failedNow(TransportCompletion(id: id, request: request, tag: tag, result: .failure(.offline), sentAt: at, at: world.now))
        }
        guard let id = requests.send(tag, sent, timeout: request.timeout, &world, wake: { wake(.timeout($0)) }) else { return .refused }
        world.emit(requestRecord(id, request, tag))
        return .sent(id)
    }

    /// The app gives up on `id` (its screen went away, a newer refresh replaced it): no completion is
    /// delivered, and an answer after this is late. Returns whether it was in flight.
    @discardableResult
    public mutating func cancel<D: Domain>(_ id: RequestID, _ world: inout World<D>) -> Bool {
        requests.cancel(id, &world)
    }

    // MARK: The network's side

    /// Applies a `net` line or fires a transport timer. Returns the request that finished, for the
    /// domain to act on, or nil when nothing finished (each such case has its record).
    public mutating func handle<D: Domain>(_ event: NetworkEvent, _ world: inout World<D>,
                                           wake: @escaping (NetTimer) -> D.Event) -> TransportCompletion? {
        switch event {
        case .line(.offline(let on)):
            let changed = on != isOffline
            isOffline = on
            world.emit(Record("net.offline").word("table", name).bool("on", on).bool("changed", changed).int("inFlight", requests.inFlight.count))
            return nil
        case .line(.respond(let target, let tag, let response, let latency, _)):
            guard let id = resolve(target, tag, "respond", &world) else { return nil }
            if latency == .zero { return deliver(id, .response(response), &world) }
            guard arrivals.count < ScriptedTransport.maxScheduledArrivals else {
                world.reject("net", "limit") { $0.word("table", self.name).int("id", id.rawValue).word("limit", "maxScheduledArrivals").int("value", ScriptedTransport.maxScheduledArrivals) }
                return nil
            }
            let slot = nextSlot
            nextSlot += 1
            let timer = world.schedule(after: latency, wake(.arrival(slot)))
            let at = world.now.addingInRange(latency) ?? world.now
            arrivals.append(Arrival(slot: slot, id: id, response: response, timer: timer, at: at))
            world.emit(Record("net.responding").word("table", name).int("id", id.rawValue).int("status", response.status)
                .duration("latency", latency).instant("arrivesAt", at))
            return nil
        case .line(.fail(let target, let tag, let kind)):
            guard let id = resolve(target, tag, "fail", &world) else { return nil }
            return deliver(id, .failure(kind), &world)
        case .timer(.timeout(let id)):
            guard let r = requests.timeOut(id, &world) else { return nil }
            return TransportCompletion(id: id, request: r.payload.request, tag: r.payload.tag, result: .failure(.timeout),
                                       sentAt: r.sentAt, at: world.now)
        case .timer(.arrival(let slot)):
            guard let i = arrivals.firstIndex(where: { $0.slot == slot }) else {
                world.reject("net-arrival", "unknown") { $0.word("table", self.name).int("slot", slot) }
                return nil
            }
            let arrival = arrivals.remove(at: i)
            return deliver(arrival.id, .response(arrival.response), &world)
        }
    }

    // MARK: Internals

    /// The id a line answers; nil (with a record) for `latest` with nothing in flight.
    private func resolve<D: Domain>(_ target: ReplyTarget, _ tag: String?, _ action: String, _ world: inout World<D>) -> RequestID? {
        switch target {
        case .id(let id): return id
        case .latest:
            if let id = (tag.map { requests.latest(kind: $0) } ?? requests.inFlight.last)?.id { return id }
            world.reject("net", "nothingInFlight") { r in
                let r = r.word("table", self.name).word("action", action)
                return tag.map { r.word("tag", $0) } ?? r
            }
            return nil
        }
    }

    /// Completes `id` with `result` through the table (which refuses a duplicate, late or unknown
    /// answer), and records what arrived.
    private mutating func deliver<D: Domain>(_ id: RequestID, _ result: TransportResult, _ world: inout World<D>) -> TransportCompletion? {
        guard let sent = requests.complete(id, result.reply, &world).request else { return nil }
        let request = sent.payload.request
        switch result {
        case .response(let response):
            var r = Record("net.response").word("table", name).int("id", id.rawValue).word("tag", sent.payload.tag)
                .int("status", response.status).int("bodyBytes", response.body.count).digest("body", FNV1a64.hash(response.body))
            if !response.headers.isEmpty { r = r.string("headers", response.headers.text(redacting: redacting)) }
            world.emit(r)
            checkRange(id, request, response, &world)
        case .failure(let kind):
            world.emit(Record("net.failed").word("table", name).int("id", id.rawValue).word("tag", sent.payload.tag).word("kind", kind.rawValue))
        }
        return TransportCompletion(id: id, request: request, tag: sent.payload.tag, result: result, sentAt: sent.sentAt, at: world.now)
    }

    /// Records a partial response that does not match what was asked for.
    private func checkRange<D: Domain>(_ id: RequestID, _ request: HTTPRequest, _ response: HTTPResponse, _ world: inout World<D>) {
        guard let range = request.range else {
            if response.status == 206 { world.emit(Record("net.rangeUnrequested").word("table", name).int("id", id.rawValue)) }
            return
        }
        switch response.status {
        case 200:
            world.emit(Record("net.rangeIgnored").word("table", name).int("id", id.rawValue).string("requested", range.headerValue))
        case 206:
            let header = response.headers["content-range"]
            var problem: String?
            if let h = header, let cr = ByteRange.parseContentRange(h) {
                if cr.first != range.first { problem = "starts at \(cr.first), not \(range.first)" }
                else if let last = range.last, cr.last > last { problem = "ends at \(cr.last), past \(last)" }
                else if response.body.count != cr.last - cr.first + 1 { problem = "body is \(response.body.count) bytes, content-range says \(cr.last - cr.first + 1)" }
            } else {
                problem = header == nil ? "no content-range header" : "content-range is not bytes FIRST-LAST/LENGTH"
            }
            if let problem {
                world.emit(Record("net.rangeMismatch").word("table", name).int("id", id.rawValue).string("requested", range.headerValue)
                    .string("contentRange", header ?? "").string("problem", problem))
            }
        default: break
        }
    }

    private func requestRecord(_ id: RequestID, _ request: HTTPRequest, _ tag: String) -> Record {
        var r = Record("net.request").word("table", name).int("id", id.rawValue).word("tag", tag).word("method", request.method.rawValue)
            .string("url", URLText.redacted(request.url, redacting))
        if let range = request.range { r = r.string("range", range.headerValue) }
        r = r.int("bodyBytes", request.body.count)
        if !request.body.isEmpty { r = r.digest("body", FNV1a64.hash(request.body)) }
        if !request.headers.isEmpty { r = r.string("headers", request.headers.text(redacting: redacting)) }
        return r
    }

    // MARK: State

    /// `transport NAME { offline scheduled { arrival ... } requests NAME { ... } audit { ... } }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("transport \(name)") { w in
            w.bool("offline", isOffline)
            w.section("scheduled count=\(arrivals.count)") { w in
                for a in arrivals {
                    w.record(Record("arrival").int("id", a.id.rawValue).int("status", a.response.status).instant("at", a.at))
                }
            }
            requests.write(to: &w)
            audit.write(to: &w)
        }
    }
}
