import LockstepCore

/// What one tap did.
public struct TapReport: Sendable {
    public var x: Double
    public var y: Double
    public var cx: Int
    public var cy: Int
    public var radius: Int
    public var capped: Bool
    public var bins: [Picker.Bin]
    public var picked: Int?
    public var filled: Bool
}

/// Every record the paintByNumber domain writes, in field order, except refusals: those are
/// `world.reject` records (`rejected input=… reason=… detail=…`, see `Reduce`). Screen values have 3 decimals.
public enum PaintOutput: RecordConvertible {
    case artwork(source: String, name: String, map: IdMap, meta: RegionMeta, key: String)
    case colourTags(name: String, chunks: [String])
    case restored(from: String, filled: Int)
    case lut(reason: String, rebuild: Int, lut: [UInt8], digest: UInt64, active: Int)
    case tap(TapReport)
    case haptic(region: Int)
    case setting(name: String, value: Value)
    case view(PaintView, radius: Int, capped: Bool)
    /// The texture's filter and colour space are deliberately not printed: they are only ever wrong
    /// under a fault, and a golden must notice the fault by its effect (pixels, id mismatches).
    case render(n: Int, stats: RenderStats, timeSeconds: Double, uniforms: ShaderUniforms)
    case probe(x: Int, y: Int, id: Int, rgb: (UInt8, UInt8, UInt8))
    case teardown(name: String, released: Int)
    case debugApplied(command: String, result: String)

    static func commandWord(_ c: DebugCommand) -> String {
        switch c {
        case .fill: "fill"
        case .zoom: "zoom"
        }
    }

    public var record: Record {
        switch self {
        case .artwork(let source, let name, let map, let meta, let key):
            let empty = (1..<map.pixelsPerId.count).reduce(0) { $0 + (map.pixelsPerId[$1] == 0 ? 1 : 0) }
            var r = Record("artwork").word("source", source).string("name", name).int("width", map.width).int("height", map.height)
                .int("regions", meta.regionCount).int("colours", meta.palette.count).int("outline", map.outlinePixels)
                .int("background", map.backgroundPixels).int("emptyRegions", empty)
                .digest("ids", map.digest)
            if meta.regionCount <= PaintConstants.maxHexTexels {
                r = r.with("pixels", .tuple(map.pixelsPerId.map { .int($0) }))
            }
            return r.string("key", key)
        case .colourTags(let name, let chunks):
            return Record("artwork-colour-tags").string("name", name).with("chunks", .tuple(chunks.map { .word($0) }))
                .string("handling", "ignored: the id map is read as raw RGBA bytes and uploaded with no colour space")
        case .restored(let from, let filled):
            return Record("fills-restored").word("from", from).int("filled", filled)
        case .lut(let reason, let rebuild, let lut, let digest, let active):
            var filled = 0, highlight = 0
            var i = 7
            while i < lut.count { if lut[i] == RenderLut.flagFilled { filled += 1 } else if lut[i] == RenderLut.flagHighlight { highlight += 1 }; i += 4 }
            var r = Record("lut").word("reason", reason).int("rebuild", rebuild).int("texels", lut.count / 4).int("active", active)
                .int("filled", filled).int("highlight", highlight).digest("digest", digest)
            if lut.count / 4 <= PaintConstants.maxHexTexels { r = r.with("bytes", .hex(lut)) }
            return r
        case .tap(let t):
            var bins = t.bins.prefix(PaintConstants.maxBinsShown).map { Value.word("\($0.id):\($0.count)") }
            if t.bins.count > PaintConstants.maxBinsShown { bins.append(.word("+\(t.bins.count - PaintConstants.maxBinsShown)")) }
            var r = Record("tap").with("at", .tuple([.fixed(t.x, places: 3), .fixed(t.y, places: 3)]))
                .with("pixel", .tuple([.int(t.cx), .int(t.cy)])).int("radius", t.radius)
            if t.capped { r = r.word("radiusCapped", "maxRadius") }
            r = r.with("bins", bins.isEmpty ? .word("none") : .tuple(bins))
            r = r.with("picked", t.picked.map { .int($0) } ?? .word("none"))
            return r.word("result", t.filled ? "filled" : "miss")
        case .haptic(let region):
            return Record("haptic").word("kind", "success").int("region", region)
        case .setting(let name, let value):
            return Record(name).with("value", value)
        case .view(let v, let radius, let capped):
            let r = Record("zoom").fixed("scale", v.scale, 4).fixed("fit", v.fit, 4)
                .with("offset", .tuple([.fixed(v.offsetX, places: 3), .fixed(v.offsetY, places: 3)])).int("pickRadius", radius)
            return capped ? r.word("radiusCapped", "maxRadius") : r
        case .render(let n, let s, let time, let u):
            var r = Record("render").int("n", n).with("size", .tuple([.int(s.width), .int(s.height)])).fixed("time", time, 6)
                .int("mode", u.hlMode).bool("edges", u.showEdge)
            for k in PixelKind.allCases { r = r.int(k.word, s.kinds[k.rawValue]) }
            return r.int("idMismatches", s.mismatches)
        case .probe(let x, let y, let id, let rgb):
            return Record("pixel").with("at", .tuple([.int(x), .int(y)])).int("cpuId", id)
                .with("rgb", .tuple([.int(Int(rgb.0)), .int(Int(rgb.1)), .int(Int(rgb.2))]))
        case .teardown(let name, let released):
            return Record("teardown").string("name", name).int("releasedBytes", released).int("retainedBytes", 0)
        case .debugApplied(let command, let result):
            return Record("debug").word("command", command).string("result", result)
        }
    }
}
