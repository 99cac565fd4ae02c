import LockstepCore

/// The stroke being drawn, with its live generator (threaded through every segment, exactly as
/// `Baker.bakeAll` will thread a fresh one on replay).
public struct LiveStroke: Sendable {
    public var stroke: Stroke
    public var touchID: Int
    public var type: TouchType
    public var ordinal: Int
    public var rng: SeededRNG
    /// Digest of every instance baked so far.
    public var hash = FNVFloat()
    public var stamps = 0
    public var segments = 0
    /// The zoom the live instances were baked at.
    public var scale: Float
}

/// Everything the chalk app holds.
public struct ChalkState: Sendable {
    public var view = ViewTransform()
    // Tool settings for the next stroke.
    public var brushKind: BrushKind = .chalk
    public var color: RGBA = .chalkWhite
    /// Pen diameter in SCREEN points; a stroke stores it divided by the zoom.
    public var screenSize: Float = 12
    public var erasing = false
    public var layer = 0
    // Document and history.
    public var pageIndex = 0
    public var page = Page()
    /// Other pages, by index (written sorted).
    public var otherPages: [Int: Page] = [:]
    /// `Page.digest(page.strokes)`, kept current so the per-step digest does not rehash every stroke.
    public var strokesDigest = Page.digest([])
    public var current: LiveStroke?
    public var strokesBegun = 0
    /// Set by undo, redo, clear, page change, load, zoom, pan and a stroke ending below the top
    /// layer; the replay runs at the next frame boundary (`render` or a new stroke's `began`).
    public var needsReplay = false
    public var replayReason = ""
    // Render model.
    public var encoder = CommandEncoder()
    public var raster: Raster
    public var textures: ChalkTextures
    public var faults = ActiveFaults()
    // Counters.
    public var renders = 0
    public var saves = 0
    public var replays = 0
    public var liveStamps = 0

    public init(width: Int, height: Int, textures: ChalkTextures) {
        raster = Raster(width: width, height: height)
        self.textures = textures
    }

    mutating func refreshDigest() { strokesDigest = Page.digest(page.strokes) }
}
