import LockstepCore

/// Stroke generators: touch sample series at a fixed rate (120 Hz by default), shaped like a hand
/// would draw them, so scenarios can say "a fast zigzag in pencil, pressing harder" in one line.
public enum ChalkGenerators {
    public enum Path: String, CaseIterable, Sendable { case line, arc, zigzag, scribble }
    /// How the pen moves along the path over time (the speed profile).
    public enum Ease: String, CaseIterable, Sendable { case constant, accelerate, decelerate, easeInOut }
    /// A session's touch type: one for every stroke, or a random one per stroke.
    public enum SessionType: String, CaseIterable, Sendable { case finger, pencil, mixed }

    /// Apple Pencil's maximum possible force (≈ 25/6), the default `maxForce` of generated pencil samples.
    public static let pencilMaxForce = 4.1667

    /// Everything that shapes one generated stroke.
    public struct StrokeShape: Sendable {
        public var path: Path = .line
        public var from: (Double, Double) = (0, 0)
        public var to: (Double, Double) = (100, 0)
        public var samples = 60
        public var hz = 120.0
        public var type: TouchType = .pencil
        public var id = 1
        public var pressure: (Double, Double) = (0.5, 0.5)
        public var altitude: (Double, Double) = (1.0, 1.0)
        public var azimuth = 0.8
        public var bend = 0.3
        public var teeth = 6
        public var amplitude = 20.0
        public var ease: Ease = .easeInOut
        public init() {}
    }

    static func eased(_ u: Double, _ e: Ease) -> Double {
        switch e {
        case .constant: u
        case .accelerate: u * u
        case .decelerate: 1 - (1 - u) * (1 - u)
        case .easeInOut: u * u * (3 - 2 * u)
        }
    }

    /// Smooth random wiggle in [-1, 1] through `knots` values (scribble).
    static func wiggle(_ knots: [Double], _ s: Double) -> Double {
        let x = s * Double(knots.count - 1)
        let i = min(knots.count - 2, max(0, Int(x.rounded(.down))))
        let f = x - Double(i)
        let w = f * f * (3 - 2 * f)
        return knots[i] + (knots[i + 1] - knots[i]) * w
    }

    /// The samples of one stroke, as (offset, event). `rng` is used by `scribble` only (but always
    /// consulted the same way so that adding shapes does not shift others).
    public static func stroke(_ shape: StrokeShape, rng: inout SeededRNG, startOffset: Duration = .zero) -> [Generated<ChalkEvent>] {
        var knotsA: [Double] = [], knotsB: [Double] = []
        for _ in 0..<9 { knotsA.append(rng.signed()); knotsB.append(rng.signed()) }
        knotsA[0] = 0; knotsB[0] = 0
        let (x0, y0) = shape.from, (x1, y1) = shape.to
        let dx = x1 - x0, dy = y1 - y0
        let chord = (dx * dx + dy * dy).squareRoot()
        let (nx, ny) = chord > 0 ? (-dy / chord, dx / chord) : (0.0, 1.0)
        var out: [Generated<ChalkEvent>] = []
        out.reserveCapacity(shape.samples)
        let n = shape.samples
        for i in 0..<n {
            let u = n > 1 ? Double(i) / Double(n - 1) : 0
            let s = eased(u, shape.ease)
            var x = x0 + dx * s, y = y0 + dy * s
            switch shape.path {
            case .line: break
            case .arc:  // a quadratic bow: control point off the chord's middle by bend · chord
                let b = 2 * s * (1 - s) * shape.bend * chord * 2
                x += nx * b; y += ny * b
            case .zigzag:
                let f = (s * Double(shape.teeth) + 0.25).truncatingRemainder(dividingBy: 1)
                let tri = f < 0.5 ? 4 * f - 1 : 3 - 4 * f
                x += nx * tri * shape.amplitude; y += ny * tri * shape.amplitude
            case .scribble:
                let a = wiggle(knotsA, s) * shape.amplitude, b = wiggle(knotsB, s) * shape.amplitude * 0.5
                x += nx * a + dx / max(chord, 1e-9) * b; y += ny * a + dy / max(chord, 1e-9) * b
            }
            let phase: TouchPhase = i == 0 ? .began : (i == n - 1 ? .ended : .moved)
            let pr = shape.pressure.0 + (shape.pressure.1 - shape.pressure.0) * u
            let alt = shape.type == .finger ? 0 : shape.altitude.0 + (shape.altitude.1 - shape.altitude.0) * u
            let sample = TouchSample(phase, id: shape.id, x: x, y: y,
                                     force: shape.type == .pencil ? pr * pencilMaxForce : 0,
                                     maxForce: shape.type == .pencil ? pencilMaxForce : 0,
                                     altitude: alt, azimuth: shape.azimuth, type: shape.type)
            let offset = startOffset + Duration(nanoseconds: Int64((Double(i) * 1e9 / shape.hz).rounded()))
            out.append(Generated(offset, .touch(sample)))
        }
        return out
    }

    /// An `x,y` pair (required when there is no default) whose numbers must be finite and in `range`.
    static func pair(_ f: inout Fields, _ key: StaticString, default value: (Double, Double)? = nil, in range: ClosedRange<Double>,
                     _ help: String) throws(ScenarioError) -> (Double, Double) {
        let v = if let value { try f(key, .tuple(2), default: [value.0, value.1], help) } else { try f(key, .tuple(2), help) }
        guard v.count == 2, v.allSatisfy({ $0.isFinite && range.contains($0) }) else {
            throw f.error("\(key) needs two numbers in \(range.lowerBound)...\(range.upperBound)", at: key)
        }
        return (v[0], v[1])
    }

    public static var all: [Generator<ChalkEvent>] {
        [
            Generator("stroke", "one stroke as touch samples: path line|arc|zigzag|scribble from A to B", parameters: { f throws(ScenarioError) in
                var shape = StrokeShape()
                shape.path = try f("path", .choice(Path.self))
                shape.from = try pair(&f, "from", in: -1e6...1e6, "screen points")
                shape.to = try pair(&f, "to", in: -1e6...1e6, "screen points")
                shape.samples = try f("samples", .int, default: 60, in: 1...1_000_000, "touch samples including began and ended")
                shape.hz = try f("hz", .number, default: 120, in: 1...10_000, "sample rate")
                shape.type = try f("type", .choice(TouchType.self), default: .pencil)
                shape.id = try f("id", .int, default: 1, in: 0...Int(Int32.max), "touch id")
                shape.pressure = try pair(&f, "pressure", default: (0.5, 0.5), in: 0...1, "start,end as a fraction of maxForce")
                shape.altitude = try pair(&f, "altitude", default: (1, 1), in: 0...(Double.pi / 2), "start,end radians (pencil); fingers report 0")
                shape.azimuth = try f("azimuth", .number, default: 0.8, in: -100...100, "radians")
                shape.bend = try f("bend", .number, default: 0.3, in: -10...10, "arc: bow as a fraction of the chord")
                shape.teeth = try f("teeth", .int, default: 6, in: 1...1000, "zigzag: number of teeth")
                shape.amplitude = try f("amplitude", .number, default: 20, in: 0...1e5, "zigzag/scribble: screen points")
                shape.ease = try f("ease", .choice(Ease.self), default: .easeInOut, "speed profile")
                // The line, so that the budget error (known only at expansion) points at `samples`.
                return (shape: shape, line: f.line)
            }, expand: { p, context throws(ScenarioError) in
                guard p.shape.samples <= context.maxEvents else {
                    throw p.line.error("\(p.shape.samples) samples exceed the scenario's event budget (\(context.maxEvents))", at: "samples")
                }
                return stroke(p.shape, rng: &context.rng)
            }),
            Generator("session", "many random strokes in a box, back to back: a drawing session", parameters: { f throws(ScenarioError) in
                (count: try f("strokes", .int, in: 1...100_000),
                 samples: try f("samples", .int, default: 120, in: 2...100_000, "per stroke"),
                 hz: try f("hz", .number, default: 120, in: 1...10_000),
                 // Seconds as a number, not a duration: the gap is rounded to nanoseconds as before.
                 gap: try f("gap", .number, default: 0.25, in: 0...3600, "seconds between strokes"),
                 area: try f("area", .tuple(4), default: [16, 16, 224, 224], "x,y,width,height in screen points"),
                 type: try f("type", .choice(SessionType.self), default: .pencil),
                 line: f.line)
            }, expand: { p, context throws(ScenarioError) in
                let (count, samples, hz, gap, area) = (p.count, p.samples, p.hz, p.gap, p.area)
                guard count * samples <= context.maxEvents else {
                    throw p.line.error("\(count)×\(samples) samples exceed the scenario's event budget (\(context.maxEvents))", at: "strokes")
                }
                var out: [Generated<ChalkEvent>] = []
                out.reserveCapacity(count * samples)
                var offset = Duration.zero
                let strokeDuration = Duration(nanoseconds: Int64((Double(samples - 1) * 1e9 / hz).rounded()))
                let gapDuration = Duration(seconds: gap) ?? .zero  // gap is range-checked
                for _ in 0..<count {
                    var r = context.rng
                    var shape = StrokeShape()
                    shape.samples = samples
                    shape.hz = hz
                    shape.path = Path.allCases[r.int(below: Path.allCases.count)]
                    shape.from = (area[0] + r.double() * area[2], area[1] + r.double() * area[3])
                    shape.to = (area[0] + r.double() * area[2], area[1] + r.double() * area[3])
                    shape.type = p.type == .mixed ? (r.int(below: 2) == 0 ? .finger : .pencil) : (p.type == .finger ? .finger : .pencil)
                    shape.pressure = (0.2 + 0.7 * r.double(), 0.2 + 0.7 * r.double())
                    shape.altitude = (0.3 + 1.2 * r.double(), 0.3 + 1.2 * r.double())
                    shape.azimuth = r.double() * 6.28
                    shape.amplitude = 4 + 20 * r.double()
                    shape.teeth = 2 + r.int(below: 8)
                    shape.ease = Ease.allCases[r.int(below: Ease.allCases.count)]
                    out.append(contentsOf: stroke(shape, rng: &r, startOffset: offset))
                    context.rng = r
                    offset = offset + strokeDuration + gapDuration
                }
                return out
            }),
        ]
    }
}
