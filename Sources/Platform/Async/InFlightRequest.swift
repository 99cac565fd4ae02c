import LockstepCore

/// One request a `PendingRequests` table is waiting on: what the app sent, when, and until when it
/// waits.
public struct InFlightRequest<Payload: Hashable & Sendable>: Hashable, Sendable {
    public var id: RequestID
    /// What kind of request it is (`run`, `vision`, `token`), a word in records and state.
    public var kind: String
    /// What the app sent (the source to run, the image id); returned when the reply arrives.
    public var payload: Payload
    public var sentAt: Instant
    /// When it times out; nil for a request that waits for ever.
    public var deadline: Instant?

    /// `request id=3 kind=run sentAt=… deadline=…|none` (the state line; the payload is the
    /// domain's to write).
    public var stateRecord: Record {
        Record("request").int("id", id.rawValue).word("kind", kind).instant("sentAt", sentAt)
            .with("deadline", deadline.map { .instant($0) } ?? .word("none"))
    }
}

/// How a request left the table.
public enum RequestEnd: String, Hashable, Sendable, CaseIterable {
    /// Its first reply arrived.
    case completed
    /// The app cancelled it (a view went away, a newer request replaced it).
    case cancelled
    /// Its deadline passed before a reply.
    case timedOut
}

/// What `PendingRequests.complete` did with one reply.
public enum ReplyOutcome<Payload: Hashable & Sendable>: Hashable, Sendable {
    /// The first reply: the request is done and this is what was sent.
    case completed(InFlightRequest<Payload>)
    /// The request already had its reply (`rejected input=reply reason=duplicate`).
    case duplicate
    /// The request was cancelled or timed out before this reply (`reason=late`).
    case late(RequestEnd)
    /// No request with this id was ever sent (`reason=unknown`).
    case unknown
    /// The id was sent and has ended, but so long ago that the table no longer remembers how
    /// (`reason=forgotten`, with the `endedMemory` limit).
    case forgotten

    /// The request, when this reply completed one.
    public var request: InFlightRequest<Payload>? {
        if case .completed(let r) = self { return r }
        return nil
    }
}
