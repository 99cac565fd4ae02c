import LockstepCore

extension PaintByNumber {
    /// Random colouring sessions for `lockstep explore` (and the invariant tests).
    ///
    /// Header: 1 in 5 walks is a `release` build (debug hooks refused), the pick radius base is
    /// drawn from 1...32, and LUT artifacts are off in 3 of 4 walks (speed). Step 0 always opens a
    /// page. Each step is one line, 10 ms to 1.5 s after the previous one (1 in 30 is a clock jump
    /// of 1 to 90 minutes: the pulse highlight's time uniform). Weights out of 100:
    /// - 38 tap: mostly inside 0...64 screen pixels (the artworks are 8...48 pixels at zoom 0.5...4),
    ///   1 in 15 off the canvas, 1 in 30 non-finite; 4 `gen randomTaps` bursts of 3...12 taps.
    /// - 10 select (colours 0...5, so some are outside a small palette), 6 zoom (scale 0.5...8,
    ///   fit 0...2 and a pan; 1 in 8 a bad scale), 4 highlight (1 in 8 an unknown mode), 3 edges,
    ///   6 render (scale 1, sometimes with probes).
    /// - 10 open a page: `generate` (8...48 px, 2...40 regions, 1...6 colours, seeds 0...3 so a page
    ///   is reopened and restores its saved fills; 1 in 10 over the limits) or `load` of the fixture
    ///   art (basic, intent, wheel, order; 1 in 4 a bad asset: B=200, alpha, 256 colours, sRGB).
    /// - 4 restore (the basic and wheel fill layouts, valid only on their artwork), 3 teardown
    ///   (later inputs are refused until the next open), 5 debug (fill any region 0...40 with any
    ///   colour, or zoom), 7 hostile extras folded into the above (bad taps, bad zooms).
    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.int(below: 5) == 0 { lines.append("set build release") }
        lines.append("set pickRadiusBase \(rng.int(in: 1...32))")
        lines.append("set lutArtifacts \(rng.int(below: 4) == 0 ? "true" : "false")")
        return lines
    }, next: { rng, step in
        PaintExplorer.next(&rng, step)
    })
}

enum PaintExplorer {
    static let art = ["basic", "intent", "wheel", "order"]
    static let badLoads = [
        "load image=../art/bad-b200.png meta=../art/basic.meta",
        "load image=../art/bad-alpha.png meta=../art/basic.meta",
        "load image=../art/basic.png meta=../art/basic-256-colours.meta",
        "load image=../art/basic.png meta=../art/basic-colour-out-of-palette.meta",
        "load image=../art/basic.png meta=../art/basic.meta colorSpace=sRGB",
        "load image=../art/basic-srgb-tagged.png meta=../art/basic.meta",
        "load image=../art/order-swapped.png meta=../art/order.meta",
    ]

    static func gap(_ rng: inout SeededRNG) -> String {
        if rng.int(below: 30) == 0 { return "+\(rng.int(in: 1...90))m" }
        return "+\(rng.int(in: 10...1500))ms"
    }

    static func open(_ rng: inout SeededRNG, _ at: String) -> String {
        if rng.int(below: 2) == 0 {
            if rng.int(below: 10) == 0 {
                return "\(at) generate width=\(rng.int(in: 0...8)) height=8 regions=\(rng.int(in: 0...3)) colours=\([0, 2, 256][rng.int(below: 3)])"
            }
            return "\(at) generate width=\(rng.int(in: 8...48)) height=\(rng.int(in: 8...48)) regions=\(rng.int(in: 2...40))"
                + " colours=\(rng.int(in: 1...6)) seed=\(rng.int(in: 0...3))"
        }
        if rng.int(below: 4) == 0 { return "\(at) \(badLoads[rng.int(below: badLoads.count)])" }
        let name = art[rng.int(below: art.count)]
        return "\(at) load image=../art/\(name).png meta=../art/\(name).meta"
    }

    static func tap(_ rng: inout SeededRNG, _ at: String) -> String {
        switch rng.int(below: 30) {
        case 0: return "\(at) tap x=1e999 y=4"
        case 1, 2: return "\(at) tap x=\(rng.int(in: -50 ... -1)) y=\(rng.int(in: 200...5000))"
        default:
            let x = Value.fixed(Double(rng.int(in: 0...6400)) / 100, places: 2).text
            let y = Value.fixed(Double(rng.int(in: 0...6400)) / 100, places: 2).text
            return "\(at) tap x=\(x) y=\(y)"
        }
    }

    static func next(_ rng: inout SeededRNG, _ step: Int) -> String {
        let at = gap(&rng)
        if step == 0 { return open(&rng, at) }
        switch rng.int(below: 100) {
        case 0..<38: return tap(&rng, at)
        case 38..<42:
            return "\(at) gen randomTaps count=\(rng.int(in: 3...12)) area=0,0,\(rng.int(in: 8...64)),\(rng.int(in: 8...64)) interval=0.05"
        case 42..<52: return "\(at) select colour=\(rng.int(in: 0...5))"
        case 52..<58:
            if rng.int(below: 8) == 0 { return "\(at) zoom scale=\(["0", "-1", "1e999"][rng.int(below: 3)])" }
            let scale = ["0.5", "1", "1", "1.5", "2", "3", "4", "8"][rng.int(below: 8)]
            return "\(at) zoom scale=\(scale) fit=\(rng.int(in: 0...2)) offset=\(rng.int(in: -8...8)),\(rng.int(in: -8...8))"
        case 58..<62:
            return "\(at) highlight mode=\(rng.int(below: 8) == 0 ? 3 : rng.int(in: 0...2))"
        case 62..<65: return "\(at) edges on=\(rng.int(below: 2) == 0 ? "true" : "false")"
        case 65..<71:
            // Scales above 1 sample between texel centres, where filtering shows.
            let scale = rng.int(in: 1...3)
            return rng.int(below: 3) == 0 ? "\(at) render scale=\(scale) probes=0,0,\(rng.int(in: 0...7)),\(rng.int(in: 0...7))" : "\(at) render scale=\(scale)"
        case 71..<81: return open(&rng, at)
        case 81..<85:
            return ["\(at) restore fills=0,1,0,0", "\(at) restore fills=0,1,2,1", "\(at) restore fills=0,1,0,0,0,0,0,0,2",
                    "\(at) restore fills=0,3,0,0", "\(at) restore fills=5,0,0,0"][rng.int(below: 5)]
        case 85..<88: return "\(at) teardown"
        case 88..<93:
            if rng.int(below: 4) == 0 { return "\(at) debug command=zoom scale=\(["1", "2", "0"][rng.int(below: 3)])" }
            return "\(at) debug command=fill region=\(rng.int(in: 0...40)) colour=\(rng.int(in: 0...5))"
        default: return tap(&rng, at)
        }
    }
}
