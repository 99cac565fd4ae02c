import LockstepCore

/// Touch generators: chords, glissandi, drum rolls, tap grids, seeded random taps and a long
/// seeded multi-finger playing session. Generators run before the domain, so they take the view
/// size (and the keyboard range, for notes) as fields, with the app's defaults.
public enum InstrumentGenerators {
    static func nanos(_ seconds: Double) -> Duration { Duration(nanoseconds: Int64((seconds * 1e9).rounded())) }

    static func touches(_ at: Duration, _ view: TouchView, _ phase: TouchPhase, _ points: [TouchPoint]) -> Generated<InstrumentEvent> {
        Generated(at, "touches", .touches(view, phase, points.sorted { $0.id < $1.id }))
    }

    static let keyboardFields: [FieldSpec] = [
        .optional("width", .number, "keyboard width, default 700"), .optional("height", .number, "default 200"),
        .optional("firstMidi", .integer, "default 60"), .optional("octaves", .integer, "default 2"),
    ]

    static func geometry(_ line: EventLine) throws(ScenarioError) -> KeyboardGeometry {
        let g = KeyboardGeometry(widthPoints: try line.double("width", default: 700), heightPoints: try line.double("height", default: 200),
                                 firstMidi: Int(try line.int("firstMidi", in: 0...127, default: 60)),
                                 octaves: Int(try line.int("octaves", in: 1...10, default: 2)))
        if let problem = g.problem { throw line.error("bad keyboard for the generator: \(problem)") }
        return g
    }

    static func size(_ line: EventLine, view: TouchView) throws(ScenarioError) -> (Double, Double) {
        let w = try line.double("width", in: 1...100_000, default: view == .keyboard ? 700 : 400)
        let h = try line.double("height", in: 1...100_000, default: 200)
        return (w, h)
    }

    static func id(_ line: EventLine, default value: Int) throws(ScenarioError) -> Int {
        Int(try line.int("id", in: 0...1_000_000_000, default: Int64(value)))
    }

    public static var all: [Generator<InstrumentEvent>] {
        [
            Generator("chord", "all notes pressed in one callback, held, then lifted in one callback",
                      fields: [FieldSpec("notes", .tuple(count: 0), "MIDI notes on the keyboard"),
                               .optional("hold", .number, "seconds, default 0.5"), .optional("id", .integer, "first touch id, default 1")] + keyboardFields) {
                line, _ throws(ScenarioError) in
                let g = try geometry(line)
                let notes = try line.doubles("notes")
                let hold = try line.double("hold", in: 0...3600, default: 0.5)
                let first = try id(line, default: 1)
                var points: [TouchPoint] = []
                for (k, n) in notes.enumerated() {
                    guard n == n.rounded(), let c = g.center(of: Int(n)) else {
                        throw line.error("note \(n) is not a key of \(g.firstMidi)...\(g.lastMidi)", at: "notes")
                    }
                    points.append(TouchPoint(id: first + k, x: c.x, y: c.y))
                }
                return [touches(.zero, .keyboard, .began, points), touches(nanos(hold), .keyboard, .ended, points)]
            },
            Generator("glissando", "one finger slides from A to B in equal steps at hz, then lifts",
                      fields: [FieldSpec("from", .tuple(count: 2)), FieldSpec("to", .tuple(count: 2)),
                               .optional("samples", .integer, "positions including both ends, default 8"),
                               .optional("hz", .number, "default 120"), .optional("id", .integer, "default 1")]) {
                line, context throws(ScenarioError) in
                let a = try line.doubles("from"), b = try line.doubles("to")
                let n = Int(try line.int("samples", in: 2...1_000_000, default: 8))
                let hz = try line.double("hz", in: 1...10_000, default: 120)
                let touch = try id(line, default: 1)
                guard n + 1 <= context.maxEvents else { throw line.error("too many samples for the event budget", at: "samples") }
                var out: [Generated<InstrumentEvent>] = []
                for i in 0..<n {
                    let u = Double(i) / Double(n - 1)
                    let p = TouchPoint(id: touch, x: a[0] + (b[0] - a[0]) * u, y: a[1] + (b[1] - a[1]) * u)
                    out.append(touches(nanos(Double(i) / hz), .keyboard, i == 0 ? .began : .moved, [p]))
                }
                out.append(touches(nanos(Double(n) / hz), .keyboard, .ended, [TouchPoint(id: touch, x: b[0], y: b[1])]))
                return out
            },
            Generator("roll", "rapid repeated hits on one pad: each hit is a new finger (began, then ended 20 ms later or halfway)",
                      fields: [FieldSpec("pad", .word), FieldSpec("hits", .integer), .optional("interval", .number, "seconds, default 0.05"),
                               .optional("id", .integer, "first touch id, default 100"),
                               .optional("width", .number, "pads width, default 400"), .optional("height", .number, "default 200")]) {
                line, context throws(ScenarioError) in
                let pad = try line.word("pad")
                guard let index = PadGrid.index(of: pad) else {
                    throw line.error("unknown pad '\(pad)'; expected one of: \(PadGrid.pads.joined(separator: ", "))", at: "pad")
                }
                let hits = Int(try line.int("hits", in: 1...1_000_000))
                let interval = try line.double("interval", in: 0.001...3600, default: 0.05)
                let (w, h) = try size(line, view: .pads)
                let first = try id(line, default: 100)
                guard 2 * hits <= context.maxEvents else { throw line.error("too many hits for the event budget", at: "hits") }
                let c = PadGrid(widthPoints: w, heightPoints: h).center(of: index)
                var out: [Generated<InstrumentEvent>] = []
                for k in 0..<hits {
                    let p = TouchPoint(id: first + k, x: c.x, y: c.y)
                    out.append(touches(nanos(Double(k) * interval), .pads, .began, [p]))
                    out.append(touches(nanos(Double(k) * interval + min(0.02, interval / 2)), .pads, .ended, [p]))
                }
                return out.sorted { $0.offset < $1.offset }
            },
            Generator("taps", "a grid of taps over a view, row by row, each a new finger",
                      fields: [FieldSpec("view", .word(choices: TouchView.allCases.map(\.rawValue))), FieldSpec("grid", .tuple(count: 2), "rows,columns"),
                               .optional("interval", .number, "seconds between taps, default 0.1"), .optional("id", .integer, "default 1"),
                               .optional("width", .number), .optional("height", .number)]) {
                line, context throws(ScenarioError) in
                let view: TouchView = try line.choice("view")
                let grid = try line.doubles("grid")
                guard grid.allSatisfy({ $0 >= 1 && $0 <= 1000 && $0 == $0.rounded() }) else { throw line.error("grid needs two whole numbers 1...1000", at: "grid") }
                let rows = Int(grid[0]), cols = Int(grid[1])
                let interval = try line.double("interval", in: 0.001...3600, default: 0.1)
                let (w, h) = try size(line, view: view)
                let first = try id(line, default: 1)
                guard 2 * rows * cols <= context.maxEvents else { throw line.error("too many taps for the event budget", at: "grid") }
                var out: [Generated<InstrumentEvent>] = []
                for r in 0..<rows {
                    for c in 0..<cols {
                        let k = r * cols + c
                        let p = TouchPoint(id: first + k, x: (Double(c) + 0.5) * w / Double(cols), y: (Double(r) + 0.5) * h / Double(rows))
                        out.append(touches(nanos(Double(k) * interval), view, .began, [p]))
                        out.append(touches(nanos(Double(k) * interval + interval / 2), view, .ended, [p]))
                    }
                }
                return out
            },
            Generator("randomTaps", "seeded random taps over a view, each a new finger",
                      fields: [FieldSpec("view", .word(choices: TouchView.allCases.map(\.rawValue))), FieldSpec("count", .integer),
                               .optional("interval", .number, "default 0.1"), .optional("id", .integer, "default 1"),
                               .optional("width", .number), .optional("height", .number)]) {
                line, context throws(ScenarioError) in
                let view: TouchView = try line.choice("view")
                let count = Int(try line.int("count", in: 1...1_000_000))
                let interval = try line.double("interval", in: 0.001...3600, default: 0.1)
                let (w, h) = try size(line, view: view)
                let first = try id(line, default: 1)
                guard 2 * count <= context.maxEvents else { throw line.error("too many taps for the event budget", at: "count") }
                var out: [Generated<InstrumentEvent>] = []
                for k in 0..<count {
                    let p = TouchPoint(id: first + k, x: context.rng.double() * w, y: context.rng.double() * h)
                    out.append(touches(nanos(Double(k) * interval), view, .began, [p]))
                    out.append(touches(nanos(Double(k) * interval + interval / 2), view, .ended, [p]))
                }
                return out
            },
            Generator("session", "seeded multi-finger piano playing: fingers land, hold or slide, lift, land again (a long performance)",
                      fields: [.optional("fingers", .integer, "1...20, default 10"), .optional("hz", .number, "touch rate, default 120"),
                               FieldSpec("duration", .number, "seconds"), .optional("width", .number), .optional("height", .number)]) {
                line, context throws(ScenarioError) in
                let fingers = Int(try line.int("fingers", in: 1...20, default: 10))
                let hz = try line.double("hz", in: 1...1000, default: 120)
                let duration = try line.double("duration", in: 0.001...86_400)
                let (w, h) = try size(line, view: .keyboard)
                let frames = Int((duration * hz).rounded(.down))
                guard frames * 3 <= context.maxEvents else { throw line.error("too long for the event budget", at: "duration") }
                return session(fingers: fingers, hz: hz, frames: frames, width: w, height: h, rng: &context.rng)
            },
        ]
    }

    /// The playing session: per frame, one `ended` callback for fingers lifting, one `began` for
    /// fingers landing (each landing is a new touch id), one `moved` for sliding fingers.
    /// A finger holds 0.15–1.5 s, rests 0.05–0.4 s; 30 % of presses slide at 100–600 pt/s,
    /// bouncing inside the keyboard.
    public static func session(fingers: Int, hz: Double, frames: Int, width: Double, height: Double,
                               rng: inout SeededRNG) -> [Generated<InstrumentEvent>] {
        struct Finger { var down = false; var id = 0; var x = 0.0; var y = 0.0; var vx = 0.0; var next = 0 }
        var hand = [Finger](repeating: Finger(), count: fingers)
        for f in hand.indices { hand[f].next = rng.int(below: max(1, Int(hz * 0.3))) }
        var nextID = 1
        var out: [Generated<InstrumentEvent>] = []
        out.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let at = Duration(nanoseconds: Int64((Double(frame) * 1e9 / hz).rounded()))
            var ended: [TouchPoint] = [], began: [TouchPoint] = [], moved: [TouchPoint] = []
            for f in hand.indices {
                if frame >= hand[f].next {
                    if hand[f].down {
                        ended.append(TouchPoint(id: hand[f].id, x: hand[f].x, y: hand[f].y))
                        hand[f].down = false
                        hand[f].next = frame + max(1, Int((0.05 + 0.35 * rng.double()) * hz))
                    } else {
                        hand[f].down = true
                        hand[f].id = nextID
                        nextID += 1
                        hand[f].x = rng.double() * width
                        hand[f].y = (0.05 + 0.9 * rng.double()) * height
                        let slides = rng.double() < 0.3
                        let speed = 100 + 500 * rng.double()
                        hand[f].vx = slides ? (rng.int(below: 2) == 0 ? speed : -speed) : 0
                        hand[f].next = frame + max(1, Int((0.15 + 1.35 * rng.double()) * hz))
                        began.append(TouchPoint(id: hand[f].id, x: hand[f].x, y: hand[f].y))
                    }
                } else if hand[f].down && hand[f].vx != 0 {
                    var x = hand[f].x + hand[f].vx / hz
                    if x < 0 || x >= width { hand[f].vx = -hand[f].vx; x = min(max(x, 0), width.nextDown) }
                    hand[f].x = x
                    moved.append(TouchPoint(id: hand[f].id, x: x, y: hand[f].y))
                }
            }
            if !ended.isEmpty { out.append(touches(at, .keyboard, .ended, ended)) }
            if !began.isEmpty { out.append(touches(at, .keyboard, .began, began)) }
            if !moved.isEmpty { out.append(touches(at, .keyboard, .moved, moved)) }
        }
        // Lift every finger still down one frame after the end: no stuck notes by construction.
        let end = Duration(nanoseconds: Int64((Double(frames) * 1e9 / hz).rounded()))
        let still = hand.filter(\.down).map { TouchPoint(id: $0.id, x: $0.x, y: $0.y) }
        if !still.isEmpty { out.append(touches(end, .keyboard, .ended, still)) }
        return out
    }
}
