import LockstepCore

/// `Caches/report-week.json`: the last good week, so launch paints at once, even offline (article:
/// "instant first paint"). Caches, not Application Support, because the data is re-fetchable
/// aggregates. Canonical bytes (sorted keys, earnings as exact decimal strings, `at` as ISO 8601
/// UTC) so a golden can pin them (D3):
///
/// `{"at":"2026-07-15T19:00:08Z","currencyCode":"USD","days":[{"clicks":9,"day":"20260715","earnings":"100"}],"version":1}`
///
/// `currencyCode` is D2's fix: without it, cached INR figures would be shown as whatever the
/// preference says after a change. A file that does not decode exactly is refused as a whole
/// (`corrupt`, with the reason), never half-read.
public struct ReportCache: Hashable, Sendable {
    public static let path = "Caches/report-week.json"
    public static let version = 1
    /// A cache holds one report (at most `ReportParser.maxRows` days) and is refused beyond 64 KiB.
    public static let maxBytes = 65_536

    public var days: [DailyEarnings]
    public var at: Instant
    /// nil only for a file written without it (fault `cacheWithoutCurrency`).
    public var currencyCode: String?

    public init(days: [DailyEarnings], at: Instant, currencyCode: String?) {
        self.days = days
        self.at = at
        self.currencyCode = currencyCode
    }

    public func bytes() -> [UInt8] {
        var members: [(String, JSONValue)] = [("at", .string(at.description)), ("version", .integer(ReportCache.version))]
        if let c = currencyCode { members.append(("currencyCode", .string(c))) }
        members.append(("days", .array(days.map { d in
            .object([("clicks", .integer(d.clicks)), ("day", .string(d.day)), ("earnings", .string(d.earnings))])
        })))
        return JSONDocument.bytes(.object(members))
    }

    /// The cache in `bytes`, or why it is refused.
    public static func decode(_ bytes: [UInt8]) -> Result<ReportCache, CacheRefusal> {
        guard bytes.count <= maxBytes else { return .failure(.init("tooLarge", "\(bytes.count) bytes; the limit is \(maxBytes)")) }
        let json: JSONValue
        do { json = try JSONDocument.parse(bytes, maxDepth: 4) } catch { return .failure(.init("notJSON", "\(error)")) }
        guard json["version"]?.numberText == "\(version)" else { return .failure(.init("version", "expected \"version\":\(version)")) }
        guard let atText = json["at"]?.string, case .success(let at) = CivilTime.parseISO8601(Substring(atText), requireUTC: true) else {
            return .failure(.init("at", "\"at\" must be an ISO 8601 UTC instant"))
        }
        let code = json["currencyCode"]?.string
        guard case .array(let items)? = json["days"], items.count <= ReportParser.maxRows else {
            return .failure(.init("days", "\"days\" must be an array of at most \(ReportParser.maxRows)"))
        }
        var days: [DailyEarnings] = []
        for (i, item) in items.enumerated() {
            guard let day = item["day"]?.string, ReportParser.isReportDay(day), !days.contains(where: { $0.day == day }) else {
                return .failure(.init("day", "days[\(i)].day must be a new YYYYMMDD date"))
            }
            guard let e = item["earnings"]?.string, let d = try? DecimalNumber(parsing: e), d.canonicalText == e else {
                return .failure(.init("earnings", "days[\(i)].earnings must be a canonical decimal string"))
            }
            guard let c = item["clicks"]?.numberText, let clicks = Int(c), clicks >= 0 else {
                return .failure(.init("clicks", "days[\(i)].clicks must be a whole number ≥ 0"))
            }
            days.append(DailyEarnings(day: day, earnings: e, clicks: clicks))
        }
        return .success(ReportCache(days: days, at: at, currencyCode: code))
    }
}

/// Why a cache file was not used: a reason word for records and a detail for the reader.
public struct CacheRefusal: Error, Hashable, Sendable {
    public var reason: String
    public var detail: String
    init(_ reason: String, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }
}
