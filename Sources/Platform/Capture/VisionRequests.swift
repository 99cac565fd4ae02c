import LockstepCore

/// Vision requests in flight, answered by scenario lines (`vision result id=N …`), each completed
/// exactly once.
///
/// Vision runs a request on a background queue and calls its completion handler later; an app that
/// swallows a thrown `perform` (`try?`) and ignores the handler's error can leave its UI waiting for
/// ever. The model makes every path visible:
/// - `perform` gives the request an id (1, 2, 3, ... never reused) and holds it pending; at most
///   `maxPending` at once, a `perform` past that is refused.
/// - The first answer for a pending id completes it and returns the request with the result and
///   the latency. An answer of the wrong kind (text for a rectangles request) is refused and the
///   request stays pending: the scenario, not Vision, is wrong.
/// - Every other answer is refused with its reason: `duplicate` (that id already completed: a
///   second completion, which the domain can record as a bug), `unknown` (no such id was
///   performed), `forgotten` (it completed more than `completedMemory` requests ago).
/// - `neverCompleted()` lists what is still pending, for the domain's end-of-run report.
public struct VisionRequests: Hashable, Sendable, CanonicallyWritable {
    /// The most requests in flight at once: far above an app's real concurrency, low enough that a
    /// runaway loop of performs is a refusal, not memory growth.
    public static let maxPending = 64
    /// How many completed requests the table remembers, to tell a duplicate answer from an unknown one.
    public static let completedMemory = 1_024

    /// Pending, ascending by id.
    public private(set) var pending: [VisionRequest] = []
    public private(set) var nextID = VisionRequestID(1)
    /// The last `completedMemory` completions, in completion order.
    public private(set) var completed: [(id: VisionRequestID, result: String)] = []
    public private(set) var completedCount = 0
    /// Answers refused as `duplicate` so far (second completions).
    public private(set) var duplicateCount = 0

    public init() {}

    /// `VNImageRequestHandler.perform([request])` for `image`, at `atNanoseconds` on the caller's clock.
    public mutating func perform(_ kind: VisionRequestKind, image: String, atNanoseconds: Int64) -> VisionPerformOutcome {
        if case .detectRectangles(let p) = kind, let why = p.invalidReason { return .invalidParameters(why) }
        guard pending.count < VisionRequests.maxPending else { return .tooManyPending(limit: VisionRequests.maxPending) }
        let request = VisionRequest(id: nextID, kind: kind, image: image, performedAtNanoseconds: atNanoseconds)
        nextID = VisionRequestID(nextID.rawValue + 1)
        pending.append(request)
        return .pending(request)
    }

    /// An answer (`vision result id=N …`) arriving at `atNanoseconds`.
    public mutating func complete(_ line: VisionResultLine, atNanoseconds: Int64) -> VisionCompletionOutcome {
        guard let i = pending.firstIndex(where: { $0.id == line.id }) else {
            guard line.id.rawValue >= 1, line.id < nextID else { return .unknownRequest(line.id, nextID: nextID) }
            guard let first = completed.last(where: { $0.id == line.id }) else { return .forgotten(line.id, limit: VisionRequests.completedMemory) }
            duplicateCount += 1
            return .duplicate(line.id, first: first.result, second: line.result.word)
        }
        let request = pending[i]
        guard request.kind.accepts(line.result) else { return .wrongKind(request, got: line.result.word) }
        pending.remove(at: i)
        completed.append((line.id, line.result.word))
        if completed.count > VisionRequests.completedMemory { completed.removeFirst() }
        completedCount += 1
        let (latency, overflow) = atNanoseconds.subtractingReportingOverflow(request.performedAtNanoseconds)
        return .completed(request, line.result, latencyNanoseconds: overflow ? Int64.max : latency)
    }

    /// The requests still pending: each a request whose completion never ran (report them at the end).
    public func neverCompleted() -> [VisionPendingReport] {
        pending.map { VisionPendingReport(request: $0) }
    }

    /// `vision { nextId pending count=N { … } completed duplicates }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("vision") { w in
            w.int("nextId", nextID.rawValue)
            w.section("pending count=\(pending.count)") { w in
                for r in pending { w.record(r.record) }
            }
            w.int("completed", completedCount)
            w.int("duplicates", duplicateCount)
        }
    }

    public static func == (a: VisionRequests, b: VisionRequests) -> Bool {
        a.pending == b.pending && a.nextID == b.nextID && a.completedCount == b.completedCount && a.duplicateCount == b.duplicateCount
            && a.completed.map(\.id) == b.completed.map(\.id) && a.completed.map(\.result) == b.completed.map(\.result)
    }

    public func hash(into h: inout Hasher) {
        h.combine(nextID)
        h.combine(pending.count)
        h.combine(completedCount)
    }
}

/// What `VisionRequests.perform` did.
public enum VisionPerformOutcome: Hashable, Sendable, RecordConvertible {
    case pending(VisionRequest)
    /// `VisionRequests.maxPending` requests are in flight.
    case tooManyPending(limit: Int)
    /// The rectangle filters are outside Vision's ranges (Vision would raise).
    case invalidParameters(String)

    public var request: VisionRequest? {
        if case .pending(let r) = self { return r }
        return nil
    }

    public var record: Record {
        switch self {
        case .pending(let r): return r.record
        case .tooManyPending(let limit):
            return Record("rejected").word("input", "vision.perform").word("reason", "tooManyPending").word("limit", "maxPending").int("value", limit)
        case .invalidParameters(let why):
            return Record("rejected").word("input", "vision.perform").word("reason", "invalidParameters").string("why", why)
        }
    }
}

/// What one `vision result` answer did.
public enum VisionCompletionOutcome: Hashable, Sendable, RecordConvertible {
    /// The first answer: the request is done (its completion handler ran once).
    case completed(VisionRequest, VisionResult, latencyNanoseconds: Int64)
    /// That id already completed: a second completion (a bug if the app's code caused it).
    case duplicate(VisionRequestID, first: String, second: String)
    /// No request with this id was ever performed.
    case unknownRequest(VisionRequestID, nextID: VisionRequestID)
    /// The id completed so long ago that the table no longer remembers it.
    case forgotten(VisionRequestID, limit: Int)
    /// The answer is for another kind of request; the request stays pending.
    case wrongKind(VisionRequest, got: String)

    public var record: Record {
        switch self {
        case .completed(let r, let result, let latency):
            let head = Record("vision.completed").int("id", r.id.rawValue).word("kind", r.kind.word).word("result", result.word)
            let body: Record
            switch result {
            case .rectangles(let obs): body = head.int("count", obs.count)
            case .text(let lines): body = head.int("count", lines.count)
            case .error(let message): body = head.string("error", message)
            }
            return body.duration("after", Duration(nanoseconds: latency))
        case .duplicate(let id, let first, let second):
            return Record("rejected").word("input", "vision.result").word("reason", "duplicate").int("id", id.rawValue)
                .word("first", first).word("second", second)
        case .unknownRequest(let id, let next):
            return Record("rejected").word("input", "vision.result").word("reason", "unknown").int("id", id.rawValue).int("nextId", next.rawValue)
        case .forgotten(let id, let limit):
            return Record("rejected").word("input", "vision.result").word("reason", "forgotten").int("id", id.rawValue)
                .word("limit", "completedMemory").int("value", limit)
        case .wrongKind(let r, let got):
            return Record("rejected").word("input", "vision.result").word("reason", "wrongKind").int("id", r.id.rawValue)
                .word("expected", r.kind.word).word("got", got)
        }
    }
}

/// A request whose completion never ran: `vision.neverCompleted id=2 kind=recognizeText image="…"`.
public struct VisionPendingReport: Hashable, Sendable, RecordConvertible {
    public var request: VisionRequest

    public var record: Record {
        Record("vision.neverCompleted").int("id", request.id.rawValue).word("kind", request.kind.word).string("image", request.image)
            .duration("performedAt", Duration(nanoseconds: request.performedAtNanoseconds))
    }
}
