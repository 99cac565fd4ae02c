import LockstepCore
import Platform

/// The SwiftData container (`ModelContainer` in the App Group, `cloudKitDatabase: .none`) as an
/// `ObjectStore` with two tables: `medication` and `intake`, whose `med` column cascades on delete.
/// Instants are stored as integer nanoseconds, so nothing is lost inside the store.
struct MedStore: Hashable, Sendable {
    static let appGroup = "group.com.example.trackyourpills"
    static let storeName = "Medications"
    static let medTable = "medication"
    static let intakeTable = "intake"
    /// Intakes kept in all (a year of four doses a day for 60 medications fits).
    static let maxIntakes = 100_000

    var db = ObjectStore(maxRowsPerTable: MedStore.maxIntakes)
    var nextMedID: Int64 = 1
    var nextIntakeID: Int64 = 1
    /// (medication, scheduled instant) → the id of its first intake in key order: derived from the
    /// rows, so logging a dose finds the log it replaces without scanning the table (a scan per
    /// dose made a year of logs quadratic). Kept by `indexIntake`, rebuilt by `reindex` after any
    /// other write of intakes; never iterated, so its hashing order cannot show.
    private(set) var doseIndex: [DoseKey: Int64] = [:]

    init() {
        do {
            try db.create(ObjectSchema(MedStore.medTable, columns: [
                ObjectColumn("id", .int), ObjectColumn("name", .text), ObjectColumn("form", .text),
                ObjectColumn("strength", .text, nullable: true), ObjectColumn("barcode", .text, nullable: true),
                ObjectColumn("photoRef", .text, nullable: true), ObjectColumn("photoInlineBytes", .int, nullable: true),
                ObjectColumn("quantityRemaining", .real), ObjectColumn("dosePerIntake", .real),
                ObjectColumn("times", .text), ObjectColumn("startDate", .int), ObjectColumn("endDate", .int, nullable: true),
            ]))
            try db.create(ObjectSchema(MedStore.intakeTable, columns: [
                ObjectColumn("id", .int), ObjectColumn("med", .int), ObjectColumn("scheduledAt", .int),
                ObjectColumn("loggedAt", .int, nullable: true), ObjectColumn("statusRaw", .text),
            ], references: [ObjectReference("med", parent: MedStore.medTable, rule: .cascade)]))
        } catch {
            preconditionFailure("the pill tracker schema is fixed and valid: \(error.message)")
        }
    }

    // MARK: Rows

    static func opt(_ s: String?) -> ObjectValue { s.map { .text($0) } ?? .null }
    static func opt(_ t: Instant?) -> ObjectValue { t.map { .int($0.nanosecondsSinceEpoch) } ?? .null }

    static func medRow(_ m: Medication, inlinePhoto: Bool) -> [(String, ObjectValue)] {
        let photoRef: ObjectValue = (m.photoBytes != nil && !inlinePhoto) ? .text("photo-\(m.id)") : .null
        let inline: ObjectValue = (inlinePhoto ? m.photoBytes : nil).map { .int(Int64($0)) } ?? .null
        return [("id", .int(m.id)), ("name", .text(m.name)), ("form", .text(m.form)), ("strength", opt(m.strength)),
                ("barcode", opt(m.barcode)), ("photoRef", photoRef), ("photoInlineBytes", inline),
                ("quantityRemaining", .real(m.quantityRemaining)), ("dosePerIntake", .real(m.dosePerIntake)),
                ("times", .text(m.times.map(\.text).joined(separator: ","))),
                ("startDate", .int(m.startDate.nanosecondsSinceEpoch)), ("endDate", opt(m.endDate))]
    }

    static func intakeRow(_ i: Intake) -> [(String, ObjectValue)] {
        [("id", .int(i.id)), ("med", .int(i.medID)), ("scheduledAt", .int(i.scheduledAt.nanosecondsSinceEpoch)),
         ("loggedAt", opt(i.loggedAt)), ("statusRaw", .text(i.statusRaw))]
    }

    static func medication(_ r: ObjectRow, photoBytes: [Int64: Int]) -> Medication {
        let id = r["id"].int ?? 0
        let times = (try? DoseTime.parseList(r["times"].text ?? "").get()) ?? []
        let inline = r["photoInlineBytes"].int.map { Int($0) }
        return Medication(id: id, name: r["name"].text ?? "", form: r["form"].text ?? "", strength: r["strength"].text,
                          barcode: r["barcode"].text, photoBytes: inline ?? (r["photoRef"].isNull ? nil : photoBytes[id]),
                          quantityRemaining: r["quantityRemaining"].real ?? 0, dosePerIntake: r["dosePerIntake"].real ?? 0,
                          times: times, startDate: Instant(nanosecondsSinceEpoch: r["startDate"].int ?? 0),
                          endDate: r["endDate"].int.map { Instant(nanosecondsSinceEpoch: $0) })
    }

    static func intake(_ r: ObjectRow) -> Intake {
        Intake(id: r["id"].int ?? 0, medID: r["med"].int ?? 0, scheduledAt: Instant(nanosecondsSinceEpoch: r["scheduledAt"].int ?? 0),
               loggedAt: r["loggedAt"].int.map { Instant(nanosecondsSinceEpoch: $0) }, statusRaw: r["statusRaw"].text ?? "")
    }

    // MARK: Reads (the store is never corrupted by this domain, so a failed read is a bug)

    func medications(photoBytes: [Int64: Int]) -> [Medication] {
        ((try? db.fetch(MedStore.medTable)) ?? []).map { MedStore.medication($0, photoBytes: photoBytes) }
    }

    /// One column of every medication row, in id order, without building `Medication`s (which
    /// parses each schedule: the hot path of every save and store invariant).
    func medicationColumn(_ column: String) -> [ObjectValue] {
        ((try? db.fetch(MedStore.medTable)) ?? []).map { $0[column] }
    }

    func intakes(of med: Int64? = nil) -> [Intake] {
        let p: ObjectPredicate = med.map { .equals("med", .int($0)) } ?? .all
        return ((try? db.fetch(MedStore.intakeTable, where: p)) ?? []).map(MedStore.intake)
    }

    /// The intake logged for `med` at `at`, if any (what `intakes(of: med).first { scheduledAt ==
    /// at }` finds): an index look-up, checked against the row it names.
    func loggedIntake(med: Int64, at: Instant) -> Intake? {
        guard let id = doseIndex[DoseKey(med: med, scheduledNanos: at.nanosecondsSinceEpoch)],
              let row = (try? db.row(MedStore.intakeTable, key: .int(id))) ?? nil else { return nil }
        let intake = MedStore.intake(row)
        return intake.medID == med && intake.scheduledAt == at ? intake : nil
    }

    /// Adds a newly written intake to the index (an earlier one for the same dose keeps its place).
    mutating func indexIntake(_ i: Intake) {
        let key = DoseKey(med: i.medID, scheduledNanos: i.scheduledAt.nanosecondsSinceEpoch)
        if loggedIntake(med: i.medID, at: i.scheduledAt) == nil { doseIndex[key] = i.id }
    }

    /// Rebuilds the index from the rows (after a delete, an import or a replace): O(intakes).
    mutating func reindex() {
        var index: [DoseKey: Int64] = [:]
        for r in (try? db.fetch(MedStore.intakeTable)) ?? [] {
            let key = DoseKey(med: r["med"].int ?? 0, scheduledNanos: r["scheduledAt"].int ?? 0)
            if index[key] == nil { index[key] = r["id"].int ?? 0 }
        }
        doseIndex = index
    }

    func hasMedication(_ id: Int64) -> Bool { ((try? db.row(MedStore.medTable, key: .int(id))) ?? nil) != nil }

    /// The digest of the whole store's canonical form: what "unchanged" means in an import golden.
    var digest: UInt64 {
        var w = CanonicalWriter()
        db.write(to: &w)
        return w.digest
    }
}
