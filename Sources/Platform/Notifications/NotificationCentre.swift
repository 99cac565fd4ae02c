import LockstepCore

/// A deterministic `UNUserNotificationCenter`: a value the domain owns in its state and drives
/// from its reducer.
///
/// - `add` replaces a pending request with the same identifier; `remove` takes identifiers.
/// - Triggers: calendar components matched in the device zone (re-evaluated on `zoneChanged`) or a
///   named zone; time intervals on elapsed time (zone changes never move them).
/// - The pending limit (`pendingLimit`, 64): after every add the centre keeps the soonest-firing 64
///   and discards the rest, latest next fire first, on a tie the most recently added. A repeating
///   request is one request however often it fires. `add` still reports success to the app; each
///   discard is a `notification.dropped` record (the model's eye, not the app's).
/// - Delivery: the centre keeps one timer armed at the earliest next fire. When it fires the domain
///   calls `deliverDue`, which delivers every request due by then, in (instant, add order) order.
///   Repeating requests re-arm; others leave `pending` and join `delivered`.
/// - Authorization: adds are accepted in every state, but only `granted` (banner), `provisional`
///   (quiet) and the app's own foreground choice are visible; `denied` and `notDetermined`
///   deliver with `presentation=none` and the user cannot respond.
/// - `respond` checks a response against what was visibly delivered and the category's actions.
///
/// Every change, refusal, drop and delivery is an output record (`notification.*`).
public struct NotificationCentre: Hashable, Sendable, CanonicallyWritable {
    /// iOS keeps at most this many pending requests per app.
    public static let pendingLimit = 64
    /// How many delivered notifications stay in Notification Centre (oldest leave first).
    public static let deliveredLimit = 32
    /// The trace kind domains give their `wake` event in `kind(of:)`, so that delivery timers show
    /// as `timer:notification` in every domain.
    public static let timerKind = "notification"

    public private(set) var authorization: NotificationAuthorization = .notDetermined
    public private(set) var categories: [String: NotificationCategory] = [:]
    public private(set) var pending: [String: PendingNotification] = [:]
    /// Visible or not, most recent last; at most `deliveredLimit`.
    public private(set) var delivered: [NotificationDelivery] = []
    /// Requests discarded by the pending limit so far.
    public private(set) var droppedTotal = 0
    /// The last few identifiers discarded (most recent last), for the state summary.
    public private(set) var recentlyDropped: [String] = []
    public private(set) var deliveriesTotal = 0
    /// Counts changes to `pending` (add, replace, remove, drop, delivery, move): while it is
    /// unchanged, `pending` is exactly what it was. Lets an app skip re-checking requests it
    /// knows it left pending. Not part of the state (a count of edits, not what is pending).
    public private(set) var revision = 0
    /// What the app's `willPresent` returns while it is on screen: show (`true`) or suppress.
    public var presentsInForeground = true
    private var nextSequence = 0
    private var armed: (id: TimerID, at: Instant)?
    /// One prepared state line per pending request, ascending by identifier: always the same
    /// requests as `pending` (every change goes through `put` and `drop`). Writing the state copies
    /// these lines; it runs after every step, far more often than the requests change.
    private var pendingLines: [PendingStateLine] = []
    /// The state line of each entry of `delivered`, same order.
    private var deliveredLines: [String] = []
    /// The state line of each category, ascending by identifier.
    private var categoryLines: [String] = []

    public init() {}

    /// Pending identifiers, ascending (what `getPendingNotificationRequests` lets an app see).
    public var pendingIdentifiers: [String] { pendingLines.map(\.identifier) }

    /// Pending requests sorted by (next fire, add order): the order they will fire in.
    public var pendingByFireOrder: [PendingNotification] {
        pending.values.sorted { ($0.nextFire, $0.sequence) < ($1.nextFire, $1.sequence) }
    }

    /// Instant of the armed delivery timer, if any.
    public var nextWake: Instant? { armed?.at }

    // MARK: Authorization and categories

    /// `requestAuthorization`: the system prompts only while `notDetermined`; the user's `answer`
    /// (from the scenario) then decides. Later calls return the current state without a prompt.
    @discardableResult
    public mutating func requestAuthorization<D: Domain>(answer: NotificationAuthorization, _ world: inout World<D>)
        -> NotificationAuthorization
    {
        let from = authorization
        let prompted = from == .notDetermined && answer != .notDetermined
        if prompted { authorization = answer }
        world.emit(Record("notification.authorization").word("from", from.rawValue).word("to", authorization.rawValue)
            .bool("prompted", prompted))
        return authorization
    }

    /// The user changes the setting in the Settings app (no prompt, any state to any state).
    public mutating func setAuthorization<D: Domain>(_ status: NotificationAuthorization, _ world: inout World<D>) {
        let from = authorization
        authorization = status
        world.emit(Record("notification.authorization").word("from", from.rawValue).word("to", status.rawValue)
            .word("by", "settings"))
    }

    /// `setNotificationCategories`: replaces the whole set.
    public mutating func setCategories<D: Domain>(_ list: [NotificationCategory], _ world: inout World<D>) {
        categories = [:]
        for c in list { categories[c.identifier] = c }
        categoryLines = categories.keys.sorted().map { NotificationStateLines.line(NotificationStateLines.categoryRecord(categories[$0]!)) }
        world.emit(Record("notification.categories").with("ids", .tuple(categories.keys.sorted().map { .word($0) })))
    }

    // MARK: Adding and removing

    /// Adds or replaces a request, applies the pending limit and re-arms the delivery timer.
    /// `wake` is the domain event the delivery timer carries; on it, call `deliverDue`.
    @discardableResult
    public mutating func add<D: Domain>(_ request: NotificationRequest, _ world: inout World<D>, wake: D.Event) -> NotificationAddResult {
        let id = request.identifier
        if let reason = request.trigger.invalidReason {
            world.reject("notification", "invalid-trigger") { $0.string("id", id).string("why", reason) }
            return .rejected(reason: reason)
        }
        let next: Instant?
        switch request.trigger {
        case .calendar(let c, _): next = c.nextMatch(after: world.now, deviceZone: world.zone)
        case .timeInterval(let d, _): next = world.now.addingInRange(d)  // nil past 2200: refused below
        }
        guard let next else {
            let reason = "no future date matches \(request.trigger.summary)"
            world.reject("notification", "no-future-date") { $0.string("id", id).string("why", reason) }
            return .rejected(reason: reason)
        }
        let replaced = pending[id] != nil
        put(PendingNotification(request: request, addedAt: world.now, sequence: nextSequence, nextFire: next, deliveries: 0),
            requestChanged: true)
        nextSequence += 1
        var r = Record("notification.add").string("id", id).word("result", replaced ? "replaced" : "added")
            .string("trigger", request.trigger.summary).instant("next", next)
        r = r.word("local", (localZone(request.trigger, world.zone)).formatLocal(next))
        world.emit(r.int("pending", pending.count))
        let droppedSelf = applyLimit(&world)
        rearm(&world, wake: wake)
        if droppedSelf.contains(id) { return .dropped }
        return replaced ? .replaced : .added
    }

    /// Removes pending requests by identifier; unknown identifiers are ignored, as iOS does, but
    /// counted in the record.
    public mutating func remove<D: Domain>(_ ids: [String], _ world: inout World<D>, wake: D.Event) {
        var removed: [String] = []
        var unknown = 0
        for id in ids {  // lint:allow unordered-iteration — ids is this function's [String] parameter, in caller order
            if drop(id) != nil { removed.append(id) } else { unknown += 1 }
        }
        removed.sort()
        world.emit(Record("notification.remove").with("ids", removed.isEmpty ? .word("none") : .tuple(removed.map { .string($0) }))
            .int("notPending", unknown).int("pending", pending.count))
        rearm(&world, wake: wake)
    }

    /// Removes every pending request whose identifier starts with `prefix` (a helper for apps
    /// that list pending identifiers and filter them, as the seed apps do).
    public mutating func remove<D: Domain>(prefix: String, _ world: inout World<D>, wake: D.Event) {
        remove(pendingIdentifiers.filter { $0.hasPrefix(prefix) }, &world, wake: wake)
    }

    /// Removes delivered notifications from Notification Centre.
    public mutating func removeDelivered(_ ids: Set<String>) {
        var keep: [NotificationDelivery] = []
        var keepLines: [String] = []
        for (d, line) in zip(delivered, deliveredLines) where !ids.contains(d.identifier) {
            keep.append(d)
            keepLines.append(line)
        }
        delivered = keep
        deliveredLines = keepLines
    }

    // MARK: Time

    /// The device zone changed: device-zone calendar triggers move to the new zone's wall clock.
    /// Named-zone calendar triggers and time intervals keep their instants.
    public mutating func zoneChanged<D: Domain>(_ world: inout World<D>, wake: D.Event) {
        var moved = 0
        for id in pendingIdentifiers {
            guard var p = pending[id], case .calendar(let c, _) = p.request.trigger, c.zone == nil else { continue }
            // Re-evaluated from now on the new wall clock; a request that can no longer fire (its
            // one date has already passed in the new zone) is removed with a record.
            guard let next = c.nextMatch(after: world.now, deviceZone: world.zone) else {
                drop(id)
                world.emit(Record("notification.expired").string("id", id).string("reason", "no future match in \(world.zone.name)"))
                continue
            }
            if next != p.nextFire {
                world.emit(Record("notification.moved").string("id", id).instant("from", p.nextFire).instant("to", next)
                    .word("local", world.zone.formatLocal(next)))
                p.nextFire = next
                put(p, requestChanged: false)
                moved += 1
            }
        }
        world.emit(Record("notification.zone").word("zone", world.zone.name).int("moved", moved).int("pending", pending.count))
        rearm(&world, wake: wake)
    }

    /// Delivers every request due at or before now, in (instant, add order) order, and re-arms.
    /// `appIsActive`: whether the app is on screen (then `presentsInForeground` decides).
    /// Each delivery emits `notification.delivered`; the list is returned for the domain's logic.
    public mutating func deliverDue<D: Domain>(_ world: inout World<D>, appIsActive: Bool, wake: D.Event) -> [NotificationDelivery] {
        armed = nil
        var out: [NotificationDelivery] = []
        // The requests due now, in firing order with the soonest LAST (so the next one pops off
        // the end): one sort for the whole batch. Requests not due now cannot become due during
        // the batch (now does not move), so this is the same order as taking the earliest pending
        // request each time. The dictionary's order is discarded by the sort on (instant, add
        // order), which is a total order: sequences are unique.
        var due = pending.values.filter { $0.nextFire <= world.now }  // lint:allow unordered-iteration — sorted next line
        due.sort { NotificationCentre.firesBefore($1, $0) }
        // Bounded: each pass delivers one request and either removes it or moves it strictly later.
        for _ in 0..<(pending.count * 2 + 1) {
            guard let p = due.popLast() else { break }
            var q = p
            q.deliveries += 1
            let presentation: NotificationPresentation
            if authorization == .granted || authorization == .provisional, appIsActive {
                presentation = presentsInForeground ? .foreground : .suppressed
            } else {
                presentation = authorization.backgroundPresentation
            }
            let d = NotificationDelivery(identifier: p.identifier, content: p.request.content, at: p.nextFire,
                                         presentation: presentation, ordinal: q.deliveries)
            deliveriesTotal += 1
            var r = Record("notification.delivered").string("id", p.identifier).instant("at", p.nextFire)
                .word("local", world.zone.formatLocal(p.nextFire))
            if case .calendar(let c, _) = p.request.trigger, let z = c.zone, z != world.zone {
                r = r.word("triggerLocal", z.formatLocal(p.nextFire))
            }
            r = r.word("presentation", presentation.rawValue).int("n", q.deliveries)
            // Next firing: repeating requests stay pending, others leave.
            var stays = false
            switch p.request.trigger {
            case .calendar(let c, true):
                if let next = c.nextMatch(after: p.nextFire, deviceZone: world.zone) {
                    q.nextFire = next
                    stays = true
                    r = r.instant("next", next)
                } else {
                    r = r.word("next", "none")
                }
            case .timeInterval(let interval, true):
                if let next = p.nextFire.addingInRange(interval) {
                    q.nextFire = next
                    stays = true
                    r = r.instant("next", next)
                } else {
                    r = r.word("next", "none")  // the next firing would fall after 2200
                }
            default:
                break
            }
            if stays {
                put(q, requestChanged: false)
                // Still due (a short repeating interval after a long wait): back in firing order.
                if q.nextFire <= world.now {
                    let at = due.firstIndex { NotificationCentre.firesBefore($0, q) } ?? due.endIndex
                    due.insert(q, at: at)
                }
            } else {
                drop(p.identifier)
            }
            world.emit(r)
            if let i = delivered.firstIndex(where: { $0.identifier == d.identifier }) {
                delivered.remove(at: i)
                deliveredLines.remove(at: i)
            }
            delivered.append(d)
            deliveredLines.append(NotificationStateLines.line(NotificationStateLines.deliveryRecord(d)))
            if delivered.count > NotificationCentre.deliveredLimit {
                delivered.removeFirst()
                deliveredLines.removeFirst()
            }
            out.append(d)
        }
        rearm(&world, wake: wake)
        return out
    }

    // MARK: Responses

    /// Checks a response against the latest visible delivery of `id` and its category. On success
    /// the notification leaves Notification Centre and the response is returned; otherwise a
    /// `rejected input=response` record says why and nil is returned.
    public mutating func respond<D: Domain>(_ id: String, action: String, _ world: inout World<D>) -> NotificationResponse? {
        func reject(_ reason: String) -> NotificationResponse? {
            world.reject("response", reason) { $0.string("id", id).string("action", action) }
            return nil
        }
        guard let index = delivered.lastIndex(where: { $0.identifier == id }) else { return reject("notDelivered") }
        let d = delivered[index]
        guard d.presentation.isVisible else { return reject("notVisible") }
        let category = categories[d.content.categoryIdentifier]
        var opensApp = false
        var unlock = false
        switch action {
        case SystemNotificationAction.default:
            opensApp = true
            unlock = true
        case SystemNotificationAction.dismiss:
            guard category?.reportsDismiss == true else { return reject("dismissNotReported") }
        default:
            guard let category else { return reject("noCategory") }
            guard let a = category.action(action) else { return reject("unknownAction") }
            opensApp = a.options.contains(.foreground)
            unlock = !a.worksLocked
        }
        delivered.remove(at: index)
        deliveredLines.remove(at: index)
        world.emit(Record("notification.response").string("id", id).string("action", action).bool("opensApp", opensApp)
            .bool("requiresUnlock", unlock))
        return NotificationResponse(identifier: id, action: action, content: d.content, deliveredAt: d.at,
                                    opensApp: opensApp, requiresUnlock: unlock)
    }

    // MARK: Audit

    /// `notification.pending count=N limit=64` and one `notification.pending-item` per request,
    /// sorted by identifier, with its next fire in UTC, in the device zone and (for a named-zone
    /// trigger) in that zone.
    public func audit<D: Domain>(_ world: inout World<D>) {
        world.emit(Record("notification.pending").int("count", pending.count).int("limit", NotificationCentre.pendingLimit)
            .word("authorization", authorization.rawValue))
        for id in pendingIdentifiers {
            let p = pending[id]!
            var r = Record("notification.pending-item").string("id", id).string("trigger", p.request.trigger.summary)
                .instant("utc", p.nextFire).word("local", world.zone.formatLocal(p.nextFire))
            if case .calendar(let c, _) = p.request.trigger, let z = c.zone {
                r = r.word("triggerLocal", z.formatLocal(p.nextFire))
            }
            world.emit(r)
        }
    }

    // MARK: Internals

    private func localZone(_ trigger: NotificationTrigger, _ device: Zone) -> Zone {
        if case .calendar(let c, _) = trigger, let z = c.zone { return z }
        return device
    }

    /// Keeps the soonest `pendingLimit` requests; returns the identifiers discarded.
    private mutating func applyLimit<D: Domain>(_ world: inout World<D>) -> [String] {
        guard pending.count > NotificationCentre.pendingLimit else { return [] }
        let order = pendingByFireOrder
        var gone: [String] = []
        for p in order[NotificationCentre.pendingLimit...] {
            drop(p.identifier)
            droppedTotal += 1
            recentlyDropped.append(p.identifier)
            if recentlyDropped.count > 8 { recentlyDropped.removeFirst() }
            gone.append(p.identifier)
            world.emit(Record("notification.dropped").string("id", p.identifier).instant("next", p.nextFire)
                .word("reason", "pendingLimit").int("limit", NotificationCentre.pendingLimit))
        }
        return gone
    }

    /// Firing order: earliest next fire, then add order.
    private static func firesBefore(_ a: PendingNotification, _ b: PendingNotification) -> Bool {
        (a.nextFire, a.sequence) < (b.nextFire, b.sequence)
    }

    /// Where `id`'s state line is, or would go, in `pendingLines`.
    private func lineIndex(_ id: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = pendingLines.count
        while low < high {  // bounded: the range halves each pass
            let mid = (low + high) / 2
            if pendingLines[mid].identifier < id { low = mid + 1 } else { high = mid }
        }
        return (low, low < pendingLines.count && pendingLines[low].identifier == id)
    }

    /// Stores a pending request and its state line. `requestChanged`: the request itself is new
    /// or replaced (otherwise only its next fire or delivery count moved).
    private mutating func put(_ p: PendingNotification, requestChanged: Bool) {
        revision += 1
        pending[p.identifier] = p
        let (i, found) = lineIndex(p.identifier)
        if !found {
            pendingLines.insert(PendingStateLine(p), at: i)
        } else if requestChanged {
            pendingLines[i] = PendingStateLine(p)
        } else {
            pendingLines[i].refresh(p)
        }
    }

    /// Removes a pending request and its state line; returns what was pending.
    @discardableResult
    private mutating func drop(_ id: String) -> PendingNotification? {
        guard let old = pending.removeValue(forKey: id) else { return nil }
        revision += 1
        let (i, found) = lineIndex(id)
        if found { pendingLines.remove(at: i) }
        return old
    }

    /// Keeps exactly one timer armed at the earliest next fire.
    private mutating func rearm<D: Domain>(_ world: inout World<D>, wake: D.Event) {
        let earliest = pending.values.min { NotificationCentre.firesBefore($0, $1) }?.nextFire
        if armed?.at == earliest { return }
        if let armed { world.cancel(armed.id) }
        armed = nil
        if let earliest {
            armed = (world.schedule(at: earliest, wake), earliest)
        }
    }

    // MARK: State

    /// `notifications { authorization categories pending {…} delivered {…} dropped … }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("notifications") { w in
            w.word("authorization", authorization.rawValue)
            w.bool("presentsInForeground", presentsInForeground)
            // Prepared lines (see `NotificationStateLines`): a record whose name is the whole line.
            w.section("categories count=\(categories.count)") { w in
                for line in categoryLines { w.record(Record(line)) }
            }
            w.section("pending count=\(pending.count)") { w in
                for p in pendingLines { w.record(Record(p.line)) }
            }
            w.section("delivered count=\(delivered.count)") { w in
                for line in deliveredLines { w.record(Record(line)) }
            }
            w.int("deliveriesTotal", deliveriesTotal)
            w.int("droppedTotal", droppedTotal)
            w.write("recentlyDropped", recentlyDropped.isEmpty ? .word("none") : .tuple(recentlyDropped.map { .string($0) }))
            w.write("wake", armed.map { .instant($0.at) } ?? .word("none"))
        }
    }

    public static func == (a: NotificationCentre, b: NotificationCentre) -> Bool {
        a.authorization == b.authorization && a.categories == b.categories && a.pending == b.pending
            && a.delivered == b.delivered && a.droppedTotal == b.droppedTotal && a.recentlyDropped == b.recentlyDropped
            && a.deliveriesTotal == b.deliveriesTotal && a.presentsInForeground == b.presentsInForeground
            && a.nextSequence == b.nextSequence && a.armed?.id == b.armed?.id && a.armed?.at == b.armed?.at
    }

    public func hash(into h: inout Hasher) {
        h.combine(pending.count)
        h.combine(deliveriesTotal)
        h.combine(nextSequence)
    }
}
