import LockstepCore

/// Generators for long runs.
enum DarshanGenerators {
    static var all: [Generator<DarshanEvent>] { [respondDaily] }

    /// `gen respondDaily temples=20 hour=6 minute=5 lead=10 days=365 after=1 action=WATCH_NOW`:
    /// a response `after` minutes after each daily reminder of aarti `a` at temples `t01`…, all in
    /// Asia/Kolkata (+05:30 all year, so the UTC times are fixed), for `days` days from the `gen`
    /// line's time. The temples and reminders must exist already.
    static var respondDaily: Generator<DarshanEvent> { Generator<DarshanEvent>(
        "respondDaily", "A response after each daily reminder of aarti 'a' at temples t01… (Asia/Kolkata).",
        fields: [FieldSpec("temples", .integer), FieldSpec("hour", .integer), FieldSpec("minute", .integer),
                 FieldSpec("lead", .integer), FieldSpec("days", .integer), .optional("after", .integer, "minutes (default 1)"),
                 FieldSpec("action", .word)]
    ) { line, ctx throws(ScenarioError) in
        let temples = Int(try line.int("temples", in: 1...99))
        let hour = Int(try line.int("hour", in: 0...23))
        let minute = Int(try line.int("minute", in: 0...59))
        let lead = Int(try line.int("lead", in: 0...30))
        let days = Int(try line.int("days", in: 1...3660))
        let after = Int64(try line.int("after", in: 0...4, default: 1))
        let action = try line.word("action")
        guard days * temples <= ctx.maxEvents else {
            throw line.error("respondDaily would produce \(days * temples) events; the limit is \(ctx.maxEvents)")
        }
        let when = AartiClock.reminderTime(hour: hour, minute: minute, leadMinutes: lead)
        // Kolkata wall time to UTC: minus 5 h 30 min, wrapped into the UTC day.
        let utcMinute = Int64(((when.hour * 60 + when.minute - 330) % 1440 + 1440) % 1440)
        let startSeconds = line.time.secondsSinceEpochFloor
        let dayStart = startSeconds - ((startSeconds % 86_400) + 86_400) % 86_400
        var out: [Generated<DarshanEvent>] = []
        for d in 0..<Int64(days + 1) {
            let at = dayStart + d * 86_400 + (utcMinute + after) * 60
            guard at >= startSeconds, out.count < days * temples else { continue }
            for n in 1...temples {
                let id = "aarti.t" + (n < 10 ? "0" : "") + "\(n).a"
                out.append(Generated(.seconds(at - startSeconds), "respond", .respond(id: id, action: action)))
            }
        }
        return out
    } }
}
