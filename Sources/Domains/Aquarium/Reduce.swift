import LockstepCore
import Platform

extension Aquarium {
    public static func reduce(_ s: inout AquariumState, _ event: AquariumEvent, _ world: inout World<Aquarium>) {
        switch event {
        case .tank(let label, let type): createTank(&s, label, type, &world)
        case .params(let tank, let enabled, let kh, let ph): setParams(&s, tank, enabled, kh, ph, &world)
        case .test(let form): saveForm(&s, form, &world)
        case .edit(let session, let p, let text, let unit): edit(&s, session, p, text, unit, &world)
        case .delete(let session): deleteSession(&s, session, &world)
        case .displayUnit(let p, let unit):
            guard let u = UnitID(rawValue: unit), p.units.contains(u) else {
                world.reject("displayUnit", "unknownUnit") { $0.word("param", p.rawValue).string("unit", unit) }
                return
            }
            s.displayUnits[Parameter.allCases.firstIndex(of: p)!] = u
            world.emit(Record("displayUnit").word("param", p.rawValue).word("unit", u.rawValue))
            refreshAllWatches(&s, &world)
        case .sync(let trigger): syncPass(&s, trigger, &world)
        case .screen(let name):
            s.screen = name.rawValue
            world.emit(Record("screen").word("name", name.rawValue))
            if name == .account { syncPass(&s, .accountScreen, &world) }
        case .watch(let tank, let on): watch(&s, tank, on, &world)
        case .chart(let tank): chart(s, tank, &world)
        case .retry(let seq):
            guard s.sync.outbox.retry(seq: seq) else {
                world.reject("retry", "notDeadLettered") { $0.int("seq", seq) }
                return
            }
            world.emit(Record("sync.retry").int("seq", seq))
        case .remote(let line): SyncVocabulary.apply(line, to: &s.sync, &world)
        case .server(let line): server(&s, line, &world)
        case .account(let user): switchAccount(&s, user, &world)
        case .corrupt(let table):
            do {
                try s.store.corrupt(table, reason: "damaged")
                world.emit(Record("store.corrupted").word("table", table))
            } catch {
                world.reject("corrupt", "unknownTable") { $0.string("table", table) }
            }
        case .lifecycle(let line): lifecycle(&s, line, &world)
        }
    }

    // MARK: Helpers

    static func codec(_ world: World<Aquarium>) -> StampCodec { StampCodec(zone: world.zone, localBug: world.isOn(.localTimeReadBack)) }

    static func newID(_ s: inout AquariumState, _ world: World<Aquarium>) -> String {
        s.ids += 1
        return SeededUUID.v7(at: world.now, &s.idRNG).description.lowercased()
    }

    /// Store statements and their outbox entries, atomically: both or neither.
    static func transact(_ s: inout AquariumState, _ world: inout World<Aquarium>,
                         _ body: (inout ObjectStore, inout Outbox) throws(ObjectStoreError) -> Void) -> Bool {
        var store = s.store
        var outbox = s.sync.outbox
        do {
            try store.transaction { (tx: inout ObjectStore) throws(ObjectStoreError) in try body(&tx, &outbox) }
        } catch {
            world.emit(error.record)
            return false
        }
        s.store = store
        s.sync.outbox = outbox
        return true
    }

    /// Queues the row `id` of `entity` as it now is in `tx` (a snapshot).
    static func queue(_ tx: ObjectStore, _ ob: inout Outbox, _ entity: SyncEntity, _ id: String, scope: String,
                      deps: [SyncRef], op: OutboxEntry.Op = .upsert) throws(ObjectStoreError) {
        guard let row = try tx.row(entity.name, key: .text(id)) else { throw .notFound(table: entity.name, key: id) }
        if case .failure(let e) = ob.enqueue(entity, id: id, op: op, payload: Schema.payload(row), scope: scope, dependsOn: deps) { throw e }
    }

    static func tankID(_ s: AquariumState, _ label: String, _ input: String, _ world: inout World<Aquarium>) -> String? {
        // A name known only from another device's rows is not a tank on this device until pulled.
        guard let t = s.tank(label), (try? s.store.row(Schema.tanks, key: .text(t.id))) ?? nil != nil else {
            world.reject(input, "unknownTank") { $0.word("tank", label) }
            return nil
        }
        return t.id
    }

    // MARK: Tanks

    static func createTank(_ s: inout AquariumState, _ label: String, _ type: TankType, _ world: inout World<Aquarium>) {
        guard s.tank(label) == nil else {
            world.reject("tank", "exists") { $0.word("tank", label) }
            return
        }
        let id = newID(&s, world), cfg = newID(&s, world)
        let now = codec(world).encode(world.now)
        let user = s.user
        let ok = transact(&s, &world) { (tx, ob) throws(ObjectStoreError) in
            try tx.upsert(Schema.tanks, [("id", .text(id)), ("owner_id", .text(user)), ("type", .text(type.rawValue)), ("updated_at", .text(now))])
            try queue(tx, &ob, Schema.tanksEntity, id, scope: id, deps: [])
            try tx.upsert(Schema.config, [("id", .text(cfg)), ("tank_id", .text(id)),
                                          ("enabled", .text(Parameter.allCases.map(\.rawValue).joined(separator: ","))),
                                          ("kh_limit", type == .reef ? .real(RateRule.reefKHLimitDKH) : .null),
                                          ("ph_limit", type == .planted ? .null : .real(RateRule.phLimitPerDay)), ("updated_at", .text(now))])
            try queue(tx, &ob, Schema.configEntity, cfg, scope: id, deps: [SyncRef(Schema.tanks, id)])
        }
        guard ok else { return }
        s.tanks.append(Label(label: label, id: id, tank: label))
        world.emit(Record("tank.created").word("tank", label).string("id", id).word("type", type.rawValue))
        afterWrite(&s, &world)
    }

    static func setParams(_ s: inout AquariumState, _ label: String, _ enabled: String?, _ kh: Double?, _ ph: Double?,
                          _ world: inout World<Aquarium>) {
        guard let tid = tankID(s, label, "params", &world) else { return }
        var changes: [(String, ObjectValue)] = [("updated_at", .text(codec(world).encode(world.now)))]
        if let enabled {
            let names = enabled.split(separator: ",").map(String.init)
            if let bad = names.first(where: { Parameter(rawValue: $0) == nil }) {
                world.reject("params", "unknownParameter") { $0.string("param", bad) }
                return
            }
            changes.append(("enabled", .text(names.joined(separator: ","))))
        }
        if let kh { changes.append(("kh_limit", .real(kh))) }
        if let ph { changes.append(("ph_limit", .real(ph))) }
        let cfgRows: [ObjectRow]
        do { cfgRows = try s.store.fetch(Schema.config, where: .equals("tank_id", .text(tid))) } catch {
            world.emit(error.record)
            return
        }
        guard let cfg = cfgRows.first?["id"].text else {
            world.reject("params", "noSettings") { $0.word("tank", label) }
            return
        }
        let ok = transact(&s, &world) { (tx, ob) throws(ObjectStoreError) in
            try tx.update(Schema.config, key: .text(cfg), set: changes)
            try queue(tx, &ob, Schema.configEntity, cfg, scope: tid, deps: [SyncRef(Schema.tanks, tid)])
        }
        guard ok else { return }
        world.emit(Record("params").word("tank", label).string("enabled", enabled ?? "unchanged"))
        afterWrite(&s, &world)
    }

    // MARK: The form

    static func formFaults(_ world: World<Aquarium>) -> Form.FormFaults {
        Form.FormFaults(blankAsZero: world.isOn(.skippedStoredAsZero), unknownUnitPassesThrough: world.isOn(.unknownUnitPassedThrough),
                        nitriteFactor: world.isOn(.nitrateRatioOnNitrite) ? Units.slippedNitriteFactor : Units.nitriteNFactor)
    }

    static func saveForm(_ s: inout AquariumState, _ form: FormLine, _ world: inout World<Aquarium>) {
        guard let tid = tankID(s, form.tank, "test", &world) else { return }
        let before: TankData
        do { before = try Derived.load(s, tankID: tid, codec: codec(world)) } catch {
            world.emit(error.record)
            world.reject("test", "storeUnreadable") { $0.word("tank", form.tank) }
            return
        }
        let units = s.displayUnits
        let drafts: [ReadingDraft]
        switch Form.parse(form, enabled: before.enabled, displayUnits: { units[Parameter.allCases.firstIndex(of: $0)!] }, faults: formFaults(world)) {
        case .failure(let e):
            s.formError = e.message
            world.reject("test", e.reason) { $0.string("message", e.message) }
            return
        case .success(let d): drafts = d
        }
        if form.texts.allSatisfy({ Form.trim($0).isEmpty }) {
            world.reject("test", "nothingEntered") { $0.word("tank", form.tank) }
            return
        }
        s.formError = nil
        s.blankRowsWritten += drafts.filter { d in Form.trim(form.texts[Parameter.allCases.firstIndex(of: d.parameter)!]).isEmpty }.count
        let label = form.session ?? "s\(s.sessions.filter { $0.tank == form.tank }.count + 1)"
        if let existing = s.session(label), existing.tank != form.tank {
            world.reject("test", "sessionOfAnotherTank") { $0.word("session", label) }
            return
        }
        let sid = s.session(label)?.id ?? newID(&s, world)
        let measuredAt = form.at ?? world.now
        let c = codec(world)
        let stamp = c.encode(world.now), measured = c.encode(measuredAt)
        var readingIDs: [String] = []
        for d in drafts {
            let old = before.readings.first { $0.session == sid && $0.parameter == d.parameter }
            readingIDs.append(old?.id ?? newID(&s, world))
        }
        let ok = transact(&s, &world) { (tx, ob) throws(ObjectStoreError) in
            try tx.upsert(Schema.sessions, [("id", .text(sid)), ("tank_id", .text(tid)), ("measured_at", .text(measured)), ("updated_at", .text(stamp))])
            try queue(tx, &ob, Schema.sessionsEntity, sid, scope: tid, deps: [SyncRef(Schema.tanks, tid)])
            for (d, rid) in zip(drafts, readingIDs) {
                try tx.upsert(Schema.readings, [("id", .text(rid)), ("tank_id", .text(tid)), ("session_id", .text(sid)),
                                                ("parameter", .text(d.parameter.rawValue)), ("value_canonical", .real(d.canonical)),
                                                ("entered_value", .real(d.entered)), ("entered_unit", .text(d.unit)),
                                                ("measured_at", .text(measured)), ("updated_at", .text(stamp))])
                try queue(tx, &ob, Schema.readingsEntity, rid, scope: tid, deps: [SyncRef(Schema.tanks, tid), SyncRef(Schema.sessions, sid)])
            }
        }
        guard ok else { return }
        if s.session(label) == nil { s.sessions.append(Label(label: label, id: sid, tank: form.tank)) }
        world.emit(Record("saved").word("tank", form.tank).word("session", label).instant("measuredAt", measuredAt)
            .string("local", world.zone.formatLocal(measuredAt)).int("rows", drafts.count))
        for d in drafts {
            world.emit(Record("reading").word("param", d.parameter.rawValue).fixed("entered", d.entered, 4).word("unit", d.unit)
                .fixed("canonical", d.canonical, 6).word("canonicalUnit", d.parameter.canonical.rawValue))
        }
        guard let after = loadOrRecord(s, tid, &world) else { return }
        rateChecks(s, after, sessionID: sid, &world)
        freeAmmonia(s, after, sessionID: sid, &world)
        cycleViews(&s, after, tank: form.tank, &world)
        afterWrite(&s, &world)
    }

    static func loadOrRecord(_ s: AquariumState, _ tid: String, _ world: inout World<Aquarium>) -> TankData? {
        do { return try Derived.load(s, tankID: tid, codec: codec(world)) } catch {
            world.emit(error.record)
            return nil
        }
    }

    static func rateChecks(_ s: AquariumState, _ data: TankData, sessionID: String, _ world: inout World<Aquarium>) {
        for new in data.readings where new.session == sessionID && (new.parameter == .kh || new.parameter == .ph) {
            let p = new.parameter
            let prev = data.readings.last { $0.parameter == p && $0.session != sessionID && $0.measuredAt <= new.measuredAt }
            let unit = s.displayUnit(p)
            var r = Record("rate").word("param", p.rawValue).word("session", s.sessionLabel(id: sessionID))
            switch Derived.rate(new: new, previous: prev, limitCanonical: Derived.limit(p, data)) {
            case .first: r = r.word("verdict", "first")
            case .underTwelveHours(let gap): r = r.word("verdict", "skipped").word("reason", "under12h").duration("gap", gap)
            case .noLimit:
                r = r.word("verdict", "noLimit").word("reason", p == .ph && data.type == .planted ? "plantedPH" : "noRule")
            case .ok(let perDay, let limit), .alert(let perDay, let limit):
                let alert = abs(perDay) > limit
                r = r.fixed("perDay", Units.rateFromCanonical(perDay, unit, p), 6).fixed("limit", Units.rateFromCanonical(limit, unit, p), 6)
                    .word("unit", unit.rawValue).word("verdict", alert ? "alert" : "ok")
            }
            world.emit(r)
        }
    }

    static func freeAmmonia(_ s: AquariumState, _ data: TankData, sessionID: String, _ world: inout World<Aquarium>) {
        guard let snap = data.snapshots.first(where: { $0.session == sessionID }) else { return }
        let label = s.sessionLabel(id: sessionID)
        var missing: [String] = []
        if snap[.ammonia] == nil { missing.append("ammonia") }
        if snap[.ph] == nil { missing.append("ph") }
        if snap[.temp] == nil { missing.append("temp") }
        guard missing.isEmpty, let total = snap[.ammonia], let ph = snap[.ph], let t = snap[.temp] else {
            world.emit(Record("freeAmmonia").word("session", label).word("shown", "no").string("missing", missing.joined(separator: ",")))
            return
        }
        let fraction = FreeAmmonia.fraction(pH: ph, tempC: t)
        var r = Record("freeAmmonia").word("session", label).fixed("pKa", FreeAmmonia.pKa(tempC: t), 6).fixed("fraction", fraction, 7)
            .fixed("ppm", total * fraction, 7)
        if !FreeAmmonia.inRange(pH: ph, tempC: t) { r = r.word("range", "outOfValidatedRange") }
        if data.type == .reef { r = r.word("saline", "uncorrectedErrsHigh") }
        world.emit(r)
    }

    static func cycleViews(_ s: inout AquariumState, _ data: TankData, tank: String, _ world: inout World<Aquarium>) {
        let stage = Derived.stage(data.snapshots, newestOnly: world.isOn(.cyclingFromNewest))
        if stage.fromUnmeasured { s.stageFromUnmeasured = true }
        world.emit(Record("stage").word("tank", tank).string("label", stage.label).word("from", stage.from.map { s.sessionLabel(id: $0) } ?? "none")
            .int("streak", stage.streak))
        var r = Record("stall").word("tank", tank)
        let newestOnly = world.isOn(.stallFromNewest)
        for (p, snap) in Derived.stallSources(data.snapshots, newestOnly: newestOnly) {
            r = r.word(p.rawValue, snap.map { s.sessionLabel(id: $0.session) } ?? "none")
            if snap == nil, data.snapshots.contains(where: { $0[p] != nil }) { s.stallFromUnmeasured = true }
        }
        world.emit(r)
    }

    // MARK: Edits and deletes

    static func edit(_ s: inout AquariumState, _ label: String, _ p: Parameter, _ text: String, _ unit: String?, _ world: inout World<Aquarium>) {
        guard let session = s.session(label), let tid = s.tank(session.tank)?.id else {
            world.reject("edit", "unknownSession") { $0.word("session", label) }
            return
        }
        guard let data = loadOrRecord(s, tid, &world) else { return }
        guard let old = data.readings.first(where: { $0.session == session.id && $0.parameter == p }) else {
            world.reject("edit", "noReading") { $0.word("session", label).word("param", p.rawValue) }
            return
        }
        let trimmed = Form.trim(text)
        guard !trimmed.isEmpty else {
            world.reject("edit", "blank") { $0.word("session", label).word("param", p.rawValue).string("hint", "delete the session to remove a reading") }
            return
        }
        let d: ReadingDraft
        switch Form.field(p, text: trimmed, unit: unit ?? old.unit, faults: formFaults(world)) {
        case .failure(let e):
            s.formError = e.message
            world.reject("edit", e.reason) { $0.string("message", e.message) }
            return
        case .success(let x): d = x
        }
        let stamp = codec(world).encode(world.now)
        let ok = transact(&s, &world) { (tx, ob) throws(ObjectStoreError) in
            try tx.update(Schema.readings, key: .text(old.id), set: [("value_canonical", .real(d.canonical)), ("entered_value", .real(d.entered)),
                                                                   ("entered_unit", .text(d.unit)), ("updated_at", .text(stamp))])
            try queue(tx, &ob, Schema.readingsEntity, old.id, scope: tid, deps: [SyncRef(Schema.tanks, tid), SyncRef(Schema.sessions, session.id)])
        }
        guard ok else { return }
        world.emit(Record("edited").word("session", label).word("param", p.rawValue).fixed("entered", d.entered, 4).word("unit", d.unit)
            .fixed("canonical", d.canonical, 6))
        afterWrite(&s, &world)
    }

    static func deleteSession(_ s: inout AquariumState, _ label: String, _ world: inout World<Aquarium>) {
        guard let session = s.session(label), let tid = s.tank(session.tank)?.id else {
            world.reject("delete", "unknownSession") { $0.word("session", label) }
            return
        }
        guard let data = loadOrRecord(s, tid, &world) else { return }
        guard data.snapshots.contains(where: { $0.session == session.id }) else {
            world.reject("delete", "alreadyDeleted") { $0.word("session", label) }
            return
        }
        let readings = data.readings.filter { $0.session == session.id }.map(\.id)
        let stamp = codec(world).encode(world.now)
        let ok = transact(&s, &world) { (tx, ob) throws(ObjectStoreError) in
            let tomb: [(String, ObjectValue)] = [("deleted_at", .text(stamp)), ("updated_at", .text(stamp))]
            try tx.update(Schema.sessions, key: .text(session.id), set: tomb)
            try queue(tx, &ob, Schema.sessionsEntity, session.id, scope: tid, deps: [SyncRef(Schema.tanks, tid)], op: .delete)
            for rid in readings {
                try tx.update(Schema.readings, key: .text(rid), set: tomb)
                try queue(tx, &ob, Schema.readingsEntity, rid, scope: tid, deps: [SyncRef(Schema.tanks, tid)], op: .delete)
            }
        }
        guard ok else { return }
        world.emit(Record("deleted").word("session", label).int("readings", readings.count))
        if let after = loadOrRecord(s, tid, &world) { cycleViews(&s, after, tank: session.tank, &world) }
        afterWrite(&s, &world)
    }
}
