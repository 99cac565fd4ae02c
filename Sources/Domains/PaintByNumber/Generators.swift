import LockstepCore

/// Tap generators: a grid of taps, and seeded random taps in a box, at a fixed interval.
public enum PaintGenerators {
    static func pair(_ line: EventLine, _ key: StaticString, default value: (Double, Double)? = nil,
                     in range: ClosedRange<Double>) throws(ScenarioError) -> (Double, Double) {
        guard line.has(key) else {
            if let value { return value }
            throw line.error("missing field '\(key)'")
        }
        let v = try line.doubles(key)
        guard v.count == 2, v.allSatisfy({ $0.isFinite && range.contains($0) }) else {
            throw line.error("\(key) needs two numbers in \(range.lowerBound)...\(range.upperBound)", at: key)
        }
        return (v[0], v[1])
    }

    static func interval(_ line: EventLine) throws(ScenarioError) -> Duration {
        Duration(nanoseconds: Int64((try line.double("interval", in: 0...3600, default: 0.1) * 1e9).rounded()))
    }

    /// `count.0 × count.1` taps at `from + (i·step.0, j·step.1)`, row by row.
    public static func grid(from: (Double, Double), step: (Double, Double), columns: Int, rows: Int, interval: Duration) -> [Generated<PaintEvent>] {
        var out: [Generated<PaintEvent>] = []
        out.reserveCapacity(columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let k = Int64(out.count)
                out.append(Generated(Duration(nanoseconds: interval.nanoseconds * k), "tap",
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
            out.append(Generated(Duration(nanoseconds: interval.nanoseconds * Int64(k)), "tap", .tap(x: x, y: y)))
        }
        return out
    }

    public static var all: [Generator<PaintEvent>] {
        [
            Generator("tapGrid", "a grid of taps in screen pixels, row by row", fields: [
                FieldSpec("from", .tuple(count: 2), "first tap, screen pixels"),
                FieldSpec("step", .tuple(count: 2), "spacing, screen pixels"),
                FieldSpec("count", .tuple(count: 2), "columns,rows"),
                .optional("interval", .number, "seconds between taps, default 0.1"),
            ]) { line, context throws(ScenarioError) in
                let from = try pair(line, "from", in: -1e6...1e6)
                let step = try pair(line, "step", in: -1e6...1e6)
                let count = try pair(line, "count", in: 1...100_000)
                guard count.0 == count.0.rounded(), count.1 == count.1.rounded() else {
                    throw line.error("count needs two whole numbers", at: "count")
                }
                let columns = Int(count.0), rows = Int(count.1)
                guard columns * rows <= context.maxEvents else {
                    throw line.error("\(columns)×\(rows) taps exceed the scenario's event budget (\(context.maxEvents))", at: "count")
                }
                return grid(from: from, step: step, columns: columns, rows: rows, interval: try interval(line))
            },
            Generator("randomTaps", "seeded random taps in a box (screen pixels)", fields: [
                FieldSpec("count", .integer),
                FieldSpec("area", .tuple(count: 4), "x,y,width,height in screen pixels"),
                .optional("interval", .number, "seconds between taps, default 0.1"),
            ]) { line, context throws(ScenarioError) in
                let count = Int(try line.int("count", in: 1...10_000_000))
                let area = try line.doubles("area")
                guard area.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }), area[2] >= 0, area[3] >= 0 else {
                    throw line.error("area needs x,y,width,height finite within ±1e6, sizes ≥ 0", at: "area")
                }
                guard count <= context.maxEvents else {
                    throw line.error("\(count) taps exceed the scenario's event budget (\(context.maxEvents))", at: "count")
                }
                return random(count: count, area: area, interval: try interval(line), rng: &context.rng)
            },
        ]
    }
}
