import LockstepCore

/// One USD-based rate table: `rates["EUR"] = 0.92` means 1 USD buys 0.92 EUR. Every pair is a
/// cross rate through the base, so one table serves all of them.
struct RateTable: Hashable, Sendable {
    /// Where the table in memory came from, for the age label and the records.
    enum Source: String, Hashable, Sendable { case seed, cache, network }

    var base: String
    /// Codes to rates, each > 0 (the decoder refuses others). Written out sorted by code.
    var rates: [String: DecimalNumber]
    /// When the network delivered it (nil for the bundled seed, which is dated instead).
    var fetchedAt: Instant?
    /// The seed's label date ("2026-01-01"): the article's "label it with its date".
    var seedDate: String?
    var source: Source

    /// The rate of one unit of `code` against the base: 1 for the base itself (its own entry in
    /// `rates`, if the provider sent one, is ignored: the base test wins).
    func perBase(_ code: String) -> DecimalNumber? {
        code == base ? .one : rates[code]
    }

    /// The cross rate `b ÷ a`, nil when either side is missing or the source rate is 0.
    func rate(from: String, to: String) -> DecimalNumber? {
        guard let a = perBase(from), let b = perBase(to), !a.isZero else { return nil }
        return try? b / a
    }

    /// Codes sorted by UTF-8, for records and the cache file.
    var sortedCodes: [String] { rates.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    /// The table's own content (base and rates) for comparisons that ignore where it came from.
    func sameRates(as other: RateTable) -> Bool { base == other.base && rates == other.rates }
}
