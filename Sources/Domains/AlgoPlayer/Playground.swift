import LockstepCore
import Platform

/// The code playground: the editor's source goes to a remote sandboxed runner (every language,
/// JavaScript included; GAP: the article names JSContext as one route and does not say which the
/// app takes), as a `PendingRequests` request with a client timeout; the runner's scripted
/// `reply` is printed in the console exactly once. The source sent is the one shown in the
/// editor, fully viewable and editable (App Store Guideline 2.5.2).
extension AlgoPlayer {
    /// The longest source the editor sends (GAP: a teaching program; a bound on one request).
    static let maxSourceScalars = 10_000

    static func run(_ s: inout AlgoPlayerState, _ language: Language, _ source: String, _ world: inout World<AlgoPlayer>) {
        let scalars = source.unicodeScalars.count
        guard scalars > 0 else { world.reject("run", "emptySource") { $0.word("language", language.rawValue) }; return }
        guard scalars <= maxSourceScalars else {
            world.reject("run", "sourceTooLong") { $0.int("scalars", scalars).int("limit", maxSourceScalars) }
            return
        }
        // One run per editor: a new Run replaces the one still waiting (its late reply is refused).
        if let old = s.currentRun, s.runner.request(old) != nil {
            s.runner.cancel(old, &world)
            world.emit(Record("run.replaced").int("id", old.rawValue))
        }
        let payload = RunPayload(language: language, scalars: scalars, digest: FNV1a64.hash(Array(source.utf8)))
        let id: RequestID?
        if world.isOn(.noRunnerTimeout) {
            id = s.runner.send("run", payload, &world)
        } else {
            let timeout = s.runnerTimeout
            id = s.runner.send("run", payload, timeout: timeout, &world) { .runTimeout($0) }
        }
        s.currentRun = id
        if let id {
            world.emit(Record("console").int("run", id.rawValue).word("language", language.rawValue).string("text", "Running…"))
        }
    }

    static func runTimedOut(_ s: inout AlgoPlayerState, _ id: RequestID, _ world: inout World<AlgoPlayer>) {
        guard s.runner.timeOut(id, &world) != nil else { return }
        if s.currentRun == id { s.currentRun = nil }
        world.emit(Record("console").int("run", id.rawValue).word("outcome", "timedOut")
            .string("text", "Timed out after \(Value.duration(s.runnerTimeout).text)."))
    }

    static func reply(_ s: inout AlgoPlayerState, _ line: ReplyLine, _ world: inout World<AlgoPlayer>) {
        if let table = line.table, table != s.runner.name {
            world.reject("reply", "unknownTable") { $0.word("table", table) }
            return
        }
        guard let id = line.requestID(in: s.runner, kind: "run") else {
            ReplyVocabulary.rejectNothingInFlight(line, s.runner, &world)
            return
        }
        let outcome = s.runner.complete(id, line.result, &world)
        switch outcome {
        case .completed(let request):
            if s.currentRun == id { s.currentRun = nil }
            console(id, request.payload.language.rawValue, line, &world)
        case .late where world.isOn(.showLateOutput):
            console(id, "unknown", line, &world)
        default: break
        }
    }

    private static func console(_ id: RequestID, _ language: String, _ line: ReplyLine, _ world: inout World<AlgoPlayer>) {
        var r = Record("console").int("run", id.rawValue).word("language", language)
        switch line.result {
        case .result(let w): r = r.word("outcome", w)
        case .error(let e): r = r.word("outcome", "error").string("error", e)
        }
        if let body = line.body { r = r.string("text", body) }
        if let t = line.elapsed { r = r.duration("timing", t) }
        world.emit(r)
    }
}
