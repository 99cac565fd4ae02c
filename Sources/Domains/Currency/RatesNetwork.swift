import LockstepCore

/// The one network request the app makes, `GET https://rates.example.com/latest?base=USD` with a
/// 10 s timeout, as a scripted exchange on the virtual clock.
///
/// Stand-in: Platform's scripted transport (`Sources/Platform/Network/`, `net respond|fail|offline`)
/// had not landed on main when this domain was written, so this file is the domain's whole network
/// layer and the only file to swap when it does. It keeps the transport's rules: one request in
/// flight (GAP: later triggers join it), a timeout timer at `sentAt + 10 s`, a reply after the
/// timeout recorded late and never applied, offline failing at once, and a request count.
struct RatesNetwork: Hashable, Sendable {
    static let url = "https://rates.example.com/latest?base=USD"
    /// `URLRequest.timeoutInterval` in the article.
    static let timeout = Duration.seconds(10)

    struct InFlight: Hashable, Sendable {
        var id: Int
        var trigger: String
        var sentAt: Instant
        var timer: TimerID
    }

    enum Outcome: Hashable, Sendable {
        case response(status: Int, body: [UInt8])
        case failure(String)
    }

    var nextID = 1
    var inFlight: InFlight?
    var requests = 0
    var offline = false
    /// The last request that timed out: a reply after that is late, and never applied.
    var timedOutID: Int?

    /// Sends the request, or fails it at once when offline (returned as the outcome to apply now).
    mutating func send(trigger: String, _ world: inout World<Currency>) -> Outcome? {
        let id = nextID
        nextID += 1
        requests += 1
        world.emit(Record("net.request").int("id", id).word("method", "GET").string("url", RatesNetwork.url)
            .duration("timeout", RatesNetwork.timeout))
        if offline {
            world.emit(Record("net.failed").int("id", id).word("kind", "offline"))
            return .failure("offline")
        }
        timedOutID = nil
        let timer = world.schedule(after: RatesNetwork.timeout, .ratesTimeout(id: id))
        inFlight = InFlight(id: id, trigger: trigger, sentAt: world.now, timer: timer)
        return nil
    }

    /// A scripted reply or failure for the request in flight; nil (with a rejection) when there is none.
    mutating func answer(_ outcome: Outcome, _ world: inout World<Currency>) -> (InFlight, Outcome)? {
        guard let f = inFlight else {
            if let late = timedOutID {
                world.reject("ratesReply", "late") { $0.int("id", late) }
            } else {
                world.reject("ratesReply", "nothingInFlight")
            }
            return nil
        }
        inFlight = nil
        _ = world.cancel(f.timer)
        switch outcome {
        case .response(let status, let body):
            world.emit(Record("net.response").int("id", f.id).int("status", status).int("bodyBytes", body.count)
                .duration("after", world.now - f.sentAt))
        case .failure(let kind):
            world.emit(Record("net.failed").int("id", f.id).word("kind", kind))
        }
        return (f, outcome)
    }

    /// The timeout timer: the request fails with `timeout` unless it was answered first.
    mutating func timedOut(_ id: Int, _ world: inout World<Currency>) -> (InFlight, Outcome)? {
        guard let f = inFlight, f.id == id else { return nil }
        inFlight = nil
        timedOutID = id
        world.emit(Record("net.timeout").int("id", id).duration("after", world.now - f.sentAt))
        return (f, .failure("timeout"))
    }

    /// The process ended: a request in flight is lost with it.
    mutating func drop(_ world: inout World<Currency>) {
        if let f = inFlight {
            _ = world.cancel(f.timer)
            world.emit(Record("net.cancelled").int("id", f.id))
        }
        inFlight = nil
    }

    func write(to out: inout CanonicalWriter) {
        var r = Record("net").bool("offline", offline).int("requests", requests)
        if let late = timedOutID { r = r.int("timedOut", late) }
        if let f = inFlight { r = r.int("inFlight", f.id).word("trigger", f.trigger).instant("sentAt", f.sentAt) }
        out.record(r)
    }
}
