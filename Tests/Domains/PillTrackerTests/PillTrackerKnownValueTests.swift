import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import PillTracker

/// Known values from the article and the note, worked out by hand (Python) rather than by the code.
@Suite struct PillTrackerKnownValueTests {
    static func t(_ s: String) -> Instant { try! CivilTime.parseISO8601(Substring(s), requireUTC: true).get() }
    static func intake(_ at: String, _ status: String, logged: String? = nil) -> Intake {
        Intake(id: 0, medID: 1, scheduledAt: t(at), loggedAt: logged.map(t), statusRaw: status)
    }

    @Test func declarationsMeetTheContract() {
        #expect(PillTracker.entry.problems.isEmpty, "\(PillTracker.entry.problems)")
    }

    /// 08:00 taken at 08:30, 14:00 taken at 16:00, 20:00 missed, 22:00 skipped: due 3, taken 2,
    /// late 1 (7200 s > 3600 s), rate 2/3 = 0.6667 (Python: round(2/3, 4)).
    @Test func theArticlesDay() {
        let day = [Self.intake("2026-10-01T08:00:00Z", "taken", logged: "2026-10-01T08:30:00Z"),
                   Self.intake("2026-10-01T14:00:00Z", "taken", logged: "2026-10-01T16:00:00Z"),
                   Self.intake("2026-10-01T20:00:00Z", "missed"), Self.intake("2026-10-01T22:00:00Z", "skipped")]
        let w = Adherence.Window(start: Self.t("2026-10-01T00:00:00Z"), end: Self.t("2026-10-02T00:00:00Z"), closed: true)
        let s = Adherence.stats(day, in: w, skippedCountsAsDue: false)
        #expect(s.due == 3 && s.taken == 2 && s.late == 1)
        #expect(abs(s.rate - 0.6667) < 0.00005)
        // The fault: skipped counted as due gives 2/4.
        #expect(Adherence.stats(day, in: w, skippedCountsAsDue: true).rate == 0.5)
    }

    /// +3600 s is on time, +3601 s late, nil loggedAt on time, early on time.
    @Test func lateBoundary() {
        let w = Adherence.Window(start: Self.t("2026-10-01T00:00:00Z"), end: Self.t("2026-10-02T00:00:00Z"), closed: true)
        let cases: [(Intake, Int)] = [
            (Self.intake("2026-10-01T08:00:00Z", "taken", logged: "2026-10-01T09:00:00Z"), 0),
            (Self.intake("2026-10-01T08:00:00Z", "taken", logged: "2026-10-01T09:00:01Z"), 1),
            (Self.intake("2026-10-01T08:00:00Z", "taken"), 0),
            (Self.intake("2026-10-01T08:00:00Z", "taken", logged: "2026-10-01T07:00:00Z"), 0),
        ]
        for (i, late) in cases { #expect(Adherence.stats([i], in: w, skippedCountsAsDue: false).late == late) }
    }

    /// An empty interval: stats rate 1 (the article's rule), the daily cell none, band none.
    @Test func emptyIntervals() {
        let w = Adherence.Window(start: Self.t("2026-10-01T00:00:00Z"), end: Self.t("2026-10-02T00:00:00Z"), closed: true)
        #expect(Adherence.stats([], in: w, skippedCountsAsDue: false).rate == 1)
        let days = Adherence.daily([], days: 7, now: Self.t("2026-10-07T12:00:00Z"), zone: .utc, closed: false, emptyIsFull: false, skippedCountsAsDue: false)
        #expect(days.count == 7)
        #expect(days.allSatisfy { $0.rate == nil })
        #expect(days.first?.start == Self.t("2026-10-01T00:00:00Z") && days.last?.start == Self.t("2026-10-07T00:00:00Z"))
        #expect(Adherence.band(nil) == "none")
        #expect(Adherence.daily([], days: 0, now: Self.t("2026-10-07T12:00:00Z"), zone: .utc, closed: false, emptyIsFull: false, skippedCountsAsDue: false).isEmpty)
    }

    /// A dose at 2026-10-02T00:00Z: the closed interval counts it on 10-01 and 10-02, the fix once.
    @Test func midnightDose() {
        let i = [Self.intake("2026-10-02T00:00:00Z", "taken", logged: "2026-10-02T00:01:00Z")]
        let now = Self.t("2026-10-02T12:00:00Z")
        let closed = Adherence.daily(i, days: 2, now: now, zone: .utc, closed: true, emptyIsFull: false, skippedCountsAsDue: false)
        let fixed = Adherence.daily(i, days: 2, now: now, zone: .utc, closed: false, emptyIsFull: false, skippedCountsAsDue: false)
        #expect(closed.map(\.stats.due) == [1, 1])
        #expect(fixed.map(\.stats.due) == [0, 1])
    }

    /// London 2026-03-29: startOfDay 1774742400 (00:00Z), next 1774825200 (23:00Z, 23 h); the
    /// widget's +86 400 s is 2026-03-30T00:00Z (01:00 BST). 2026-10-25 is 25 h.
    @Test func londonDSTDays() throws {
        let london = try Zone.named("Europe/London")
        let days = Adherence.daily([], days: 1, now: Self.t("2026-03-29T12:00:00Z"), zone: london, closed: false, emptyIsFull: false, skippedCountsAsDue: false)
        #expect(days[0].start.nanosecondsSinceEpoch == 1_774_742_400 * 1_000_000_000)
        #expect(days[0].end.nanosecondsSinceEpoch == 1_774_825_200 * 1_000_000_000)
        let e = WidgetTimeline.entry(meds: [], intakes: [], now: Self.t("2026-03-29T12:00:00Z"), zone: london, includeEnded: false)
        #expect(e.todayEnd == Self.t("2026-03-30T00:00:00Z"))
        let fall = Adherence.daily([], days: 1, now: Self.t("2026-10-25T12:00:00Z"), zone: london, closed: false, emptyIsFull: false, skippedCountsAsDue: false)
        #expect(fall[0].end - fall[0].start == .seconds(25 * 3_600))
        #expect(fall[0].start.nanosecondsSinceEpoch == 1_792_882_800 * 1_000_000_000)
    }

    /// `.nextTime`: London 01:30 on 2026-03-29 (in the gap) is 02:00 BST = 01:00Z; the policy is
    /// the first dose + 60 s; with nothing upcoming, now + 3600 s.
    @Test func widgetNextTimeAndPolicy() throws {
        let london = try Zone.named("Europe/London")
        let med = Medication(id: 1, name: "Levothyroxine", form: "tablet", strength: nil, barcode: nil, photoBytes: nil, quantityRemaining: 1,
                             dosePerIntake: 1, times: [DoseTime(hour: 1, minute: 30), DoseTime(hour: 8, minute: 0)],
                             startDate: Self.t("2026-03-01T00:00:00Z"), endDate: nil)
        let now = Self.t("2026-03-29T00:30:00Z")
        let e = WidgetTimeline.entry(meds: [med], intakes: [], now: now, zone: london, includeEnded: false)
        #expect(e.upcoming.map(\.at) == [Self.t("2026-03-29T01:00:00Z"), Self.t("2026-03-29T07:00:00Z")])
        #expect(WidgetTimeline.policy(e) == Self.t("2026-03-29T01:01:00Z"))
        #expect(e.todayRate == nil)
        let none = WidgetTimeline.entry(meds: [], intakes: [], now: now, zone: london, includeEnded: false)
        #expect(WidgetTimeline.policy(none) == Self.t("2026-03-29T01:30:00Z"))
    }

    /// First row y 118, pitch 34, break when y > 762: pages for 1, 19, 20, 38, 39 rows are
    /// 1, 1, 2, 2, 3 (Python: ceil(n / 19)); widths 182/122/92/87; the footer at 802 once.
    @Test func pdfPagination() throws {
        #expect(PDFReport.style(title: "T", period: "P", paginates: true).columnWidths == [182, 122, 92, 87])
        for (rows, pages) in [(1, 1), (19, 1), (20, 2), (38, 2), (39, 3)] {
            let l = try PDFReport.layout(title: "T", period: "P", rows: Array(repeating: ["a", "b", "c", "d"], count: rows), paginates: true)
            #expect(l.pageCount == pages, "\(rows) rows")
            let footers = l.commands.filter { if case .text(let t, 40, 802, PDFFont(.italic, 9)) = $0 { t == PDFReport.footer } else { false } }
            #expect(footers.count == 1)
            let ys = l.commands.compactMap { c -> Double? in if case .textBox(_, 40, let y, _, _, _) = c { y } else { nil } }
            #expect(ys.first == 118)
            #expect(ys.max() == (rows >= 19 ? 730 : 118 + Double(rows - 1) * 34))
        }
    }

    /// The note's CSV rows for `Vitamin "D"`.
    @Test func csvRows() throws {
        let med = Medication(id: 1, name: "Vitamin \"D\"", form: "tablet", strength: nil, barcode: nil, photoBytes: nil, quantityRemaining: 1,
                             dosePerIntake: 1, times: [], startDate: Self.t("2026-10-01T00:00:00Z"), endDate: nil)
        let bytes = try CSVExport.table(meds: [med], intakes: [Self.intake("2026-10-01T20:00:00Z", "missed"),
                                                              Self.intake("2026-10-01T08:00:00Z", "taken", logged: "2026-10-01T08:05:00Z")]).bytes
        let expected = "medication,scheduled_at,logged_at,status\n"
            + "\"Vitamin \"\"D\"\"\",2026-10-01T08:00:00Z,2026-10-01T08:05:00Z,taken\n"
            + "\"Vitamin \"\"D\"\"\",2026-10-01T20:00:00Z,,missed"
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        // A status is written bare: one holding a comma (only a faulty import stores one) refuses
        // the export at its cell, data row 1 = CSV row 2, column 4.
        #expect(throws: CSVError.unsafeBareField(row: 2, column: 4)) {
            try CSVExport.table(meds: [med], intakes: [Self.intake("2026-10-01T08:00:00Z", "taken,late")])
        }
    }

    /// `.iso8601` drops the fraction: 1790000000.75 → "2026-09-21T14:13:20Z"; `{"hour":8,"minute":0}`.
    @Test func backupEncoding() {
        #expect(BackupJSON.date(Instant(nanosecondsSinceEpoch: 1_790_000_000_750_000_000)) == "2026-09-21T14:13:20Z")
        let med = Medication(id: 1, name: "A", form: "tablet", strength: nil, barcode: nil, photoBytes: nil, quantityRemaining: 1,
                             dosePerIntake: 1, times: [DoseTime(hour: 8, minute: 0)], startDate: Self.t("2026-10-01T00:00:00Z"), endDate: nil)
        let json = String(decoding: BackupJSON.bytes(meds: [med], intakes: [], exportedAt: Self.t("2026-10-01T00:00:00Z")), as: UTF8.self)
        #expect(json.contains("\"scheduleTimes\":[{\"hour\":8,\"minute\":0}]"))
        #expect(!json.contains("strength"))
        if case .failure(let f) = BackupImport.decode(Array("{\"exportedAt\":\"2026-10-01T00:00:00Z\",\"medications\":[]}".utf8), acceptUnknownStatus: false) {
            #expect(f.reason == "missingKey" && f.path == "version")
        } else {
            Issue.record("a backup without version must be refused")
        }
    }

    @Test func quantities() {
        #expect(QuantityText.format(12) == "12")
        #expect(QuantityText.format(7.5) == "7.5")
        #expect(QuantityText.format(0.25) == "0.25")
        #expect(PDFReport.remaining(150, .syrup) == "150 ml")
        #expect(PDFReport.remaining(1, .tablet) == "1 tablet")
        #expect(PDFReport.percent(Adherence.Stats(due: 3, taken: 2, late: 1)) == "67%")
        #expect(PDFReport.percent(Adherence.Stats()) == "\u{2014}")
    }

    /// A failed import leaves the store byte-identical (the digest), through the reducer.
    @Test func badImportLeavesTheStore() throws {
        var sim = try Simulation<PillTracker>()
        sim.send(.confirm(MedicationForm(name: "A", form: "tablet", quantity: 3, dose: 1, times: "08:00")))
        let before = sim.state.store.digest
        sim.send(.importFile(bytes: Array("{\"version\":2}".utf8), type: .json, label: ""))
        sim.send(.importFile(bytes: Array("{\"version\":1,".utf8), type: .json, label: ""))
        #expect(sim.state.store.digest == before)
        #expect(sim.outputs.filter { $0.name == "import.rejected" }.count == 2)
    }
}
