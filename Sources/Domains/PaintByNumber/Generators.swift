import LockstepCore

/// Tap generators: a grid of taps, and seeded random taps in a box, at a fixed interval.
public enum PaintGenerators {
    /// Two numbers of a `.tuple(2)` field, each finite and in `range`.
    static func pair(_ v: [Double], _ key: StaticString, in range: ClosedRange<Double>, _ f: Fields) throws(ScenarioError) -> (Double, Double) {
        guard v.count == 2, v.allSatisfy({ $0.isFinite && range.contains($0) }) else {
            throw f.error("\(key) needs two numbers in \(range.lowerBound)...\(range.upperBound)", at: key)
        }
        return (v[0], v[1])
    }

    /// Seconds (a number, as before the kit had durations) to the exact nanoseconds between taps.
    static func interval(_ seconds: Double) -> Duration {
        Duration(seconds: seconds) ?? .zero  // range-checked by the caller; the core's one conversion
    }

    /// An error at `at` (a field's value, captured while reading), for checks that need the
    /// expansion context: the event budget is only known in `expand`, the field's column only in `parameters`.
    static func error(_ message: String, at: ScenarioError) -> ScenarioError {
        ScenarioError(path: at.path, line: at.line, column: at.column, message: message)
    }

    /// Refuses `count` taps `interval` apart when the last one's offset, (count − 1) × interval, does
    /// not fit Int64 nanoseconds (292 years): both are in their ranges, their product need not be.
    static func checkSpan(_ count: Int, _ interval: Duration, at: ScenarioError) throws(ScenarioError) {
        if interval.multiplied(by: Int64(max(count - 1, 0))) == nil { throw error("\(count) taps interval=\(interval)s apart would last more than 292 years (Int64 nanoseconds)", at: at) }
    }

    /// `count.0 × count.1` taps at `from + (i·step.0, j·step.1)`, row by row.
    public static func grid(from: (Double, Double), step: (Double, Double), columns: Int, rows: Int, interval: Duration) -> [Generated<PaintEvent>] {
        var out: [Generated<PaintEvent>] = []
        out.reserveCapacity(columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let k = Int64(out.count)
                out.append(Generated(Duration(nanoseconds: interval.nanoseconds * k),
                                     .tap(x: from.0 + Double(i) * step.0, y: from.1 + Double(j) * step.1)))
            }
        }
        return out
    }

    /// `count` taps uniformly in the box `(x, y, width, height)`: two `double()` draws per tap.
    public static func random(count: Int, area: [Double], interval: Duration, rng: inout SeededRNG) -> [Generated<PaintEvent>] {
        var out: [Generated<PaintEvent>] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            let x = area[0] + rng.double() * area[2], y = area[1] + rng.double() * area[3]
            out.append(Generated(Duration(nanoseconds: interval.nanoseconds * Int64(k)), .tap(x: x, y: y)))
        }
        return out
    }

    public static var all: [Generator<PaintEvent>] {
        [
            Generator("tapGrid", "a grid of taps in screen pixels, row by row", parameters: { f throws(ScenarioError) in
                let from = try f("from", .tuple(2), "first tap, screen pixels")
                let step = try f("step", .tuple(2), "spacing, screen pixels")
                let count = try f("count", .tuple(2), "columns,rows")
                let seconds = try f("interval", .number, default: 0.1, in: 0...3600, "seconds between taps")
                let countAt = f.error("", at: "count")
                // The placeholders (count 0,0) are not a grid; the declaration pass only runs through.
                if f.isDeclaring { return (from: (0.0, 0.0), step: (0.0, 0.0), columns: 0, rows: 0, interval: Duration.zero, countAt: countAt) }
                let p = (from: try pair(from, "from", in: -1e6...1e6, f), step: try pair(step, "step", in: -1e6...1e6, f),
                         count: try pair(count, "count", in: 1...100_000, f))
                guard p.count.0 == p.count.0.rounded(), p.count.1 == p.count.1.rounded() else {
                    throw f.error("count needs two whole numbers", at: "count")
                }
                return (from: p.from, step: p.step, columns: Int(p.count.0), rows: Int(p.count.1), interval: interval(seconds), countAt: countAt)
            }, expand: { p, context throws(ScenarioError) in
                guard p.columns * p.rows <= context.maxEvents else {
                    throw error("\(p.columns)×\(p.rows) taps exceed the scenario's event budget (\(context.maxEvents))", at: p.countAt)
                }
                try checkSpan(p.columns * p.rows, p.interval, at: p.countAt)
                return grid(from: p.from, step: p.step, columns: p.columns, rows: p.rows, interval: p.interval)
            }),
            Generator("randomTaps", "seeded random taps in a box (screen pixels)", parameters: { f throws(ScenarioError) in
                let count = try f("count", .int, in: 1...10_000_000)
                let area = try f("area", .tuple(4), "x,y,width,height in screen pixels")
                let seconds = try f("interval", .number, default: 0.1, in: 0...3600, "seconds between taps")
                guard area.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }), area[2] >= 0, area[3] >= 0 else {
                    throw f.error("area needs x,y,width,height finite within ±1e6, sizes ≥ 0", at: "area")
                }
                return (count: count, area: area, interval: interval(seconds), countAt: f.error("", at: "count"))
            }, expand: { p, context throws(ScenarioError) in
                guard p.count <= context.maxEvents else {
                    throw error("\(p.count) taps exceed the scenario's event budget (\(context.maxEvents))", at: p.countAt)
                }
                try checkSpan(p.count, p.interval, at: p.countAt)
                return random(count: p.count, area: p.area, interval: p.interval, rng: &context.rng)
            }),
        ]
    }
}
