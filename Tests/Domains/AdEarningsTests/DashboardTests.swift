import Testing
import LockstepCore
import Platform
@testable import AdEarnings

/// The dashboard's numbers and the cache file, against values worked out apart from the code:
/// Python's `decimal` (prec 38, ROUND_HALF_UP, as `DecimalNumber`'s `/` and `*`), the note's
/// reference values and python3 zoneinfo for the instants.
@Suite struct AdEarningsDashboard {
    func d(_ s: String) -> DecimalNumber { try! DecimalNumber(parsing: s) }
    func day(_ day: String, _ e: String, _ c: Int = 0) -> DailyEarnings { DailyEarnings(day: day, earnings: e, clicks: c) }

    /// Note: today = 12.00 at 06:00 LA is 21,600 s in. python3: Decimal(12)/Decimal(21600) =
    /// 0.00055555555555555555555555555555555555556; 12*3600/21600 = 2 exactly (D4: one rounding).
    @Test func ratesAtSixInTheMorning() throws {
        let r = try Dashboard.rates(today: 12, secondsIntoDay: 21_600)
        #expect(r.seconds == 21_600)
        #expect(r.perSecond.canonicalText == "0.00055555555555555555555555555555555555556")
        #expect(r.perHour == 2)
        #expect(r.perMinute.canonicalText == "0.033333333333333333333333333333333333333")
    }

    /// D4 at a display boundary. python3: 2.37*3600/21600 = 0.395 → half-even "$0.40";
    /// (Decimal('2.37')/21600)*3600 = 0.39499999999999999999999999999999999999 → "$0.39".
    @Test func perHourRoundsOnce() throws {
        let once = try Dashboard.rates(today: d("2.37"), secondsIntoDay: 21_600)
        let twice = try Dashboard.rates(today: d("2.37"), secondsIntoDay: 21_600, fromPerSecond: true)
        #expect(once.perHour.canonicalText == "0.395")
        #expect(twice.perHour.canonicalText == "0.39499999999999999999999999999999999999")
        #expect(LocaleNumberFormat.currency(NumberText("0.395")!, code: "USD", .enUS) == "$0.40")
        #expect(LocaleNumberFormat.currency(NumberText(twice.perHour.canonicalText)!, code: "USD", .enUS) == "$0.39")
    }

    /// Failure 10: 00:00:30 LA divides by 60, not 30 (0.5 × 3600 / 60 = 30; / 30 = 60).
    @Test func rateFloor() throws {
        #expect(try Dashboard.rates(today: d("0.5"), secondsIntoDay: 30).perHour == 30)
        #expect(try Dashboard.rates(today: d("0.5"), secondsIntoDay: 30, floor: false).perHour == 60)
        #expect(try Dashboard.rates(today: d("0.5"), secondsIntoDay: 0, floor: false).seconds == 1)
        #expect(try Dashboard.rates(today: d("0.5"), secondsIntoDay: 120).perHour == 15)
    }

    /// Note: weeklyAverage([1.10, 2.20, 3.30]) = 2.2, empty → 0; clicks 3, 5, 6 → 14/3
    /// (python3: Decimal(14)/3 = 4.6666666666666666666666666666666666667).
    @Test func weeklyAverages() throws {
        let w = try Dashboard.weeklyAverages([day("20260713", "1.1", 3), day("20260714", "2.2", 5), day("20260715", "3.3", 6)])
        #expect(w.earnings.canonicalText == "2.2")
        #expect(w.clicks.canonicalText == "4.6666666666666666666666666666666666667")
        let empty = try Dashboard.weeklyAverages([])
        #expect(empty.earnings.isZero && empty.clicks.isZero)
    }

    /// python3: (Decimal(5) - Decimal('2.2')) * 100 / Decimal('2.2') = 127.27272727272727272727272727272727273.
    @Test func comparisonWithYesterday() throws {
        let c = try Dashboard.comparison(today: 5, yesterday: d("2.2"))
        #expect(c.delta.canonicalText == "2.8")
        #expect(c.percent?.canonicalText == "127.27272727272727272727272727272727273")
        #expect(try Dashboard.comparison(today: 5, yesterday: 0).percent == nil)
        #expect(Dashboard.earnings(on: "20260716", [day("20260715", "3")]).isZero)
    }

    /// python3 zoneinfo: 2026-11-01 23:00 PST = 2026-11-02T07:00Z (1793602800) is 86,400 s into the
    /// 25-hour day; 2026-01-15 12:00 PST = 20:00Z (1768507200) is 43,200 s in; LA midnight is
    /// 13:30 IST in winter (2026-01-15T08:00Z, 1768464000) and 12:30 IST in summer (2026-07-15T07:00Z, 1784098800).
    @Test func secondsIntoReportDay() throws {
        #expect(ReportCalendar.secondsIntoDay(Instant(secondsSinceEpoch: 1_793_602_800)) == 86_400)
        #expect(ReportCalendar.secondsIntoDay(Instant(secondsSinceEpoch: 1_768_507_200)) == 43_200)
        #expect(ReportCalendar.secondsIntoDay(Instant(secondsSinceEpoch: 1_768_464_000)) == 0)
        #expect(ReportCalendar.secondsIntoDay(Instant(secondsSinceEpoch: 1_784_098_800)) == 0)
        let kolkata = try Zone.named("Asia/Kolkata")
        #expect(ReportCalendar.day(Instant(secondsSinceEpoch: 1_784_098_799), in: kolkata) == "20260715")
        #expect(ReportCalendar.reportDay(Instant(secondsSinceEpoch: 1_784_098_799)) == "20260714")
        #expect(ReportCalendar.reportDay(Instant(secondsSinceEpoch: 1_784_098_800)) == "20260715")
        #expect(ReportCalendar.reportDay(Instant(secondsSinceEpoch: 1_784_098_800), daysBack: 1) == "20260714")
    }
}

/// `Caches/report-week.json`: the documented canonical bytes, and every refusal.
@Suite struct AdEarningsCacheFile {
    static let at = Instant(secondsSinceEpoch: 1_784_142_008)  // 2026-07-15T19:00:08Z (python3 datetime)

    @Test func canonicalBytesRoundTrip() throws {
        let c = ReportCache(days: [DailyEarnings(day: "20260715", earnings: "100", clicks: 9)], at: Self.at, currencyCode: "USD")
        let text = String(decoding: c.bytes(), as: UTF8.self)
        #expect(text == #"{"at":"2026-07-15T19:00:08Z","currencyCode":"USD","days":[{"clicks":9,"day":"20260715","earnings":"100"}],"version":1}"#)
        #expect(try ReportCache.decode(c.bytes()).get() == c)
    }

    @Test(arguments: [
        (#"{"at":"2026-07-15T19:00:08Z","currencyCode":"USD","days":["#, "notJSON"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[],"version":2}"#, "version"),
        (#"{"at":"2026-07-15T19:00:08+02:00","days":[],"version":1}"#, "at"),
        (#"{"at":"2026-07-15T19:00:08Z","days":{},"version":1}"#, "days"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[{"clicks":1,"day":"20261345","earnings":"1"}],"version":1}"#, "day"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[{"clicks":1,"day":"20260715","earnings":"1"},{"clicks":1,"day":"20260715","earnings":"2"}],"version":1}"#, "day"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[{"clicks":1,"day":"20260715","earnings":"12.50"}],"version":1}"#, "earnings"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[{"clicks":1,"day":"20260715","earnings":12.5}],"version":1}"#, "earnings"),
        (#"{"at":"2026-07-15T19:00:08Z","days":[{"clicks":-1,"day":"20260715","earnings":"1"}],"version":1}"#, "clicks"),
    ])
    func refusals(json: String, reason: String) {
        guard case .failure(let f) = ReportCache.decode(Array(json.utf8)) else { Issue.record("accepted \(json)"); return }
        #expect(f.reason == reason)
    }

    @Test func sizeLimit() {
        let big = [UInt8](repeating: 0x20, count: ReportCache.maxBytes + 1)
        guard case .failure(let f) = ReportCache.decode(big) else { Issue.record("accepted"); return }
        #expect(f.reason == "tooLarge")
    }
}
