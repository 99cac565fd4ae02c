import LockstepCore
import Platform

/// `CSVExport.intakes`, the report format (never imported back), as rows of the Platform
/// `CSVWriter`: the name quoted (inner quotes doubled), dates UTC ISO 8601 without fractions, the
/// raw status bare. A status the writer cannot leave bare (only an unknown one from a faulty import
/// can hold a comma or quote) refuses the export with its row and column, rather than breaking the
/// file.
enum CSVExport {
    static let header = ["medication", "scheduled_at", "logged_at", "status"]

    /// Each medication's intakes by scheduled time (ties in stored order), medications in order.
    static func table(meds: [Medication], intakes: [Intake]) throws(CSVError) -> CSVWriter {
        var csv = try CSVWriter(header: header)
        for m in meds {
            let mine = intakes.enumerated().filter { $0.element.medID == m.id }
                .sorted { $0.element.scheduledAt != $1.element.scheduledAt ? $0.element.scheduledAt < $1.element.scheduledAt : $0.offset < $1.offset }
            for (_, i) in mine {
                try csv.append([.quoted(m.name), .instant(i.scheduledAt), i.loggedAt.map(CSVField.instant) ?? .empty, .bare(i.statusRaw)])
            }
        }
        return csv
    }
}
