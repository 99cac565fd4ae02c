import LockstepCore
import Platform

/// One game's price file (GAP layout): little-endian rows of `[u32 cardIndex, i32 cents]`, the card
/// index into that game's catalog in catalog order, `Int32.min` the sentinel for "unpriced" so a
/// $0.00 promo stays a price.
public struct PriceFile: Equatable, Sendable {
    public static let rowBytes = 8
    public static let unpricedSentinel = Int32.min
    public static let maxRows = 100_000
    /// `PriceProvenance.staleAfterDays`: stale iff the age is more than 7 days (GAP: exclusive).
    public static let staleAfterDays: Int64 = 7

    public enum Price: Equatable, Sendable {
        case cents(Int64)
        case unpriced
    }

    public var game: String
    public var contentHash: String
    public var capturedDay: Int64
    public var prices: [String: Price]

    public enum DecodeError: Error, Equatable {
        case truncated(bytes: Int)
        case tooManyRows(Int)
        case row(index: Int, why: String)
    }

    /// Decodes `bytes` against the game's catalog ids (in catalog order).
    public static func decode(_ bytes: [UInt8], catalogIDs: [String]) -> Result<[String: Price], DecodeError> {
        guard bytes.count % rowBytes == 0 else { return .failure(.truncated(bytes: bytes.count)) }
        let rows = bytes.count / rowBytes
        guard rows <= maxRows else { return .failure(.tooManyRows(rows)) }
        var prices: [String: Price] = [:]
        for r in 0..<rows {
            let o = r * rowBytes
            let index = UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
            let raw = UInt32(bytes[o + 4]) | UInt32(bytes[o + 5]) << 8 | UInt32(bytes[o + 6]) << 16 | UInt32(bytes[o + 7]) << 24
            let cents = Int32(bitPattern: raw)
            guard Int(index) < catalogIDs.count else {
                return .failure(.row(index: r + 1, why: "card index \(index) is outside the catalog's \(catalogIDs.count) cards"))
            }
            let id = catalogIDs[Int(index)]
            guard prices[id] == nil else { return .failure(.row(index: r + 1, why: "card index \(index) is priced twice")) }
            if cents == unpricedSentinel {
                prices[id] = .unpriced
            } else if cents < 0 {
                return .failure(.row(index: r + 1, why: "negative price \(cents) cents"))
            } else {
                prices[id] = .cents(Int64(cents))
            }
        }
        return .success(prices)
    }

    /// `2026-03-01` → days since 1970-01-01, or nil.
    public static func day(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              y >= 1900, y <= 2199, m >= 1, m <= 12, d >= 1, d <= GregorianCalendar.daysInMonth(year: y, month: m) else { return nil }
        return GregorianCalendar.daysSinceEpoch(year: y, month: m, day: d)
    }

    public static func dayText(_ day: Int64) -> String {
        let d = GregorianCalendar.date(daysSinceEpoch: day)
        return "\(d.year)-\(ZeroPad.two(d.month))-\(ZeroPad.two(d.day))"
    }

    /// GAP wording: weeks (`floor(days/7)`) from 14 days on, otherwise days; nil when current.
    public static func staleHeadline(ageDays: Int64) -> String? {
        guard ageDays > staleAfterDays else { return nil }
        if ageDays >= 14 { return "These prices are \(ageDays / 7) weeks old" }
        return "These prices are \(ageDays) days old"
    }
}

/// `$12.34` from cents, no Foundation formatting.
enum CentsText {
    static func format(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let m = cents.magnitude
        let c = m % 100
        return "\(sign)$\(m / 100).\(c < 10 ? "0" : "")\(c)"
    }
}
