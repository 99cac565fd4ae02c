import LockstepCore
import Platform

extension AdEarnings {
    /// The report URL for the publisher (GAP: a fixed publisher id, the account lookup is not modelled).
    static func reportURL(_ publisherID: String) -> String {
        "https://admob.googleapis.com/v1/accounts/\(publisherID)/networkReport:generate"
    }

    /// `{year, month, day}` of a day `back` LA days before the LA day of `now`.
    static func dateJSON(_ now: Instant, back: Int64) -> JSONValue {
        let d = ReportCalendar.date(now, daysBack: back)
        return .object([("year", .integer(d.year)), ("month", .integer(d.month)), ("day", .integer(d.day))])
    }

    /// The week's report: 7 LA days inclusive, today partial (GAP), in the preferred currency,
    /// as sorted-key JSON (D3: fault `unsortedJSON` writes the members as built).
    static func requestReport(_ s: inout AdEarningsState, _ trigger: RefreshTrigger, token: String, _ world: inout World<AdEarnings>) {
        let spec: JSONValue = .object([("reportSpec", .object([
            ("dateRange", .object([("startDate", dateJSON(world.now, back: 6)), ("endDate", dateJSON(world.now, back: 0))])),
            ("dimensions", .array([.string("DATE")])),
            ("metrics", .array([.string("ESTIMATED_EARNINGS"), .string("CLICKS"), .string("IMPRESSIONS")])),
            ("localizationSettings", .object([("currencyCode", .string(s.preferredCurrency)), ("languageCode", .string("en-US"))])),
            ("timeZone", .string(ReportCalendar.zoneName)),
        ]))])
        var headers = HTTPHeaders()
        headers.set("authorization", "Bearer \(token)")
        headers.set("content-type", "application/json")
        let body = JSONDocument.bytes(spec, keyOrder: world.isOn(.unsortedJSON) ? .asBuilt : .sortedByUTF8)
        let request = HTTPRequest(.post, reportURL(s.publisherID), headers: headers, body: body, timeout: reportTimeout)
        var r = Record("report.request").word("today", ReportCalendar.reportDay(world.now))
            .int("secondsIntoDay", Int(ReportCalendar.secondsIntoDay(world.now)))
            .int("dayLengthSeconds", Int(ReportCalendar.dayLengthSeconds(world.now)))
        if trigger != .pull || s.preferredCurrency != "USD" {
            r = r.word("trigger", trigger.rawValue).word("currency", s.preferredCurrency)
        }
        world.emit(r)
        switch s.net.send(request, tag: "report", &world, wake: wake) {
        case .sent, .refused: break
        case .failedNow(let done): reportReply(&s, done, &world)
        }
    }

    /// Appends what a failed refresh keeps: the days on screen and their age in whole seconds
    /// (failure 11: "Updated 2 h ago" says it is stale; -1 when nothing was ever loaded).
    static func keptCache(_ s: AdEarningsState, _ world: World<AdEarnings>) -> (Record) -> Record {
        { r in r.int("keptDays", s.days.count).int("ageSeconds", ageSeconds(s, world) ?? -1) }
    }

    static func ageSeconds(_ s: AdEarningsState, _ world: World<AdEarnings>) -> Int? {
        s.updatedAt.map { Int((world.now.nanosecondsSinceEpoch - $0.nanosecondsSinceEpoch) / 1_000_000_000) }
    }

    /// The currency a report request asked for, read back from its body.
    static func requestedCurrency(_ request: HTTPRequest) -> String? {
        (try? JSONDocument.parse(request.body))?["reportSpec"]?["localizationSettings"]?["currencyCode"]?.string
    }

    /// A finished report: a good 200 replaces the days and the cache (clock read once, D8);
    /// anything else keeps both and says how old they are.
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
        let now = world.now
        s.days = result.days
        s.daysCurrency = requestedCurrency(done.request) ?? s.preferredCurrency
        s.updatedAt = now
        // Fault D8: `Cached(at: .now)` reads the clock a second time, after the decode.
        let cachedAt = world.isOn(.clockReadTwice) ? now + .milliseconds(3) : now
        let cache = ReportCache(days: s.days, at: cachedAt, currencyCode: world.isOn(.cacheWithoutCurrency) ? nil : s.daysCurrency)
        let bytes = cache.bytes()
        let write = s.files.write(ReportCache.path, bytes, &world)
        world.emit(Record("report.updated").int("days", s.days.count).word("today", ReportCalendar.reportDay(now))
            .word("currency", s.daysCurrency).bool("cacheWritten", write.didWrite))
        // The file's bytes, for review (they are canonical: the golden pins them).
        if write.didWrite { world.emit(Record("cache.bytes").string("json", String(decoding: bytes, as: UTF8.self))) }
        showDays(s, &world)
        showLive(s, &world)
        checkThreshold(&s, &world)
    }
}
