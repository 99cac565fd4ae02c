import LockstepCore

/// One decoded `remote` line.
public struct SyncRemoteLine: Hashable, Sendable {
    public enum Action: String, CaseIterable, Sendable { case respond, next }
    public var action: Action
    /// `respond`: the request answered.
    public var id: RequestID
    /// `next`: how many requests.
    public var count: Int
    public var answer: SyncAnswer
}

/// The scenario spelling of the scripted remote, shared by every domain with a `SyncLog`:
///
/// ```
/// 0  remote respond id=3 result=timeout                 request 3 times out (the 14 s auth)
/// 0  remote respond id=4 result=refused reason=rls      request 4 is refused by the server
/// 0  remote next count=20 result=offline                the next 20 unanswered requests fail
/// ```
///
/// Answers are set before the requests they answer; a request without one gets the fake server's
/// own verdict. `reason=` goes with `result=refused` only.
public enum SyncVocabulary {
    public static let kind = "remote"
    public enum ResultWord: String, CaseIterable, Sendable { case ok, timeout, offline, refused }
    public static let maxCount = 100_000

    public static func eventKind<Event>(_ wrap: @escaping @Sendable (SyncRemoteLine) -> Event) -> EventKind<Event> {
        EventKind(kind, "Scripted answers of the sync remote (Platform): respond id=N | next count=N, result=ok|timeout|offline|refused reason=WORD") { f throws(ScenarioError) in
            let action = try f.argument("action", .choice(SyncRemoteLine.Action.self), "respond (one request) or next (the next count requests)")
            let id = try f.optional("id", .int, in: 1 ... 1_000_000_000, "respond: the request id")
            let count = try f("count", .int, default: 1, in: 0 ... maxCount, "next: how many requests")
            let result = try f("result", .choice(ResultWord.self), "the answer")
            let reason = try f.optional("reason", .word, "refused: why (rls, constraint, ...)")
            if !f.isDeclaring {
                if action == .respond, id == nil { throw f.error("'remote respond' needs id=N") }
                if action == .next, id != nil { throw f.error("'remote next' answers the next requests; id= does not apply", at: "id") }
                if result == .refused, reason == nil { throw f.error("result=refused needs reason=WORD") }
                if result != .refused, reason != nil { throw f.error("reason= goes with result=refused only", at: "reason") }
            }
            let answer: SyncAnswer
            switch result {
            case .ok: answer = .ok
            case .timeout: answer = .timeout
            case .offline: answer = .offline
            case .refused: answer = .refused(reason ?? "other")
            }
            return wrap(SyncRemoteLine(action: action, id: RequestID(id ?? 1), count: count, answer: answer))
        }
    }

    /// The line that decodes back to `line`, for `Domain.text(of:)`.
    public static func text(of line: SyncRemoteLine) -> String? {
        var t = LineText(kind).word(line.action.rawValue)
        switch line.action {
        case .respond: t = t.int("id", line.id.rawValue)
        case .next: t = t.int("count", line.count)
        }
        t = t.word("result", line.answer.word)
        if case .refused(let why) = line.answer { t = t.word("reason", why) }
        return t.line
    }

    /// Applies a decoded line to the script, with a record (`remote.scripted`) or a refusal.
    public static func apply<D: Domain>(_ line: SyncRemoteLine, to log: inout SyncLog, _ world: inout World<D>) {
        switch line.action {
        case .respond:
            guard line.id >= log.nextRequest else {
                world.reject(kind, "alreadySent") { $0.int("id", line.id.rawValue).int("nextRequest", log.nextRequest.rawValue) }
                return
            }
            guard log.script.respond(line.id, line.answer) else {
                world.reject(kind, "limit") { $0.word("limit", "scripted").int("value", SyncScript.maxScripted) }
                return
            }
            world.emit(line.answer.append(to: Record("remote.scripted").int("id", line.id.rawValue)))
        case .next:
            guard log.script.next(line.count, line.answer) else {
                world.reject(kind, "limit") { $0.word("limit", "scripted").int("value", SyncScript.maxScripted) }
                return
            }
            world.emit(line.answer.append(to: Record("remote.scripted").int("next", line.count)))
        }
    }
}
