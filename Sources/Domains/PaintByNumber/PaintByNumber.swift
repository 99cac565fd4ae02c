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
///   `rejected input=debug reason=release-build` record.
/// - Metadata format: the small text format of `MetaFormat` (`numbrush-meta 1`, `palette`, `regions`).
///
/// Invariants (checked after every step; table with reasons and the faults each catches in
/// `Invariants.swift`): tapFillsItsNumber, fillsOnlyRealRegions, fillAddsExactlyOneRegion,
/// progressWithinRegionCount, lutShowsTheFill, shaderReadsTheIdMap, generatedArtworkOpens,
/// everyInputIsAnswered, idMapDecodedOncePerOpen. The explorer's mix is documented on
/// `PaintByNumber.explorer` in `Explorer.swift`.
public enum PaintByNumber: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = PaintState
    public typealias Event = PaintEvent

    public static let name = "paintByNumber"
    public static let summary = "Numbrush: region-id PNG fill through a LUT, intent-corrected taps, CPU shader reference to PNG (seed 000, \"Filling a region by writing four bytes\")."

    public typealias Fault = PaintFault

    public struct Settings: Sendable {
        public var build: BuildConfiguration = .debug
        public var pickRadiusBase = PaintConstants.pickRadiusBase
        public var lutArtifacts = true
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(build: try s("build", .choice(BuildConfiguration.self), default: .debug, "release compiles the debug hooks out"),
                 pickRadiusBase: try s("pickRadiusBase", .int, default: PaintConstants.pickRadiusBase, in: 1...Picker.maxRadius,
                                       "pick radius at fit scale, image pixels"),
                 lutArtifacts: try s("lutArtifacts", .bool, default: true, "write every rebuilt LUT as a PNG artifact"))
    }

    /// Event fields that are plain counts, colour numbers and sizes; the reducer checks the real limits.
    static let small: ClosedRange<Int> = -1_000_000...1_000_000

    /// An id PNG and the path it was named by.
    struct NamedFile: Sendable {
        var name: String
        var bytes: [UInt8]
    }

    /// A `.file` field that also keeps the path as written: the page's name is the image path.
    static let namedFile = FieldKind<NamedFile>(type: .file, placeholder: { NamedFile(name: "", bytes: []) },
                                                read: { line, i throws(ScenarioError) in
                                                    NamedFile(name: try line.text(at: i), bytes: try line.file(at: i))
                                                }, text: { $0.name })

    /// A generator seed: any `UInt64` (the substream index), not only the `Int64` range.
    static let substreamIndex = FieldKind<UInt64>(type: .integer, placeholder: { 0 },
                                        read: { line, i throws(ScenarioError) in try line.uint64(at: i) }, text: { String($0) })

    public static let events: [EventKind<PaintEvent>] = [
        EventKind("load", "Opens a page from an id PNG and a metadata file.") { f throws(ScenarioError) in
            let image = try f("image", namedFile, "id PNG")
            let meta = try f("meta", .file, "numbrush-meta text")
            let cs = try f("colorSpace", .choice(TextureColorSpace.self), default: .none, "upload tag; sRGB is refused")
            return .load(name: image.name, png: image.bytes, meta: meta, colorSpace: cs)
        },
        EventKind("generate", "Opens a page with a seeded Voronoi artwork.") { f throws(ScenarioError) in
            .generate(width: try f("width", .int, in: small), height: try f("height", .int, in: small),
                      regions: try f("regions", .int, in: small), colours: try f("colours", .int, in: small),
                      seed: try f("seed", substreamIndex, default: 0, "substream index"),
                      png: try f("png", .bool, default: false, "also write the id PNG and metadata as artifacts"))
        },
        EventKind("select", "Picks the active colour number.") { f throws(ScenarioError) in
            .select(colour: try f("colour", .int, in: small))
        },
        EventKind("highlight", "Highlight mode: 0 flat, 1 checker, 2 pulse.") { f throws(ScenarioError) in
            .highlight(mode: try f("mode", .int, in: small))
        },
        EventKind("edges", "Shows or hides outlines.") { f throws(ScenarioError) in .edges(try f("on", .bool)) },
        EventKind("zoom", "Pinch/pan.") { f throws(ScenarioError) in
            let scale = try f("scale", .number, "screen pixels per image pixel")
            let fit = try f("fit", .number, default: 1, "fit scale; 0 counts as 1")
            let offset = try f("offset", .tuple(2), default: [0, 0], "pan offset in screen pixels")
            return .zoom(scale: scale, fit: fit, offsetX: offset[0], offsetY: offset[1])
        },
        EventKind("tap", "A tap in screen pixels.") { f throws(ScenarioError) in
            .tap(x: try f("x", .number), y: try f("y", .number))
        },
        EventKind("render", "Renders the canvas with the CPU shader reference as a PNG artifact.") { f throws(ScenarioError) in
            let scale = try f("scale", .int, default: 1, in: 1...64, "output pixels per image pixel")
            let v = try f("probes", .tuple(), default: [], "x,y,x,y,… output pixels to write as records (at most 16)")
            guard v.count % 2 == 0, v.count <= 32, v.allSatisfy({ $0 == $0.rounded() && $0 >= 0 && $0 <= 1e6 }) else {
                throw f.error("probes are up to 16 x,y pairs of whole non-negative output pixels", at: "probes")
            }
            let probes = stride(from: 0, to: v.count, by: 2).map { (x: Int(v[$0]), y: Int(v[$0 + 1])) }
            return .render(scale: scale, probes: probes)
        },
        EventKind("restore", "Restores fill bytes (regionCount+1 of them).") { f throws(ScenarioError) in
            let values = try f("fills", .tuple())
            guard values.count <= IdContract.maxRegions + 1 else { throw f.error("at most \(IdContract.maxRegions + 1) bytes", at: "fills") }
            var bytes: [UInt8] = []
            for v in values {
                guard v >= 0, v <= 255, v == v.rounded() else { throw f.error("fill bytes are whole numbers 0...255", at: "fills") }
                bytes.append(UInt8(v))
            }
            return .restore(bytes)
        },
        EventKind("teardown", "Closes the page and drops its id map, texture and LUT.") { _ throws(ScenarioError) in .teardown },
        EventKind("debug", "A command-file debug hook.") { f throws(ScenarioError) in
            let command = try f("command", .choice(DebugCommand.Name.self))
            let region = try f.optional("region", .int, in: small, "fill: the region id")
            let colour = try f.optional("colour", .int, in: small, "fill: the colour number")
            let scale = try f.optional("scale", .number, "zoom: the zoom scale")
            switch command {
            case .fill:
                // The declaration pass has no values; it only needs to run through.
                guard let region, let colour else {
                    if f.isDeclaring { return .debug(.fill(region: 0, colour: 0)) }
                    throw f.error("debug fill needs region= and colour=")
                }
                return .debug(.fill(region: region, colour: colour))
            case .zoom:
                guard let scale else { throw f.error("debug zoom needs scale=") }
                return .debug(.zoom(scale: scale))
            }
        },
    ]

    public static var generators: [Generator<PaintEvent>] { PaintGenerators.all }

    public static func kind(of event: PaintEvent) -> String {
        switch event {
        case .load: "load"
        case .generate: "generate"
        case .select: "select"
        case .highlight: "highlight"
        case .edges: "edges"
        case .zoom: "zoom"
        case .tap: "tap"
        case .render: "render"
        case .restore: "restore"
        case .teardown: "teardown"
        case .debug: "debug"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<PaintByNumber>) throws(ScenarioError) -> PaintState {
        var state = PaintState()
        state.build = settings.build
        state.pickRadiusBase = settings.pickRadiusBase
        state.lutArtifacts = settings.lutArtifacts
        state.faults = PaintFaults { world.isOn($0) }
        return state
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
