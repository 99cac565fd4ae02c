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

    /// `times=0800,2100`: whole `HHmm` numbers. Hour and minute are checked by the reducer, which
    /// answers a bad one with a record rather than a scenario error (the app's form would).
    static let hhmmValues = FieldKind<[Int]>(type: .tuple(count: 0), placeholder: { [] }, read: { line, i throws(ScenarioError) in
        var out: [Int] = []
        for v in try line.doubles(at: i) {
            guard v == v.rounded(.towardZero), abs(v) < 100_000 else {
                throw line.error("times must be whole HHmm values like 0800,2100", at: "times")
            }
            out.append(Int(v))
        }
        return out
    }, text: { $0.map { String($0) }.joined(separator: ",") })

    /// Counts are checked by the reducer (a record); this range only keeps them far from overflow.
    static let counts: ClosedRange<Int> = -1_000_000...1_000_000

    /// The add/edit screen's fields (an edit keeps what is not given).
    static func medication(_ f: inout Fields) throws(ScenarioError) -> MedicationInput {
        MedicationInput(id: try f("id", .word, "medication id"), name: try f.optional("name", .string),
                        times: try f.optional("times", hhmmValues, "HHmm values, e.g. 0800,2100"),
                        pillsPerDose: try f.optional("perDose", .int, in: counts, "pills per dose (default 1)"),
                        pills: try f.optional("pills", .int, in: counts, "pills remaining"),
                        warnDays: try f.optional("warnDays", .int, in: counts, "low-supply warning days (default 5)"))
    }

    public static let events: [EventKind<PillEvent>] = [
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        EventKind("addMed", "Adds a medication.") { f throws(ScenarioError) in .addMedication(try medication(&f)) },
        EventKind("editMed", "Edits a medication; fields not given keep their values.") { f throws(ScenarioError) in
            .editMedication(try medication(&f))
        },
        EventKind("deleteMed", "Deletes a medication and its reminders.") { f throws(ScenarioError) in
            .deleteMedication(id: try f("id", .word))
        },
        EventKind("refill", "Adds pills.") { f throws(ScenarioError) in
            .refill(id: try f("id", .word), pills: try f("pills", .int, in: counts))
        },
        EventKind("respond", "The user answers a delivered notification.") { f throws(ScenarioError) in
            .respond(id: try f("id", .word, "request identifier"),
                     action: try f("action", .word, "TAKEN | SNOOZE_10 | default | dismiss | …"))
        },
        EventKind("correct", "Marks the latest missed dose of that time as taken.") { f throws(ScenarioError) in
            .correct(med: try f("med", .word), time: try f("time", .int, in: counts, "HHmm"))
        },
        EventKind("device", "Reboot, lock or unlock the phone.") { f throws(ScenarioError) in
            .device(try f.argument("action", .choice(DeviceAction.self)))
        },
        EventKind("settings", "Notification permission changed in Settings.") { f throws(ScenarioError) in
            .settings(try f("notifications", .choice(PermissionAnswer.self)).authorization)
        },
        EventKind("audit", "Shows the pending audit (\"Pending: N / 64\").") { _ throws(ScenarioError) in .audit },
        EventKind("storeSeed", "Puts a file's bytes in medications.json.") { f throws(ScenarioError) in
            let bytes = try f("file", .file)
            // The path as written names the fixture in the trace.
            let label = f.line.index(of: "file").map { f.line.rawText($0) } ?? ""
            return .storeSeed(bytes: bytes, label: label)
        },
        EventKind("storeCorrupt", "Damages medications.json.") { f throws(ScenarioError) in
            .storeCorrupt(reason: try f("reason", .string))
        },
        EventKind("resetData", "The user discards unreadable data and starts an empty list.") { _ throws(ScenarioError) in .resetData },
    ]

    public static func kind(of event: PillEvent) -> String {
        switch event {
        case .lifecycle: LifecycleVocabulary.kind
        case .addMedication: "addMed"
        case .editMedication: "editMed"
        case .deleteMedication: "deleteMed"
        case .refill: "refill"
        case .respond: "respond"
        case .correct: "correct"
        case .device: "device"
        case .settings: "settings"
        case .audit: "audit"
        case .storeSeed: "storeSeed"
        case .storeCorrupt: "storeCorrupt"
        case .resetData: "resetData"
        case .notificationDue: NotificationCentre.timerKind
        }
    }

    public struct Settings: Sendable {
        /// The user's answer to the permission prompt.
        var permission: NotificationAuthorization
        /// Start with the app launched and active.
        var launched: Bool
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(permission: try s("permission", .choice(PermissionAnswer.self), default: .granted,
                                   "the user's answer to the permission prompt").authorization,
                 launched: try s("launched", .bool, default: true, "start with the app launched and active"))
    }

    /// A state digest every 16th step (and always at the end). The state holds the notification
    /// centre's 60 pending requests and the whole medication file (hashed again in the store's
    /// entry), about 24 KB, while a step changes a few hundred bytes that its outputs already
    /// show at that step (`dose.taken`, `supply`, `store.write` with the file's digest,
    /// `notification.delivered` with the next fire). Hashing it every step was about a third of
    /// a year's replay; every 16th step keeps a divergence that shows in no output pinned to
    /// within 16 steps (a few hours of a busy day) at a sixteenth of the cost.
    public static var digestInterval: Int { 16 }
    public static let generators: [Generator<PillEvent>] = PillGenerators.all

    public static func start(_ settings: Settings, _ world: inout World<PillReminders>) throws(ScenarioError) -> PillState {
        var s = PillState()
        s.deviceZone = world.zone
        s.permissionAnswer = settings.permission
        if settings.launched {
            perform(s.life.handle(.launch(.user, .foreground), &world).actions, &s, &world)
            perform(s.life.handle(.becomeActive, &world).actions, &s, &world)
        }
        MedStateLine.refresh(&s)
        return s
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
