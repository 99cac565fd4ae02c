import LockstepCore

// MARK: - Invariants
//
// Checked by the engine after every step. Each is O(1) or O(what the step wrote): they read the
// step's own records (segment, stroke-end, span, frame, jitter-filtered, stroke-began) and a few
// fields of the state the domain already keeps; none rebakes a stroke or scans the raster.
// No invariant needs history beyond what the state already holds, so `ChalkState` gained no field.
//
// | name                   | article's reason                                                         | fault it catches            |
// |------------------------|--------------------------------------------------------------------------|-----------------------------|
// | liveBakeEqualsReplay   | the document is points + seed; a drawn stroke must replay bit for bit    | (none: both sides share code)|
// | replayKeepsTheDrawing  | undo replays every stroke; the grains the user saw must not move (L281)  | rngGuardBeforeDraws         |
// | fourDrawsPerStamp      | every stamp takes four draws, skipped or not, or replays desync (L283)   | rngGuardBeforeDraws         |
// | stampsPerSegmentCapped | a teleporting touch is capped at 4000 stamps, never millions (L298)      | (none)                      |
// | fingerIsUpright        | a finger's altitude 0 is not "lying flat": tilt 0, elong 1 (L300)        | fingerAltitudeAsTilt        |
// | speedIsZoomInvariant   | speed is the on-screen move over the on-screen pen, at any zoom (L181)   | fixedFullSpeed26            |
// | visiblePenLeavesMarks  | the 0.4 pt skip is a SCREEN threshold: a visible pen never vanishes (L292)| screenThresholdWithoutScale |
// | penKeepsScreenSize     | a stroke's canvas size is the screen pen divided by the zoom (L185, L292)| sizeFloorInCanvasUnits      |
// | onlyNoiseIsFiltered    | the jitter filter drops moves under 0.5 SCREEN points only (L292)        | jitterFilterInCanvasUnits   |
// | emptyPageRendersEmpty  | an empty upload is a success: a cleared board shows nothing (L296)       | emptyUploadFails            |
// | replaySpansDisjoint    | each replay draw reads its own stroke's instances (L294)                 | bufferOffsetZero            |
// | layersDrawInOrder      | replay draws by (layer, drawing order), a stable sort (L247-253)         | unstableLayerSort           |

extension Chalk {
    public static let invariants: [Invariant<Chalk>] = [
        Invariant("liveBakeEqualsReplay",
                  "the document keeps only points and a seed per stroke, so the instances drawn live must equal a replay of the stored stroke from its seed, byte for byte (stroke-end live == replay)") { _, outputs in
            for r in outputs where r.name == "stroke-end" && r.word("match") != "true" {
                return "stroke \(r.int("stroke") ?? -1) ended with live \(r.text("live")) but its replay from the seed is \(r.text("replay"))"
            }
            return nil
        },
        Invariant("replayKeepsTheDrawing",
                  "undo, clear, zoom and page changes replay every stroke from its seed; what the user drew must come back: at the zoom it was drawn at the same stamps (live=match), at another zoom the stamps both zooms show unchanged (live=rescaled), never differs or shifted") { _, outputs in
            for r in outputs where r.name == "span" {
                let live = r.word("live") ?? ""
                if live == "differs" || live == "shifted" {
                    return "replay span \(r.int("order") ?? -1) of stroke \(r.int("stroke") ?? -1) is live=\(live): the replayed grains are not the drawn ones"
                }
            }
            return nil
        },
        Invariant("fourDrawsPerStamp",
                  "every stamp consumes exactly four RNG draws (atlas, jitter x, jitter y, grain) before the skip guard, so a skipped stamp still advances the stream and replays at any zoom stay in step (draws = 4n)") { _, outputs in
            for r in outputs where r.name == "segment" {
                let n = r.int("n") ?? 0, draws = r.int("draws") ?? 0
                if draws != 4 * n {
                    return "stroke \(r.int("stroke") ?? -1) seg \(r.int("seg") ?? -1): \(draws) draws for \(n) stamps (\(r.int("skipped") ?? 0) skipped), expected \(4 * n)"
                }
            }
            return nil
        },
        Invariant("stampsPerSegmentCapped",
                  "a segment is at least one stamp (a zero-length move still deposits) and at most 4000, so a teleporting touch cannot explode into millions of stamps") { _, outputs in
            for r in outputs where r.name == "segment" {
                let n = r.int("n") ?? 0
                if n < 1 || n > ChalkConstants.maxStampsPerSegment {
                    return "stroke \(r.int("stroke") ?? -1) seg \(r.int("seg") ?? -1) has n=\(n) stamps, outside 1...\(ChalkConstants.maxStampsPerSegment)"
                }
            }
            return nil
        },
        Invariant("fingerIsUpright",
                  "a finger reports altitude 0, which for a stylus means lying flat; a finger has no tilt, so its points have tilt 0 and its stamps stay round (elong 1), never a smear") { state, _ in
            guard let c = state.current, c.type == .finger, let p = c.stroke.points.last, p.tilt != 0 else { return nil }
            return "finger stroke \(c.ordinal) point \(c.stroke.points.count - 1) has tilt \(Value.fixed(Double(p.tilt), places: 4).text)"
        },
        Invariant("speedIsZoomInvariant",
                  "speed is the on-screen move measured in on-screen pen diameters (full at 2.9), so the same gesture dries the same at zoom 1 and 800; checked from each segment's canvas distance, the stroke's canvas size and its zoom") { state, outputs in
            for r in outputs where r.name == "segment" {
                guard let o = r.int("stroke"), let (stroke, scale) = Chalk.strokeOf(o, state),
                      let dist = r.double("dist"), let speed = r.double("speed") else { continue }
                let screenPen = Double(stroke.size) * Double(scale)
                // Below the speed denominator's floor (0.001 canvas units) the article's formula is a guard, not a speed.
                guard Double(stroke.size) * Double(ChalkConstants.fullSpeedDiameters) >= Double(ChalkConstants.minSpeedDenominator) * 1.01 else { continue }
                let expected = min(1, dist * Double(scale) / (screenPen * Double(ChalkConstants.fullSpeedDiameters)))
                if abs(speed - expected) > 1e-4 + 1e-4 * expected {
                    return "stroke \(o) seg \(r.int("seg") ?? -1): speed \(Value.fixed(speed, places: 4).text) but the move is \(Value.fixed(dist * Double(scale), places: 3).text) pt with a \(Value.fixed(screenPen, places: 3).text) pt pen (expected \(Value.fixed(expected, places: 4).text))"
                }
            }
            return nil
        },
        Invariant("visiblePenLeavesMarks",
                  "the 0.4 pt skip threshold is in screen points: a stroke whose smallest possible stamp (pen × (1 − speedThin) × 0.72 at pressure 0) is above it on screen skips nothing, at any zoom; otherwise a stroke drawn at deep zoom vanishes and is saved invisible") { state, outputs in
            for r in outputs where r.name == "segment" {
                guard let o = r.int("stroke"), let (stroke, scale) = Chalk.strokeOf(o, state), let skipped = r.int("skipped"), skipped > 0 else { continue }
                let b = stroke.brush
                // Alpha cannot fall under 0.004 for any brush (its minimum is alpha · tiltAlpha · (1 − speedFade) · 0.55 ≥ 0.07).
                let smallest = Double(stroke.size) * Double(scale) * Double(1 - b.speedThin) * 0.72
                if smallest > Double(ChalkConstants.minStampScreenDiameter) * 1.05 {
                    return "stroke \(o) seg \(r.int("seg") ?? -1): \(skipped) of \(r.int("n") ?? 0) stamps skipped though the smallest stamp is \(Value.fixed(smallest, places: 3).text) pt on screen"
                }
            }
            return nil
        },
        Invariant("penKeepsScreenSize",
                  "a stroke stores the screen pen divided by the zoom, so it is as wide on screen as the pen the user chose (the 0.5 pt floor is in screen points too): stroke size × zoom = screen size") { state, outputs in
            guard outputs.contains(where: { $0.name == "stroke-began" }), let c = state.current else { return nil }
            let onScreen = Double(c.stroke.size) * Double(c.scale), pen = Double(state.screenSize)
            if abs(onScreen - pen) > 1e-4 * pen {
                return "stroke \(c.ordinal) is \(Value.fixed(onScreen, places: 3).text) pt on screen (size \(Value.fixed(Double(c.stroke.size), places: 6).text) at zoom \(Value.fixed(Double(c.scale), places: 4).text)) but the pen is \(Value.fixed(pen, places: 3).text) pt"
            }
            return nil
        },
        Invariant("onlyNoiseIsFiltered",
                  "the jitter filter drops a moved sample only when it is under 0.5 SCREEN points from the last point (touch noise); a real move at deep zoom is never dropped, or curves become straight lines") { _, outputs in
            for r in outputs where r.name == "jitter-filtered" {
                guard let move = r.double("movePt"), let min = r.double("minPt") else { continue }
                if move >= min {
                    return "stroke \(r.int("stroke") ?? -1): a move of \(Value.fixed(move, places: 4).text) pt on screen was dropped as jitter (filter \(Value.fixed(min, places: 3).text) pt)"
                }
            }
            return nil
        },
        Invariant("emptyPageRendersEmpty",
                  "uploading zero instances is a success, so the replay of an empty page still runs its clear pass: a rendered frame of a page with no strokes and no touch down shows no chalk (clearing the board is the zero-stamp case)") { state, outputs in
            guard state.page.strokes.isEmpty, state.current == nil else { return nil }
            for r in outputs where r.name == "frame" && r.word("reason") == "render" {
                let inked = r.int("inked") ?? 0
                if inked != 0 { return "page \(state.pageIndex) has no strokes but its rendered frame shows \(inked) inked pixels" }
            }
            return nil
        },
        Invariant("replaySpansDisjoint",
                  "a replay uploads all strokes once and each draw reads its own span; draws execute at commit, so spans sharing buffer space would all read the last copy (replay garbage while live looks right)") { _, outputs in
            var end = -1
            for r in outputs where r.name == "span" {
                guard let offset = r.int("offset"), let count = r.int("count"), count > 0 else { continue }
                if offset < end {
                    return "replay span \(r.int("order") ?? -1) (stroke \(r.int("stroke") ?? -1)) reads instances \(offset)..<\(offset + count), overlapping the previous span (ends at \(end))"
                }
                end = offset + count
            }
            return nil
        },
        Invariant("layersDrawInOrder",
                  "replay draws strokes sorted by (layer, drawing order), a stable sort, so overlaps within a layer never reshuffle; stroke ordinals grow along a page (commits append, undo/redo/clear keep order, load numbers in order)") { _, outputs in
            var last: (layer: Int, stroke: Int)? = nil
            for r in outputs where r.name == "span" {
                guard let layer = r.int("layer"), let stroke = r.int("stroke") else { continue }
                if let l = last, (layer, stroke) < (l.layer, l.stroke) {
                    return "replay span \(r.int("order") ?? -1) draws stroke \(stroke) (layer \(layer)) after stroke \(l.stroke) (layer \(l.layer))"
                }
                last = (layer, stroke)
            }
            return nil
        },
    ]

    /// The stroke a record of this step names by ordinal, with the zoom its live bake used: the one
    /// being drawn, or (in the step of its lift) the last one committed.
    static func strokeOf(_ ordinal: Int, _ state: ChalkState) -> (Stroke, Float)? {
        if let c = state.current, c.ordinal == ordinal { return (c.stroke, c.scale) }
        if let last = state.page.strokes.last, last.ordinal == ordinal, let scale = last.liveScale { return (last.stroke, scale) }
        return nil
    }
}

extension Record {
    /// The value of field `key`, for invariants that read the step's records.
    func field(_ key: String) -> Value? { fields.first(where: { $0.key == key })?.value }
    func int(_ key: String) -> Int? {
        if case .int(let v)? = field(key) { return Int(v) }
        return nil
    }
    func double(_ key: String) -> Double? {
        switch field(key) {
        case .fixed(let v, _)?: v
        case .int(let v)?: Double(v)
        default: nil
        }
    }
    func word(_ key: String) -> String? {
        if case .word(let w)? = field(key) { return w }
        return nil
    }
    func text(_ key: String) -> String { field(key)?.text ?? "?" }
}
