import LockstepCore
import Platform

extension AdEarnings {
    /// The report URL for the publisher (GAP: a fixed publisher id, the account lookup is not modelled).
    static func reportURL(_ publisherID: String) -> String {
        "https://admob.googleapis.com/v1/accounts/\(publisherID)/networkReport:generate"
    }

    /// `{year, month, day}` of a day `back` LA days before the LA day of `now`.
    static func dateJSON(_ now: Instant, back: Int64) -> JSONValue {
        let today = ReportCalendar.zone.localDateTime(now).daysSinceEpoch
        let d = GregorianCalendar.date(daysSinceEpoch: today - back)
        return .object([("year", .integer(d.year)), ("month", .integer(d.month)), ("day", .integer(d.day))])
    }

    /// The week's report: 7 LA days inclusive, today partial (GAP), sorted-key JSON body.
    static func requestReport(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        guard case .signedIn(let token, _) = s.auth else { world.reject("refresh", "signed-out"); return }
        let spec: JSONValue = .object([("reportSpec", .object([
            ("dateRange", .object([("startDate", dateJSON(world.now, back: 6)), ("endDate", dateJSON(world.now, back: 0))])),
            ("dimensions", .array([.string("DATE")])),
            ("metrics", .array([.string("ESTIMATED_EARNINGS"), .string("CLICKS"), .string("IMPRESSIONS")])),
            ("localizationSettings", .object([("currencyCode", .string("USD")), ("languageCode", .string("en-US"))])),
            ("timeZone", .string(ReportCalendar.zoneName)),
        ]))])
        var headers = HTTPHeaders()
        headers.set("authorization", "Bearer \(token)")
        headers.set("content-type", "application/json")
        let request = HTTPRequest(.post, reportURL(s.publisherID), headers: headers, body: JSONDocument.bytes(spec), timeout: reportTimeout)
        world.emit(Record("report.request").word("today", ReportCalendar.reportDay(world.now))
            .int("secondsIntoDay", Int(ReportCalendar.secondsIntoDay(world.now)))
            .int("dayLengthSeconds", Int(ReportCalendar.dayLengthSeconds(world.now))))
        switch s.net.send(request, tag: "report", &world, wake: wake) {
        case .sent, .refused: break
        case .failedNow(let done): reportReply(&s, done, &world)
        }
    }

    static func keptCache(_ s: AdEarningsState, _ world: World<AdEarnings>) -> (Record) -> Record {
        { r in
            let age = s.updatedAt.map { Int((world.now.nanosecondsSinceEpoch - $0.nanosecondsSinceEpoch) / 1_000_000_000) } ?? -1
            return r.int("keptDays", s.days.count).int("ageSeconds", age)
        }
    }

    static func reportReply(_ s: inout AdEarningsState, _ done: TransportCompletion, _ world: inout World<AdEarnings>) {
        defer { if world.isOn(.failureWipesScreen), s.updatedAt != world.now { s.days = [] } }
        guard let r = done.result.response else {
            if case .failure(let f) = done.result { world.emit(keptCache(s, world)(Record("refresh.failed").word("kind", f.rawValue))) }
            return
        }
        guard r.status == 200 else { world.emit(keptCache(s, world)(Record("refresh.failed").int("status", r.status))); return }
        guard let json = try? JSONDocument.parse(r.body, maxDepth: 8) else {
            world.emit(keptCache(s, world)(Record("report.decodeFailed").word("reason", "notJSON"))); return
        }
        guard let result = ReportParser.parse(json, moneyInDouble: world.isOn(.moneyInDouble), stringOnly: world.isOn(.stringOnlyMicros), lenient: world.isOn(.lenientMicros)) else {
            world.emit(keptCache(s, world)(Record("report.decodeFailed").word("reason", "notArray"))); return
        }
        for w in result.warnings { world.reject("reportElement", w.reason) { $0.int("index", w.index) } }
        s.days = result.days
        s.updatedAt = world.now
        for d in s.days.reversed() {
            let shown = NumberText(d.earnings).map { LocaleNumberFormat.currency($0, code: "USD", .enUS) } ?? d.earnings
            world.emit(Record("report.row").word("day", d.day).word("earnings", d.earnings).string("shown", shown).int("clicks", d.clicks))
        }
        world.emit(Record("report.updated").int("days", s.days.count).word("today", ReportCalendar.reportDay(world.now)))
    }
}
