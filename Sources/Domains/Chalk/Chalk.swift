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
/// - Screen-space constants beside the 0.4 pt skip (the article's audit): a brush-size floor of
///   0.5 screen points (a smaller `size` is raised to it with a `size ... why=floor` record) and a
///   jitter filter that drops a moved sample less than 0.5 screen points from the stroke's last
///   point (a `jitter-filtered` record; the lift is never dropped). Both values are GAPs.
/// - Each replayed span says how it compares with what the user drew: `live=match` (same zoom,
///   same stamps), `differs`, `rescaled` (another zoom: other stamps skipped, but every stamp
///   visible at both zooms is the drawn one) or `shifted` (a stamp both zooms show moved or
///   changed). The article's RNG desync (`rngGuardBeforeDraws`) shows as `shifted` and in the
///   pixels: with the skip before the draws, a replay at the zoom a stroke was drawn at skips the
///   same stamps and still matches, so the bug surfaces once the user has zoomed (in a deep-zoom
///   canvas, nearly every undo), not at every replay as the article's wording suggests.
/// - `clear` backs up a non-empty board and empties the redo stack; `redo` re-appends the last
///   undone stroke; a new stroke empties the redo stack and keeps the clear backup (so clear,
///   draw, undo loses the cleared drawing, as the article's undo implies).
/// - Undo, redo, clear, page, load, zoom and pan while a touch is down are refused
///   (`reason=stroke-in-progress`). One touch draws at a time; a second touch id is refused.
/// - Bad input is a `rejected input=... reason=...` record, never a crash: non-finite samples,
///   moved without began, duplicate began, size outside 0.05...500 pt, unknown brush, colour
///   outside 0...1 (rejected, not clamped), a bad document (the current one is kept). Syntax
///   errors are line:column errors.
/// - The canvas is the screen (1 pixel per screen point, 256×256 by default); the tooth texture
///   has 1 texel per canvas point and tiles every 64.
/// - `load` replaces the current page and its history (redo and clear backup are dropped; a load is
///   not undoable). `save` writes the current page only.
/// - Documents: canonical JSON, sorted keys, Floats in shortest round-trip form (see `ChalkDocument`).
///
/// Invariants (checked after every step; table with reasons and the faults each catches in
/// `Invariants.swift`): liveBakeEqualsReplay, replayKeepsTheDrawing, fourDrawsPerStamp,
/// stampsPerSegmentCapped, fingerIsUpright, speedIsZoomInvariant, visiblePenLeavesMarks,
/// penKeepsScreenSize, onlyNoiseIsFiltered, emptyPageRendersEmpty, replaySpansDisjoint,
/// layersDrawInOrder. The explorer's mix (weights, timing, hostile moments) is documented on
/// `Chalk.explorer` in `Explorer.swift`.
public enum Chalk: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = ChalkState
    public typealias Event = ChalkEvent

    public static let name = "chalk"
    public static let summary = "Flying Chalk: grain-stamp strokes, seeded undo replay, deferred encoder, CPU deposition to PNG (seed 000, \"Chalk that looks like chalk\")."
    /// The state summary is O(1) per step, but a digest every step is still the contract; keep 1.
    public static var digestInterval: Int { 1 }

    public typealias Fault = ChalkFault

    public struct Settings: Sendable {
        /// Canvas size in screen points (= pixels).
        var width: Int
        var height: Int
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(width: try s("width", .int, default: 256, in: 16...1024, "canvas width in screen points (pixels)"),
                 height: try s("height", .int, default: 256, in: 16...1024, "canvas height"))
    }

    public static let events: [EventKind<ChalkEvent>] = [
        EventKind("touch", "One touch sample in screen points.") { f throws(ScenarioError) in
            let phase = try f("phase", .choice(TouchPhase.self))
            let id = try f("id", .int, default: 1, in: 0...Int(Int32.max), "touch id")
            let x = try f("x", .number, "screen points"), y = try f("y", .number, "screen points")
            let force = try f("force", .number, default: 0)
            let maxForce = try f("maxForce", .number, default: 0, "0 or less: unknown")
            let altitude = try f.optional("altitude", .number, "radians; default π/2 for a pencil, 0 for a finger")
            let azimuth = try f("azimuth", .number, default: 0, "radians")
            let type = try f("type", .choice(TouchType.self), default: .pencil)
            return .touch(TouchSample(phase, id: id, x: x, y: y, force: force, maxForce: maxForce,
                                      altitude: altitude ?? (type == .pencil ? Double.pi / 2 : 0), azimuth: azimuth, type: type))
        },
        EventKind("zoom", "Sets the zoom, keeping a screen point fixed.") { f throws(ScenarioError) in
            let scale = try f("scale", .number, "canvas → screen factor")
            let at = try f("at", .tuple(2), default: [0, 0], "anchor")
            return .zoom(scale: scale, anchorX: at[0], anchorY: at[1])
        },
        EventKind("pan", "Moves the view.") { f throws(ScenarioError) in
            let by = try f("by", .tuple(2), "screen points")
            return .pan(dx: by[0], dy: by[1])
        },
        // A word, not a choice: an unknown brush is a record from the reducer, not a syntax error.
        EventKind("brush", "Selects a material.") { f throws(ScenarioError) in
            .brush(try f("kind", .word, BrushKind.allCases.map(\.rawValue).joined(separator: "|")))
        },
        EventKind("colour", "Sets the colour.") { f throws(ScenarioError) in
            let c = try f("rgba", .tuple(), "r,g,b or r,g,b,a, each 0...1")
            if f.isDeclaring { return .colour(r: 0, g: 0, b: 0, a: 1) }
            guard c.count == 3 || c.count == 4 else { throw f.error("rgba needs 3 or 4 numbers, found \(c.count)", at: "rgba") }
            return .colour(r: c[0], g: c[1], b: c[2], a: c.count == 4 ? c[3] : 1)
        },
        EventKind("size", "Sets the pen diameter.") { f throws(ScenarioError) in .size(screenPoints: try f("pt", .number, "screen points")) },
        EventKind("eraser", "Switches the eraser.") { f throws(ScenarioError) in .eraser(try f("on", .bool)) },
        // Out-of-range layers and pages are records from the reducer, so any whole number is read here.
        EventKind("layer", "Layer of the next strokes.") { f throws(ScenarioError) in .layer(Int(clamping: try f("n", .integer))) },
        EventKind("undo", "Undoes the last stroke or a clear.") { _ throws(ScenarioError) in .undo },
        EventKind("redo", "Redoes the last undone stroke.") { _ throws(ScenarioError) in .redo },
        EventKind("clear", "Clears the page (undoable).") { _ throws(ScenarioError) in .clear },
        EventKind("page", "Shows another page.") { f throws(ScenarioError) in .page(Int(clamping: try f("n", .integer))) },
        EventKind("render", "Commits the frame and writes the canvas as a PNG artifact.") { _ throws(ScenarioError) in .render },
        EventKind("save", "Writes the page as a JSON document artifact.") { _ throws(ScenarioError) in .save },
        EventKind("load", "Replaces the page with a JSON document.") { f throws(ScenarioError) in .load(try f("file", .file)) },
    ]

    public static var generators: [Generator<ChalkEvent>] { ChalkGenerators.all }

    public static func kind(of event: ChalkEvent) -> String {
        switch event {
        case .touch: "touch"
        case .zoom: "zoom"
        case .pan: "pan"
        case .brush: "brush"
        case .colour: "colour"
        case .size: "size"
        case .eraser: "eraser"
        case .layer: "layer"
        case .undo: "undo"
        case .redo: "redo"
        case .clear: "clear"
        case .page: "page"
        case .render: "render"
        case .save: "save"
        case .load: "load"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<Chalk>) throws(ScenarioError) -> ChalkState {
        let w = world
        var state = ChalkState(width: settings.width, height: settings.height, textures: ChalkTextures(rng: { w.rng($0, $1) }))
        state.faults = ActiveFaults { world.isOn($0) }
        return state
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
