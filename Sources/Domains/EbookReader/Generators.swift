import LockstepCore

/// `gen scrolls from=0 to=2400 count=120 gap=16ms`: a flick, one `scroll` event per frame with
/// the content offset moving linearly from `from` to `to`.
extension EbookReader {
    public static let maxScrollEvents = 1_000_000

    public static let generators: [Generator<EbookReaderEvent>] = [
        Generator("scrolls", "count scroll events from one offset to another, gap apart", parameters: { f throws(ScenarioError) in
            let from = try f("from", .number, "the first content offset")
            let to = try f("to", .number, "the last content offset")
            let count = try f("count", .int, in: 1...maxScrollEvents, "how many scroll events")
            let gap = try f("gap", .duration, default: .milliseconds(16), in: .milliseconds(1) ... .seconds(10), "between events")
            if !f.isDeclaring, !(from.isFinite && to.isFinite) { throw f.error("from and to must be finite", atAnyOf: ["from", "to"]) }
            return (from: from, to: to, count: count, gap: gap)
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.count <= context.maxEvents else { throw context.error("\(p.count) scroll events; the budget is \(context.maxEvents)") }
            for i in 0..<p.count {
                let t = p.count == 1 ? 1.0 : Double(i) / Double(p.count - 1)
                try emit(Generated(p.gap * Int64(i), .scroll(y: p.from + (p.to - p.from) * t)))
            }
        }),
    ]
}
