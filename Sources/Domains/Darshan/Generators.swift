import LockstepCore
import Platform

/// Generators for long runs.
enum DarshanGenerators {
    static let all: [Generator<DarshanEvent>] = [respondDaily]

    /// `gen respondDaily temples=20 hour=6 minute=5 lead=10 days=365 after=1 action=WATCH_NOW`:
    /// a response `after` minutes after each daily reminder of aarti `a` at temples `t01`…, all in
    /// Asia/Kolkata (+05:30 all year, so the UTC times are fixed), for `days` days from the `gen`
    /// line's time. The temples and reminders must exist already.
    static let respondDaily = Generator<DarshanEvent>(
        "respondDaily", "A response after each daily reminder of aarti 'a' at temples t01… (Asia/Kolkata).",
        parameters: { f throws(ScenarioError) in
            (temples: try f("temples", .int, in: 1...99), hour: try f("hour", .int, in: 0...23), minute: try f("minute", .int, in: 0...59),
             lead: try f("lead", .int, in: 0...30), days: try f("days", .int, in: 1...3660),
             after: try f("after", .int, default: 1, in: 0...4, "minutes"), action: try f("action", .word),
             // The context has no time; the days are counted from the gen line's.
             start: f.line.time)
        },
        expand: { p, context throws(ScenarioError) in
            guard p.days * p.temples <= context.maxEvents else {
                throw context.error("respondDaily would produce \(p.days * p.temples) events; the limit is \(context.maxEvents)")
            }
            let aarti: TimeOfDay
            do throws(TimeOfDayError) {
                aarti = try TimeOfDay(hour: p.hour, minute: p.minute)
            } catch {
                // The parameters' ranges already keep this from happening.
                throw context.error("respondDaily: \(error)")
            }
            // Kolkata wall time to UTC: minus 5 h 30 min, wrapped into the UTC day.
            let utcMinute = Int64(aarti.adding(minutes: -p.lead).adding(minutes: -330).minutesSinceMidnight)
            let startSeconds = p.start.secondsSinceEpochFloor
            let dayStart = startSeconds - ((startSeconds % 86_400) + 86_400) % 86_400
            var out: [Generated<DarshanEvent>] = []
            for d in 0..<Int64(p.days + 1) {
                let at = dayStart + d * 86_400 + (utcMinute + Int64(p.after)) * 60
                guard at >= startSeconds, out.count < p.days * p.temples else { continue }
                for n in 1...p.temples {
                    let id = "aarti.t" + ZeroPad.two(n) + ".a"
                    out.append(Generated(.seconds(at - startSeconds), .respond(id: id, action: p.action)))
                }
            }
            return out
        })
}
