import LockstepCore

/// The streamed `networkReport:generate` reply: a JSON array whose elements each hold exactly one
/// of `header`, `row`, `footer`. Rows become `DailyEarnings`; each bad row or element is a warning
/// and the valid rows are kept (note, "Bad input").
public enum ReportParser {
    /// At most this many rows are read from one reply (the rest are one warning).
    public static let maxRows = 400

    public struct Result: Sendable {
        public var days: [DailyEarnings] = []
        public var warnings: [(index: Int, reason: String)] = []
    }

    /// Micros as an exact decimal: an optional `-` and 1...30 digits, as a JSON string or a bare
    /// number (failure 8); anything else (`"abc"`, `"12abc"`, `12.5`) is nil (D7).
    public static func earnings(micros text: String, asDouble: Bool, lenient: Bool = false) -> String? {
        if lenient {
            // Fault D7: `Decimal(string:)` takes the leading number, nil becomes 0.
            let lead = String(text.prefix { $0.isASCII && $0.isNumber })
            return earnings(micros: lead.isEmpty ? "0" : lead, asDouble: asDouble)
        }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 30, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if asDouble {
            // Fault `moneyInDouble`: the casual Double division the article warns against.
            guard let v = Double(text) else { return nil }
            return "\(v / 1_000_000)"
        }
        guard let d = try? DecimalNumber(parsing: text), let e = try? d.scaled(byPowerOfTen: -6) else { return nil }
        return e.canonicalText
    }

    /// A `YYYYMMDD` day that exists in the Gregorian calendar.
    public static func isReportDay(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 8, u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let n = u.map { Int($0 - 0x30) }
        let y = n[0] * 1000 + n[1] * 100 + n[2] * 10 + n[3], m = n[4] * 10 + n[5], d = n[6] * 10 + n[7]
        guard (1...12).contains(m), d >= 1 else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return d <= lengths[m - 1]
    }

    public static func parse(_ value: JSONValue, moneyInDouble: Bool, stringOnly: Bool = false, lenient: Bool = false) -> Result? {
        guard case .array(let elements) = value else { return nil }
        var out = Result()
        for (i, element) in elements.enumerated() {
            guard case .object(let members) = element else { out.warnings.append((i, "notObject")); continue }
            let keys = members.map(\.0).filter { $0 == "header" || $0 == "row" || $0 == "footer" }
            guard keys.count == 1 else { out.warnings.append((i, "oneOfHeaderRowFooter")); continue }
            guard keys[0] == "row", let row = element["row"] else { continue }
            if out.days.count >= maxRows { out.warnings.append((i, "maxRows")); continue }
            guard let day = row["dimensionValues"]?["DATE"]?["value"]?.string, isReportDay(day) else {
                out.warnings.append((i, "badDate")); continue
            }
            let microsNode = row["metricValues"]?["ESTIMATED_EARNINGS"]?["microsValue"]
            // Fault D6: a string-only decoder throws on a bare number, failing the whole report.
            if stringOnly, microsNode?.numberText != nil { return nil }
            guard let microsText = microsNode?.string ?? microsNode?.numberText,
                  let earnings = earnings(micros: microsText, asDouble: moneyInDouble, lenient: lenient) else {
                out.warnings.append((i, "invalidMicros")); continue
            }
            let clicksNode = row["metricValues"]?["CLICKS"]?["integerValue"]
            let clicksText = clicksNode?.string ?? clicksNode?.numberText ?? "0"
            guard let clicks = Int(clicksText) ?? (lenient ? 0 : nil), clicks >= 0 else { out.warnings.append((i, "invalidClicks")); continue }
            if out.days.contains(where: { $0.day == day }) { out.warnings.append((i, "duplicateDay")); continue }
            out.days.append(DailyEarnings(day: day, earnings: earnings, clicks: clicks))
        }
        return out
    }
}
