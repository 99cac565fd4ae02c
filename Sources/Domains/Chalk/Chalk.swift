import LockstepCore

/// `chalk`: Flying Chalk, a chalkboard drawing app whose strokes are populations of grain stamps.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "Chalk that looks like chalk: depositing
/// particles instead of stroking paths". Each segment between two touch samples is baked into
/// stamp instances at fixed spacing (pressure, speed and tilt modulate size and alpha; four RNG
/// draws per stamp, always, before the skip guard); the document stores only input points in
/// canvas coordinates plus a seed per stroke; undo, clear, page changes and zoom replay every
/// stroke from its seed; a simulated command encoder with deferred execution feeds a CPU port of
/// the deposition shader (coverage against a canvas-anchored tooth texture, smoothstep threshold)
/// whose canvas is written as a PNG artifact on `render`.
///
/// Choices where the article is silent (GAPs):
/// - RNG: Lockstep's SplitMix64, seeded with the stroke's UInt32 seed widened to UInt64. Per stamp:
///   `int(below: 8)` (atlas), `signed()` twice (jitter, Double narrowed to Float), `float()` · 2π
///   (grain rotation): four outputs, one each. The stroke seed is the high 32 bits of the first
///   output of substream `("chalk.stroke.seed", ordinal)`, ordinal counting every stroke begun.
/// - Stamp positions: stamp k of n at t = (k+1)/n, so p1 is stamped and p0 is not; pressure and tilt
///   are interpolated linearly; the quad's rotation is the newer sample's azimuth.
/// - Tilt = 1 − altitude/(π/2) (altitude clamped to [0, π/2]) for a pencil, 0 for a finger.
///   Pressure = force/maxForce clamped to 0...1 for a pencil with maxForce > 0, else the brush's
///   `fingerPressure` (0.5 chalk/pencil, 0.6 ink).
/// - Brush constants: see `Brush` (the article names the fields only).
/// - Instance layout: x, y, size, elong, rotation, grainRotation, alpha (Float) and atlas index
///   (UInt32): 32 bytes. Colour and the eraser blend are per draw span.
/// - Normal blend: premultiplied source-over; eraser: (zero, oneMinusSrcAlpha). Stroke colour alpha
///   multiplies the stamp alpha before deposition.
/// - Replays happen at the next frame boundary (`render`, or the `began` of a new stroke) after
///   undo, redo, clear, page change, load, zoom, pan, a cancelled stroke that drew, or a stroke
///   that ended on a layer below an existing stroke (live drawing put it on top).
/// - `clear` backs up a non-empty board and empties the redo stack; `redo` re-appends the last
///   undone stroke; a new stroke empties the redo stack and keeps the clear backup (so clear,
///   draw, undo loses the cleared drawing, as the article's undo implies).
/// - Undo, redo, clear, page, load, zoom and pan while a touch is down are refused with `busy`.
///   One touch draws at a time; a second touch id is rejected with a record.
/// - Bad input is a record, never a crash: non-finite samples, moved without began, duplicate
///   began, size outside 0.05...500 pt, unknown brush, colour outside 0...1 (rejected, not clamped),
///   a bad document (the current one is kept). Syntax errors are line:column errors.
/// - The canvas is the screen (1 pixel per screen point, 256×256 by default); the tooth texture
///   has 1 texel per canvas point and tiles every 64.
/// - `load` replaces the current page and its history (redo and clear backup are dropped; a load is
///   not undoable). `save` writes the current page only.
/// - Documents: canonical JSON, sorted keys, Floats in shortest round-trip form (see `ChalkDocument`).
public enum Chalk: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = ChalkState
    public typealias Event = ChalkEvent

    public static let name = "chalk"
    public static let summary = "Flying Chalk: grain-stamp strokes, seeded undo replay, deferred encoder, CPU deposition to PNG (seed 000, \"Chalk that looks like chalk\")."
    /// The state summary is O(1) per step, but a digest every step is still the contract; keep 1.
    public static var digestInterval: Int { 1 }

    static let phases = TouchPhase.allCases.map(\.rawValue)
    static let types = TouchType.allCases.map(\.rawValue)

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("touch", "One touch sample in screen points.", fields: [
                FieldSpec("phase", .word(choices: phases)),
                .optional("id", .integer, "touch id, default 1"),
                FieldSpec("x", .number, "screen points"), FieldSpec("y", .number, "screen points"),
                .optional("force", .number, "default 0"), .optional("maxForce", .number, "0 or absent: unknown"),
                .optional("altitude", .number, "radians; default π/2 for a pencil, 0 for a finger"),
                .optional("azimuth", .number, "radians, default 0"),
                .optional("type", .word(choices: types), "default pencil"),
            ]),
            EventSpec("zoom", "Sets the zoom, keeping a screen point fixed.", fields: [
                FieldSpec("scale", .number, "canvas → screen factor"), .optional("at", .tuple(count: 2), "anchor, default 0,0")]),
            EventSpec("pan", "Moves the view.", fields: [FieldSpec("by", .tuple(count: 2), "screen points")]),
            EventSpec("brush", "Selects a material.", fields: [FieldSpec("kind", .word, BrushKind.allCases.map(\.rawValue).joined(separator: "|"))]),
            EventSpec("colour", "Sets the colour.", fields: [FieldSpec("rgba", .tuple(count: 0), "r,g,b or r,g,b,a, each 0...1")]),
            EventSpec("size", "Sets the pen diameter.", fields: [FieldSpec("pt", .number, "screen points")]),
            EventSpec("eraser", "Switches the eraser.", fields: [FieldSpec("on", .bool)]),
            EventSpec("layer", "Layer of the next strokes.", fields: [FieldSpec("n", .integer)]),
            EventSpec("undo", "Undoes the last stroke or a clear."),
            EventSpec("redo", "Redoes the last undone stroke."),
            EventSpec("clear", "Clears the page (undoable)."),
            EventSpec("page", "Shows another page.", fields: [FieldSpec("n", .integer)]),
            EventSpec("render", "Commits the frame and writes the canvas as a PNG artifact."),
            EventSpec("save", "Writes the page as a JSON document artifact."),
            EventSpec("load", "Replaces the page with a JSON document.", fields: [FieldSpec("file", .file)]),
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("width", .integer, default: "256", "canvas width in screen points (pixels), 16...1024"),
         ConfigSpec("height", .integer, default: "256", "canvas height, 16...1024")]
    }

    public static var faults: [FaultSpec] { ChalkFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }

    public static var generators: [Generator<ChalkEvent>] { ChalkGenerators.all }

    public static func start(_ config: Config, _ world: inout World<ChalkEvent>) throws(ScenarioError) -> ChalkState {
        let width = Int(try config.int("width", default: 256, in: 16...1024))
        let height = Int(try config.int("height", default: 256, in: 16...1024))
        let w = world
        var state = ChalkState(width: width, height: height, textures: ChalkTextures(rng: { w.rng($0, $1) }))
        state.faults = ActiveFaults { world.fault($0.rawValue) }
        return state
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> ChalkEvent {
        switch line.kind {
        case "touch":
            let type: TouchType = line.has("type") ? try line.choice("type") : .pencil
            return .touch(TouchSample(
                try line.choice("phase"), id: Int(try line.int("id", in: 0...Int64(Int32.max), default: 1)),
                x: try line.double("x"), y: try line.double("y"),
                force: try line.double("force", default: 0), maxForce: try line.double("maxForce", default: 0),
                altitude: try line.double("altitude", default: type == .pencil ? Double.pi / 2 : 0),
                azimuth: try line.double("azimuth", default: 0), type: type))
        case "zoom":
            var anchor = (0.0, 0.0)
            if line.has("at") { let a = try line.doubles("at"); anchor = (a[0], a[1]) }
            return .zoom(scale: try line.double("scale"), anchorX: anchor.0, anchorY: anchor.1)
        case "pan":
            let d = try line.doubles("by")
            return .pan(dx: d[0], dy: d[1])
        case "brush": return .brush(try line.word("kind"))
        case "colour":
            let c = try line.doubles("rgba")
            guard c.count == 3 || c.count == 4 else { throw line.error("rgba needs 3 or 4 numbers, found \(c.count)", at: "rgba") }
            return .colour(r: c[0], g: c[1], b: c[2], a: c.count == 4 ? c[3] : 1)
        case "size": return .size(screenPoints: try line.double("pt"))
        case "eraser": return .eraser(try line.bool("on"))
        case "layer": return .layer(Int(clamping: try line.int("n")))
        case "undo": return .undo
        case "redo": return .redo
        case "clear": return .clear
        case "page": return .page(Int(clamping: try line.int("n")))
        case "render": return .render
        case "save": return .save
        case "load": return .load(try line.file("file"))
        default: throw line.error("unknown chalk event '\(line.kind)'")
        }
    }

    public static func write(_ state: ChalkState, to out: inout CanonicalWriter) {
        let v = state.view
        out.write("view", .tuple([.fixed(Double(v.scale), places: 4), .fixed(Double(v.offsetX), places: 3), .fixed(Double(v.offsetY), places: 3)]))
        out.write("tool", .tuple([.word(state.brushKind.rawValue), .fixed(Double(state.screenSize), places: 3),
                                  .word(state.erasing ? "eraser" : "draw"), .int(state.layer)]))
        out.write("colour", .tuple([state.color.r, state.color.g, state.color.b, state.color.a].map { .fixed(Double($0), places: 3) }))
        out.write("page", .tuple([.int(state.pageIndex), .int(state.page.strokes.count), .digest(state.strokesDigest)]))
        out.write("history", .tuple([.int(state.page.redoStack.count),
                                     state.page.clearedBackup.map { .int($0.count) } ?? .word("none")]))
        for k in state.otherPages.keys.sorted() {
            let p = state.otherPages[k]!
            out.write("other-page", .tuple([.int(k), .int(p.strokes.count), .digest(Page.digest(p.strokes))]))
        }
        if let c = state.current {
            out.write("current", .tuple([.int(c.ordinal), .int(c.stroke.points.count), .int(c.stamps), .digest(c.hash.value),
                                         .int(Int(c.rng.drawCount))]))
        } else {
            out.word("current", "none")
        }
        out.write("replay", state.needsReplay ? .word(state.replayReason) : .word("none"))
        out.write("encoder", .tuple([.int(state.encoder.pendingInstances), .int(state.encoder.pendingCommands)]))
        out.write("counts", .tuple([.int(state.strokesBegun), .int(state.liveStamps), .int(state.replays), .int(state.renders), .int(state.saves)]))
    }
}
