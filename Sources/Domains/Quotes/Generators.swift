import LockstepCore

/// `gen dailyOpens days=N`: a habit, once a day (24 h apart from the `gen` line): open the quote
/// of the day, read it a minute later, and check the streak every `checkEvery` days.
extension Quotes {
    public static let generators: [Generator<QuotesEvent>] = [
        Generator("dailyOpens", "a daily open, read and (every checkEvery days) streak check", parameters: { f throws(ScenarioError) in
            (days: try f("days", .int, in: 1...100_000, "how many days"),
             checkEvery: try f("checkEvery", .int, default: 7, in: 1...100_000, "days between streak checks"))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.days * 3 <= context.maxEvents else { throw context.error("days × 3 is over the event budget \(context.maxEvents)") }
            for d in 0..<p.days {
                let base = Duration.days(Int64(d))
                try emit(Generated(base, .open))
                try emit(Generated(base + .minutes(1), .read(nil)))
                if (d + 1) % p.checkEvery == 0 { try emit(Generated(base + .minutes(2), .streak)) }
            }
        }),
    ]
}
