import LockstepCore

/// Stroke generators: touch sample series at a fixed rate (120 Hz by default), shaped like a hand
/// would draw them, so scenarios can say "a fast zigzag in pencil, pressing harder" in one line.
public enum ChalkGenerators {
    public enum Path: String, CaseIterable, Sendable { case line, arc, zigzag, scribble }
    /// How the pen moves along the path over time (the speed profile).
    public enum Ease: String, CaseIterable, Sendable { case constant, accelerate, decelerate, easeInOut }

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
            out.append(Generated(offset, "touch", .touch(sample)))
        }
        return out
    }

    static func pair(_ line: EventLine, _ key: StaticString, default value: (Double, Double), in range: ClosedRange<Double>) throws(ScenarioError) -> (Double, Double) {
        guard line.has(key) else { return value }
        let v = try line.doubles(key)
        guard v.count == 2, v.allSatisfy({ $0.isFinite && range.contains($0) }) else {
            throw line.error("\(key) needs two numbers in \(range.lowerBound)...\(range.upperBound)", at: key)
        }
        return (v[0], v[1])
    }

    static let strokeFields: [FieldSpec] = [
        FieldSpec("path", .word(choices: Path.allCases.map(\.rawValue))),
        FieldSpec("from", .tuple(count: 2), "screen points"), FieldSpec("to", .tuple(count: 2), "screen points"),
        .optional("samples", .integer, "touch samples including began and ended, default 60"),
        .optional("hz", .number, "sample rate, default 120"),
        .optional("type", .word(choices: TouchType.allCases.map(\.rawValue)), "default pencil"),
        .optional("id", .integer, "touch id, default 1"),
        .optional("pressure", .tuple(count: 2), "start,end as a fraction of maxForce, default 0.5,0.5"),
        .optional("altitude", .tuple(count: 2), "start,end radians (pencil), default 1,1; fingers report 0"),
        .optional("azimuth", .number, "radians, default 0.8"),
        .optional("bend", .number, "arc: bow as a fraction of the chord, default 0.3"),
        .optional("teeth", .integer, "zigzag: number of teeth, default 6"),
        .optional("amplitude", .number, "zigzag/scribble: screen points, default 20"),
        .optional("ease", .word(choices: Ease.allCases.map(\.rawValue)), "speed profile, default easeInOut"),
    ]

    public static var all: [Generator<ChalkEvent>] {
        [
            Generator("stroke", "one stroke as touch samples: path line|arc|zigzag|scribble from A to B", fields: strokeFields) {
                line, context throws(ScenarioError) in
                var shape = StrokeShape()
                shape.path = try line.choice("path")
                shape.from = try pair(line, "from", default: (0, 0), in: -1e6...1e6)
                shape.to = try pair(line, "to", default: (0, 0), in: -1e6...1e6)
                shape.samples = Int(try line.int("samples", in: 1...1_000_000, default: 60))
                shape.hz = try line.double("hz", in: 1...10_000, default: 120)
                if line.has("type") { shape.type = try line.choice("type") }
                shape.id = Int(try line.int("id", in: 0...Int64(Int32.max), default: 1))
                shape.pressure = try pair(line, "pressure", default: (0.5, 0.5), in: 0...1)
                shape.altitude = try pair(line, "altitude", default: (1, 1), in: 0...(Double.pi / 2))
                shape.azimuth = try line.double("azimuth", in: -100...100, default: 0.8)
                shape.bend = try line.double("bend", in: -10...10, default: 0.3)
                shape.teeth = Int(try line.int("teeth", in: 1...1000, default: 6))
                shape.amplitude = try line.double("amplitude", in: 0...1e5, default: 20)
                if line.has("ease") { shape.ease = try line.choice("ease") }
                guard shape.samples <= context.maxEvents else {
                    throw line.error("\(shape.samples) samples exceed the scenario's event budget (\(context.maxEvents))", at: "samples")
                }
                return stroke(shape, rng: &context.rng)
            },
            Generator("session", "many random strokes in a box, back to back: a drawing session", fields: [
                FieldSpec("strokes", .integer), .optional("samples", .integer, "per stroke, default 120"),
                .optional("hz", .number, "default 120"), .optional("gap", .number, "seconds between strokes, default 0.25"),
                .optional("area", .tuple(count: 4), "x,y,width,height in screen points, default 16,16,224,224"),
                .optional("type", .word(choices: TouchType.allCases.map(\.rawValue) + ["mixed"]), "default pencil"),
            ]) { line, context throws(ScenarioError) in
                let count = Int(try line.int("strokes", in: 1...100_000))
                let samples = Int(try line.int("samples", in: 2...100_000, default: 120))
                let hz = try line.double("hz", in: 1...10_000, default: 120)
                let gap = try line.double("gap", in: 0...3600, default: 0.25)
                var area = [16.0, 16, 224, 224]
                if line.has("area") { area = try line.doubles("area") }
                let typeName = try line.word("type", default: "pencil")
                guard count * samples <= context.maxEvents else {
                    throw line.error("\(count)×\(samples) samples exceed the scenario's event budget (\(context.maxEvents))", at: "strokes")
                }
                var out: [Generated<ChalkEvent>] = []
                out.reserveCapacity(count * samples)
                var offset = Duration.zero
                let strokeDuration = Duration(nanoseconds: Int64((Double(samples - 1) * 1e9 / hz).rounded()))
                let gapDuration = Duration(nanoseconds: Int64((gap * 1e9).rounded()))
                for _ in 0..<count {
                    var r = context.rng
                    var shape = StrokeShape()
                    shape.samples = samples
                    shape.hz = hz
                    shape.path = Path.allCases[r.int(below: Path.allCases.count)]
                    shape.from = (area[0] + r.double() * area[2], area[1] + r.double() * area[3])
                    shape.to = (area[0] + r.double() * area[2], area[1] + r.double() * area[3])
                    shape.type = typeName == "mixed" ? (r.int(below: 2) == 0 ? .finger : .pencil) : (typeName == "finger" ? .finger : .pencil)
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
            },
        ]
    }
}
