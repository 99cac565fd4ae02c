import LockstepCore

/// Which request a scripted reply answers: an id the scenario names, or the newest one in flight
/// (for a scenario written without counting sends).
public enum ReplyTarget: Hashable, Sendable {
    /// `id=N`: exactly that request (0 and ids never sent are answered `unknown` by the table).
    case id(RequestID)
    /// `id=latest`: the newest in-flight request of the table (of the domain's kind, if it asks).
    case latest
}

/// One decoded `reply` line: the scripted answer of a server, a framework or a worker to a request
/// a `PendingRequests` table is waiting on.
public struct ReplyLine: Hashable, Sendable {
    public var target: ReplyTarget
    /// What the table records: `result=WORD` or `error=TEXT`.
    public var result: ReplyResult
    /// The reply's text payload (a runner's stdout, a response body); nil when the line has none.
    public var body: String?
    /// How long the other side says the work took (a runner's timing); nil when not given. Not
    /// the virtual time the reply took to arrive, which is the line's own time minus the send.
    public var elapsed: Duration?
    /// Which table the reply is for, in a domain with several (`table=vision`); nil for the only one.
    public var table: String?

    public init(target: ReplyTarget, result: ReplyResult, body: String? = nil, elapsed: Duration? = nil, table: String? = nil) {
        self.target = target
        self.result = result
        self.body = body
        self.elapsed = elapsed
        self.table = table
    }

    /// The id this line answers in `requests`: the named id, or the newest in-flight request (of
    /// `kind` when given). Nil for `latest` with nothing in flight; the domain refuses that with a
    /// record (`ReplyVocabulary.rejectNothingInFlight`).
    public func requestID<P>(in requests: PendingRequests<P>, kind: String? = nil) -> RequestID? {
        switch target {
        case .id(let id): return id
        case .latest: return kind.map { requests.latest(kind: $0)?.id } ?? requests.inFlight.last?.id
        }
    }
}

/// The standard scenario spelling of scripted async replies, shared by every domain with a
/// `PendingRequests` table, so that every domain answers a pending request the same way:
///
/// ```
/// 2.5  reply id=1 result=ok body="hello\n" elapsed=120ms     the first reply completes request 1
/// 3    reply id=1 result=ok                                  a duplicate: refused by the table
/// 4    reply id=2 error="SyntaxError: line 3"                an error reply (a word also works: error=network)
/// 5    reply id=latest result=compiled                       the newest in-flight request
/// 6    reply id=3 result=ok table=vision                     a domain with several tables
/// ```
///
/// Exactly one of `result=` (a word) and `error=` (a word or a quoted string). The table decides
/// what a reply means (completed, duplicate, late, unknown, forgotten); the vocabulary only reads
/// the line. Timeouts are not replies: they are the table's own timers (`timer:request-timeout`).
///
/// A domain adds `ReplyVocabulary.eventKind { .reply($0) }` to its `events`, names it with
/// `ReplyVocabulary.kind` in `kind(of:)`, passes `line.result` to `PendingRequests.complete` and
/// writes it back with `ReplyVocabulary.text(of:)` in `text(of:)`.
public enum ReplyVocabulary {
    public static let kind = "reply"

    /// The longest body a line may carry, in Unicode scalars: far above a teaching program's
    /// output, and a bound on one step's work.
    public static let maxBodyScalars = 16_384
    /// The largest request id a line may name (ids count sends; no run makes a billion).
    public static let maxID: Int64 = 1_000_000_000

    public static let spec = EventSpec(
        kind, "A scripted reply to a pending async request (Platform): id=N|latest and result=WORD or error=TEXT",
        fields: [
            FieldSpec("id", .any, "the request id the table gave (1, 2, ...), or latest for the newest in flight"),
            .optional("result", .word, "a successful reply's result word (ok, compiled, ...)"),
            .optional("error", .any, "an error reply's text, a word or a quoted string"),
            .optional("body", .string, "the reply's text payload (stdout, a response body)"),
            .optional("elapsed", .duration, "how long the other side says the work took"),
            .optional("table", .word, "which request table, for a domain with several"),
        ])

    /// Decodes a `reply` line. A bad id, both or neither of `result=`/`error=`, an empty error and
    /// a body over `maxBodyScalars` are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> ReplyLine {
        guard let idIndex = line.index(of: "id") else { throw line.error("missing field 'id'") }
        let target: ReplyTarget
        let raw = line.rawText(idIndex)
        if raw == "latest" {
            target = .latest
        } else {
            guard let n = try? line.int(at: idIndex), n >= 0, n <= maxID else {
                throw line.valueLocation(idIndex).error("id=\(raw) is not a request id; expected a whole number 0...\(maxID) or latest")
            }
            target = .id(RequestID(Int(n)))
        }
        let result: ReplyResult
        switch (line.index(of: "result"), line.index(of: "error")) {
        case (let r?, nil):
            result = .result(try line.word(at: r))
        case (nil, let e?):
            let text = try line.text(at: e)
            guard !text.isEmpty else { throw line.valueLocation(e).error("error= needs a text (an empty error says nothing)") }
            result = .error(text)
        case (let r?, let e?):
            throw line.valueLocation(max(r, e)).error("a reply has one of result= and error=, not both")
        case (nil, nil):
            throw line.error("'reply' needs result=WORD or error=TEXT")
        }
        var body: String?
        if let b = line.index(of: "body") {
            let text = try line.string(at: b)
            guard text.unicodeScalars.count <= maxBodyScalars else {
                throw line.valueLocation(b).error("body has \(text.unicodeScalars.count) scalars; a reply carries at most \(maxBodyScalars)")
            }
            body = text
        }
        let elapsed = try line.index(of: "elapsed").map { i throws(ScenarioError) in try line.duration(at: i) }
        let table = try line.index(of: "table").map { i throws(ScenarioError) in try line.word(at: i) }
        return ReplyLine(target: target, result: result, body: body, elapsed: elapsed, table: table)
    }

    /// The `reply` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (ReplyLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? ReplyLine(target: .latest, result: .result("ok")) : try decode(line))
        }
    }

    /// The line `decode` reads back as `reply`, for `Domain.text(of:)`; nil when a value has no
    /// line form (a result that is not a word, an empty error, an id out of range, a body too long).
    public static func text(of reply: ReplyLine) -> String? {
        var out = LineText(kind)
        switch reply.target {
        case .latest: out = out.word("id", "latest")
        case .id(let id):
            guard id.rawValue >= 0, Int64(id.rawValue) <= maxID else { return nil }
            out = out.int("id", id.rawValue)
        }
        switch reply.result {
        case .result(let w): out = out.word("result", w)
        case .error(let e):
            guard !e.isEmpty else { return nil }
            out = out.text("error", e)
        }
        if let body = reply.body {
            guard body.unicodeScalars.count <= maxBodyScalars else { return nil }
            out = out.string("body", body)
        }
        return out.optional(reply.elapsed) { $0.duration("elapsed", $1) }.optional(reply.table) { $0.word("table", $1) }.line
    }

    /// The standard refusal of `reply id=latest` when the table has nothing in flight:
    /// `rejected input=reply reason=nothingInFlight table=NAME result=…`.
    public static func rejectNothingInFlight<D: Domain, P>(_ reply: ReplyLine, _ requests: PendingRequests<P>,
                                                           _ world: inout World<D>) {
        world.reject(kind, "nothingInFlight") { reply.result.append(to: $0.word("table", requests.name)) }
    }
}
