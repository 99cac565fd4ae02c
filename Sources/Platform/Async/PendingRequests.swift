import LockstepCore

/// A table of in-flight async requests (a Vision request, a remote code run, a token refresh) that
/// a domain keeps in its state, so that every reply is matched to exactly one request and no reply
/// is lost or applied twice without a record.
///
/// - **Ids**: the table assigns them, 1, 2, 3, ... in send order, never reused (`RequestID`).
/// - **Exactly once**: the first reply for an in-flight id completes it (`request.completed`) and
///   returns what was sent. Every other reply is refused with the standard rejection, one of:
///   `rejected input=reply reason=duplicate` (it already had its reply), `reason=late` (it was
///   cancelled or timed out first; `ended=` says which), `reason=unknown` (no such id was sent),
///   `reason=forgotten` (it ended more than `endedMemory` requests ago; `limit=` names that).
/// - **Timeouts**: on the virtual clock, one World timer per request with a deadline. The domain
///   gives the event the timer carries (`wake`, built from the id) and, when it arrives, calls
///   `timeOut(id, &world)`: the request ends as timed out (`request.timeout`) and a reply after that
///   is late. The domain's `kind(of:)` names that event `PendingRequests.timerKind`, so timeouts
///   show as `timer:request-timeout` steps in every domain. A reply or a cancel cancels the timer.
/// - **Capacity**: at most `capacity` requests in flight (default `defaultCapacity`, 1024); a send
///   past it is refused (`rejected input=request reason=inFlightLimit limit=1024`) and returns nil.
///
/// State (`write(to:)`): `requests NAME { capacity nextId inFlight { request ... } counts }`,
/// requests ascending by id.
public struct PendingRequests<Payload: Hashable & Sendable>: Hashable, Sendable, CanonicallyWritable {
    /// The in-flight limit unless the domain gives one: far above any app's real concurrency, low
    /// enough that a runaway loop of sends is caught as a refusal, not as memory growth.
    public static var defaultCapacity: Int { 1024 }
    /// How many ended requests the table remembers, to tell a duplicate reply from a late one.
    public static var endedMemory: Int { 1024 }
    /// The trace kind a domain gives its timeout event in `kind(of:)`.
    public static var timerKind: String { "request-timeout" }

    /// The table's name in records (`table=runner`) and state.
    public let name: String
    /// At most this many requests in flight (1...65_536).
    public private(set) var capacity: Int
    /// In flight, ascending by id (sends append, since ids only grow).
    public private(set) var inFlight: [InFlightRequest<Payload>] = []
    /// The id the next send gets.
    public private(set) var nextID = RequestID(1)
    /// The last `endedMemory` requests to end, in the order they ended.
    public private(set) var ended: [EndedRequest] = []
    public private(set) var counts = RequestCounts()
    /// The World timer of each in-flight request with a deadline, ascending by id.
    private var timers: [(id: RequestID, timer: TimerID)] = []

    /// How one remembered request ended.
    public struct EndedRequest: Hashable, Sendable {
        public var id: RequestID
        public var kind: String
        public var end: RequestEnd
        public var at: Instant
    }

    /// An empty table named `name` with an in-flight `capacity` (clamped to 1...65_536).
    public init(_ name: String, capacity: Int = PendingRequests.defaultCapacity) {
        self.name = name
        self.capacity = min(max(capacity, 1), 65_536)
    }

    /// The in-flight request `id`, if there is one.
    public func request(_ id: RequestID) -> InFlightRequest<Payload>? {
        position(id).map { inFlight[$0] }
    }

    /// The newest in-flight request of `kind` (a scenario's `reply kind=run latest`).
    public func latest(kind: String) -> InFlightRequest<Payload>? { inFlight.last { $0.kind == kind } }

    /// Changes the in-flight limit (a scenario's `limit.NAME`). Requests already in flight stay.
    public mutating func setCapacity(_ n: Int) { capacity = min(max(n, 1), 65_536) }

    // MARK: Sending

    /// Sends a request that waits for ever. Returns its id, or nil (with a refusal record) when
    /// `capacity` requests are already in flight.
    @discardableResult
    public mutating func send<D: Domain>(_ kind: String, _ payload: Payload, _ world: inout World<D>) -> RequestID? {
        guard let id = admit(kind, &world) else { return nil }
        inFlight.append(InFlightRequest(id: id, kind: kind, payload: payload, sentAt: world.now, deadline: nil))
        world.emit(Record("request.sent").word("table", name).int("id", id.rawValue).word("kind", kind)
            .int("inFlight", inFlight.count))
        return id
    }

    /// Sends a request that times out `timeout` after now: a World timer carrying `wake(id)` is
    /// scheduled, on which the domain calls `timeOut(id, &world)`.
    @discardableResult
    public mutating func send<D: Domain>(_ kind: String, _ payload: Payload, timeout: Duration, _ world: inout World<D>,
                                         wake: (RequestID) -> D.Event) -> RequestID? {
        guard let id = admit(kind, &world) else { return nil }
        let deadline = world.now.addingInRange(timeout)
        inFlight.append(InFlightRequest(id: id, kind: kind, payload: payload, sentAt: world.now, deadline: deadline))
        world.emit(Record("request.sent").word("table", name).int("id", id.rawValue).word("kind", kind)
            .int("inFlight", inFlight.count).duration("timeout", timeout))
        // A deadline past 2200 (or overflowing) is one World refuses with its own limit record; the
        // request then waits for ever, and its state line says `deadline=none`.
        if deadline != nil { timers.append((id, world.schedule(after: timeout, wake(id)))) }
        return id
    }

    // MARK: Replies

    /// A reply for `id`: completes the request the first time, refuses (with a record) every other
    /// time. Returns what happened; `.completed` carries the request and its payload.
    @discardableResult
    public mutating func complete<D: Domain>(_ id: RequestID, _ result: ReplyResult, _ world: inout World<D>)
        -> ReplyOutcome<Payload>
    {
        guard let i = position(id) else {
            let outcome = refusal(for: id)
            var reason = "unknown"
            switch outcome {
            case .duplicate: reason = "duplicate"; counts.duplicates += 1
            case .late: reason = "late"; counts.late += 1
            case .forgotten: reason = "forgotten"; counts.unknown += 1
            default: counts.unknown += 1
            }
            world.reject("reply", reason) { r in
                var r = result.append(to: r.word("table", self.name).int("id", id.rawValue))
                if case .late(let end) = outcome { r = r.word("ended", end.rawValue) }
                if case .forgotten = outcome { r = r.word("limit", "endedMemory").int("value", PendingRequests.endedMemory) }
                if case .unknown = outcome { r = r.int("nextId", self.nextID.rawValue) }
                return r
            }
            return outcome
        }
        let request = finish(at: i, .completed, &world)
        counts.completed += 1
        world.emit(result.append(to: Record("request.completed").word("table", name).int("id", id.rawValue)
            .word("kind", request.kind)).duration("after", world.now - request.sentAt).int("inFlight", inFlight.count))
        return .completed(request)
    }

    /// The app cancels `id` (its view went away). A later reply is `late`. Cancelling something not
    /// in flight is refused (`rejected input=cancel reason=notInFlight`); returns whether it was.
    @discardableResult
    public mutating func cancel<D: Domain>(_ id: RequestID, _ world: inout World<D>) -> Bool {
        guard let i = position(id) else {
            world.reject("cancel", "notInFlight") { $0.word("table", self.name).int("id", id.rawValue) }
            return false
        }
        let request = finish(at: i, .cancelled, &world)
        counts.cancelled += 1
        world.emit(Record("request.cancelled").word("table", name).int("id", id.rawValue).word("kind", request.kind)
            .int("inFlight", inFlight.count))
        return true
    }

    /// The timeout timer of `id` fired: the request ends as timed out. Returns it, or nil (with a
    /// `rejected input=timeout reason=notInFlight` record) when it had already ended, which only a
    /// domain that schedules its own timeout events can cause.
    @discardableResult
    public mutating func timeOut<D: Domain>(_ id: RequestID, _ world: inout World<D>) -> InFlightRequest<Payload>? {
        guard let i = position(id) else {
            world.reject("timeout", "notInFlight") { $0.word("table", self.name).int("id", id.rawValue) }
            return nil
        }
        let request = finish(at: i, .timedOut, &world)
        counts.timedOut += 1
        world.emit(Record("request.timeout").word("table", name).int("id", id.rawValue).word("kind", request.kind)
            .instant("sentAt", request.sentAt).duration("after", world.now - request.sentAt).int("inFlight", inFlight.count))
        return request
    }

    // MARK: Internals

    private mutating func admit<D: Domain>(_ kind: String, _ world: inout World<D>) -> RequestID? {
        guard inFlight.count < capacity else {
            counts.refused += 1
            world.reject("request", "inFlightLimit") {
                $0.word("table", self.name).word("kind", kind).word("limit", "inFlight").int("value", self.capacity)
            }
            return nil
        }
        let id = nextID
        nextID = RequestID(id.rawValue + 1)
        counts.sent += 1
        return id
    }

    /// Removes the in-flight request at `i`, cancels its timer and remembers how it ended.
    private mutating func finish<D: Domain>(at i: Int, _ end: RequestEnd, _ world: inout World<D>) -> InFlightRequest<Payload> {
        let request = inFlight.remove(at: i)
        if let t = timers.firstIndex(where: { $0.id == request.id }) {
            if end != .timedOut { world.cancel(timers[t].timer) }
            timers.remove(at: t)
        }
        ended.append(EndedRequest(id: request.id, kind: request.kind, end: end, at: world.now))
        if ended.count > PendingRequests.endedMemory { ended.removeFirst() }
        return request
    }

    /// Why a reply for `id`, which is not in flight, is refused.
    private func refusal(for id: RequestID) -> ReplyOutcome<Payload> {
        guard id.rawValue >= 1, id < nextID else { return .unknown }
        guard let e = ended.last(where: { $0.id == id }) else { return .forgotten }
        return e.end == .completed ? .duplicate : .late(e.end)
    }

    /// Binary search: `inFlight` is ascending by id.
    private func position(_ id: RequestID) -> Int? {
        var low = 0
        var high = inFlight.count
        while low < high {  // bounded: the range halves each pass
            let mid = (low + high) / 2
            if inFlight[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < inFlight.count && inFlight[low].id == id ? low : nil
    }

    // MARK: State

    /// `requests NAME { capacity nextId inFlight count=N { request ... } sent completed ... }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("requests \(name)") { w in
            w.int("capacity", capacity)
            w.int("nextId", nextID.rawValue)
            w.section("inFlight count=\(inFlight.count)") { w in
                for r in inFlight { w.record(r.stateRecord) }
            }
            counts.write(to: &w)
        }
    }

    public static func == (a: PendingRequests, b: PendingRequests) -> Bool {
        a.name == b.name && a.capacity == b.capacity && a.inFlight == b.inFlight && a.nextID == b.nextID
            && a.ended == b.ended && a.counts == b.counts && a.timers.map(\.id) == b.timers.map(\.id)
            && a.timers.map(\.timer) == b.timers.map(\.timer)
    }

    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(nextID)
        h.combine(inFlight.count)
    }
}
