import LockstepCore

/// `CSVExport.intakes`: the report format (never imported back). Names always quoted with inner
/// quotes doubled; dates UTC ISO 8601 without fractions; the raw status; "\n" between lines and
/// none at the end.
enum CSVExport {
    static let header = "medication,scheduled_at,logged_at,status"

    static func esc(_ s: String) -> String {
        var out = "\""
        for c in s { out += c == "\"" ? "\"\"" : String(c) }
        return out + "\""
    }

    static func bytes(meds: [Medication], intakes: [Intake]) -> [UInt8] {
        var lines = [header]
        for m in meds {
            let mine = intakes.enumerated().filter { $0.element.medID == m.id }
                .sorted { $0.element.scheduledAt != $1.element.scheduledAt ? $0.element.scheduledAt < $1.element.scheduledAt : $0.offset < $1.offset }
            for (_, i) in mine {
                lines.append("\(esc(m.name)),\(BackupJSON.date(i.scheduledAt)),\(i.loggedAt.map(BackupJSON.date) ?? ""),\(i.statusRaw)")
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }
}
