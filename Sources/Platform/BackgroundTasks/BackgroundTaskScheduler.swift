import LockstepCore

/// `BGTaskScheduler` as a value a domain keeps in its state: the app's declarations, the pending
/// requests, and the tasks the system launched that the app has not completed.
///
/// - **Declarations**: an identifier must be in `permittedIdentifiers` (Info.plist
///   `BGTaskSchedulerPermittedIdentifiers`) and the kind's background mode declared (`fetch` for
///   app refresh, `processing`), else `submit` fails with `notPermitted` and a record.
/// - **Submit**: a pending identifier is replaced (`bgtask.submit ... replaced=true`, the old floor
///   in the record); past the pending limit (1 app refresh, 10 processing in all) it fails with
///   `tooManyPendingTaskRequests`.
/// - **The system decides when**: nothing fires by itself. A scenario's `bgtask fire id=` launches a
///   pending task; firing before `earliestBeginDate` is refused with a record, since the system
///   never does that. A fire hands back the lifecycle event (`wake`/`launch` with reason
///   `backgroundTask`) for the domain's `AppLifecycle`.
/// - **Completion and expiry**: the app calls `setTaskCompleted(_:success:)` before `expiresAt`
///   (start + the kind's run budget). Otherwise the expiration handler runs: every access at or
///   after `expiresAt` records `bgtask.expired` dated at `expiresAt`, and a scenario can expire a
///   task sooner with `bgtask expire id=`. A domain that wants the record at the exact instant sets
///   a timer for `expiresAt` and calls `expireDue(_:)`.
public struct BackgroundTaskScheduler: Hashable, Sendable, CanonicallyWritable {
    /// Identifiers are reverse-DNS strings; 255 UTF-8 bytes is far past any real one.
    public static let maxIdentifierBytes = 255
    /// Permitted identifiers an app may declare: a bound on the model, not an Apple limit.
    public static let maxPermittedIdentifiers = 64

    public let permittedIdentifiers: [String]
    public let backgroundModes: [String]
    /// Pending requests in submission order (a replacement keeps the old position).
    public private(set) var pending: [BackgroundTaskRequest] = []
    public private(set) var running: [RunningBackgroundTask] = []
    public private(set) var counts = BackgroundTaskCounts()

    /// `permittedIdentifiers` past `maxPermittedIdentifiers` are dropped (the first ones kept); a
    /// domain validates its settings before it gets here.
    public init(permittedIdentifiers: [String], backgroundModes: [String]) {
        self.permittedIdentifiers = Array(permittedIdentifiers.prefix(BackgroundTaskScheduler.maxPermittedIdentifiers))
        self.backgroundModes = backgroundModes
    }

    public func pendingRequest(_ identifier: String) -> BackgroundTaskRequest? {
        pending.first { $0.identifier == identifier }
    }

    public func runningTask(_ identifier: String) -> RunningBackgroundTask? {
        running.first { $0.identifier == identifier }
    }

    // MARK: The app's calls

    /// `BGTaskScheduler.shared.submit(request)`; every outcome is a record.
    @discardableResult
    public mutating func submit<D: Domain>(_ request: BackgroundTaskRequest, _ world: inout World<D>) -> BackgroundTaskSubmitResult {
        expireDue(&world)
        let id = request.identifier
        let result = decide(request)
        switch result {
        case .submitted, .replaced:
            var r = Record("bgtask.submit").word("id", id).word("kind", request.kind.rawValue)
            r = request.earliestBeginDate.map { r.instant("earliest", $0) } ?? r.word("earliest", "none")
            if case .replaced(let previous) = result {
                r = r.bool("replaced", true)
                r = previous.earliestBeginDate.map { r.instant("previousEarliest", $0) } ?? r.word("previousEarliest", "none")
                pending[pending.firstIndex { $0.identifier == id }!] = request
                counts.replaced += 1
            } else {
                r = r.bool("replaced", false)
                pending.append(request)
            }
            counts.submitted += 1
            world.emit(r)
        case .notPermitted(let missing):
            counts.refused += 1
            world.reject("bgtask.submit", "notPermitted") { r in
                let r = r.word("id", id).word("kind", request.kind.rawValue)
                return missing == "identifier" ? r.word("missing", "BGTaskSchedulerPermittedIdentifiers")
                    : r.word("missing", "UIBackgroundModes." + missing)
            }
        case .tooManyPendingTaskRequests(let limit):
            counts.refused += 1
            world.reject("bgtask.submit", "tooManyPendingTaskRequests") {
                $0.word("id", id).word("kind", request.kind.rawValue).int("limit", limit)
            }
        case .invalidIdentifier:
            counts.refused += 1
            world.reject("bgtask.submit", "invalidIdentifier") {
                $0.int("bytes", id.utf8.count).int("limit", BackgroundTaskScheduler.maxIdentifierBytes)
            }
        }
        return result
    }

    private func decide(_ request: BackgroundTaskRequest) -> BackgroundTaskSubmitResult {
        let id = request.identifier
        let bytes = id.utf8.count
        guard bytes > 0, bytes <= BackgroundTaskScheduler.maxIdentifierBytes else { return .invalidIdentifier }
        guard permittedIdentifiers.contains(id) else { return .notPermitted(missing: "identifier") }
        guard backgroundModes.contains(request.kind.requiredMode) else { return .notPermitted(missing: request.kind.requiredMode) }
        let others = pending.filter { $0.kind == request.kind && $0.identifier != id }.count
        guard others < request.kind.pendingLimit else { return .tooManyPendingTaskRequests(limit: request.kind.pendingLimit) }
        if let previous = pendingRequest(id) { return .replaced(previous: previous) }
        return .submitted
    }

    /// `cancel(taskRequestWithIdentifier:)`: removes a pending request; a running task is not
    /// affected (Apple: cancel is for requests). Recorded with whether there was one.
    public mutating func cancel<D: Domain>(_ identifier: String, _ world: inout World<D>) {
        expireDue(&world)
        let existed = pendingRequest(identifier) != nil
        pending.removeAll { $0.identifier == identifier }
        if existed { counts.cancelled += 1 }
        world.emit(Record("bgtask.cancel").word("id", identifier).bool("existed", existed))
    }

    /// `cancelAllTaskRequests()`.
    public mutating func cancelAll<D: Domain>(_ world: inout World<D>) {
        expireDue(&world)
        let n = pending.count
        pending.removeAll()
        counts.cancelled += n
        world.emit(Record("bgtask.cancelAll").int("cancelled", n))
    }

    /// `task.setTaskCompleted(success:)`. Returns whether a running task was completed; after its
    /// expiry it is too late (the expiration handler already ran) and the call is refused.
    @discardableResult
    public mutating func setTaskCompleted<D: Domain>(_ identifier: String, success: Bool, _ world: inout World<D>) -> Bool {
        expireDue(&world)
        guard let i = running.firstIndex(where: { $0.identifier == identifier }) else {
            counts.refused += 1
            world.reject("bgtask.complete", BackgroundTaskRefusal.notRunning.rawValue) { $0.word("id", identifier) }
            return false
        }
        let task = running.remove(at: i)
        counts.completed += 1
        world.emit(Record("bgtask.completed").word("id", identifier).bool("success", success)
            .duration("ranFor", world.now - task.startedAt))
        return true
    }

    // MARK: The system (scenario lines)

    /// The system launches a pending task now. Returns the running task, or nil with a refusal
    /// record. The caller hands `lifecycleEvent(for:)` to its `AppLifecycle`.
    @discardableResult
    public mutating func fire<D: Domain>(_ identifier: String, _ world: inout World<D>) -> RunningBackgroundTask? {
        expireDue(&world)
        guard runningTask(identifier) == nil else {
            counts.refused += 1
            world.reject("bgtask.fire", BackgroundTaskRefusal.alreadyRunning.rawValue) { $0.word("id", identifier) }
            return nil
        }
        guard let i = pending.firstIndex(where: { $0.identifier == identifier }) else {
            counts.refused += 1
            world.reject("bgtask.fire", BackgroundTaskRefusal.notPending.rawValue) { $0.word("id", identifier) }
            return nil
        }
        let request = pending[i]
        if let floor = request.earliestBeginDate, world.now < floor {
            counts.refused += 1
            world.reject("bgtask.fire", BackgroundTaskRefusal.beforeEarliestBeginDate.rawValue) {
                $0.word("id", identifier).instant("earliest", floor)
            }
            return nil
        }
        pending.remove(at: i)
        let task = RunningBackgroundTask(identifier: identifier, kind: request.kind, startedAt: world.now,
                                         expiresAt: world.now + request.kind.runBudget)
        running.append(task)
        counts.fired += 1
        var r = Record("bgtask.fire").word("id", identifier).word("kind", request.kind.rawValue)
        if let floor = request.earliestBeginDate { r = r.duration("afterEarliest", world.now - floor) }
        world.emit(r.instant("expiresAt", task.expiresAt))
        return task
    }

    /// The system ends a running task's time now, before its budget (`bgtask expire id=`): the
    /// expiration handler runs. Refused with a record when nothing of that name runs.
    @discardableResult
    public mutating func expire<D: Domain>(_ identifier: String, _ world: inout World<D>) -> Bool {
        expireDue(&world)
        guard let i = running.firstIndex(where: { $0.identifier == identifier }) else {
            counts.refused += 1
            world.reject("bgtask.expire", BackgroundTaskRefusal.notRunning.rawValue) { $0.word("id", identifier) }
            return false
        }
        let task = running.remove(at: i)
        recordExpiry(task, at: world.now, early: true, &world)
        return true
    }

    /// Runs the expiration handler of every task whose budget has run out, oldest first; called by
    /// every access. Returns the identifiers expired.
    @discardableResult
    public mutating func expireDue<D: Domain>(_ world: inout World<D>) -> [String] {
        var expired: [String] = []
        while let i = running.indices.min(by: { running[$0].expiresAt < running[$1].expiresAt }),
              running[i].expiresAt <= world.now {
            let task = running.remove(at: i)
            recordExpiry(task, at: task.expiresAt, early: false, &world)
            expired.append(task.identifier)
        }
        return expired
    }

    private mutating func recordExpiry<D: Domain>(_ task: RunningBackgroundTask, at: Instant, early: Bool, _ world: inout World<D>) {
        counts.expired += 1
        world.emit(Record("bgtask.expired").word("id", task.identifier).instant("at", at)
            .duration("ranFor", at - task.startedAt).bool("early", early).word("handler", "ran"))
    }

    /// The lifecycle event a fire means for a process in `phase`: a suspended or background app is
    /// woken (`lifecycle wake reason=backgroundTask`), one that is not running is launched in the
    /// background (`lifecycle launch reason=backgroundTask`); nil when it is on screen (the task
    /// just runs).
    public static func lifecycleEvent(for phase: LifecyclePhase) -> LifecycleEvent? {
        switch phase {
        case .notRunning, .terminated: .launch(.backgroundTask)
        case .suspended, .background: .wake(.backgroundTask)
        case .launching, .foregroundActive, .foregroundInactive: nil
        }
    }

    public func write(to out: inout CanonicalWriter) {
        out.section("bgtasks") { w in
            w.word("permitted", permittedIdentifiers.isEmpty ? "none" : permittedIdentifiers.joined(separator: ","))
            w.word("modes", backgroundModes.isEmpty ? "none" : backgroundModes.joined(separator: ","))
            w.list("pending", pending) { w, _, p in
                let r = Record("request").word("id", p.identifier).word("kind", p.kind.rawValue)
                w.record(p.earliestBeginDate.map { r.instant("earliest", $0) } ?? r.word("earliest", "none"))
            }
            w.list("running", running) { w, _, t in
                w.record(Record("task").word("id", t.identifier).word("kind", t.kind.rawValue)
                    .instant("startedAt", t.startedAt).instant("expiresAt", t.expiresAt))
            }
            counts.write(to: &w)
        }
    }
}

/// Running totals, for tests that count ("one fire, one completion, no expiry").
public struct BackgroundTaskCounts: Hashable, Sendable {
    public var submitted = 0
    public var replaced = 0
    public var cancelled = 0
    public var fired = 0
    public var completed = 0
    public var expired = 0
    public var refused = 0

    func write(to w: inout CanonicalWriter) {
        w.record(Record("counts").int("submitted", submitted).int("replaced", replaced).int("cancelled", cancelled)
            .int("fired", fired).int("completed", completed).int("expired", expired).int("refused", refused))
    }
}
