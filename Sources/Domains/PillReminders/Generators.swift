import LockstepCore

/// Generators for long runs.
enum PillGenerators {
    static var all: [Generator<PillEvent>] { [takenDaily] }

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
    static var takenDaily: Generator<PillEvent> { Generator<PillEvent>(
        "takenDaily", "TAKEN responses after each daily dose (UTC scenarios).",
        fields: [.optional("med", .word), .optional("meds", .integer), FieldSpec("times", .tuple(count: 0)),
                 FieldSpec("days", .integer), .optional("after", .integer, "minutes after the dose (default 5)")]
    ) { line, ctx throws(ScenarioError) in
        let days = Int(try line.int("days", in: 1...3660))
        let after = Int64(try line.int("after", in: 0...119, default: 5))
        let count = Int(try line.int("meds", in: 1...64, default: 1))
        let names = line.has("med") ? [try line.word("med")] : (1...count).map { $0 < 10 ? "m0\($0)" : "m\($0)" }
        var minutes: [Int64] = []
        for v in try line.doubles("times") {
            guard let t = ReminderTime(hhmm: Int(v)), Double(Int(v)) == v else { throw line.error("bad HHmm in times", at: "times") }
            minutes.append(Int64(t.minuteOfDay))
        }
        minutes.sort()
        let startSeconds = line.time.secondsSinceEpochFloor
        let dayStart = startSeconds - ((startSeconds % 86_400) + 86_400) % 86_400
        var out: [Generated<PillEvent>] = []
        guard days * minutes.count * names.count <= ctx.maxEvents else {
            throw line.error("takenDaily would produce \(days * minutes.count * names.count) events; the limit is \(ctx.maxEvents)")
        }
        for d in 0..<Int64(days) {
            for m in minutes {
                let at = dayStart + d * 86_400 + (m + after) * 60
                guard at >= startSeconds else { continue }
                let t = ReminderTime(hour: Int(m / 60), minute: Int(m % 60))!
                for n in names {
                    out.append(Generated(.seconds(at - startSeconds), "respond", .respond(id: "dose.\(n).\(t.id)", action: PillConstants.taken)))
                }
            }
        }
        return out
    } }
}
