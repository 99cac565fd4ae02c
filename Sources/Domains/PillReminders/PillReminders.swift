import LockstepCore
import Platform

/// `pillReminders`: Daily Pills, local medication reminders that fire at 08:00 local time every
/// day, across DST, travel and the system's 64-pending limit, with Taken and Snooze actions that
/// work from the Lock Screen, supply tracking and missed-dose detection.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Medication reminders that actually fire"
/// (note `shared/domains/pillReminders.md`). Notifications go through `Platform.NotificationCentre`,
/// the process through `AppLifecycle`, the medication file through `FileStore`.
///
/// Choices where the article is silent (GAPs) or where this model deliberately differs:
/// - Medication ids are the scenario's id words (`metformin`), standing in for the app's UUIDs:
///   deterministic and readable. Identifiers: `dose.<med>.<HHmm>`, `snooze.<med>`, `supply.<med>`.
/// - Budget: 64 − 4 = 60 for doses + supply warnings + pending snoozes. Within it, repeating
///   calendar triggers; above it a rolling window of one-offs for each dose time's next occurrence,
///   the soonest 60 − snoozes, topped up whenever the app becomes active (see `Scheduler`).
/// - The default action (tapping the banner) opens the app and does not log a dose (the article's
///   code logs one; the note lists that as a derived failure). `dismiss` is not reported (the
///   category has no custom dismiss action), so a dismiss response is rejected by the centre.
/// - Low-supply warning: 09:00 local on `runOut − warnDays`; when that has passed the warning fires
///   at the next 09:00 instead of never, and the body states the days actually left that day.
/// - Missed doses: judged on activation with a 2-hour grace window and a 48-hour lookback; the
///   check moves to `now − 2 h`, never backwards (see `MissedDetection`). A correction logs a
///   `corrected` entry at the slot and takes the pills.
/// - Storage: a load that is refused (locked, before first unlock) or unreadable (truncated, not
///   JSON) leaves the list unavailable, never empty; a corrupt file is kept and never saved over
///   until `resetData`. A Taken that arrives while the list can't be read is queued in memory and
///   applied at the next activation (or unlock while running); a failed save is retried then. Both
///   are lost, with a record, if the process ends first.
/// - The dose log keeps the latest 16 entries per medication; the taken/missed/corrected totals
///   are counters. The state writes a digest of the log rather than every entry.
/// - Permission is requested when the first medication with a time is added; the answer is the
///   `permission` setting. A denial is surfaced (`permission.denied`) then and on activation.
/// - Reboot ends the process; pending notifications survive it (they belong to the system).
public enum PillReminders: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = PillState
    public typealias Event = PillEvent

    public static let name = "pillReminders"
    public static let summary = "Daily Pills: wall-clock medication reminders across DST/travel, 64-pending budget, Lock Screen actions, supply and missed doses (seed 001, \"Medication reminders that actually fire\")."

    static let medFields: [FieldSpec] = [
        FieldSpec("id", .word, "medication id"),
        .optional("name", .string), .optional("times", .tuple(count: 0), "HHmm values, e.g. 0800,2100"),
        .optional("perDose", .integer, "pills per dose (default 1)"), .optional("pills", .integer, "pills remaining"),
        .optional("warnDays", .integer, "low-supply warning days (default 5)"),
    ]

    public static var eventKinds: [EventSpec] {
        [
            LifecycleVocabulary.spec,
            EventSpec("addMed", "Adds a medication.", fields: medFields),
            EventSpec("editMed", "Edits a medication; fields not given keep their values.", fields: medFields),
            EventSpec("deleteMed", "Deletes a medication and its reminders.", fields: [FieldSpec("id", .word)]),
            EventSpec("refill", "Adds pills.", fields: [FieldSpec("id", .word), FieldSpec("pills", .integer)]),
            EventSpec("respond", "The user answers a delivered notification.", fields: [
                FieldSpec("id", .word, "request identifier"), FieldSpec("action", .word, "TAKEN | SNOOZE_10 | default | dismiss | …")]),
            EventSpec("correct", "Marks the latest missed dose of that time as taken.", fields: [
                FieldSpec("med", .word), FieldSpec("time", .integer, "HHmm")]),
            EventSpec("device", "Reboot, lock or unlock the phone.", positional: [
                FieldSpec("action", .word(choices: DeviceAction.allCases.map(\.rawValue)))]),
            EventSpec("settings", "Notification permission changed in Settings.", fields: [
                FieldSpec("notifications", .word(choices: ["granted", "denied", "provisional"]))]),
            EventSpec("audit", "Shows the pending audit (\"Pending: N / 64\")."),
            EventSpec("storeSeed", "Puts a file's bytes in medications.json.", fields: [FieldSpec("file", .file)]),
            EventSpec("storeCorrupt", "Damages medications.json.", fields: [FieldSpec("reason", .string)]),
            EventSpec("resetData", "The user discards unreadable data and starts an empty list."),
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [
            ConfigSpec("permission", .word(choices: ["granted", "denied", "provisional"]), default: "granted",
                       "the user's answer to the permission prompt"),
            ConfigSpec("launched", .bool, default: "true", "start with the app launched and active"),
        ]
    }

    /// A state digest every 16th step (and always at the end). The state holds the notification
    /// centre's 60 pending requests and the whole medication file (hashed again in the store's
    /// entry), about 24 KB, while a step changes a few hundred bytes that its outputs already
    /// show at that step (`dose.taken`, `supply`, `store.write` with the file's digest,
    /// `notification.delivered` with the next fire). Hashing it every step was about a third of
    /// a year's replay; every 16th step keeps a divergence that shows in no output pinned to
    /// within 16 steps (a few hours of a busy day) at a sixteenth of the cost.
    public static var digestInterval: Int { 16 }
    public static var faults: [FaultSpec] { PillFaults.all }
    public static var generators: [Generator<PillEvent>] { PillGenerators.all }

    public static func start(_ config: Config, _ world: inout World<PillEvent>) throws(ScenarioError) -> PillState {
        var s = PillState()
        s.permissionAnswer = NotificationAuthorization(rawValue: try config.word("permission", default: "granted")) ?? .granted
        if try config.bool("launched", default: true) {
            perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world)
            perform(s.life.handle(.becomeActive, &world).actions, &s, &world)
        }
        MedStateLine.refresh(&s)
        return s
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> PillEvent {
        func int(_ key: StaticString) throws(ScenarioError) -> Int? {
            guard line.has(key) else { return nil }
            let v = try line.int(key, in: -1_000_000...1_000_000)
            return Int(v)
        }
        func med() throws(ScenarioError) -> MedicationInput {
            var times: [Int]?
            if let i = line.index(of: "times") {
                var out: [Int] = []
                for v in try line.doubles(at: i) {
                    guard v == v.rounded(.towardZero), abs(v) < 100_000 else {
                        throw line.error("times must be whole HHmm values like 0800,2100", at: "times")
                    }
                    out.append(Int(v))
                }
                times = out
            }
            return MedicationInput(id: try line.word("id"), name: line.has("name") ? try line.string("name") : nil, times: times,
                                   pillsPerDose: try int("perDose"), pills: try int("pills"), warnDays: try int("warnDays"))
        }
        switch line.kind {
        case LifecycleVocabulary.kind: return .lifecycle(try LifecycleVocabulary.decode(line))
        case "addMed": return .addMedication(try med())
        case "editMed": return .editMedication(try med())
        case "deleteMed": return .deleteMedication(id: try line.word("id"))
        case "refill": return .refill(id: try line.word("id"), pills: try int("pills") ?? 0)
        case "respond": return .respond(id: try line.word("id"), action: try line.word("action"))
        case "correct": return .correct(med: try line.word("med"), time: try int("time") ?? -1)
        case "device": return .device(try line.choice(at: line.positionalIndices[0]))
        case "settings": return .settings(NotificationAuthorization(rawValue: try line.word("notifications")) ?? .denied)
        case "audit": return .audit
        case "storeSeed":
            let i = line.index(of: "file")!
            return .storeSeed(bytes: try line.file("file"), label: line.rawText(i))
        case "storeCorrupt": return .storeCorrupt(reason: try line.string("reason"))
        case "resetData": return .resetData
        default: throw line.error("unknown event '\(line.kind)'")
        }
    }

    public static func write(_ s: PillState, to out: inout CanonicalWriter) {
        s.life.write(to: &out)
        s.files.write(to: &out)
        s.centre.write(to: &out)
        out.section("app") { w in
            w.word("list", s.meds == nil ? "unavailable" : "loaded")
            w.word("problem", s.problem.map { p in
                switch p {
                case .unavailable(let d): "unavailable:\(d.rawValue)"
                case .corrupt: "corrupt"
                }
            } ?? "none")
            w.bool("saveOwed", s.saveOwed)
            w.write("queued", s.queued.isEmpty ? .word("none") : .tuple(s.queued.map { .word("\($0.med)@\($0.slot)") }))
            w.write("lastMissedCheck", s.lastMissedCheck.map { .instant($0) } ?? .word("none"))
            w.word("mode", s.scheduleMode)
            w.int("projected", s.projected)
            for (i, m) in (s.meds ?? []).enumerated() {
                let sup = s.supply[m.id]
                if let line = MedStateLine.remembered(s, i, m, sup) {
                    w.record(Record(line))  // a record whose name is the whole prepared line
                } else {
                    w.record(MedStateLine.record(m, sup))
                }
            }
        }
    }
}
