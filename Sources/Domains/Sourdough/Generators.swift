import LockstepCore

/// Generators for learning runs and long benches.
enum SourdoughGenerators {
    static let all: [Generator<SourdoughEvent>] = [peaks, bakes]

    /// `gen peaks count=20 actual=604.8 gap=1d`: the same starter peak logged `count` times.
    static let peaks = Generator<SourdoughEvent>("peaks", "count logged starter peaks of `actual` minutes, gap apart", parameters: { f throws(ScenarioError) in
        (count: try f("count", .int, in: 1...1_000), actual: try f("actual", .number, "minutes"),
         gap: try f("gap", .duration, default: .days(1), in: .seconds(1) ... .days(30)))
    }, expand: { p, _ throws(ScenarioError) in
        (0..<p.count).map { Generated(p.gap * Int64($0), .logPeak(actualMinutes: p.actual, baselineMinutes: nil)) }
    })

    /// `gen bakes count=7 lead=38h every=1d`: a plan request `lead` ahead every `every`, then
    /// Need more time (`extra` minutes) 22 h after each request (usually mid-bulk), for benches.
    static let bakes = Generator<SourdoughEvent>("bakes", "count plan requests lead ahead, every apart, each extended once", parameters: { f throws(ScenarioError) in
        (count: try f("count", .int, in: 1...1_000), lead: try f("lead", .duration, in: .hours(22) ... .days(7)),
         every: try f("every", .duration, default: .days(1), in: .hours(23) ... .days(30)),
         extra: try f("extra", .int, default: 30, in: 5...240, "minutes"))
    }, stream: { p, context, emit throws(ScenarioError) in
        if p.count * 2 > context.maxEvents { throw context.error("bakes makes \(p.count * 2) events, over the budget \(context.maxEvents)") }
        for i in 0..<p.count {
            let at = p.every * Int64(i)
            try emit(Generated(at, .plan(.after(p.lead))))
            try emit(Generated(at + .hours(22), .needMore(minutes: p.extra)))
        }
    })
}
