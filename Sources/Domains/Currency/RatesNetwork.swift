import LockstepCore
import Platform

/// The one network request the app makes, `GET https://rates.example.com/latest?base=USD` with a
/// 10 s timeout, through Platform's `ScriptedTransport` (table `net`; scenario lines
/// `net respond id=… status=… body=…`, `net fail id=… kind=…`, `net offline on=…`).
///
/// The transport owns ids, the timeout timer, exactly-once delivery, late and duplicate answers,
/// offline failing at once and the audit of requests made; this file adds only what the app knows:
/// why the request was sent (its trigger: `launch`, `active`, `bgTask`), and one request in flight
/// (GAP: a later trigger joins it, in `refreshIfStale`).
struct RatesNetwork: Hashable, Sendable {
    static let url = "https://rates.example.com/latest?base=USD"
    /// `URLRequest.timeoutInterval` in the article.
    static let timeout = Duration.seconds(10)

    struct InFlight: Hashable, Sendable {
        var id: RequestID
        var trigger: String
    }

    enum Outcome: Hashable, Sendable {
        case response(status: Int, body: [UInt8])
        case failure(String)
    }

    var transport = ScriptedTransport()
    var inFlight: InFlight?

    /// Requests made so far (the audit's count).
    var requests: Int { transport.audit.requests }

    static func wake(_ timer: NetTimer) -> CurrencyEvent { .network(.timer(timer)) }

    /// Sends the request; an outcome to apply now when it fails at once (offline, or a limit).
    mutating func send(trigger: String, _ world: inout World<Currency>) -> Outcome? {
        let request = HTTPRequest(.get, RatesNetwork.url, timeout: RatesNetwork.timeout)
        switch transport.send(request, tag: "rates", &world, wake: RatesNetwork.wake) {
        case .sent(let id):
            inFlight = InFlight(id: id, trigger: trigger)
            return nil
        case .failedNow(let done): return RatesNetwork.outcome(done.result)
        case .refused: return .failure("refused")
        }
    }

    /// A `net` line or a transport timer; the finished request, if this event finished ours.
    mutating func handle(_ event: NetworkEvent, _ world: inout World<Currency>) -> (InFlight, Outcome)? {
        guard let done = transport.handle(event, &world, wake: RatesNetwork.wake) else { return nil }
        // The app only ever has this one request in flight, so a completion is always for it.
        guard let f = inFlight, f.id == done.id else { return nil }
        inFlight = nil
        return (f, RatesNetwork.outcome(done.result))
    }

    /// The process ended: a request in flight is lost with it (an answer after this is late).
    mutating func drop(_ world: inout World<Currency>) {
        if let f = inFlight { transport.cancel(f.id, &world) }
        inFlight = nil
    }

    static func outcome(_ result: TransportResult) -> Outcome {
        switch result {
        case .response(let r): .response(status: r.status, body: r.body)
        case .failure(let f): .failure(f.rawValue)
        }
    }

    func write(to out: inout CanonicalWriter) {
        transport.write(to: &out)
        if let f = inFlight { out.record(Record("ratesRequest").int("id", f.id.rawValue).word("trigger", f.trigger)) }
    }
}
