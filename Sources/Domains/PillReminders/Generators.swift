import LockstepCore
import Platform

/// Generators for long runs.
enum PillGenerators {
    static let all: [Generator<PillEvent>] = [takenDaily]

    /// `gen takenDaily med=a times=0800,2000 days=365 after=5`: a TAKEN response `after` minutes
    /// after each dose time on each of `days` days, counting from the `gen` line's UTC day, for
    /// `meds` medications named `m01`… (or one named `med`). Times are UTC wall times, so use it in
    /// a UTC scenario (the responses must follow the deliveries).
    ///
    /// The performance workload of issue #6 (a year of daily reminders for 20 medications, about
    /// 30,000 deliveries and responses) is not committed: its trace is about 12.7 MB. To replay
    /// it, write this scenario and `swift run -c release lockstep run` it (the 20 `addMed` lines
    /// differ only in the number):
    ///
    ///     lockstep 1
    ///     domain pillReminders
    ///     title "A year of 20 medications x 2 times, each Taken"
    ///     start 2026-01-01T00:00:00Z
    ///     zone UTC
    ///     0 addMed id=m01 name="Med 1" times=0800,2000 pills=100000
    ///     …                                   (m02 … m20 alike)
    ///     0 lifecycle background
    ///     1 lifecycle suspend
    ///     1 gen takenDaily meds=20 times=0800,2000 days=365 after=5
    ///     until @2027-01-01T00:00:00Z
    ///
    /// It delivers 14,600 notifications and answers each with TAKEN in the background.
    static let takenDaily = Generator<PillEvent>(
        "takenDaily", "TAKEN responses after each daily dose (UTC scenarios).", parameters: { f throws(ScenarioError) in
            let med = try f.optional("med", .word)
            let count = try f("meds", .int, default: 1, in: 1...64)
            let times = try f("times", .tuple())
            let days = try f("days", .int, in: 1...3660)
            let after = try f("after", .int, default: 5, in: 0...119, "minutes after the dose")
            var doseTimes: [TimeOfDay] = []
            for v in times {
                // Whole and small before `Int(v)`, which would trap on a huge or non-finite number.
                guard v == v.rounded(.towardZero), abs(v) < 100_000, let t = try? TimeOfDay(hhmmValue: Int(v)) else {
                    throw f.error("bad HHmm in times", at: "times")
                }
                doseTimes.append(t)
            }
            let names = med.map { [$0] } ?? (1...count).map { "m" + ZeroPad.two($0) }
            return (names: names, times: doseTimes.sorted(), days: days, after: Int64(after), start: f.line.time)
        }, expand: { p, context throws(ScenarioError) in
            let startSeconds = p.start.secondsSinceEpochFloor
            let dayStart = startSeconds - ((startSeconds % 86_400) + 86_400) % 86_400
            var out: [Generated<PillEvent>] = []
            guard p.days * p.times.count * p.names.count <= context.maxEvents else {
                throw context.error("takenDaily would produce \(p.days * p.times.count * p.names.count) events; the limit is \(context.maxEvents)")
            }
            // Each time's identifiers once, not once a day.
            let ids = p.times.map { t in p.names.map { "dose.\($0).\(t.digits)" } }
            for d in 0..<Int64(p.days) {
                for (t, dose) in zip(p.times, ids) {
                    let at = dayStart + d * 86_400 + (Int64(t.minutesSinceMidnight) + p.after) * 60
                    guard at >= startSeconds else { continue }
                    for id in dose {
                        out.append(Generated(.seconds(at - startSeconds), .respond(id: id, action: PillConstants.taken)))
                    }
                }
            }
            return out
        })
}
