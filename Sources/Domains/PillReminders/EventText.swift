import LockstepCore
import Platform

extension PillReminders {
    /// The scenario line of a recorded event (`Domain.text(of:)`), which `events` reads back as the
    /// same event: `addMed`, `editMed`, `deleteMed`, `refill`, `respond`, `correct`, `device`,
    /// `settings`, `audit`, `storeSeed`, `storeCorrupt`, `resetData` and the shared `lifecycle`
    /// line. A medication's fields the event leaves nil are left out (an edit keeps them).
    ///
    /// `storeSeed` is written with its label, the path as the scenario wrote it: reading the line
    /// again reads that file, relative to the scenario's folder. Nil for the timer event
    /// `notificationDue` (no recorded form), and for values no line gives: `settings` back to
    /// `notDetermined`, a medication with an empty `times` list, ids that are not words.
    public static func text(of event: PillEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .addMedication(let m), .editMedication(let m): return medicationText(line, m)
        case .deleteMedication(let id): return line.word("id", id).line
        case .refill(let id, let pills): return line.word("id", id).int("pills", pills).line
        case .respond(let id, let action): return line.word("id", id).word("action", action).line
        case .correct(let med, let time): return line.word("med", med).int("time", time).line
        case .device(let action): return line.choice(action).line
        case .settings(let authorization):
            guard let answer = PermissionAnswer(rawValue: authorization.rawValue) else { return nil }
            return line.choice("notifications", answer).line
        case .audit, .resetData: return line.line
        case .storeSeed(_, let label): return line.raw("file", label).line
        case .storeCorrupt(let reason): return line.string("reason", reason).line
        case .notificationDue: return nil  // the centre's timer: no recorded form
        }
    }

    static func medicationText(_ line: LineText, _ m: MedicationInput) -> String? {
        line.word("id", m.id).optional(m.name) { $0.string("name", $1) }
            .optional(m.times) { $0.tuple("times", $1.map { Double($0) }) }
            .optional(m.pillsPerDose) { $0.int("perDose", $1) }.optional(m.pills) { $0.int("pills", $1) }
            .optional(m.warnDays) { $0.int("warnDays", $1) }.line
    }
}
