import LockstepCore

/// `BackupFile`: `{version, exportedAt, medications: [{…, intakes: [{scheduledAt, loggedAt?, status}]}]}`
/// written by the harness's canonical JSON writer (sorted keys, compact: GAP, the app pretty-prints
/// with `JSONEncoder`; the bytes are the harness's own). Dates are `.iso8601`: UTC, whole seconds
/// (fractions truncated), and on decode a fraction is an error, as Foundation's strategy does.
/// Photos are not in the file.
enum BackupJSON {
    static let version = 1
    static let fileName = "TrackYourPills-backup.json"
    static let maxBytes = 8 * 1_024 * 1_024

    /// `ISO8601DateFormatter()` defaults: `2026-10-01T08:00:00Z`, the fraction dropped.
    static func date(_ t: Instant) -> String {
        CivilTime.iso8601UTC(Instant(secondsSinceEpoch: t.secondsSinceEpochFloor))
    }

    static func number(_ d: Double) -> JSONValue {
        let q = QuantityText.format(d)
        return .number(q)
    }

    static func bytes(meds: [Medication], intakes: [Intake], exportedAt: Instant) -> [UInt8] {
        var medValues: [JSONValue] = []
        for m in meds {
            var fields: [(String, JSONValue)] = [
                ("name", .string(m.name)), ("form", .string(m.form)),
                ("quantityRemaining", number(m.quantityRemaining)), ("dosePerIntake", number(m.dosePerIntake)),
                ("scheduleTimes", .array(m.times.map { .object([("hour", .integer($0.hour)), ("minute", .integer($0.minute))]) })),
                ("startDate", .string(date(m.startDate))),
            ]
            if let s = m.strength { fields.append(("strength", .string(s))) }
            if let b = m.barcode { fields.append(("barcode", .string(b))) }
            if let e = m.endDate { fields.append(("endDate", .string(date(e)))) }
            let mine = intakes.filter { $0.medID == m.id }
            fields.append(("intakes", .array(mine.map { i in
                var f: [(String, JSONValue)] = [("scheduledAt", .string(date(i.scheduledAt))), ("status", .string(i.statusRaw))]
                if let l = i.loggedAt { f.append(("loggedAt", .string(date(l)))) }
                return .object(f)
            })))
            medValues.append(.object(fields))
        }
        let doc: JSONValue = .object([("version", .integer(version)), ("exportedAt", .string(date(exportedAt))),
                                      ("medications", .array(medValues))])
        return JSONDocument.bytes(doc)
    }
}
