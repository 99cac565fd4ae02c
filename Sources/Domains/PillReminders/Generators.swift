import Lockstep

/// Generators for long runs.
enum PillGenerators {
    static var all: [Generator<PillEvent>] { [takenDaily] }

    /// `gen takenDaily med=a times=0800,2000 days=365 after=5`: a TAKEN response `after` minutes
    /// after each dose time on each of `days` days, counting from the `gen` line's UTC day, for
    /// `meds` medications named `m01`… (or one named `med`). Times are UTC wall times, so use it in
    /// a UTC scenario (the responses must follow the deliveries).
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
