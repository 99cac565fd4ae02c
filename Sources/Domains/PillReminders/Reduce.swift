import LockstepCore
import Platform

extension PillReminders {
    public static func reduce(_ s: inout PillState, _ event: PillEvent, _ world: inout World<PillReminders>) {
        reduceEvent(&s, event, &world)
        MedStateLine.refresh(&s)
    }

    static func reduceEvent(_ s: inout PillState, _ event: PillEvent, _ world: inout World<PillReminders>) {
        switch event {
        case .lifecycle(let line):
            guard line.process == "app" else {
                world.reject(LifecycleVocabulary.kind, "unknown-process") { $0.word("process", line.process) }
                return
            }
            perform(s.life.handle(line.event, &world).actions, &s, &world)
        case .addMedication(let input): addMedication(input, &s, &world)
        case .editMedication(let input): editMedication(input, &s, &world)
        case .deleteMedication(let id): deleteMedication(id, &s, &world)
        case .refill(let id, let pills): refill(id, pills, &s, &world)
        case .respond(let id, let action): respond(id, action, &s, &world)
        case .correct(let med, let time): correct(med, time, &s, &world)
        case .device(let action): device(action, &s, &world)
        case .settings(let status):
            s.centre.setAuthorization(status, &world)
            if status == .denied { permissionHint(&world) }
        case .audit:
            world.emit(Record("audit").string("text", "Pending: \(s.centre.pending.count) / \(PillConstants.systemLimit)")
                .int("projected", s.projected).int("limit", PillConstants.budget).word("mode", s.scheduleMode))
            s.centre.audit(&world)
        case .storeSeed(let bytes, let label):
            s.files.seed(PillConstants.file, bytes, &world)
            world.emit(Record("store.fixture").string("file", label))
        case .storeCorrupt(let reason):
            s.files.corrupt(PillConstants.file, reason: reason, &world)
        case .resetData:
            guard requireForeground("resetData", s, &world) else { return }
            world.emit(Record("data.reset").word("was", s.problem.map(problemWord) ?? "ok"))
            s.problem = nil
            s.meds = []
            s.supply = [:]
            save(&s, &world)
            Scheduler.sync(&s, &world, reason: "reset")
        case .notificationDue:
            _ = s.centre.deliverDue(&world, appIsActive: s.life.isActive, wake: .notificationDue)
        }
    }

    public static func zoneChanged(_ s: inout PillState, _ world: inout World<PillReminders>) {
        s.deviceZone = world.zone  // invariant bookkeeping, not written
        s.centre.zoneChanged(&world, wake: .notificationDue)
        // Run-out dates are local midnights: recompute them in the new zone (the app would on
        // its next launch; the simulation does it now so state never mixes zones).
        if s.meds != nil { recomputeSupply(&s, &world, only: nil) }
        MedStateLine.refresh(&s)
    }

    // MARK: Lifecycle

    static func perform(_ actions: [LifecycleAction], _ s: inout PillState, _ world: inout World<PillReminders>) {
        for action in actions {
            switch action {
            case .loadFromDisk:
                // Categories and the delegate first: the launch may be for a notification action.
                s.centre.setCategories([Scheduler.category], &world)
                load(&s, &world)
            case .refresh: becameActive(&s, &world)
            case .saveState: if s.saveOwed { save(&s, &world) }
            case .discardMemory:
                if !s.queued.isEmpty {
                    world.emit(Record("dose.lost").int("count", s.queued.count).string("reason", "process ended before the data could be saved"))
                }
                if s.saveOwed { world.emit(Record("save.lost").string("reason", "process ended with an unsaved change")) }
                s.meds = nil
                s.supply = [:]
                s.queued = []
                s.saveOwed = false
                if case .unavailable = s.problem { s.problem = nil }
            case .pause, .releaseMemory: break
            }
        }
    }

    static func becameActive(_ s: inout PillState, _ world: inout World<PillReminders>) {
        retryStorage(&s, &world)
        guard s.meds != nil else { return }
        MissedDetection.run(&s, &world)
        recomputeSupply(&s, &world, only: nil)
        Scheduler.sync(&s, &world, reason: "active")
        if s.centre.authorization == .denied, s.meds?.contains(where: { !$0.times.isEmpty }) == true { permissionHint(&world) }
        if s.saveOwed { save(&s, &world) }
    }

    /// After an unlock or on activation: read the list if it was unreadable, apply doses tapped
    /// meanwhile, and write what is owed.
    static func retryStorage(_ s: inout PillState, _ world: inout World<PillReminders>) {
        if case .unavailable = s.problem { load(&s, &world) }
        guard s.meds != nil else { return }
        if !s.queued.isEmpty {
            let queued = s.queued
            s.queued = []
            for q in queued { recordTaken(q.med, slot: q.slot, at: q.at, &s, &world, source: "queued") }
        }
        if s.saveOwed { save(&s, &world) }
    }

    // MARK: Storage

    static func problemWord(_ p: StoreProblem) -> String {
        switch p {
        case .unavailable: "unavailable"
        case .corrupt: "corrupt"
        }
    }

    static func load(_ s: inout PillState, _ world: inout World<PillReminders>) {
        switch s.files.read(PillConstants.file, &world) {
        case .ok(let bytes):
            do throws(MedicationFile.DecodeError) {
                let (meds, check) = try MedicationFile.decode(bytes)
                s.meds = meds
                s.lastMissedCheck = check ?? s.lastMissedCheck
                s.problem = nil
                world.emit(Record("load").word("result", "ok").int("medications", meds.count))
                recomputeSupply(&s, &world, only: nil)
            } catch {
                corrupt(error.reason, &s, &world)
            }
        case .missing:
            s.meds = []
            s.problem = nil
            world.emit(Record("load").word("result", "empty").int("medications", 0))
        case .corrupt(let reason): corrupt(reason, &s, &world)
        case .denied(let denial):
            s.meds = nil
            s.problem = .unavailable(denial)
            world.emit(Record("load").word("result", "unavailable").word("reason", denial.rawValue).bool("kept", true))
        }
    }

    static func corrupt(_ reason: String, _ s: inout PillState, _ world: inout World<PillReminders>) {
        if world.isOn(.corruptAsEmpty) {
            s.meds = []
            s.problem = nil
            world.emit(Record("load").word("result", "empty").string("reason", reason))
            return
        }
        s.meds = nil
        s.problem = .corrupt(reason)
        world.emit(Record("load").word("result", "corrupt").string("reason", reason).bool("kept", true)
            .string("action", "data unreadable: the file is kept and not overwritten until the user resets"))
    }

    static func save(_ s: inout PillState, _ world: inout World<PillReminders>) {
        guard let meds = s.meds else { return }
        if case .corrupt = s.problem {
            world.reject("save", "store-corrupt")
            return
        }
        let protection: FileProtection = world.isOn(.completeProtection) ? .complete : .completeUntilFirstUserAuthentication
        let bytes = MedicationFile.encode(meds, lastCheck: s.lastMissedCheck, cache: &s.encodedMeds)
        let result = s.files.write(PillConstants.file, bytes, protection: protection, &world)
        switch result {
        case .written: s.saveOwed = false
        case .denied(let d):
            s.saveOwed = true
            world.emit(Record("save.failed").word("reason", d.rawValue).bool("retry", true))
        case .diskFull:
            s.saveOwed = true
            world.emit(Record("save.failed").word("reason", "diskFull").bool("retry", true))
        case .dropped(let r):
            world.emit(Record("save.failed").word("reason", r.rawValue).bool("retry", false))
        }
    }

    // MARK: Medications

    static func notRunning(_ what: String, _ world: inout World<PillReminders>) {
        world.reject(what, "app-not-running")
    }

    /// Refuses an add, edit, delete, refill or correction of medication `id`; `why` is the
    /// form's message when it says more than `reason` (the value that was wrong), as Platform keeps
    /// its old sentences.
    static func refuse(_ what: String, _ id: String, _ reason: String, why: String? = nil, _ world: inout World<PillReminders>) {
        world.reject(what, reason) { r in
            let r = r.string("med", id)
            return why.map { r.string("why", $0) } ?? r
        }
    }

    /// Validates an add or edit against `base` (the current medication for an edit).
    static func validate(_ input: MedicationInput, base: Medication?, _ what: String, _ world: inout World<PillReminders>) -> Medication? {
        let id = input.id
        let name = input.name ?? base?.name ?? ""
        guard !name.isEmpty else { refuse(what, id, "empty-name", &world); return nil }
        var times = base?.times ?? []
        if let raw = input.times {
            guard raw.count <= PillConstants.maxTimesPerMedication else {
                refuse(what, id, "too-many-times", why: "more than \(PillConstants.maxTimesPerMedication) times", &world); return nil
            }
            var parsed: [TimeOfDay] = []
            for v in raw {
                guard let t = try? TimeOfDay(hhmmValue: v) else {
                    refuse(what, id, "bad-time", why: "time \(v): hour must be 0...23 and minute 0...59", &world); return nil
                }
                if parsed.contains(t) {
                    world.emit(Record("med.duplicateTime").string("med", id).word("time", t.digits).string("kept", "one reminder"))
                } else { parsed.append(t) }
            }
            times = parsed.sorted()
        }
        let perDose = input.pillsPerDose ?? base?.pillsPerDose ?? 1
        guard perDose >= 1 else { refuse(what, id, "bad-per-dose", why: "pillsPerDose \(perDose) must be at least 1", &world); return nil }
        let pills = input.pills ?? base?.pillsRemaining ?? 0
        guard pills >= 0 else { refuse(what, id, "negative-pills", why: "pills \(pills) is negative", &world); return nil }
        let warn = input.warnDays ?? base?.lowSupplyWarningDays ?? 5
        guard (0...365).contains(warn) else { refuse(what, id, "bad-warn-days", why: "warnDays \(warn) is outside 0...365", &world); return nil }
        var m = base ?? Medication(id: id, name: name, pillsPerDose: perDose, times: times, pillsRemaining: pills,
                                   lowSupplyWarningDays: warn, since: world.now)
        m.name = name
        m.pillsPerDose = perDose
        m.times = times
        m.pillsRemaining = pills
        m.lowSupplyWarningDays = warn
        // Fault storedAsDate: the app keeps each time as the UTC time of its next occurrence.
        m.bakedUTC = times.compactMap { t in t.nextOccurrence(after: world.now, in: world.zone).map { TimeOfDay(at: $0, in: .utc) } }
        return m
    }

    /// A form action (add, edit, delete, refill, correct, reset) needs the app on screen: a user
    /// cannot tap a suspended or background app's form. Accepting one there let a walk add a
    /// medication while the device was still before its first unlock (no one can open the app
    /// then): its save failed, the user's terminate lost it, and its reminders stayed pending for a
    /// medication the relaunched app never had (found by `lockstep explore pillReminders`, seed 75).
    static func requireForeground(_ what: String, _ s: PillState, _ world: inout World<PillReminders>) -> Bool {
        guard s.life.phase.processExists else { notRunning(what, &world); return false }
        guard s.life.phase.isForeground else {
            world.reject(what, "app-not-on-screen") { $0.word("phase", s.life.phase.word) }
            return false
        }
        return true
    }

    static func requireList(_ what: String, _ s: PillState, _ world: inout World<PillReminders>) -> Bool {
        guard requireForeground(what, s, &world) else { return false }
        guard s.meds != nil else {
            world.reject(what, "store-unavailable")
            return false
        }
        return true
    }

    static func addMedication(_ input: MedicationInput, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard requireList("addMed", s, &world) else { return }
        guard s.med(input.id) == nil else { return refuse("addMed", input.id, "duplicate-id", &world) }
        guard s.meds!.count < PillConstants.maxMedications else { return refuse("addMed", input.id, "too-many-medications", &world) }
        guard let m = validate(input, base: nil, "addMed", &world) else { return }
        s.meds!.append(m)
        world.emit(Record("med.added").string("med", m.id).with("times", .tuple(m.times.map { .word($0.digits) })).int("pills", m.pillsRemaining))
        if !m.times.isEmpty && s.centre.authorization == .notDetermined {
            if s.centre.requestAuthorization(answer: s.permissionAnswer, &world) == .denied { permissionHint(&world) }
        }
        changed(m.id, &s, &world, reason: "add")
    }

    static func editMedication(_ input: MedicationInput, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard requireList("editMed", s, &world) else { return }
        guard let i = s.meds!.firstIndex(where: { $0.id == input.id }) else { return refuse("editMed", input.id, "unknown-medication", &world) }
        guard let m = validate(input, base: s.meds![i], "editMed", &world) else { return }
        s.meds![i] = m
        world.emit(Record("med.edited").string("med", m.id).with("times", .tuple(m.times.map { .word($0.digits) })).int("pills", m.pillsRemaining))
        changed(m.id, &s, &world, reason: "edit")
    }

    static func deleteMedication(_ id: String, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard requireList("deleteMed", s, &world) else { return }
        guard s.med(id) != nil else { return refuse("deleteMed", id, "unknown-medication", &world) }
        s.meds!.removeAll { $0.id == id }
        s.supply[id] = nil
        world.emit(Record("med.deleted").string("med", id))
        // Only this medication's own requests: its doses, snooze and warning.
        let own = s.centre.pendingIdentifiers.filter { $0.hasPrefix("dose.\(id).") || $0 == "snooze.\(id)" || $0 == "supply.\(id)" }
        if !own.isEmpty { s.centre.remove(own, &world, wake: .notificationDue) }
        Scheduler.sync(&s, &world, reason: "delete")
        save(&s, &world)
    }

    static func refill(_ id: String, _ pills: Int, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard requireList("refill", s, &world) else { return }
        guard let i = s.meds!.firstIndex(where: { $0.id == id }) else { return refuse("refill", id, "unknown-medication", &world) }
        guard pills >= 1 else { return refuse("refill", id, "bad-pills", why: "pills \(pills) must be at least 1", &world) }
        s.meds![i].pillsRemaining += pills
        world.emit(Record("refilled").string("med", id).int("added", pills).int("pills", s.meds![i].pillsRemaining))
        changed(id, &s, &world, reason: "refill")
    }

    /// After any change to one medication: supply, schedule, save.
    static func changed(_ id: String, _ s: inout PillState, _ world: inout World<PillReminders>, reason: String) {
        recomputeSupply(&s, &world, only: id)
        Scheduler.sync(&s, &world, reason: reason)
        save(&s, &world)
    }

    static func recomputeSupply(_ s: inout PillState, _ world: inout World<PillReminders>, only: String?) {
        guard let meds = s.meds else { return }
        for m in meds where only == nil || m.id == only {
            let st = Supply.status(m, now: world.now, zone: world.zone)
            if s.supply[m.id] == st && only == nil { continue }
            s.supply[m.id] = st
            var r = Record("supply").string("med", m.id).int("pills", m.pillsRemaining).int("perDay", st.pillsPerDay)
            if let d = st.daysLeft, let runOut = st.runOut {
                r = r.int("daysLeft", d).word("runOut", world.zone.formatLocal(runOut))
            } else {
                r = r.word("daysLeft", "none")
            }
            r = st.warningAt.map { r.word("warning", world.zone.formatLocal($0)) } ?? r.word("warning", "none")
            world.emit(r)
        }
    }

    static func permissionHint(_ world: inout World<PillReminders>) {
        world.emit(Record("permission.denied").string("hint", "Reminders are off. Turn on notifications in Settings > Daily Pills."))
    }

    // MARK: Responses

    static func respond(_ id: String, _ action: String, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard let r = s.centre.respond(id, action: action, &world) else { return }
        // The system brings the app to the foreground, or runs it in the background for the action.
        var backgroundRun = false
        if r.opensApp {
            if !s.life.phase.processExists { perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world) }
            if !s.life.isActive { perform(s.life.handle(.becomeActive, &world).actions, &s, &world) }
        } else if !s.life.phase.processExists {
            perform(s.life.handle(.launch(.notificationAction), &world).actions, &s, &world)
            // The launch finishes in the background (didFinishLaunching, then no scene comes up).
            perform(s.life.handle(.enterBackground, &world).actions, &s, &world)
            backgroundRun = true
        } else if s.life.phase == .suspended {
            perform(s.life.handle(.wake(.notificationAction), &world).actions, &s, &world)
            backgroundRun = true
        }
        handle(r, &s, &world)
        if backgroundRun { perform(s.life.handle(.returned(end: true), &world).actions, &s, &world) }
    }

    static func handle(_ r: NotificationResponse, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard let med = r.content.userInfo["medID"] else {
            world.reject("response", "no-med-id") { $0.string("id", r.identifier) }
            return
        }
        let slot = r.content.userInfo["time"] ?? ""
        switch r.action {
        case PillConstants.taken:
            if s.meds == nil {
                // The list can't be read (before first unlock): hold the dose, save when possible.
                s.queued.append(QueuedDose(med: med, slot: slot, at: world.now))
                world.emit(Record("dose.queued").word("med", med).word("time", slot).word("reason", s.problem.map(problemWord) ?? "notLoaded"))
                return
            }
            recordTaken(med, slot: slot, at: world.now, &s, &world, source: "notification")
        case PillConstants.snooze:
            guard s.meds == nil || s.med(med) != nil else {
                world.reject("response", "unknown-medication") { $0.string("id", r.identifier) }
                return
            }
            let id = world.isOn(.freshSnoozeId) ? "snooze.\(med).\(world.uuid())" : "snooze.\(med)"
            let result = s.centre.add(NotificationRequest(identifier: id, content: r.content,
                                                          trigger: .timeInterval(PillConstants.snoozeDelay, repeats: false)),
                                      &world, wake: .notificationDue)
            world.emit(Record("snoozed").word("med", med).string("id", id).word("result", result.word).instant("until", world.now + PillConstants.snoozeDelay))
        case SystemNotificationAction.default:
            world.emit(Record("opened").string("id", r.identifier).word("med", med).string("note", "opening the app does not log a dose"))
        default:
            world.reject("response", "unhandled-action") { $0.string("id", r.identifier) }
        }
    }

    static func recordTaken(_ med: String, slot: String, at: Instant, _ s: inout PillState, _ world: inout World<PillReminders>, source: String) {
        guard let i = s.meds?.firstIndex(where: { $0.id == med }) else {
            world.reject("response", "unknown-medication") { $0.word("med", med) }
            return
        }
        var m = s.meds![i]
        m.append(DoseEvent(kind: .taken, at: at, slot: slot))
        m.pillsRemaining = max(0, m.pillsRemaining - m.pillsPerDose)
        s.meds![i] = m
        world.emit(Record("dose.taken").word("med", med).word("time", slot).instant("at", at).word("source", source)
            .int("pills", m.pillsRemaining))
        changed(med, &s, &world, reason: "taken")
    }

    static func correct(_ med: String, _ time: Int, _ s: inout PillState, _ world: inout World<PillReminders>) {
        guard requireList("correct", s, &world) else { return }
        guard let i = s.meds!.firstIndex(where: { $0.id == med }) else { return refuse("correct", med, "unknown-medication", &world) }
        guard let t = try? TimeOfDay(hhmmValue: time) else { return refuse("correct", med, "bad-time", why: "time \(time) is not a valid HHmm", &world) }
        var m = s.meds![i]
        let corrected = Set(m.log.filter { $0.kind == .corrected }.map { $0.at })
        guard let missed = m.log.last(where: { $0.kind == .missed && $0.slot == t.digits && !corrected.contains($0.at) }) else {
            return refuse("correct", med, "nothing-to-correct", why: "no missed \(t.digits) dose to correct", &world)
        }
        m.append(DoseEvent(kind: .corrected, at: missed.at, slot: t.digits))
        m.pillsRemaining = max(0, m.pillsRemaining - m.pillsPerDose)
        s.meds![i] = m
        world.emit(Record("dose.corrected").word("med", med).word("time", t.digits).instant("slot", missed.at)
            .int("missedCount", m.outstandingMissed).int("pills", m.pillsRemaining))
        changed(med, &s, &world, reason: "correct")
    }

    // MARK: Device

    static func device(_ action: DeviceAction, _ s: inout PillState, _ world: inout World<PillReminders>) {
        switch action {
        case .reboot:
            if s.life.phase.processExists { perform(s.life.handle(.terminate(.system), &world).actions, &s, &world) }
            s.files.setLock(.beforeFirstUnlock, &world)
        case .lock:
            s.files.setLock(.locked, &world)
        case .unlock:
            s.files.setLock(.unlocked, &world)
            // A process that is running (not suspended) hears protected data become available.
            if s.life.phase.isRunning { retryStorage(&s, &world) }
        }
    }
}
