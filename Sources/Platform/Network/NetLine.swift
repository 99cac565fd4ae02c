import LockstepCore

/// One decoded `net` scenario line: what the network does to the app's requests.
public enum NetLine: Hashable, Sendable {
    /// A server's answer to request `target` (of `tag` with `latest`), arriving `latency` after the
    /// line's time. `file` is the path the body came from, kept so the line can be written back.
    case respond(target: ReplyTarget, tag: String?, response: HTTPResponse, latency: Duration, file: String?)
    /// The request fails without a response.
    case fail(target: ReplyTarget, tag: String?, kind: TransportFailure)
    /// The device goes offline (every later send fails at once) or back online.
    case offline(Bool)
}
