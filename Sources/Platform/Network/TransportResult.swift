import LockstepCore

/// How a request can fail without an HTTP response, as URLSession reports it (`URLError.Code`):
/// `notConnectedToInternet`, `timedOut`, `cancelled`, `networkConnectionLost`, `cannotFindHost`.
public enum TransportFailure: String, Hashable, Sendable, CaseIterable {
    case offline, timeout, cancelled, connectionLost, dnsFailure
}

/// The outcome of one request: a response (any status; a 500 is a response) or a failure.
public enum TransportResult: Hashable, Sendable {
    case response(HTTPResponse)
    case failure(TransportFailure)

    /// The response, when there is one.
    public var response: HTTPResponse? {
        if case .response(let r) = self { return r }
        return nil
    }

    /// What the request table records: `result=status200` or `error="offline"`.
    var reply: ReplyResult {
        switch self {
        case .response(let r): .result("status\(r.status)")
        case .failure(let f): .error(f.rawValue)
        }
    }
}

/// A finished request, handed back to the domain exactly once.
public struct TransportCompletion: Hashable, Sendable {
    public var id: RequestID
    public var request: HTTPRequest
    /// The domain's label for the request (`rates`, `token`): a word in records and the audit.
    public var tag: String
    public var result: TransportResult
    public var sentAt: Instant
    /// When it finished (the response arrived or the failure happened).
    public var at: Instant
}

/// A timer of the transport's own, carried by one of the domain's events: a request's deadline
/// (`URLRequest.timeoutInterval`) or a response scheduled with `latency=`.
public enum NetTimer: Hashable, Sendable {
    case timeout(RequestID)
    case arrival(Int)
}

/// What a domain's network event carries: a scenario line or one of the transport's timers. The
/// domain passes it, unchanged, to `ScriptedTransport.handle`.
public enum NetworkEvent: Hashable, Sendable {
    case line(NetLine)
    case timer(NetTimer)
}
