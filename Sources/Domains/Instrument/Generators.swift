import LockstepCore

/// Touch generators: chords, glissandi, drum rolls, tap grids, seeded random taps and a long
/// seeded multi-finger playing session. Generators run before the domain, so they take the view
/// size (and the keyboard range, for notes) as fields, with the app's defaults.
public enum InstrumentGenerators {
    /// Range-checked seconds to a duration, through the core's one conversion.
    static func nanos(_ seconds: Double) -> Duration { Duration(seconds: seconds) ?? .zero }

    static func touches(_ at: Duration, _ view: TouchView, _ phase: TouchPhase, _ points: [TouchPoint]) -> Generated<InstrumentEvent> {
        Generated(at, .touches(view, phase, points.sorted { $0.id < $1.id }))
    }

    /// The keyboard a note generator aims at (generators run before the domain, so they cannot ask it).
    static func geometry(_ f: inout Fields) throws(ScenarioError) -> KeyboardGeometry {
        let g = KeyboardGeometry(widthPoints: try f("width", .number, default: 700, "keyboard width"),
                                 heightPoints: try f("height", .number, default: 200),
                                 firstMidi: try f("firstMidi", .int, default: 60, in: 0...127),
                                 octaves: try f("octaves", .int, default: 2, in: 1...10))
        if let problem = g.problem { throw f.error("bad keyboard for the generator: \(problem)") }
        return g
    }

    /// The view size; its default depends on the view, so it is read as optional.
    static func size(_ f: inout Fields, view: TouchView, widthHelp: String) throws(ScenarioError) -> (Double, Double) {
        let w = try f.optional("width", .number, in: 1...100_000, widthHelp)
        let h = try f.optional("height", .number, in: 1...100_000, "default 200")
        return (w ?? (view == .keyboard ? 700 : 400), h ?? 200)
    }

    static func id(_ f: inout Fields, default value: Int, _ help: String = "") throws(ScenarioError) -> Int {
        try f("id", .int, default: value, in: 0...1_000_000_000, help)
    }

    /// The same location as `at` (a field's value, found while reading the parameters) with another
    /// message: budget checks need the context, which only `expand` has, but belong at the field.
    static func error(_ at: ScenarioError, _ message: String) -> ScenarioError {
        ScenarioError(path: at.path, line: at.line, column: at.column, message: message)
    }

    public static let all: [Generator<InstrumentEvent>] = [
        Generator("chord", "all notes pressed in one callback, held, then lifted in one callback", parameters: { f throws(ScenarioError) in
            let notes = try f("notes", .tuple(), "MIDI notes on the keyboard")
            let hold = try f("hold", .number, default: 0.5, in: 0...3600, "seconds")
            let first = try id(&f, default: 1, "first touch id")
            let g = try geometry(&f)
            var points: [TouchPoint] = []
            for (k, n) in notes.enumerated() {
                // Int(exactly:) is nil for a fraction, NaN, ±inf or beyond Int (Int(n) would trap).
                guard let note = Int(exactly: n), let c = g.center(of: note) else {
                    throw f.error("note \(n) is not a key of \(g.firstMidi)...\(g.lastMidi)", at: "notes")
                }
                points.append(TouchPoint(id: first + k, x: c.x, y: c.y))
            }
            return (points: points, hold: hold)
        }, expand: { p, _ throws(ScenarioError) in
            [touches(.zero, .keyboard, .began, p.points), touches(nanos(p.hold), .keyboard, .ended, p.points)]
        }),
        Generator("glissando", "one finger slides from A to B in equal steps at hz, then lifts", parameters: { f throws(ScenarioError) in
            (from: try f("from", .tuple(2)), to: try f("to", .tuple(2)),
             samples: try f("samples", .int, default: 8, in: 2...1_000_000, "positions including both ends"),
             hz: try f("hz", .number, default: 120, in: 1...10_000), touch: try id(&f, default: 1),
             budget: f.error("", at: "samples"))
        }, expand: { p, context throws(ScenarioError) in
            let a = p.from, b = p.to, n = p.samples
            guard n + 1 <= context.maxEvents else { throw error(p.budget, "too many samples for the event budget") }
            var out: [Generated<InstrumentEvent>] = []
            for i in 0..<n {
                let u = Double(i) / Double(n - 1)
                let point = TouchPoint(id: p.touch, x: a[0] + (b[0] - a[0]) * u, y: a[1] + (b[1] - a[1]) * u)
                out.append(touches(nanos(Double(i) / p.hz), .keyboard, i == 0 ? .began : .moved, [point]))
            }
            out.append(touches(nanos(Double(n) / p.hz), .keyboard, .ended, [TouchPoint(id: p.touch, x: b[0], y: b[1])]))
            return out
        }),
        Generator("roll", "rapid repeated hits on one pad: each hit is a new finger (began, then ended 20 ms later or halfway)",
                  parameters: { f throws(ScenarioError) in
            let pad = try f("pad", .word)
            let hits = try f("hits", .int, in: 1...1_000_000)
            let interval = try f("interval", .number, default: 0.05, in: 0.001...3600, "seconds")
            let first = try id(&f, default: 100, "first touch id")
            let (w, h) = try size(&f, view: .pads, widthHelp: "pads width, default 400")
            // The placeholder pad is no pad: only a real line is checked.
            guard let index = PadGrid.index(of: pad) ?? (f.isDeclaring ? 0 : nil) else {
                throw f.error("unknown pad '\(pad)'; expected one of: \(PadGrid.pads.joined(separator: ", "))", at: "pad")
            }
            return (center: PadGrid(widthPoints: w, heightPoints: h).center(of: index), hits: hits, interval: interval, first: first,
                    budget: f.error("", at: "hits"))
        }, expand: { p, context throws(ScenarioError) in
            guard 2 * p.hits <= context.maxEvents else { throw error(p.budget, "too many hits for the event budget") }
            var out: [Generated<InstrumentEvent>] = []
            for k in 0..<p.hits {
                let point = TouchPoint(id: p.first + k, x: p.center.x, y: p.center.y)
                out.append(touches(nanos(Double(k) * p.interval), .pads, .began, [point]))
                out.append(touches(nanos(Double(k) * p.interval + min(0.02, p.interval / 2)), .pads, .ended, [point]))
            }
            return out.sorted { $0.offset < $1.offset }
        }),
        Generator("taps", "a grid of taps over a view, row by row, each a new finger", parameters: { f throws(ScenarioError) in
            let view = try f("view", .choice(TouchView.self))
            let grid = try f("grid", .tuple(2), "rows,columns")
            let interval = try f("interval", .number, default: 0.1, in: 0.001...3600, "seconds between taps")
            let first = try id(&f, default: 1)
            let (w, h) = try size(&f, view: view, widthHelp: "default 700 on the keyboard, 400 on the pads")
            // The placeholder grid is 0,0: only a real line is checked.
            if !f.isDeclaring, !grid.allSatisfy({ $0 >= 1 && $0 <= 1000 && $0 == $0.rounded() }) {
                throw f.error("grid needs two whole numbers 1...1000", at: "grid")
            }
            return (view: view, rows: Int(grid[0]), cols: Int(grid[1]), interval: interval, first: first, w: w, h: h,
                    budget: f.error("", at: "grid"))
        }, expand: { p, context throws(ScenarioError) in
            guard 2 * p.rows * p.cols <= context.maxEvents else { throw error(p.budget, "too many taps for the event budget") }
            var out: [Generated<InstrumentEvent>] = []
            for r in 0..<p.rows {
                for c in 0..<p.cols {
                    let k = r * p.cols + c
                    let point = TouchPoint(id: p.first + k, x: (Double(c) + 0.5) * p.w / Double(p.cols), y: (Double(r) + 0.5) * p.h / Double(p.rows))
                    out.append(touches(nanos(Double(k) * p.interval), p.view, .began, [point]))
                    out.append(touches(nanos(Double(k) * p.interval + p.interval / 2), p.view, .ended, [point]))
                }
            }
            return out
        }),
        Generator("randomTaps", "seeded random taps over a view, each a new finger", parameters: { f throws(ScenarioError) in
            let view = try f("view", .choice(TouchView.self))
            let count = try f("count", .int, in: 1...1_000_000)
            let interval = try f("interval", .number, default: 0.1, in: 0.001...3600, "seconds between taps")
            let first = try id(&f, default: 1)
            let (w, h) = try size(&f, view: view, widthHelp: "default 700 on the keyboard, 400 on the pads")
            return (view: view, count: count, interval: interval, first: first, w: w, h: h, budget: f.error("", at: "count"))
        }, expand: { p, context throws(ScenarioError) in
            guard 2 * p.count <= context.maxEvents else { throw error(p.budget, "too many taps for the event budget") }
            var out: [Generated<InstrumentEvent>] = []
            for k in 0..<p.count {
                let point = TouchPoint(id: p.first + k, x: context.rng.double() * p.w, y: context.rng.double() * p.h)
                out.append(touches(nanos(Double(k) * p.interval), p.view, .began, [point]))
                out.append(touches(nanos(Double(k) * p.interval + p.interval / 2), p.view, .ended, [point]))
            }
            return out
        }),
        Generator("session", "seeded multi-finger piano playing: fingers land, hold or slide, lift, land again (a long performance)",
                  parameters: { f throws(ScenarioError) in
            let fingers = try f("fingers", .int, default: 10, in: 1...20)
            let hz = try f("hz", .number, default: 120, in: 1...1000, "touch rate")
            let duration = try f("duration", .number, in: 0.001...86_400, "seconds")
            let (w, h) = try size(&f, view: .keyboard, widthHelp: "default 700")
            return (fingers: fingers, hz: hz, frames: Int((duration * hz).rounded(.down)), w: w, h: h, budget: f.error("", at: "duration"))
        }, expand: { p, context throws(ScenarioError) in
            guard p.frames * 3 <= context.maxEvents else { throw error(p.budget, "too long for the event budget") }
            return session(fingers: p.fingers, hz: p.hz, frames: p.frames, width: p.w, height: p.h, rng: &context.rng)
        }),
    ]

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
