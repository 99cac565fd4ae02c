import LockstepCore
import Platform

extension Aquarium {
    /// `gen dailyTests tank=t1 days=30`: one test session a day (some fields left blank, as real
    /// logs are) and a sync a minute later: a month of use for the bench.
    public static let generators: [Generator<AquariumEvent>] = [
        Generator("dailyTests", "days daily test sessions on tank, each followed by a manual sync a minute later", parameters: { f throws(ScenarioError) in
            (tank: try f("tank", .word), days: try f("days", .int, in: 1 ... 3_650), sync: try f("sync", .bool, default: true))
        }, expand: { p, context throws(ScenarioError) in
            var rng = context.rng
            var out: [Generated<AquariumEvent>] = []
            for day in 0..<p.days {
                func field(_ lo: Int, _ hi: Int, _ scale: Double, blank: Double) -> String {
                    rng.chance(blank) ? "" : FixedDecimal.format(Double(rng.int(in: lo...hi)) / scale, places: 2)
                }
                let texts = [field(0, 100, 100, blank: 0.3), field(0, 50, 100, blank: 0.3), field(0, 400, 10, blank: 0.3),
                             field(76, 84, 10, blank: 0.2), field(70, 90, 10, blank: 0.3), field(240, 270, 10, blank: 0.2), ""]
                let form = FormLine(tank: p.tank, session: "d\(day + 1)", at: nil, texts: texts, units: Array(repeating: nil, count: 7))
                out.append(Generated(.days(Int64(day)), .test(form)))
                if p.sync { out.append(Generated(.days(Int64(day)) + .minutes(1), .sync(.manual))) }
            }
            return out
        }),
    ]
}
