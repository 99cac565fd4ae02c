import LockstepCore

/// What a CSV "restore" could recover (fault `csvAsBackup` only): names, times and statuses;
/// forms, strengths, quantities and schedules are gone, which is why CSV is never a backup.
enum CSVRestore {
    static func decode(_ bytes: [UInt8]) -> Result<[BackupImport.Med], BackupImport.Failure> {
        func fail(_ line: Int, _ why: String) -> Result<[BackupImport.Med], BackupImport.Failure> {
            .failure(BackupImport.Failure(reason: "malformedCSV", path: "\(line):1", detail: why, failedAt: nil, before: []))
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let header = CSVExport.header.joined(separator: ",")
        guard lines.first == Substring(header) else { return fail(1, "expected the header \(header)") }
        var meds: [BackupImport.Med] = []
        for (n, line) in lines.enumerated().dropFirst() {
            guard line.first == "\"", let close = line.dropFirst().firstIndex(of: "\"") else { return fail(n + 1, "the name is not quoted") }
            let name = String(line[line.index(after: line.startIndex)..<close])
            let rest = line[line.index(after: close)...].split(separator: ",", omittingEmptySubsequences: false).dropFirst()
            guard rest.count == 3, case .success(let at) = CivilTime.parseISO8601(rest[rest.startIndex], requireUTC: true) else {
                return fail(n + 1, "expected name,scheduled_at,logged_at,status")
            }
            let logged: Instant? = rest[rest.startIndex + 1].isEmpty ? nil : (try? CivilTime.parseISO8601(rest[rest.startIndex + 1], requireUTC: true).get())
            let intake = Intake(id: 0, medID: 0, scheduledAt: at, loggedAt: logged, statusRaw: String(rest[rest.startIndex + 2]))
            if let i = meds.firstIndex(where: { $0.med.name == name }) { meds[i].intakes.append(intake); continue }
            meds.append(BackupImport.Med(med: Medication(id: 0, name: name, form: "tablet", strength: nil, barcode: nil, photoBytes: nil,
                                                         quantityRemaining: 0, dosePerIntake: 1, times: [], startDate: at, endDate: nil),
                                         intakes: [intake]))
        }
        return .success(meds)
    }
}
