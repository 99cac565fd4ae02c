import LockstepCore

/// The dashboard's arithmetic, pure and in exact decimals: today's row, the live average rates,
/// the weekly averages and the comparison with yesterday. Every quotient is one `DecimalNumber`
/// division (38 significant digits, half-up, as `/`); amounts are shown by the caller.
public enum Dashboard {
    /// The rate denominator's floor, "to avoid tiny denominators just after midnight" (failure 10).
    public static let minRateSeconds: Int64 = 60

    /// The live average rates so far today: "estimated", "average so far today".
    public struct Rates: Hashable, Sendable {
        /// The denominator: seconds into the LA day, at least `minRateSeconds`.
        public var seconds: Int64
        public var perSecond: DecimalNumber
        public var perMinute: DecimalNumber
        public var perHour: DecimalNumber
    }

    /// Today's earnings: the row for `today` (an LA `YYYYMMDD`), 0 when there is none (GAP).
    public static func earnings(on day: String, _ days: [DailyEarnings]) -> DecimalNumber {
        days.first { $0.day == day }.flatMap { try? DecimalNumber(parsing: $0.earnings) } ?? .zero
    }

    /// D4: `perHour = today × 3600 / seconds`, one rounding; the article's `perSecond × 3600`
    /// rounds twice (`fromPerSecond`, fault `perHourFromPerSecond`), so 12 at 21,600 s is not 2.
    public static func rates(today: DecimalNumber, secondsIntoDay: Int64, floor: Bool = true,
                             fromPerSecond: Bool = false) throws(DecimalArithmeticError) -> Rates {
        // Without the floor (fault noRateFloor) the very first second still divides by 1, not 0.
        let seconds = floor ? Swift.max(secondsIntoDay, minRateSeconds) : Swift.max(secondsIntoDay, 1)
        let denominator = DecimalNumber(seconds)
        let perSecond = try today / denominator
        if fromPerSecond {
            return Rates(seconds: seconds, perSecond: perSecond, perMinute: try perSecond * 60, perHour: try perSecond * 3600)
        }
        return Rates(seconds: seconds, perSecond: perSecond, perMinute: try (today * 60) / denominator,
                     perHour: try (today * 3600) / denominator)
    }

    /// The weekly averages (D9, the article's definition kept): the sum over the rows returned,
    /// today's partial day included, divided by their count, not by 7; clicks the same way (an
    /// integer sum divided as a decimal). No rows: both 0.
    public static func weeklyAverages(_ days: [DailyEarnings]) throws(DecimalArithmeticError) -> (earnings: DecimalNumber, clicks: DecimalNumber) {
        guard !days.isEmpty else { return (.zero, .zero) }
        var sum = DecimalNumber.zero
        var clicks: Int64 = 0
        for d in days {
            sum = try sum + ((try? DecimalNumber(parsing: d.earnings)) ?? .zero)
            clicks += Int64(d.clicks)
        }
        let n = DecimalNumber(days.count)
        return (try sum / n, try DecimalNumber(clicks) / n)
    }

    /// Today against yesterday (GAP: the LA day before today, from the same rows):
    /// `delta = today − yesterday`, `percent = delta / yesterday × 100`, nil when yesterday is 0.
    public static func comparison(today: DecimalNumber, yesterday: DecimalNumber) throws(DecimalArithmeticError)
        -> (delta: DecimalNumber, percent: DecimalNumber?) {
        let delta = try today - yesterday
        return (delta, yesterday.isZero ? nil : try (delta * 100) / yesterday)
    }
}
