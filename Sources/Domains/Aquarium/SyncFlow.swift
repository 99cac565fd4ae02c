import LockstepCore
import Platform

extension Aquarium {
    static func policy(_ world: World<Aquarium>) -> SyncPolicy {
        var p = SyncPolicy()
        if world.isOn(.slowSyncDeadLetters) {
            p.transportFailuresUseAttempts = true
            p.holdDependents = false
        }
        if world.isOn(.lateCommitMissed) { p.overlap = .zero }
        if world.isOn(.pulledRowClobbersLocalEdit) { p.skipLocallyEdited = false }
        return p
    }

    /// Push, then pull. Offline or a timeout ends the pass; a held write ends only the push.
    static func syncPass(_ s: inout AquariumState, _ trigger: SyncTrigger, _ world: inout World<Aquarium>) {
        s.syncPasses += 1
        world.emit(Record("sync.pass").word("trigger", trigger.rawValue).int("pending", s.sync.outbox.pushOrder.count)
            .int("deadLetters", s.sync.outbox.deadLetters.count))
        let policy = policy(world)
        let scopes = s.sync.outbox.entries.map { ($0.seq, $0.scope, $0.entity.isRoot) }
        let firstOutput = world.outputs.count
        let end = s.sync.push(user: s.user, policy: policy, &world)
        // Evidence for `childrenWaitForTheirTank`: a child sent while its tank's write is still queued.
        for r in world.outputs[firstOutput...] where r.name == "sync.push" {
            guard case .int(let seq)? = r.fields.first(where: { $0.key == "seq" })?.value,
                  let entry = scopes.first(where: { Int64($0.0) == seq }), !entry.2 else { continue }
            if s.sync.outbox.entries.contains(where: { $0.entity.isRoot && $0.entityId == entry.1 }) { s.childSentBeforeTank = true }
        }
        if case .transportFailure = end { return }
        guard let batch = s.sync.beginPull(user: s.user, policy: policy, &world) else { return }
        var firstRejected: Int?
        for (i, row) in batch.rows.enumerated() where !apply(&s, row, &world) && firstRejected == nil { firstRejected = i }
        s.sync.finishPull(batch, firstRejected: firstRejected, &world)
        afterWrite(&s, &world)
    }

    /// Applies one pulled row by upsert (idempotent: the same row twice is `unchanged`). False when
    /// the row cannot be applied (a record says why).
    static func apply(_ s: inout AquariumState, _ row: SyncServerRow, _ world: inout World<Aquarium>) -> Bool {
        guard Schema.entity(row.entity) != nil else {
            world.reject("pull", "unknownEntity") { $0.word("entity", row.entity).string("entityId", row.id) }
            return false
        }
        let values: [(String, ObjectValue)]
        switch Schema.parse(row.payload, table: row.entity) {
        case .failure(let e):
            world.reject("pull", e.reason) { $0.word("entity", row.entity).string("entityId", row.id).instant("stamp", row.stamp) }
            return false
        case .success(let v): values = v
        }
        guard values.first(where: { $0.0 == "id" })?.1 == .text(row.id) else {
            world.reject("pull", "idMismatch") { $0.word("entity", row.entity).string("entityId", row.id) }
            return false
        }
        let local: ObjectRow?
        do { local = try s.store.row(row.entity, key: .text(row.id)) } catch {
            world.emit(error.record)
            return false
        }
        if let local, Schema.payload(local) == canonicalPayload(values, table: row.entity) {
            world.emit(Record("sync.pulled").word("entity", row.entity).string("entityId", row.id).instant("stamp", row.stamp).word("result", "unchanged"))
            return true
        }
        var store = s.store
        do { try store.upsert(row.entity, values) } catch {
            world.reject("pull", "badRow") { $0.word("entity", row.entity).string("entityId", row.id).string("message", error.message) }
            return false
        }
        s.store = store
        world.emit(Record("sync.pulled").word("entity", row.entity).string("entityId", row.id).instant("stamp", row.stamp).word("result", "applied"))
        return true
    }

    /// The payload the given values would be stored as (schema order), to compare with a local row.
    static func canonicalPayload(_ values: [(String, ObjectValue)], table: String) -> String {
        guard let schema = Schema.tables.first(where: { $0.name == table }) else { return "" }
        let row = ObjectRow(table: table, columns: schema.columns.map(\.name),
                            cells: schema.columns.map { c in values.first { $0.0 == c.name }?.1 ?? .null })
        return Schema.payload(row)
    }

    // MARK: The fake server

    static func server(_ s: inout AquariumState, _ line: ServerLine, _ world: inout World<Aquarium>) {
        switch line.action {
        case .clock:
            s.sync.server.skew = .milliseconds(line.skewMs)
            world.emit(Record("server.clock").int64("skewMs", line.skewMs).instant("serverNow", s.sync.server.now(device: world.now)))
        case .share:
            guard let tid = s.tank(line.tank)?.id else {
                world.reject("server", "unknownTank") { $0.word("tank", line.tank) }
                return
            }
            let user = line.user ?? s.user
            s.sync.server.share(root: tid, with: user)
            world.emit(Record("server.shared").word("tank", line.tank).word("user", user))
        case .write: serverWrite(&s, line, &world)
        }
    }

    static func serverWrite(_ s: inout AquariumState, _ line: ServerLine, _ world: inout World<Aquarium>) {
        // Another device's tank may be unknown here: it gets a label and an id of its own.
        if s.tank(line.tank) == nil {
            let id = newID(&s, world)
            s.tanks.append(Label(label: line.tank, id: id, tank: line.tank))
        }
        let tid = s.tank(line.tank)!.id
        guard let id = resolveID(&s, line, tid, &world) else { return }
        let user = line.user ?? s.user
        let utc = StampCodec(zone: world.zone, localBug: false)  // the other device stores UTC
        let now = utc.encode(world.now)
        let payload: String
        if let raw = line.payload {
            payload = raw
        } else {
            var values: [(String, ObjectValue)] = [("id", .text(id))]
            switch line.entity {
            case Schema.tanks:
                values += [("owner_id", .text(user)), ("type", .text(TankType.freshwater.rawValue))]
            case Schema.config:
                values += [("tank_id", .text(tid)), ("enabled", .text(Parameter.allCases.map(\.rawValue).joined(separator: ",")))]
            case Schema.sessions:
                values += [("tank_id", .text(tid)), ("measured_at", .text(utc.encode(line.at ?? world.now)))]
            case Schema.readings:
                guard let p = line.parameter, let v = line.value else {
                    world.reject("server", "incompleteReading") { $0.string("need", "param= and value=") }
                    return
                }
                guard v.isFinite else {
                    world.reject("server", "notANumber") { $0.word("param", p.rawValue) }
                    return
                }
                let unit = line.unit ?? p.canonical.rawValue
                guard let u = UnitID(rawValue: unit), let c = Units.toCanonical(v, u, p) else {
                    world.reject("server", "unknownUnit") { $0.word("param", p.rawValue).string("unit", unit) }
                    return
                }
                values += [("tank_id", .text(tid))]
                if let sl = line.session, let sid = s.session(sl)?.id { values.append(("session_id", .text(sid))) }
                values += [("parameter", .text(p.rawValue)), ("value_canonical", .real(c)), ("entered_value", .real(v)),
                           ("entered_unit", .text(unit)), ("measured_at", .text(utc.encode(line.at ?? world.now)))]
            default:
                world.reject("server", "needsPayload") { $0.word("entity", line.entity) }
                return
            }
            values.append(("updated_at", .text(now)))
            payload = canonicalPayload(values, table: line.entity)
        }
        let answer = s.sync.server.write(entity: line.entity, id: id, scope: tid, isRoot: line.entity == Schema.tanks, payload: payload,
                                         user: user, deviceNow: world.now, lateBy: .milliseconds(line.lateMs))
        world.emit(answer.append(to: Record("server.write").word("entity", line.entity).string("entityId", id).word("user", user)
            .instant("stamp", s.sync.server.now(device: world.now) - .milliseconds(line.lateMs))))
    }

    /// `local:s1/kh` (a local reading), `local:LABEL` (a local tank or session), a literal id, or a new one.
    static func resolveID(_ s: inout AquariumState, _ line: ServerLine, _ tid: String, _ world: inout World<Aquarium>) -> String? {
        guard let raw = line.id else { return line.entity == Schema.tanks ? tid : newID(&s, world) }
        guard raw.hasPrefix("local:") else { return raw }
        let ref = String(raw.dropFirst(6))
        let parts = ref.split(separator: "/").map(String.init)
        if parts.count == 2, let session = s.session(parts[0]), let p = Parameter(rawValue: parts[1]),
           let rows = try? s.store.fetch(Schema.readings, where: .and([.equals("session_id", .text(session.id)), .equals("parameter", .text(p.rawValue))])),
           let id = rows.first?["id"].text {
            return id
        }
        if parts.count == 1, let id = s.session(ref)?.id ?? s.tank(ref)?.id { return id }
        world.reject("server", "unknownLocalRow") { $0.string("id", raw) }
        return nil
    }

    // MARK: Accounts and lifecycle

    static func switchAccount(_ s: inout AquariumState, _ user: String, _ world: inout World<Aquarium>) {
        guard user != s.user else {
            world.reject("account", "alreadySignedIn") { $0.word("user", user) }
            return
        }
        var wiped = 0
        var store = s.store
        do {
            for row in try store.fetch(Schema.tanks) {
                if let key = row["id"].text { wiped += try store.delete(Schema.tanks, key: .text(key)) }
            }
        } catch {
            world.emit(error.record)
            return
        }
        s.store = store
        let dropped = s.sync.signOut()
        world.emit(Record("account.switched").word("from", s.user).word("user", user).int("wipedRows", wiped).int("droppedWrites", dropped))
        s.user = user
        afterWrite(&s, &world)
        runTriggered(&s, .appRoot, &world)
    }

    /// A sync the app itself starts (launch, resume, sign-in): from the app root, unless the
    /// historical bug tied it to the account screen.
    static func runTriggered(_ s: inout AquariumState, _ trigger: SyncTrigger, _ world: inout World<Aquarium>) {
        if world.isOn(.syncOnlyOnAccountScreen), s.screen != ScreenName.account.rawValue {
            s.launchWithoutSync = true
            return
        }
        syncPass(&s, trigger, &world)
    }

    static func lifecycle(_ s: inout AquariumState, _ line: LifecycleLine, _ world: inout World<Aquarium>) {
        let t = s.life.handle(line.event, &world)
        guard !t.wasIgnored else { return }
        for action in t.actions {
            switch action {
            case .discardMemory:
                // The process died: in-memory state goes; the store and the outbox are on disk.
                s.formError = nil
                s.watches = ObjectWatches()
                s.watchContent = []
                s.screen = ScreenName.home.rawValue
            case .loadFromDisk: runTriggered(&s, .appRoot, &world)
            case .refresh:
                if case .launching = t.from { continue }  // the launch already ran the app root's pass
                runTriggered(&s, .resume, &world)
            case .pause, .saveState, .releaseMemory: continue
            }
        }
    }
}
