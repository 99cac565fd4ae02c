import LockstepCore

/// A simulated GameKit: the local player's authentication, the access point, score submits and the
/// leaderboard presentation branch. Everything it does is a `gc.` record.
///
/// Rules, each a known way games get Game Center wrong:
/// - The sign-in view controller must be presented from the key window's root controller; from a
///   detached controller it never shows (`gc.presentAuthVC shown=false`).
/// - Nothing waits for Game Center: a submit while unauthenticated is skipped with a record, an
///   auth error is logged and play goes on.
/// - Submits go to a configured leaderboard (one per difficulty); an unknown id completes with an
///   error that is only logged. Each leaderboard keeps its best score (sorted high to low, integer).
///   `submitCount` counts this run's submits, so a domain can hold "one submit per run".
/// - The access point is shown on menus only, and only to an authenticated player.
/// - Leaderboards: iOS 18 and later `GKAccessPoint.trigger(leaderboardID:…)`; before it the
///   `GKGameCenterViewController` dashboard (deprecated in iOS 26, still right on older systems).
public struct GameCenter: Hashable, Sendable {
    /// At most this many submits awaiting their completion: more is a leak, refused with a record.
    public static let maxPendingSubmits = 16

    public let leaderboards: [String]
    public private(set) var isAuthenticated = false
    public private(set) var accessPointActive = false
    /// Leaderboard ids of submits not yet completed, oldest first.
    public private(set) var pending: [String] = []
    /// The best score per leaderboard that has one, in `leaderboards` order.
    public private(set) var best: [(id: String, score: Int)] = []
    /// Submits made since the last `resetRun()`.
    public private(set) var submitCount = 0

    public init(leaderboards: [String]) { self.leaderboards = leaderboards }

    public static func == (a: GameCenter, b: GameCenter) -> Bool {
        a.leaderboards == b.leaderboards && a.isAuthenticated == b.isAuthenticated && a.accessPointActive == b.accessPointActive
            && a.pending == b.pending && a.best.map(\.id) == b.best.map(\.id) && a.best.map(\.score) == b.best.map(\.score)
            && a.submitCount == b.submitCount
    }

    public func hash(into h: inout Hasher) {
        h.combine(isAuthenticated)
        h.combine(submitCount)
        h.combine(pending)
    }

    /// A new run: its submits are counted from zero.
    public mutating func resetRun() { submitCount = 0 }

    /// Applies a `gc` line. `presentFromKeyWindow` is where the app presents the sign-in controller.
    public mutating func apply<D: Domain>(_ line: GameCenterLine, presentFromKeyWindow: Bool, _ world: inout World<D>) {
        switch line {
        case .authPresent:
            world.emit(Record("gc.presentAuthVC").word("from", presentFromKeyWindow ? "keyWindowRoot" : "detached").bool("shown", presentFromKeyWindow))
        case .authResult(let ok, let error):
            isAuthenticated = ok
            world.emit(Record("gc.auth").bool("authenticated", ok))
            if let error { world.emit(Record("gc.unavailable").string("error", error)) }
            if ok { world.emit(Record("gc.accessPoint").word("location", "topLeading").bool("active", accessPointActive)) }
            if !ok, accessPointActive { setAccessPoint(false, &world) }
        case .submitCompleted(let error):
            guard !pending.isEmpty else {
                world.reject("gc submitCompleted", "noPendingSubmit")
                return
            }
            let id = pending.removeFirst()
            if let error {
                world.emit(Record("gc.submitFailed").word("leaderboard", id).string("error", error))
            } else {
                world.emit(Record("gc.submitDone").word("leaderboard", id))
            }
        case .topTen(let rows, let total):
            world.emit(Record("gc.topTen").int("rows", rows.count).int("total", total).word("range", "1...10"))
            for row in rows { world.emit(Record("gc.row").int("rank", row.rank).string("player", row.player).string("score", row.formattedScore)) }
        }
    }

    /// `GKLeaderboard.submitScore(_:context: 0, player: local, leaderboardIDs: [id])`.
    public mutating func submitScore<D: Domain>(_ score: Int, to id: String, _ world: inout World<D>) {
        guard isAuthenticated else {
            world.emit(Record("gc.submitSkipped").word("reason", "notAuthenticated").int("score", score))
            return
        }
        guard pending.count < GameCenter.maxPendingSubmits else {
            world.emit(Record("lockstep.limit").word("name", "gc.pendingSubmits").int("value", GameCenter.maxPendingSubmits).word("dropped", id))
            return
        }
        submitCount += 1
        world.emit(Record("gc.submitScore").int("score", score).int("context", 0).word("leaderboards", id).int("submitsThisRun", submitCount))
        guard leaderboards.contains(id) else {
            // GameKit calls the completion with an error; the app only logs it.
            world.emit(Record("gc.submitFailed").word("leaderboard", id).string("error", "leaderboard not configured in App Store Connect"))
            return
        }
        pending.append(id)
        if let i = best.firstIndex(where: { $0.id == id }) {
            if score > best[i].score { best[i].score = score }
        } else {
            best.append((id, score))
            best.sort { leaderboards.firstIndex(of: $0.id)! < leaderboards.firstIndex(of: $1.id)! }
        }
    }

    /// `GKAccessPoint.shared.isActive`: on menus, for an authenticated player only.
    public mutating func setAccessPoint<D: Domain>(_ active: Bool, _ world: inout World<D>) {
        let value = active && isAuthenticated
        guard value != accessPointActive else { return }
        accessPointActive = value
        world.emit(Record("gc.accessPoint").word("location", "topLeading").bool("active", value))
    }

    /// Shows a leaderboard: the iOS 18 access-point trigger or the older dashboard controller.
    /// `alwaysTrigger` is the bug that calls the iOS 18 API everywhere (before 18 nothing shows).
    public func showLeaderboard<D: Domain>(_ id: String, osMajor: Int, alwaysTrigger: Bool = false, _ world: inout World<D>) {
        guard isAuthenticated else {
            world.emit(Record("gc.leaderboard").word("kind", "none").word("id", id).word("reason", "notAuthenticated"))
            return
        }
        let trigger = osMajor >= 18 || alwaysTrigger
        var record = Record("gc.leaderboard").word("kind", trigger ? "accessPointTrigger" : "dashboardViewController").word("id", id)
            .word("playerScope", "global").word("timeScope", "allTime").int("osMajor", osMajor)
        if trigger, osMajor < 18 { record = record.bool("shown", false).word("reason", "GKAccessPoint.trigger(leaderboardID:) needs iOS 18") }
        world.emit(record)
    }

    /// The canonical state lines (for a domain's digest).
    public func write(to out: inout CanonicalWriter) {
        out.record(Record("gameCenter").bool("authenticated", isAuthenticated).bool("accessPoint", accessPointActive)
            .int("pending", pending.count).int("submitsThisRun", submitCount)
            .word("best", best.isEmpty ? "none" : best.map { "\($0.id)=\($0.score)" }.joined(separator: ",")))
    }
}
