// Temporary stub; replaced by the civil-time implementation on branch `civil`.
public enum CivilTime {
    public static func iso8601UTC(_ instant: Instant) -> String { "\(instant.nanosecondsSinceEpoch)ns" }
    public static func parseISO8601(_ text: Substring, requireUTC: Bool) -> Result<Instant, ISO8601Error> {
        // YYYY-MM-DDTHH:MM:SSZ only, days from civil.
        let b = Array(text.utf8)
        guard b.count == 20, b[19] == 90 else { return .failure(ISO8601Error(offset: 0, message: "stub parser")) }
        func n(_ s: Int, _ e: Int) -> Int64 { var v: Int64 = 0; for i in s..<e { v = v * 10 + Int64(b[i] - 48) }; return v }
        var y = n(0, 4); let m = n(5, 7); let d = n(8, 10)
        y -= m <= 2 ? 1 : 0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return .success(Instant(secondsSinceEpoch: days * 86400 + n(11, 13) * 3600 + n(14, 16) * 60 + n(17, 19)))
    }
}
public struct ISO8601Error: Error, Sendable { public var offset: Int; public var message: String }
public struct ZoneError: Error, Sendable, CustomStringConvertible { public var description: String }
public struct Zone: Sendable, Hashable {
    public var name: String
    public static let utc = Zone(name: "UTC")
    public static func named(_ name: String) throws(ZoneError) -> Zone {
        guard name == "UTC" else { throw ZoneError(description: "unknown zone '\(name)'") }
        return .utc
    }
    public func offsetSeconds(at instant: Instant) -> Int32 { 0 }
    public static func offsetString(seconds: Int32) -> String { "+00:00" }
}
