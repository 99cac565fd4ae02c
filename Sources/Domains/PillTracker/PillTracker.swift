import LockstepCore
import Platform

/// `pillTracker`: Track Your Pills, a local-only medication tracker. Medications come from a
/// barcode scan (looked up in a bundled catalogue, then in the user's own history) or manual
/// entry, always through an editable form; each scheduled dose is logged taken, missed or skipped;
/// the app computes adherence, a daily heat map, a paginated PDF report, CSV and JSON exports, an
/// all-or-nothing JSON restore, a widget fed from the App Group store and an interaction check.
///
/// Source: seed article `001_6956b43c84091d36.txt`, section "From barcode to PDF" (note
/// `shared/domains/pillTracker.md`). The scanner is `Platform.DataScanner` (`scanner …` lines);
/// the SwiftData container is a `Platform.ObjectStore` with an `intake.med` cascade.
///
/// Modelled as the article's code does it (flagged, not fixed):
/// - `DateInterval.contains` is closed: `stats from to` counts both ends.
/// - The widget's "today" is `startOfDay + 86 400 s`, closed, so on a DST day it is not the
///   calendar day (the entry records `todayEnd`).
/// - The PDF footer (disclaimer) is drawn once, on the last page only.
/// - Backups drop photos and sub-second times (`.iso8601`); the import result counts what was lost.
/// - `stats` over an empty interval gives rate 1 (the article's rule); only the daily series and
///   the widget turn "nothing due" into none.
///
/// Choices where the article is silent (GAPs) or where this model deliberately differs:
/// - The daily series uses half-open days `[day, next)`, so a 00:00 dose counts once (fault
///   `midnightDoubleCount` restores the closed interval).
/// - Heat-map bands: none (nothing due), low < 0.5, mid < 0.8, high < 1, full = 1. `daily` is
///   capped at 366 days (a record says so); `days <= 0` gives an empty series with a record.
/// - The widget hides medications whose end date has passed (fault `endedMedUpcoming` shows them);
///   ties in the upcoming list are broken by name, then medication order. Kind `NextDose`.
/// - Form validation (the article has none): empty name, unknown form, negative quantity, dose
///   <= 0, bad times and end before start are refused with the field named.
/// - A taken dose decrements `quantityRemaining` by `dosePerIntake`, floored at 0 (as Daily Pills).
///   Logging the same medication and scheduled time again replaces the earlier log.
/// - Missed doses are logged by the user (the article does not say who creates them) and carry no
///   `loggedAt`; taken and skipped ones default it to now. Names are saved trimmed of spaces.
/// - Interaction key: the trimmed, lower-cased name; pairs are symmetric; the table is a stand-in
///   dated 2026-01-15.
/// - Import: version other than 1 is refused (`unsupportedVersion`); an unknown status is refused
///   (`badStatus`); into a non-empty store the import waits for `importConfirm replace=true` and
///   then replaces everything in one transaction. CSV is never imported (`csv-is-not-a-backup`).
/// - JSON bytes come from the harness's canonical writer: sorted keys, compact, quantities with at
///   most two decimals. Report file "Medication report – Mon yyyy.pdf" in English month names.
/// - A missing or corrupt bundled catalogue is an empty catalogue with a record, not a crash.
/// - Not modelled: the `fileExporter` deprecation (F11) is an API note, not behaviour; reminders
///   belong to `pillReminders`.
public enum PillTracker: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = PillTrackerState
    public typealias Event = PillTrackerEvent
    public typealias Fault = PillTrackerFault

    public static let name = "pillTracker"
    /// The digest writes the whole store (a year of doses is thousands of rows): every 32nd step,
    /// and the final state always.
    public static let digestInterval = 32
    public static let summary = "Track Your Pills: scan-to-form, adherence with skipped/late rules, DST daily series, widget, paginated PDF, CSV/JSON export, atomic restore (seed 001, \"From barcode to PDF\")."

    public struct Settings: Sendable {
        var launched: Bool
        var catalog: CatalogFile
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(launched: try s("launched", .bool, default: true, "false: the app has never been launched (no App Group store yet)"),
                 catalog: try s("catalog", .choice(CatalogFile.self), default: .bundled, "how the bundled catalog.json is found"))
    }

    static let quantities: ClosedRange<Double> = -1_000_000...1_000_000
    static let ids: ClosedRange<Int64> = 0...1_000_000

    public static let events: [EventKind<PillTrackerEvent>] = [
        EventKind("launch", "The app's first launch: creates the App Group store.") { _ throws(ScenarioError) in .launch },
        EventKind("container", "The App Group container becomes (un)available to the widget process.") { f throws(ScenarioError) in
            .container(available: try f("available", .bool))
        },
        EventKind("scan", "The user taps Scan barcode.") { _ throws(ScenarioError) in .scan },
        EventKind("confirm", "The user saves the reviewed medication form.") { f throws(ScenarioError) in
            .confirm(MedicationForm(
                name: try f("name", .string), form: try f("form", .word, "tablet, capsule, syrup or injection"),
                strength: try f.optional("strength", .string), barcode: try f.optional("barcode", .string),
                photoBytes: try f.optional("photoBytes", .int, in: 0...100_000_000),
                quantity: try f("quantity", .number, in: quantities), dose: try f("dose", .number, default: 1, in: quantities),
                times: try f("times", .string, default: "", "HH:MM,HH:MM"),
                start: try f.optional("start", .instant), end: try f.optional("end", .instant)))
        },
        EventKind("log", "Logs one scheduled dose.") { f throws(ScenarioError) in
            .logIntake(med: try f("med", .integer, in: ids), at: try f("at", .instant), status: try f("status", .word, "taken, missed or skipped"),
                 loggedAt: try f.optional("loggedAt", .instant, "default: now"))
        },
        EventKind("delete", "Deletes a medication and (cascade) its intakes.") { f throws(ScenarioError) in
            .delete(med: try f("med", .integer, in: ids))
        },
        EventKind("stats", "Adherence.stats over the closed interval [from, to].") { f throws(ScenarioError) in
            .stats(from: try f("from", .instant), to: try f("to", .instant))
        },
        EventKind("daily", "The heat map's daily series, oldest first.") { f throws(ScenarioError) in
            .daily(days: try f("days", .int, in: -1_000...100_000))
        },
        EventKind("widget", "The widget process asks its TimelineProvider.") { f throws(ScenarioError) in
            .widget(try f("request", .choice(WidgetRequest.self)))
        },
        EventKind("report", "Renders the PDF report for a period.") { f throws(ScenarioError) in
            .report(title: try f("title", .string), from: try f("from", .instant), to: try f("to", .instant), label: try f("label", .string))
        },
        EventKind("export", "Exports the JSON backup or the CSV report.") { f throws(ScenarioError) in
            .export(try f("format", .choice(ExportFormat.self)))
        },
        EventKind("import", "The file importer hands over a file.") { f throws(ScenarioError) in
            let bytes = try f("file", .file)
            let type = try f("type", .choice(ImportType.self), default: .json)
            // The path as written, so the line can be written back (`text(of:)`).
            let label = f.line.index(of: "file").map { f.line.rawText($0) } ?? ""
            return .importFile(bytes: bytes, type: type, label: label)
        },
        EventKind("reimport", "Imports the JSON file exported last.") { _ throws(ScenarioError) in .reimport },
        EventKind("importConfirm", "Answers the replace-everything question.") { f throws(ScenarioError) in
            .importConfirm(replace: try f("replace", .bool))
        },
    ] + CaptureVocabulary.eventKinds(only: [CaptureVocabulary.scannerKind]) { .capture($0) }

    public static func kind(of event: PillTrackerEvent) -> String {
        switch event {
        case .launch: "launch"
        case .container: "container"
        case .scan: "scan"
        case .capture(let e): CaptureVocabulary.kind(of: e)
        case .confirm: "confirm"
        case .logIntake: "log"
        case .delete: "delete"
        case .stats: "stats"
        case .daily: "daily"
        case .widget: "widget"
        case .report: "report"
        case .export: "export"
        case .importFile: "import"
        case .reimport: "reimport"
        case .importConfirm: "importConfirm"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<PillTracker>) throws(ScenarioError) -> PillTrackerState {
        var catalog = BundledCatalog.entries
        if settings.catalog != .bundled {
            catalog = []
            world.emit(Record("catalog.error").word("file", settings.catalog.rawValue).string("fallback", "empty catalogue; scans open an empty form"))
        }
        var s = PillTrackerState(launched: settings.launched, catalog: catalog)
        if s.launched { openStore(&s, &world) }
        return s
    }

    public static func write(_ s: PillTrackerState, to out: inout CanonicalWriter) {
        out.bool("launched", s.launched)
        out.bool("containerAvailable", s.containerAvailable)
        out.int("medications", s.store.db.count(MedStore.medTable))
        out.int("intakes", s.store.db.count(MedStore.intakeTable))
        out.write("store", .digest(s.store.digest))
        out.list("photoFiles", s.photoFiles.keys.sorted()) { w, _, id in w.int("med\(id)", s.photoFiles[id] ?? 0) }
        out.list("history", s.history) { w, _, h in w.string(h.0, h.1.name) }
        s.scanner.write(to: &out)
        out.string("delivered", s.delivered ?? "none")
        out.bool("formOpen", s.formOpen)
        out.int("exports", s.exports)
        out.int("pendingImport", s.pendingImport?.count ?? -1)
        out.int("widgetReloads", s.widgetReloads)
        out.int("cloudUploads", s.cloudUploads)
    }
}
