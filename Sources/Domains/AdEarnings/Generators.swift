import LockstepCore

/// `gen ticks every=1m count=10`: the dashboard's clock, one `tick` per interval (the live rates
/// and the "Updated … ago" age move with it).
extension AdEarnings {
    /// At most this many ticks from one line.
    public static let maxTicks = 1_440

    public static let generators: [Generator<AdEarningsEvent>] = [
        Generator("ticks", "the clock ticking: one tick every interval, count times", parameters: { f throws(ScenarioError) in
            let every = try f("every", .duration, default: .seconds(60), in: .seconds(1) ... .seconds(86_400), "between ticks")
            let count = try f("count", .int, in: 1 ... maxTicks, "how many ticks")
            return (every: every, count: count)
        }, expand: { p, _ throws(ScenarioError) in
            (0..<p.count).map { Generated(p.every * Int64($0), .tick) }
        }),
    ]
}
