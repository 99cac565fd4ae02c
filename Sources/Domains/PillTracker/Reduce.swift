import LockstepCore
import Platform

extension PillTracker {
    /// `ModelContainer(for:, configurations: ModelConfiguration("Medications", groupContainer:
    /// .identifier(group), cloudKitDatabase: .none))`.
    static func openStore(_ s: inout PillTrackerState, _ world: inout World<PillTracker>) {
        s.launched = true
        world.emit(Record("store.opened").string("group", MedStore.appGroup).string("name", MedStore.storeName)
            .word("cloudKit", world.isOn(.cloudKitSync) ? "private" : "none"))
    }

    /// Every save goes to CloudKit when the capability leaks in (the fault), which the privacy
    /// line forbids.
    static func saved(_ s: inout PillTrackerState, _ world: inout World<PillTracker>, _ what: String) {
        guard world.isOn(.cloudKitSync) else { return }
        s.cloudUploads += 1
        world.emit(Record("cloud.upload").word("what", what).int("count", s.cloudUploads))
    }

    static func reloadWidget(_ s: inout PillTrackerState, _ world: inout World<PillTracker>) {
        guard !world.isOn(.noWidgetReload) else { return }
        s.widgetReloads += 1
        world.emit(Record("widget.reload").word("kind", WidgetTimeline.kind))
    }

    static let allowedSymbologies: [BarcodeSymbology] = [.ean13, .ean8, .upce, .code128, .dataMatrix]

    public static func reduce(_ s: inout PillTrackerState, _ event: PillTrackerEvent, _ world: inout World<PillTracker>) {
        // The invariants read what this step wrote: forget the last step's.
        s.touch = .none
        _ = s.store.db.takeChangedTables()
        switch event {
        case .launch:
            guard !s.launched else { world.reject("launch", "already-launched"); return }
            openStore(&s, &world)
        case .container(let available):
            s.containerAvailable = available
            world.emit(Record("container").bool("available", available))
        case .widget(let request):
            widget(&s, request, &world)
        case .capture(let e):
            capture(&s, e, &world)
        default:
            guard s.launched else { world.reject(kind(of: event), "not-launched"); return }
            app(&s, event, &world)
        }
    }

    static func app(_ s: inout PillTrackerState, _ event: PillTrackerEvent, _ world: inout World<PillTracker>) {
        switch event {
        case .scan: scan(&s, &world)
        case .confirm(let form): confirm(&s, form, &world)
        case .logIntake(let med, let at, let status, let loggedAt): logDose(&s, med, at, status, loggedAt ?? world.now, &world)
        case .delete(let med):
            guard s.store.hasMedication(med) else { world.reject("delete", "unknown-med") { $0.int64("med", med) }; return }
            let n = (try? s.store.db.delete(MedStore.medTable, key: .int(med))) ?? 0
            s.touch = .bulk
            s.store.reindex()
            s.photoFiles[med] = nil
            world.emit(Record("med.deleted").int64("med", med).int("intakesDeleted", n - 1))
            saved(&s, &world, "delete")
            reloadWidget(&s, &world)
        case .stats(let from, let to):
            guard from <= to else { world.reject("stats", "end-before-start"); return }
            let st = Adherence.stats(s.store.intakes(), in: .init(start: from, end: to, closed: true), skippedCountsAsDue: world.isOn(.skippedAsMissed))
            world.emit(Record("stats").instant("from", from).instant("to", to).int("due", st.due).int("taken", st.taken)
                .int("late", st.late).fixed("rate", st.rate, 4))
        case .daily(let days): daily(&s, days, &world)
        case .report(let title, let from, let to, let label): report(&s, title, from, to, label, &world)
        case .export(let format): export(&s, format, &world)
        case .importFile(let bytes, let type, _): importBytes(&s, bytes, type, &world)
        case .reimport:
            guard let bytes = s.lastExportJSON else { world.reject("reimport", "nothing-exported"); return }
            importBytes(&s, bytes, .json, &world)
        case .importConfirm(let replace):
            guard let pending = s.pendingImport else { world.reject("importConfirm", "no-pending-import"); return }
            s.pendingImport = nil
            guard replace else { world.emit(Record("import.cancelled").digest("store", s.store.digest)); return }
            apply(&s, pending, replacing: true, &world)
        case .launch, .container, .widget, .capture: break
        }
    }

    // MARK: Scanner

    static func scan(_ s: inout PillTrackerState, _ world: inout World<PillTracker>) {
        let gate = world.isOn(.deadScanButton) ? s.scanner.isSupported : s.scanner.canScan
        guard gate else {
            s.formOpen = true
            s.formBarcode = nil
            world.emit(Record("entry.manual").word("why", s.scanner.isSupported ? "unavailable" : "unsupported"))
            return
        }
        s.delivered = nil
        let outcome = s.scanner.startScanning()
        world.emit(Record("scanner.config").string("symbologies", (world.isOn(.broadSymbologies) ? BarcodeSymbology.allCases : allowedSymbologies).map(\.rawValue).joined(separator: ","))
            .word("quality", "balanced").bool("multipleItems", false).bool("highFrameRateTracking", false).bool("highlighting", true))
        world.emit(outcome)
    }

    static func capture(_ s: inout PillTrackerState, _ e: CaptureSystemEvent, _ world: inout World<PillTracker>) {
        guard case .scanner(let se) = e else { world.reject("capture", "not-a-scanner-event"); return }
        let outcome = s.scanner.handle(se)
        world.emit(outcome)
        guard case .added(let items, _) = outcome else { return }
        for item in items {
            guard s.delivered == nil else { world.emit(Record("scan.skipped").int("id", item.id.rawValue).word("why", "already-delivered")); continue }
            switch item.content {
            case .text: world.emit(Record("scan.skipped").int("id", item.id.rawValue).word("why", "text"))
            case .barcode(_, nil): world.emit(Record("scan.skipped").int("id", item.id.rawValue).word("why", "no-payload"))
            case .barcode(let sym, let payload?):
                guard world.isOn(.broadSymbologies) || allowedSymbologies.contains(sym) else {
                    world.emit(Record("scan.skipped").int("id", item.id.rawValue).word("why", "symbology").word("symbology", sym.rawValue))
                    continue
                }
                s.delivered = payload
                world.emit(Record("scan.delivered").string("code", payload).word("symbology", sym.rawValue))
                world.emit(s.scanner.stopScanning())
                lookup(&s, payload, &world)
            }
        }
    }

    /// Catalogue first, then the user's history; the result always opens the editable form.
    static func lookup(_ s: inout PillTrackerState, _ code: String, _ world: inout World<PillTracker>) {
        var source = LookupSource.none
        var entry: CatalogEntry?
        if let c = BundledCatalog.lookup(code, in: s.catalog) { source = .catalog; entry = c }
        else if let h = s.history.last(where: { $0.0 == code })?.1 { source = .history; entry = h }
        s.formOpen = true
        s.formBarcode = code
        var r = Record("form.prefill").word("source", source.rawValue).string("barcode", code)
        if let entry {
            r = r.string("name", entry.name).word("form", entry.form)
            if let st = entry.strength { r = r.string("strength", st) }
        }
        world.emit(r)
        if world.isOn(.autoSaveScan), let entry {
            world.emit(Record("form.autoSaved").string("name", entry.name))
            confirm(&s, MedicationForm(name: entry.name, form: entry.form, strength: entry.strength, barcode: code, photoBytes: nil,
                                       quantity: 0, dose: 1, times: "", start: nil, end: nil), &world)
        }
    }

    // MARK: Medications and intakes

    static func confirm(_ s: inout PillTrackerState, _ f: MedicationForm, _ world: inout World<PillTracker>) {
        func bad(_ field: String, _ why: String) { world.reject("confirm", "invalid-form") { $0.word("field", field).string("why", why) } }
        let name = Interactions.trim(f.name)
        guard !name.isEmpty else { return bad("name", "the name is empty") }
        guard MedForm(rawValue: f.form) != nil else { return bad("form", "'\(f.form)' is not tablet, capsule, syrup or injection") }
        guard f.quantity >= 0, f.quantity.isFinite else { return bad("quantity", "quantityRemaining must be 0 or more") }
        guard f.dose > 0, f.dose.isFinite else { return bad("dose", "dosePerIntake must be more than 0") }
        let times: [DoseTime]
        switch DoseTime.parseList(f.times) {
        case .success(let t): times = t
        case .failure(let why): return bad("times", why.message)
        }
        let start = f.start ?? world.now
        if let end = f.end, end < start { return bad("end", "the end date is before the start date") }
        guard s.store.db.count(MedStore.medTable) < Medication.maxCount else {
            world.reject("confirm", "limit") { $0.word("limit", "medications").int("value", Medication.maxCount) }
            return
        }
        let existing = s.store.medicationColumn("name").compactMap(\.text)
        let partners = Interactions.partners(of: name, among: existing)
        if world.isOn(.safeWording) && partners.isEmpty {
            world.emit(Record("interaction.none").string("text", Interactions.safeText))
        } else if partners.isEmpty {
            world.emit(Record("interaction.none").string("text", Interactions.noneText).word("dataDate", Interactions.versionDate))
        }
        for p in partners {
            world.emit(Record("interaction.warning").string("with", p).string("text", Interactions.warningText(name, p)).word("dataDate", Interactions.versionDate))
        }
        let id = s.store.nextMedID
        let barcode = f.barcode ?? s.formBarcode
        let med = Medication(id: id, name: name, form: f.form, strength: f.strength, barcode: barcode, photoBytes: f.photoBytes,
                             quantityRemaining: f.quantity, dosePerIntake: f.dose, times: times.sorted(), startDate: start, endDate: f.end)
        let inline = world.isOn(.photoInline)
        do { try s.store.db.upsert(MedStore.medTable, MedStore.medRow(med, inlinePhoto: inline)) } catch {
            world.reject("confirm", "store") { $0.string("why", error.message) }
            return
        }
        s.store.nextMedID += 1
        if let p = f.photoBytes, !inline { s.photoFiles[id] = p }
        if let barcode {
            s.history.removeAll { $0.0 == barcode }
            s.history.append((barcode, CatalogEntry(name: name, form: f.form, strength: f.strength)))
            if s.history.count > Medication.maxCount { s.history.removeFirst() }
        }
        s.formOpen = false
        s.formBarcode = nil
        var r = Record("med.saved").int64("id", id).string("name", name).word("form", f.form)
        if let st = f.strength { r = r.string("strength", st) }
        if let b = barcode { r = r.string("barcode", b) }
        r = r.string("times", med.scheduleText).string("remaining", PDFReport.remaining(f.quantity, med.medForm))
        if let p = f.photoBytes { r = r.word("photo", inline ? "inline" : "external").int("dbPhotoBytes", inline ? p : 0) }
        world.emit(r)
        saved(&s, &world, "medication")
    }

    static func logDose(_ s: inout PillTrackerState, _ med: Int64, _ at: Instant, _ statusRaw: String, _ loggedAt: Instant,
                    _ world: inout World<PillTracker>) {
        guard let status = IntakeStatus(rawValue: statusRaw) else {
            world.reject("log", "bad-status") { $0.string("status", statusRaw) }
            return
        }
        guard let row = (try? s.store.db.row(MedStore.medTable, key: .int(med))) ?? nil else {
            world.reject("log", "unknown-med") { $0.int64("med", med) }
            return
        }
        var m = MedStore.medication(row, photoBytes: s.photoFiles)
        let previous = s.store.loggedIntake(med: med, at: at)
        let id = previous?.id ?? s.store.nextIntakeID
        let logged: Instant? = status == .taken ? loggedAt : (status == .missed ? nil : loggedAt)
        let intake = Intake(id: id, medID: med, scheduledAt: at, loggedAt: logged, statusRaw: status.rawValue)
        // Both statements or neither, without `transaction`: it copies the whole intake table,
        // once per dose. The upsert is the one that can fail (the row limit) and goes first; the
        // quantity update of a row just read cannot, and if it did the intake is put back.
        do {
            try s.store.db.upsert(MedStore.intakeTable, MedStore.intakeRow(intake))
        } catch {
            world.reject("log", "store") { $0.string("why", error.message) }
            return
        }
        s.touch = .intake(id: id)
        if status == .taken && previous?.status != .taken {
            m.quantityRemaining = max(0, m.quantityRemaining - m.dosePerIntake)
            do {
                try s.store.db.update(MedStore.medTable, key: .int(med), set: [("quantityRemaining", .real(m.quantityRemaining))])
            } catch {
                if let previous { try? s.store.db.upsert(MedStore.intakeTable, MedStore.intakeRow(previous)) }
                else { _ = try? s.store.db.delete(MedStore.intakeTable, key: .int(id)) }
                world.reject("log", "store") { $0.string("why", error.message) }
                return
            }
        }
        if previous == nil {
            s.store.nextIntakeID += 1
            s.store.indexIntake(intake)
        }
        let late = status == .taken && (loggedAt - at) > Adherence.lateThreshold
        var r = Record("intake.logged").int64("med", med).instant("scheduledAt", at).word("status", status.rawValue)
        if let logged { r = r.instant("loggedAt", logged) }
        r = r.bool("late", late).string("remaining", PDFReport.remaining(m.quantityRemaining, m.medForm))
        if previous != nil { r = r.bool("replaced", true) }
        world.emit(r)
        saved(&s, &world, "intake")
        reloadWidget(&s, &world)
    }

    // MARK: Queries

    static func daily(_ s: inout PillTrackerState, _ days: Int, _ world: inout World<PillTracker>) {
        guard days > 0 else {
            world.emit(Record("daily").int("days", 0).int("asked", days))
            return
        }
        var n = days
        if n > Adherence.maxDays {
            world.emit(Record("limit").word("what", "dailyDays").int("asked", days).int("limit", Adherence.maxDays))
            n = Adherence.maxDays
        }
        let series = Adherence.daily(s.store.intakes(), days: n, now: world.now, zone: world.zone, closed: world.isOn(.midnightDoubleCount),
                                     emptyIsFull: world.isOn(.emptyDayGreen), skippedCountsAsDue: world.isOn(.skippedAsMissed))
        world.emit(Record("daily").int("days", n))
        for d in series {
            var r = Record("daily.day").word("date", ZeroPad.date(world.zone.localDateTime(d.start)))
                .int("hours", Int((d.end - d.start).nanoseconds / 3_600_000_000_000)).int("due", d.stats.due).int("taken", d.stats.taken)
            r = d.rate.map { r.fixed("rate", $0, 4) } ?? r.word("rate", "none")
            world.emit(r.word("band", Adherence.band(d.rate)))
        }
    }

    static func widget(_ s: inout PillTrackerState, _ request: WidgetRequest, _ world: inout World<PillTracker>) {
        let now = world.now
        if request == .placeholder {
            world.emit(Record("widget.entry").word("request", "placeholder").instant("date", now).fixed("todayRate", 1.0, 4))
            world.emit(Record("widget.upcoming").string("name", "Vitamin D").instant("at", now))
            return
        }
        guard s.launched && s.containerAvailable else {
            if world.isOn(.widgetCrashOnEmpty) {
                world.emit(Record("widget.crashed").word("request", request.rawValue).string("why", "ModelContainer could not be opened"))
                return
            }
            world.emit(Record("widget.entry").word("request", request.rawValue).instant("date", now).int("upcoming", 0)
                .word("todayRate", "none").word("fallback", s.launched ? "containerUnavailable" : "noStoreYet"))
            if request == .timeline { world.emit(Record("widget.policy").instant("after", now + WidgetTimeline.idleRefresh)) }
            return
        }
        let e = WidgetTimeline.entry(meds: s.medications, intakes: s.store.intakes(), now: now, zone: world.zone,
                                     includeEnded: world.isOn(.endedMedUpcoming))
        var r = Record("widget.entry").word("request", request.rawValue).instant("date", now).int("upcoming", e.upcoming.count)
        r = e.todayRate.map { r.fixed("todayRate", $0, 4) } ?? r.word("todayRate", "none")
        if let end = e.todayEnd { r = r.instant("todayEnd", end) }
        world.emit(r)
        for u in e.upcoming { world.emit(Record("widget.upcoming").string("name", u.name).instant("at", u.at).string("local", world.zone.formatLocal(u.at))) }
        if request == .timeline { world.emit(Record("widget.policy").instant("after", WidgetTimeline.policy(e))) }
    }

    static func report(_ s: inout PillTrackerState, _ title: String, _ from: Instant, _ to: Instant, _ label: String,
                       _ world: inout World<PillTracker>) {
        guard from <= to else { world.reject("report", "end-before-start"); return }
        let intakes = s.store.intakes()
        let window = Adherence.Window(start: from, end: to, closed: true)
        var rows: [[String]] = []
        for m in s.medications {
            let st = Adherence.stats(intakes.filter { $0.medID == m.id }, in: window, skippedCountsAsDue: world.isOn(.skippedAsMissed))
            rows.append([m.name, m.scheduleText, PDFReport.percent(st), PDFReport.remaining(m.quantityRemaining, m.medForm)])
        }
        let doc: PDFLayout
        do { doc = try PDFReport.layout(title: title, period: label, rows: rows, paginates: !world.isOn(.pdfNoPagination)) } catch {
            world.reject("report", "layout") { $0.string("why", error.description) }
            return
        }
        for r in doc.records { world.emit(r) }
        let lastBox = doc.commands.last { if case .textBox = $0 { true } else { false } }
        let page = PageGeometry.a4
        var r = Record("pdf.done").int("rows", rows.count).int("pages", doc.pageCount).string("file", PDFReport.fileName(world.zone.localDateTime(from)))
        if case .textBox(_, _, let y, _, let h, _)? = lastBox { r = r.fixed("lastRowY", y, 0).bool("lastRowOnPage", y + h <= page.heightPoints) }
        world.emit(r)
    }

    static func export(_ s: inout PillTrackerState, _ format: ExportFormat, _ world: inout World<PillTracker>) {
        let meds = s.medications, intakes = s.store.intakes()
        var csv: CSVWriter?
        if format == .csv {
            do { csv = try CSVExport.table(meds: meds, intakes: intakes) } catch {
                world.reject("export", "csv") { $0.word("error", error.word).string("why", error.description) }
                return
            }
        }
        s.exports += 1
        let bytes: [UInt8]
        let name: String
        switch format {
        case .json:
            bytes = BackupJSON.bytes(meds: meds, intakes: intakes, exportedAt: world.now)
            s.lastExportJSON = bytes
            name = BackupJSON.fileName
            let photos = meds.filter { $0.photoBytes != nil }.count
            let subSecond = intakes.filter { ($0.loggedAt?.nanosecondsSinceEpoch ?? 0) % 1_000_000_000 != 0 || $0.scheduledAt.nanosecondsSinceEpoch % 1_000_000_000 != 0 }.count
            world.emit(Record("export.json").string("file", name).int("bytes", bytes.count).digest("digest", FNV1a64.hash(bytes))
                .int("medications", meds.count).int("intakes", intakes.count).int("photosLeftOut", photos).int("subSecondTruncated", subSecond))
        case .csv:
            bytes = csv?.bytes ?? []
            name = "TrackYourPills-intakes.csv"
            world.emit(Record("export.csv").string("file", name).int("bytes", bytes.count).digest("digest", FNV1a64.hash(bytes)).int("rows", intakes.count))
        }
        world.artifact("export-\(s.exports).\(format.rawValue)", bytes)
    }

    // MARK: Import

    static func importBytes(_ s: inout PillTrackerState, _ bytes: [UInt8], _ type: ImportType, _ world: inout World<PillTracker>) {
        s.statementsBeforeImport = s.store.db.statementCount
        if type == .csv {
            guard world.isOn(.csvAsBackup) else {
                world.emit(Record("import.rejected").word("reason", "csv-is-not-a-backup").string("why", "CSV is the report; only JSON backups restore")
                    .digest("store", s.store.digest))
                return
            }
            switch CSVRestore.decode(bytes) {
            case .success(let meds): apply(&s, meds, replacing: true, &world)
            case .failure(let f): world.emit(f.record.digest("store", s.store.digest))
            }
            return
        }
        switch BackupImport.decode(bytes, acceptUnknownStatus: world.isOn(.unknownStatusAsMissed)) {
        case .failure(let f):
            if world.isOn(.halfAppliedImport), f.failedAt != nil, !f.before.isEmpty {
                insert(&s, f.before, &world)
                world.emit(Record("import.partial").int("written", f.before.count))
            }
            world.emit(f.record.digest("store", s.store.digest))
        case .success(let meds):
            if s.store.db.count(MedStore.medTable) > 0 && !world.isOn(.halfAppliedImport) {
                s.pendingImport = meds
                world.emit(Record("import.needsConfirm").int("medications", meds.count).int("replacing", s.store.db.count(MedStore.medTable)))
                return
            }
            apply(&s, meds, replacing: false, &world)
        }
    }

    /// All or nothing: every row in one transaction; `replacing` deletes the old medications (and,
    /// by cascade, their intakes) inside the same transaction.
    static func apply(_ s: inout PillTrackerState, _ meds: [BackupImport.Med], replacing: Bool, _ world: inout World<PillTracker>) {
        var copy = s
        do {
            if replacing {
                for m in copy.medications { try copy.store.db.delete(MedStore.medTable, key: .int(m.id)) }
                copy.photoFiles = [:]
            }
            try insertRows(&copy.store, meds)
        } catch {
            world.emit(Record("import.rejected").word("reason", "store").string("why", error.message).digest("store", s.store.digest))
            return
        }
        s = copy
        finishImport(&s, meds, &world)
    }

    /// The fault's path: rows written one medication at a time, no transaction.
    static func insert(_ s: inout PillTrackerState, _ meds: [BackupImport.Med], _ world: inout World<PillTracker>) {
        for m in meds { try? insertRows(&s.store, [m]) }
        s.touch = .bulk
        s.store.reindex()
    }

    static func insertRows(_ store: inout MedStore, _ meds: [BackupImport.Med]) throws(ObjectStoreError) {
        for m in meds {
            var med = m.med
            med.id = store.nextMedID
            try store.db.upsert(MedStore.medTable, MedStore.medRow(med, inlinePhoto: false))
            store.nextMedID += 1
            for var i in m.intakes {
                i.id = store.nextIntakeID
                i.medID = med.id
                try store.db.upsert(MedStore.intakeTable, MedStore.intakeRow(i))
                store.nextIntakeID += 1
            }
        }
    }

    static func finishImport(_ s: inout PillTrackerState, _ meds: [BackupImport.Med], _ world: inout World<PillTracker>) {
        let unknown = meds.reduce(0) { $0 + $1.intakes.filter { IntakeStatus(rawValue: $0.statusRaw) == nil }.count }
        s.unknownStatusIntakes += unknown
        s.touch = .bulk
        s.store.reindex()
        var r = Record("import.accepted").int("medications", meds.count).int("intakes", meds.reduce(0) { $0 + $1.intakes.count })
        if unknown > 0 { r = r.int("unknownStatusReadAsMissed", unknown) }
        world.emit(r.digest("store", s.store.digest))
        saved(&s, &world, "import")
        reloadWidget(&s, &world)
    }
}
