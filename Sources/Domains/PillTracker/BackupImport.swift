import LockstepCore

/// Decoding a backup file: the whole file is read and checked before anything is written, so a bad
/// file is refused as a whole. `failedAt` says which medication the first problem is in, for the
/// half-applied-import fault (which writes the ones before it).
enum BackupImport {
    struct Med: Hashable, Sendable {
        var med: Medication
        var intakes: [Intake]
        /// Sub-second parts the decoder could not see (always 0: fractions are refused), kept for
        /// the record's shape.
    }

    struct Failure: Error, Hashable, Sendable {
        /// `malformedJSON`, `missingKey`, `badType`, `unsupportedVersion`, `badDate`, `badStatus`,
        /// `badValue`, `tooLarge`, `tooMany`.
        var reason: String
        var path: String
        var detail: String
        /// The medication index the problem is in (nil: the file's header).
        var failedAt: Int?
        /// What decoded before the problem (for the fault only).
        var before: [Med]
    }

    static func lineColumn(_ bytes: [UInt8], _ offset: Int) -> String {
        var line = 1, col = 1
        for b in bytes.prefix(offset) { if b == 10 { line += 1; col = 1 } else { col += 1 } }
        return "\(line):\(col)"
    }

    static func decode(_ bytes: [UInt8], acceptUnknownStatus: Bool) -> Result<[Med], Failure> {
        func fail(_ r: String, _ p: String, _ d: String, _ at: Int? = nil, _ before: [Med] = []) -> Result<[Med], Failure> {
            .failure(Failure(reason: r, path: p, detail: d, failedAt: at, before: before))
        }
        guard bytes.count <= BackupJSON.maxBytes else { return fail("tooLarge", "$", "\(bytes.count) bytes over the limit of \(BackupJSON.maxBytes)") }
        let doc: JSONValue
        do { doc = try JSONDocument.parse(bytes) } catch {
            return fail("malformedJSON", lineColumn(bytes, error.offset), error.message)
        }
        guard doc.object != nil else { return fail("badType", "$", "expected an object, got \(doc.typeName)") }
        guard let v = doc["version"] else { return fail("missingKey", "version", "keyNotFound 'version'") }
        guard let version = v.int else { return fail("badType", "version", "expected an integer, got \(v.typeName)") }
        guard version == BackupJSON.version else { return fail("unsupportedVersion", "version", "version \(version); this app reads version \(BackupJSON.version)") }
        guard let e = doc["exportedAt"] else { return fail("missingKey", "exportedAt", "keyNotFound 'exportedAt'") }
        if case .failure(let f) = date(e, "exportedAt") { return fail(f.reason, f.path, f.detail) }
        guard let medsValue = doc["medications"] else { return fail("missingKey", "medications", "keyNotFound 'medications'") }
        guard let meds = medsValue.array else { return fail("badType", "medications", "expected an array, got \(medsValue.typeName)") }
        guard meds.count <= Medication.maxCount else { return fail("tooMany", "medications", "\(meds.count) medications over the limit of \(Medication.maxCount)") }
        var out: [Med] = []
        var intakeCount = 0
        for (mi, mv) in meds.enumerated() {
            switch medication(mv, index: mi, acceptUnknownStatus: acceptUnknownStatus) {
            case .failure(let f): return fail(f.reason, f.path, f.detail, mi, out)
            case .success(let m):
                intakeCount += m.intakes.count
                guard intakeCount <= MedStore.maxIntakes else { return fail("tooMany", "medications[\(mi)].intakes", "over \(MedStore.maxIntakes) intakes in all", mi, out) }
                out.append(m)
            }
        }
        return .success(out)
    }

    struct Problem: Error, Hashable, Sendable {
        var reason: String
        var path: String
        var detail: String
        init(_ reason: String, _ path: String, _ detail: String) {
            self.reason = reason
            self.path = path
            self.detail = detail
        }
    }

    static func date(_ v: JSONValue, _ path: String) -> Result<Instant, Problem> {
        guard let s = v.string else { return .failure(Problem("badType", path, "expected a date string, got \(v.typeName)")) }
        if s.contains(".") { return .failure(Problem("badDate", path, "'\(s)' has a fraction, which .iso8601 does not read")) }
        switch CivilTime.parseISO8601(Substring(s), requireUTC: false) {
        case .success(let t): return .success(t)
        case .failure(let e): return .failure(Problem("badDate", path, "'\(s)': \(e.message)"))
        }
    }

    static func medication(_ v: JSONValue, index mi: Int, acceptUnknownStatus: Bool) -> Result<Med, Problem> {
        let p = "medications[\(mi)]"
        guard v.object != nil else { return .failure(Problem("badType", p, "expected an object, got \(v.typeName)")) }
        func string(_ k: String, optional: Bool = false) -> Result<String?, Problem> {
            guard let x = v[k], !x.isNull else { return optional ? .success(nil) : .failure(Problem("missingKey", "\(p).\(k)", "keyNotFound '\(k)'")) }
            guard let s = x.string else { return .failure(Problem("badType", "\(p).\(k)", "expected a string, got \(x.typeName)")) }
            return .success(s)
        }
        func number(_ k: String) -> Result<Double, Problem> {
            guard let x = v[k] else { return .failure(Problem("missingKey", "\(p).\(k)", "keyNotFound '\(k)'")) }
            guard let t = x.numberText, let d = Double(t), d.isFinite else { return .failure(Problem("badType", "\(p).\(k)", "expected a number, got \(x.typeName)")) }
            return .success(d)
        }
        func when(_ k: String, optional: Bool = false) -> Result<Instant?, Problem> {
            guard let x = v[k], !x.isNull else { return optional ? .success(nil) : .failure(Problem("missingKey", "\(p).\(k)", "keyNotFound '\(k)'")) }
            switch date(x, k) {
            case .success(let t): return .success(t)
            case .failure(let f): return .failure(Problem(f.reason, "\(p).\(k)", f.detail))
            }
        }
        do throws(Problem) {
            let name = try string("name").get()!, form = try string("form").get()!
            let strength = try string("strength", optional: true).get(), barcode = try string("barcode", optional: true).get()
            let q = try number("quantityRemaining").get(), d = try number("dosePerIntake").get()
            let start = try when("startDate").get()!, end = try when("endDate", optional: true).get()
            guard MedForm(rawValue: form) != nil else { return .failure(Problem("badValue", "\(p).form", "'\(form)' is not tablet, capsule, syrup or injection")) }
            guard let tv = v["scheduleTimes"] else { return .failure(Problem("missingKey", "\(p).scheduleTimes", "keyNotFound 'scheduleTimes'")) }
            guard let ta = tv.array, ta.count <= Medication.maxTimes else { return .failure(Problem("badType", "\(p).scheduleTimes", "expected an array of at most \(Medication.maxTimes)")) }
            var times: [DoseTime] = []
            for (ti, t) in ta.enumerated() {
                guard let h = t["hour"]?.int, let m = t["minute"]?.int, (0...23).contains(h), (0...59).contains(m) else {
                    return .failure(Problem("badValue", "\(p).scheduleTimes[\(ti)]", "expected {hour 0-23, minute 0-59}"))
                }
                times.append(DoseTime(hour: h, minute: m))
            }
            guard let iv = v["intakes"] else { return .failure(Problem("missingKey", "\(p).intakes", "keyNotFound 'intakes'")) }
            guard let ia = iv.array else { return .failure(Problem("badType", "\(p).intakes", "expected an array, got \(iv.typeName)")) }
            var intakes: [Intake] = []
            for (ii, x) in ia.enumerated() {
                let ip = "\(p).intakes[\(ii)]"
                guard x.object != nil else { return .failure(Problem("badType", ip, "expected an object, got \(x.typeName)")) }
                guard let sv = x["scheduledAt"] else { return .failure(Problem("missingKey", "\(ip).scheduledAt", "keyNotFound 'scheduledAt'")) }
                let sched: Instant
                switch date(sv, "scheduledAt") { case .success(let t): sched = t; case .failure(let f): return .failure(Problem(f.reason, "\(ip).scheduledAt", f.detail)) }
                var logged: Instant?
                if let lv = x["loggedAt"], !lv.isNull {
                    switch date(lv, "loggedAt") { case .success(let t): logged = t; case .failure(let f): return .failure(Problem(f.reason, "\(ip).loggedAt", f.detail)) }
                }
                guard let stv = x["status"] else { return .failure(Problem("missingKey", "\(ip).status", "keyNotFound 'status'")) }
                guard let st = stv.string else { return .failure(Problem("badType", "\(ip).status", "expected a string, got \(stv.typeName)")) }
                if IntakeStatus(rawValue: st) == nil && !acceptUnknownStatus {
                    return .failure(Problem("badStatus", "\(ip).status", "'\(st)' is not taken, missed or skipped"))
                }
                intakes.append(Intake(id: 0, medID: 0, scheduledAt: sched, loggedAt: logged, statusRaw: st))
            }
            let med = Medication(id: 0, name: name, form: form, strength: strength, barcode: barcode, photoBytes: nil,
                                 quantityRemaining: q, dosePerIntake: d, times: times, startDate: start, endDate: end)
            return .success(Med(med: med, intakes: intakes))
        } catch {
            return .failure(error)
        }
    }
}

extension BackupImport.Failure {
    var record: Record {
        Record("import.rejected").word("reason", reason).string("at", path).string("why", detail)
    }
}
