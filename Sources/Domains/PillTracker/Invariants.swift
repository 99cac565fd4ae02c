import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step. None of them reads a fault's own
/// record: each looks at what the user would see (records) or what is stored (state). Those over
/// the store look only at what the step wrote (`touchedIntakes`): the rest was checked when it
/// was written.
extension PillTracker {
    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }

    /// Whether this step wrote the store at all (the store's own account, not the reducer's).
    static func storeChanged(_ s: PillTrackerState) -> Bool { !s.store.db.changedTables.isEmpty }

    /// The intakes this step may have changed: none when the store is unchanged, the one row a
    /// logged dose wrote, else every row (a bulk write, or a write the reducer did not declare).
    static func touchedIntakes(_ s: PillTrackerState) -> [Intake] {
        guard storeChanged(s) else { return [] }
        if case .intake(let id) = s.touch {
            return ((try? s.store.db.row(MedStore.intakeTable, key: .int(id))) ?? nil).map { [MedStore.intake($0)] } ?? []
        }
        return s.store.intakes()
    }

    public static let invariants: [Invariant<PillTracker>] = [
        Invariant("storeStaysOnDevice", "cloudKitDatabase .none: nothing is ever uploaded (checklist 8)") { s, _ in
            s.cloudUploads == 0 ? nil : "\(s.cloudUploads) uploads to CloudKit"
        },
        Invariant("intakesBelongToMedications", "deleting a medication deletes its intakes (cascade)") { s, _ in
            let orphans = touchedIntakes(s).filter { !s.store.hasMedication($0.medID) }.count
            return orphans == 0 ? nil : "\(orphans) intakes of deleted medications"
        },
        Invariant("quantityNeverNegative", "quantityRemaining is floored at 0") { s, _ in
            guard storeChanged(s) else { return nil }
            let names = s.store.medicationColumn("name"), left = s.store.medicationColumn("quantityRemaining")
            return zip(names, left).first { ($0.1.real ?? 0) < 0 }.map { "\($0.0.text ?? "") has \($0.1.real ?? 0) left" }
        },
        Invariant("photosExternal", "photos are external storage, never bytes in the row (F14)") { s, _ in
            !storeChanged(s) || s.store.db.count(MedStore.medTable) == 0 ? nil
                : (((try? s.store.db.fetch(MedStore.medTable, where: .notNull("photoInlineBytes"))) ?? []).isEmpty ? nil : "a photo is stored inside its row")
        },
        Invariant("knownStatusesOnly", "every stored intake has a known status (the import refuses others)") { s, _ in
            let bad = touchedIntakes(s).filter { IntakeStatus(rawValue: $0.statusRaw) == nil }.count
            return bad == 0 ? nil : "\(bad) intakes with an unknown status"
        },
        Invariant("emptyDayIsGrey", "a day with nothing due has no rate: a grey cell, never green (F7)") { _, outputs in
            outputs.first { $0.name == "daily.day" && field($0, "due") == .int(0) && field($0, "rate") != .word("none") }
                .map { _ in "a day with nothing due has a rate" }
        },
        Invariant("dailyCountsEachDoseOnce", "the daily cells together count no dose twice (half-open days)") { s, outputs in
            let cells = outputs.filter { $0.name == "daily.day" }
            guard !cells.isEmpty else { return nil }
            var sum: Int64 = 0
            for c in cells { if case .int(let d)? = field(c, "due") { sum += d } }
            let stored = Int64(s.store.intakes().count)
            return sum <= stored ? nil : "the cells count \(sum) due doses of \(stored) stored"
        },
        Invariant("skippedIsNotMissed", "a day whose doses were all skipped has nothing due") { s, outputs in
            guard outputs.contains(where: { $0.name == "daily.day" }) else { return nil }
            let dueStored = Int64(s.store.intakes().filter { $0.status != .skipped }.count)
            var sum: Int64 = 0
            for c in outputs where c.name == "daily.day" { if case .int(let d)? = field(c, "due") { sum += d } }
            return sum <= dueStored ? nil : "the cells count \(sum) due doses but only \(dueStored) are not skipped"
        },
        Invariant("widgetNeverCrashes", "the widget answers with an entry, even before first launch (F4)") { _, outputs in
            outputs.contains { $0.name == "widget.crashed" } ? "the widget crashed" : nil
        },
        Invariant("logReloadsWidget", "every logged dose reloads the widget timeline (F13)") { _, outputs in
            outputs.contains { $0.name == "intake.logged" } && !outputs.contains { $0.name == "widget.reload" } ? "a dose was logged without a widget reload" : nil
        },
        Invariant("reviewBeforeSave", "a scanned code opens the form; it is never saved in the same step (F2)") { _, outputs in
            outputs.contains { $0.name == "scan.delivered" } && outputs.contains { $0.name == "med.saved" } ? "a scanned medication was saved without review" : nil
        },
        Invariant("narrowSymbologies", "only the five medicine-box symbologies are delivered (F3)") { _, outputs in
            for r in outputs where r.name == "scan.delivered" {
                if case .word(let w)? = field(r, "symbology"), !allowedSymbologies.map(\.rawValue).contains(w) { return "delivered a \(w) code" }
            }
            return nil
        },
        Invariant("pdfRowsOnPage", "every PDF row is on its page, above the bottom margin (F8)") { _, outputs in
            let page = PageGeometry.a4
            for r in outputs where r.name == "pdf.box" {
                if case .fixed(let y, _)? = field(r, "y"), case .fixed(let h, _)? = field(r, "h"), y + h > page.heightPoints - page.marginPoints {
                    return "a row at y \(y) runs off the page"
                }
            }
            return nil
        },
        Invariant("manualEntryWhenCannotScan", "the scanner is only opened when it can scan (F1)") { _, outputs in
            outputs.contains { $0.name == "rejected" && field($0, "input") == .word("scanner") && (field($0, "reason") == .word("unavailable") || field($0, "reason") == .word("unsupported")) }
                ? "the scan button opened a scanner that cannot start" : nil
        },
        Invariant("noSafeWording", "interaction results are dated and never say safe (F12)") { _, outputs in
            outputs.contains { ($0.name == "interaction.none" || $0.name == "interaction.warning") && field($0, "dataDate") == nil }
                ? "an interaction result without the data's date" : nil
        },
        Invariant("upcomingIsActive", "the widget lists no dose of a medication that has ended") { s, outputs, step in
            let names = outputs.filter { $0.name == "widget.upcoming" }.compactMap { r -> String? in if case .string(let n)? = field(r, "name") { n } else { nil } }
            guard !names.isEmpty else { return nil }
            let meds = s.medications
            for n in names {
                let active = meds.contains { $0.name == n && ($0.endDate.map { $0 >= step.now } ?? true) }
                if !active && meds.contains(where: { $0.name == n }) { return "\(n) has ended but is upcoming" }
            }
            return nil
        },
        Invariant("rejectedImportChangesNothing", "a refused import leaves the store as it was (F9)") { s, outputs in
            outputs.contains { $0.name == "import.rejected" } && s.store.db.statementCount != s.statementsBeforeImport ? "a refused import wrote rows" : nil
        },
    ]
}
