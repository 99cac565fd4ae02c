import LockstepCore

extension Chalk {
    /// Random drawing sessions for `lockstep explore` (and the invariant tests).
    ///
    /// Header: a small canvas (`set width/height` 32...64, so a deep-zoom replay, where every stamp
    /// covers the screen, stays cheap). Each step is one line or one gesture, 5 ms to 0.4 s after the
    /// previous one (1 in 40 is a clock jump of 5 minutes to 2 hours). Weights out of 100:
    /// - 30 a hand-made stroke: `began`, 1...8 `moved` samples 8 ms apart, then `ended` (most),
    ///   `cancelled` (1 in 12) or nothing (1 in 30: the touch stays down, so the next undo, zoom or
    ///   page is refused and the next `began` is a duplicate). Pencil (ids 1, 2) or finger (id 3: a
    ///   touch never changes type; altitude 0, force 0); force up to 1.3 × maxForce (over the maximum clamps); altitude 0...π/2 and a few
    ///   out of range; moves of 0.05...0.6 pt (1 in 5: the jitter filter), 1...30 pt, and 1 in 400 a
    ///   teleport of 10⁵ pt (the 4000-stamp cap; rare: every later replay re-bakes it).
    /// - 10 `gen stroke`: a whole 120 Hz stroke (line, arc, zigzag, scribble; 2...24 samples).
    /// - 8 render, 7 undo, 4 redo, 4 clear, 7 zoom (scales 0.5...800, deep zooms 1 in 4; 1 in 10
    ///   out of range), 3 pan, 6 size (0.05...40 pt, the floor included; 1 in 10 out of range),
    ///   3 brush (1 in 8 unknown), 3 colour (1 in 8 outside 0...1), 2 eraser, 4 layer (0...3; 1 in 10
    ///   out of range), 3 page (0...2; 1 in 10 out of range), 2 save, 2 load (a good document or one
    ///   of the corrupt ones), 2 bad touches (moved or ended without began, non-finite or
    ///   beyond-canvas samples); a second pencil id (2) sometimes lands while id 1 is down.
    public static let explorer: Explorer? = Explorer(header: { rng in
        let side = [32, 48, 64][rng.int(below: 3)]
        return ["set width \(side)", "set height \([32, 48, 64][rng.int(below: 3)])"]
    }, next: { rng, _ in
        ChalkExplorer.next(&rng)
    })
}

enum ChalkExplorer {
    static let documents = ["three-strokes.json", "three-strokes.json", "no-layer.json", "missing-seed.json",
                            "points-not-list.json", "truncated.json", "unknown-brush.json"]

    /// `lo...hi` with `places` decimals, as scenario text.
    static func dec(_ rng: inout SeededRNG, _ lo: Double, _ hi: Double, _ places: Int = 2) -> String {
        Value.fixed(lo + (hi - lo) * rng.double(), places: places).text
    }

    static func gap(_ rng: inout SeededRNG) -> String {
        if rng.int(below: 40) == 0 { return "+\(rng.int(in: 5...120))m" }
        return "+\(rng.int(in: 5...400))ms"
    }

    static func next(_ rng: inout SeededRNG) -> String {
        let at = gap(&rng)
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<30: return stroke(&rng, at)
        case 30..<40: return generated(&rng, at)
        case 40..<48: return "\(at) render"
        case 48..<55: return "\(at) undo"
        case 55..<59: return "\(at) redo"
        case 59..<63: return "\(at) clear"
        case 63..<70:
            let scales = ["0.5", "1", "1", "2", "3", "8", "40", "200", "800", "1.5"]
            let bad = ["0", "-2", "20000", "0.001"]
            let scale = rng.int(below: 10) == 0 ? bad[rng.int(below: bad.count)] : scales[rng.int(below: scales.count)]
            return "\(at) zoom scale=\(scale) at=\(rng.int(in: 0...96)),\(rng.int(in: 0...96))"
        case 70..<73: return "\(at) pan by=\(rng.int(in: -60...60)),\(rng.int(in: -60...60))"
        case 73..<79:
            if rng.int(below: 10) == 0 { return "\(at) size pt=\(["0", "-3", "600", "1e999"][rng.int(below: 4)])" }
            return "\(at) size pt=\(["0.05", "0.3", "0.5", "0.8", "1.5", "3", "6", "12", "20", "40"][rng.int(below: 10)])"
        case 79..<82:
            if rng.int(below: 8) == 0 { return "\(at) brush kind=crayon" }
            return "\(at) brush kind=\(["chalk", "pencil", "ink"][rng.int(below: 3)])"
        case 82..<85:
            if rng.int(below: 8) == 0 { return "\(at) colour rgba=1.5,0,0" }
            return "\(at) colour rgba=\(dec(&rng, 0, 1)),\(dec(&rng, 0, 1)),\(dec(&rng, 0, 1)),\(dec(&rng, 0.2, 1))"
        case 85..<87: return "\(at) eraser on=\(rng.int(below: 3) == 0 ? "true" : "false")"
        case 87..<91:
            if rng.int(below: 10) == 0 { return "\(at) layer n=\(["-1", "1001"][rng.int(below: 2)])" }
            return "\(at) layer n=\(rng.int(in: 0...3))"
        case 91..<94:
            if rng.int(below: 10) == 0 { return "\(at) page n=\(["-1", "100"][rng.int(below: 2)])" }
            return "\(at) page n=\(rng.int(in: 0...2))"
        case 94..<96: return "\(at) save"
        case 96..<98: return "\(at) load file=../documents/\(documents[rng.int(below: documents.count)])"
        default: return badTouch(&rng, at)
        }
    }

    /// One touch sample line.
    static func touch(_ at: String, _ phase: String, id: Int, x: Double, y: Double, finger: Bool, force: String, altitude: String,
                      azimuth: String) -> String {
        let xy = "x=\(Value.fixed(x, places: 3).text) y=\(Value.fixed(y, places: 3).text)"
        if finger { return "\(at) touch phase=\(phase) id=\(id) \(xy) type=finger" }
        return "\(at) touch phase=\(phase) id=\(id) \(xy) force=\(force) maxForce=4.1667 altitude=\(altitude) azimuth=\(azimuth)"
    }

    static func stroke(_ rng: inout SeededRNG, _ at: String) -> String {
        let finger = rng.int(below: 3) == 0
        // A touch keeps its type for life: fingers use id 3, the pencil ids 1 and 2 (a stuck touch
        // is continued only by samples of its own type, as on a device).
        let id = finger ? 3 : (rng.int(below: 6) == 0 ? 2 : 1)
        var x = Double(rng.int(in: 0...96)), y = Double(rng.int(in: 0...96))
        var lines: [String] = []
        func sample(_ phase: String, _ time: String) {
            let force = dec(&rng, 0, 5.4, 3)  // up to 1.3 × maxForce
            let altitude = rng.int(below: 20) == 0 ? ["-0.5", "2.5"][rng.int(below: 2)] : dec(&rng, 0, 1.5708, 3)
            lines.append(touch(time, phase, id: id, x: x, y: y, finger: finger, force: force, altitude: altitude,
                               azimuth: dec(&rng, 0, 6.28, 2)))
        }
        sample("began", at)
        let moves = rng.int(in: 1...8)
        for _ in 0..<moves {
            // A teleport bakes 4000 stamps and every later replay re-bakes them: rare, for speed.
            let kind = rng.int(below: 400)
            let length = kind == 0 ? 100_000 : (kind < 80 ? 0.05 + 0.55 * rng.double() : 1 + 29 * rng.double())
            let angle = rng.double() * 6.283
            x += length * DetMath.cos(angle)
            y += length * DetMath.sin(angle)
            sample("moved", "+8ms")
        }
        switch rng.int(below: 60) {
        case 0..<5: sample("cancelled", "+8ms")
        case 5..<7: break  // the touch stays down
        default: sample("ended", "+8ms")
        }
        return lines.joined(separator: "\n")
    }

    static func generated(_ rng: inout SeededRNG, _ at: String) -> String {
        let paths = ["line", "arc", "zigzag", "scribble"], eases = ["constant", "accelerate", "decelerate", "easeInOut"]
        let type = rng.int(below: 3) == 0 ? "finger" : "pencil"
        return "\(at) gen stroke path=\(paths[rng.int(below: 4)]) from=\(rng.int(in: 0...96)),\(rng.int(in: 0...96))"
            + " to=\(rng.int(in: 0...96)),\(rng.int(in: 0...96)) samples=\(rng.int(in: 2...24)) type=\(type)"
            + " pressure=\(dec(&rng, 0, 1)),\(dec(&rng, 0, 1)) altitude=\(dec(&rng, 0.1, 1.5)),\(dec(&rng, 0.1, 1.5))"
            + " ease=\(eases[rng.int(below: 4)]) id=\(type == "finger" ? 3 : rng.int(in: 1...2))"
    }

    static func badTouch(_ rng: inout SeededRNG, _ at: String) -> String {
        switch rng.int(below: 5) {
        case 0: return "\(at) touch phase=moved id=9 x=10 y=10"
        case 1: return "\(at) touch phase=ended id=9 x=10 y=10"
        case 2: return "\(at) touch phase=began id=1 x=1e999 y=10"
        case 3: return "\(at) touch phase=began id=1 x=10 y=10 force=1e999 maxForce=4"
        default: return "\(at) touch phase=began id=1 x=30000000 y=10"
        }
    }
}
