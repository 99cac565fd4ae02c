/// A debug command from the screenshot-automation command file (`__DEV__`-gated in the app).
public enum DebugCommand: Sendable, Equatable {
    /// Fills `region` with colour `colour` through `applyFill` (no picking, no colour check).
    case fill(region: Int, colour: Int)
    /// Sets the zoom.
    case zoom(scale: Double)

    /// The `command=` word of each case.
    public enum Name: String, Sendable, CaseIterable {
        case fill, zoom
    }
}

/// Every input the Numbrush canvas reacts to.
public enum PaintEvent: Sendable {
    /// Page open with an id PNG (bytes, decoded by the domain) and metadata text (bytes); the
    /// `colorSpace` tag is what the upload asked for (`sRGB` is refused).
    case load(name: String, png: [UInt8], meta: [UInt8], colorSpace: TextureColorSpace)
    /// Page open with a generated Voronoi artwork (the generator runs in the reducer, with the
    /// domain's faults, from the substream `("paintByNumber.voronoi", seed)`).
    case generate(width: Int, height: Int, regions: Int, colours: Int, seed: UInt64, png: Bool)
    /// Picks the active colour number.
    case select(colour: Int)
    /// Highlight mode uniform (0, 1 or 2; anything else is refused with a record).
    case highlight(mode: Int)
    /// Show-edge uniform.
    case edges(Bool)
    /// Pinch/pan: zoom `scale` (screen pixels per image pixel), `fit` the fit scale, pan offsets.
    case zoom(scale: Double, fit: Double, offsetX: Double, offsetY: Double)
    /// A tap in screen pixels.
    case tap(x: Double, y: Double)
    /// Renders the canvas (CPU shader reference) as a PNG artifact, `scale` output pixels per image
    /// pixel; `probes` are output pixels whose colour is also written as a record.
    case render(scale: Int, probes: [(x: Int, y: Int)])
    /// Restores fill bytes (a sync or an export), validated against the artwork.
    case restore([UInt8])
    /// Page closes: the id map, the texture and the LUT are dropped.
    case teardown
    /// A command-file debug hook.
    case debug(DebugCommand)
}
