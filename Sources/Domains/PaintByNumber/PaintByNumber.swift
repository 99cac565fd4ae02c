import LockstepCore
import Platform

/// `paintByNumber`: Numbrush, a paint-by-number canvas where a tap fills one region by writing one
/// byte of fill state and rebuilding a one-texel-per-region lookup table that a single shader reads.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "Filling a region by writing four bytes:
/// region-id PNGs and an SkSL lookup shader". Region geometry is baked once into an id PNG
/// (`IdContract`: `id = R << 8 | G`, `B = 255` outline, id 0 background, at most 65,535 regions),
/// decoded once per page open into a `UInt16` per pixel (`IdMap`) with the metadata (`MetaFormat`);
/// a tap picks a region by a histogram in a zoom-dependent radius (`Picker`), `applyFill` writes
/// its byte (`FillState`), the whole LUT is rebuilt (`RenderLut`, flags 255/254/253) and written as
/// a PNG artifact; `render` runs the CPU reference of the shader (`ShaderReference`) over the
/// canvas; fill bytes persist in the platform `KeyValueStore` and come back on the next open of the
/// same artwork; `generate` makes Voronoi artworks of any size (`VoronoiArtwork`).
///
/// Choices where the article is silent (GAPs):
/// - Pick radius base: 24 image pixels (`set pickRadiusBase`), capped at 128. Choice among
///   selectable bins: highest count, ties to the first seen in the row-major scan; none → miss.
/// - `applyFill` is exactly the article's; the tap path enforces the colour number (selectable =
///   unfilled, has metadata, colour number = active). Debug `fill` calls `applyFill` directly.
/// - Screen → image: `floor((screen − offset) / scale)`; a tap whose pixel is off the map is a miss
///   with a record (the disc is not searched from outside the canvas).
/// - LUT: unfilled base colour and texel 0 are white `(255,255,255)` with flag 254; a highlight
///   texel carries the region's target colour (the pulse mixes toward it).
/// - The shader's `time` uniform is seconds since the page opened. Pixel centres are at `+0.5`.
///   Output bytes are `round(v·255)`. A LUT sample past the last texel clamps to it.
/// - Defaults: active colour 0 on every page open, highlight mode 0, edges shown, zoom 1, fit 1.
///   Zoom, highlight mode and edges are view state and survive teardown; the active colour does not.
/// - Persistence: after every successful fill the fill bytes are written to the store under
///   `fills.<FNV-1a 64 of id bytes and canonical metadata>`; opening the same artwork restores
///   them (validated; a bad or unreadable value is a record and the page starts unfilled, but the
///   saved value is only overwritten by the next successful fill).
/// - Bad input: a B byte other than 0/255, alpha ≠ 255, ids above the metadata's region count,
///   more than 255 palette colours, more than 65,535 regions, a wrong buffer size, an upload tagged
///   sRGB — the artwork is refused with a record and the open page kept. NaN, infinite or off-canvas
///   taps, zoom ≤ 0, and any page event after teardown are records; state is unchanged.
/// - Colour-space chunks in the PNG (`sRGB`, `gAMA`, …) are reported and ignored (bytes are raw).
/// - Debug commands run in `set build debug` (the default); in `release` each is an explicit
///   `debug-ignored` record.
/// - Metadata format: the small text format of `MetaFormat` (`numbrush-meta 1`, `palette`, `regions`).
public enum PaintByNumber: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = PaintState
    public typealias Event = PaintEvent

    public static let name = "paintByNumber"
    public static let summary = "Numbrush: region-id PNG fill through a LUT, intent-corrected taps, CPU shader reference to PNG (seed 000, \"Filling a region by writing four bytes\")."

    public static var eventKinds: [EventSpec] {
        [
            EventSpec("load", "Opens a page from an id PNG and a metadata file.", fields: [
                FieldSpec("image", .file, "id PNG"), FieldSpec("meta", .file, "numbrush-meta text"),
                .optional("colorSpace", .word(choices: TextureColorSpace.allCases.map(\.rawValue)), "upload tag, default none; sRGB is refused"),
            ]),
            EventSpec("generate", "Opens a page with a seeded Voronoi artwork.", fields: [
                FieldSpec("width", .integer), FieldSpec("height", .integer), FieldSpec("regions", .integer),
                FieldSpec("colours", .integer), .optional("seed", .integer, "substream index, default 0"),
                .optional("png", .bool, "also write the id PNG and metadata as artifacts, default false"),
            ]),
            EventSpec("select", "Picks the active colour number.", fields: [FieldSpec("colour", .integer)]),
            EventSpec("highlight", "Highlight mode: 0 flat, 1 checker, 2 pulse.", fields: [FieldSpec("mode", .integer)]),
            EventSpec("edges", "Shows or hides outlines.", fields: [FieldSpec("on", .bool)]),
            EventSpec("zoom", "Pinch/pan.", fields: [
                FieldSpec("scale", .number, "screen pixels per image pixel"), .optional("fit", .number, "fit scale, default 1; 0 counts as 1"),
                .optional("offset", .tuple(count: 2), "pan offset in screen pixels, default 0,0"),
            ]),
            EventSpec("tap", "A tap in screen pixels.", fields: [FieldSpec("x", .number), FieldSpec("y", .number)]),
            EventSpec("render", "Renders the canvas with the CPU shader reference as a PNG artifact.", fields: [
                .optional("scale", .integer, "output pixels per image pixel, default 1"),
                .optional("probes", .tuple(count: 0), "x,y,x,y,… output pixels to write as records (at most 16)")]),
            EventSpec("restore", "Restores fill bytes (regionCount+1 of them).", fields: [FieldSpec("fills", .tuple(count: 0))]),
            EventSpec("teardown", "Closes the page and drops its id map, texture and LUT."),
            EventSpec("debug", "A command-file debug hook.", fields: [
                FieldSpec("command", .word(choices: ["fill", "zoom"])), .optional("region", .integer), .optional("colour", .integer),
                .optional("scale", .number),
            ]),
        ]
    }

    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("build", .word(choices: BuildConfiguration.allCases.map(\.rawValue)), default: "debug", "release compiles the debug hooks out"),
         ConfigSpec("pickRadiusBase", .integer, default: "\(PaintConstants.pickRadiusBase)", "pick radius at fit scale, image pixels, 1...128"),
         ConfigSpec("lutArtifacts", .bool, default: "true", "write every rebuilt LUT as a PNG artifact")]
    }

    public static var faults: [FaultSpec] { PaintFault.allCases.map { FaultSpec($0.rawValue, $0.summary) } }

    public static var generators: [Generator<PaintEvent>] { PaintGenerators.all }

    public static func start(_ config: Config, _ world: inout World<PaintEvent>) throws(ScenarioError) -> PaintState {
        var state = PaintState()
        state.build = try config.choice("build", default: BuildConfiguration.debug)
        state.pickRadiusBase = Int(try config.int("pickRadiusBase", default: Int64(PaintConstants.pickRadiusBase), in: 1...Int64(Picker.maxRadius)))
        state.lutArtifacts = try config.bool("lutArtifacts", default: true)
        state.faults = PaintFaults { world.fault($0.rawValue) }
        return state
    }

    static func smallInt(_ line: EventLine, _ key: StaticString) throws(ScenarioError) -> Int {
        Int(try line.int(key, in: -1_000_000...1_000_000))
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> PaintEvent {
        switch line.kind {
        case "load":
            let cs: TextureColorSpace = line.has("colorSpace") ? try line.choice("colorSpace") : TextureColorSpace.none
            return .load(name: try line.text("image"), png: try line.file("image"), meta: try line.file("meta"), colorSpace: cs)
        case "generate":
            return .generate(width: try smallInt(line, "width"), height: try smallInt(line, "height"),
                             regions: try smallInt(line, "regions"), colours: try smallInt(line, "colours"),
                             seed: line.has("seed") ? try line.uint64(at: line.index(of: "seed")!) : 0,
                             png: try line.bool("png", default: false))
        case "select": return .select(colour: try smallInt(line, "colour"))
        case "highlight": return .highlight(mode: try smallInt(line, "mode"))
        case "edges": return .edges(try line.bool("on"))
        case "zoom":
            var offset = [0.0, 0.0]
            if line.has("offset") { offset = try line.doubles("offset") }
            return .zoom(scale: try line.double("scale"), fit: try line.double("fit", default: 1), offsetX: offset[0], offsetY: offset[1])
        case "tap": return .tap(x: try line.double("x"), y: try line.double("y"))
        case "render":
            var probes: [(x: Int, y: Int)] = []
            if line.has("probes") {
                let v = try line.doubles("probes")
                guard v.count % 2 == 0, v.count <= 32, v.allSatisfy({ $0 == $0.rounded() && $0 >= 0 && $0 <= 1e6 }) else {
                    throw line.error("probes are up to 16 x,y pairs of whole non-negative output pixels", at: "probes")
                }
                for k in stride(from: 0, to: v.count, by: 2) { probes.append((Int(v[k]), Int(v[k + 1]))) }
            }
            return .render(scale: Int(try line.int("scale", in: 1...64, default: 1)), probes: probes)
        case "restore":
            let values = try line.doubles("fills")
            guard values.count <= IdContract.maxRegions + 1 else { throw line.error("at most \(IdContract.maxRegions + 1) bytes", at: "fills") }
            var bytes: [UInt8] = []
            for v in values {
                guard v >= 0, v <= 255, v == v.rounded() else { throw line.error("fill bytes are whole numbers 0...255", at: "fills") }
                bytes.append(UInt8(v))
            }
            return .restore(bytes)
        case "teardown": return .teardown
        case "debug":
            switch try line.word("command") {
            case "fill":
                guard line.has("region"), line.has("colour") else { throw line.error("debug fill needs region= and colour=") }
                return .debug(.fill(region: try smallInt(line, "region"), colour: try smallInt(line, "colour")))
            default:
                guard line.has("scale") else { throw line.error("debug zoom needs scale=") }
                return .debug(.zoom(scale: try line.double("scale")))
            }
        default: throw line.error("unknown paintByNumber event '\(line.kind)'")
        }
    }

    public static func write(_ state: PaintState, to out: inout CanonicalWriter) {
        if let p = state.page {
            out.write("page", .tuple([.string(p.name), .int(p.map.width), .int(p.map.height), .int(p.meta.regionCount),
                                      .int(p.meta.palette.count), .digest(p.map.digest)]))
            out.write("fills", .tuple([.int(FillState.filledCount(p.fills)), .digest(FNV1a64.hash(p.fills))]))
            out.write("lut", .digest(p.lutDigest))
            out.int("residentBytes", p.residentBytes)
        } else {
            out.word("page", "none")
            out.int("residentBytes", 0)
        }
        out.write("view", .tuple([.fixed(state.view.scale, places: 4), .fixed(state.view.fit, places: 4),
                                  .fixed(state.view.offsetX, places: 3), .fixed(state.view.offsetY, places: 3)]))
        out.write("uniforms", .tuple([.int(state.active), .int(state.hlMode), .bool(state.showEdge)]))
        out.write("build", .word(state.build.rawValue))
        // Counters, named: idDecodes must equal pagesOpened (the id map is decoded once per open),
        // lutRebuilds counts one per open, successful fill, colour change and restore.
        out.section("counts") { c in
            c.int("pagesOpened", state.pagesOpened)
            c.int("idDecodes", state.idDecodes)
            c.int("taps", state.taps)
            c.int("fills", state.fillsApplied)
            c.int("misses", state.misses)
            c.int("rejected", state.rejected)
            c.int("lutRebuilds", state.lutRebuilds)
            c.int("renders", state.renders)
            c.int("haptics", state.haptics)
        }
        state.store.write(to: &out)
    }
}
