import LockstepCore

/// `gen doses`: a stretch of logged doses for medications 1...meds, `perDay` times a day from 08:00
/// two hours apart, starting at the day `from` (which the `gen` line's own time should equal).
/// Each dose is taken (mostly within the hour, sometimes late), missed or skipped, drawn from the
/// line's substream; the log event comes at the time the user logs it.
extension PillTracker {
    public static let generators: [Generator<PillTrackerEvent>] = [
        Generator("doses", "days of logged doses for medications 1...meds", parameters: { f throws(ScenarioError) in
            (days: try f("days", .int, in: 1...3_660), meds: try f("meds", .int, in: 1...Medication.maxCount),
             perDay: try f("perDay", .int, default: 2, in: 1...8), from: try f("from", .instant))
        }, stream: { p, context, emit throws(ScenarioError) in
            let total = p.days * p.meds * p.perDay
            guard total <= context.maxEvents else {
                throw context.error("\(total) doses is over this line's event limit of \(context.maxEvents)")
            }
            var rng = context.rng
            for day in 0..<p.days {
                // Logs within a day are emitted in time order: collect, sort, emit.
                var dayEvents: [(Duration, PillTrackerEvent)] = []
                for med in 1...p.meds {
                    for j in 0..<p.perDay {
                        let scheduledOffset = Duration.seconds(Int64(day) * 86_400 + Int64(8 + 2 * j) * 3_600)
                        let at = p.from + scheduledOffset
                        let roll = rng.int(below: 100)
                        let status = roll < 80 ? "taken" : (roll < 90 ? "missed" : "skipped")
                        let delay = Duration.seconds(Int64(status == "taken" ? (roll < 70 ? rng.int(below: 3_600) : 3_601 + rng.int(below: 3_600)) : 60))
                        dayEvents.append((scheduledOffset + delay, .logIntake(med: Int64(med), at: at, status: status, loggedAt: nil)))
                    }
                }
                dayEvents.sort { $0.0 < $1.0 }
                for (offset, e) in dayEvents { try emit(Generated(offset, e)) }
            }
        }),
    ]
}
