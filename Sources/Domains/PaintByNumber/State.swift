import LockstepCore
import Platform

/// The open page: everything dropped at teardown.
public struct OpenPage: Sendable {
    public var name: String
    /// The store key of this artwork's fill bytes (`fills.` + digest of id bytes and metadata).
    public var storeKey: String
    public var map: IdMap
    public var texture: IdTexture
    public var meta: RegionMeta
    public var fills: [UInt8]
    public var lut: [UInt8]
    public var lutDigest: UInt64
    /// When the page opened: the shader's `time` uniform counts from here.
    public var openedAt: Instant

    /// Bytes the page keeps resident: id map, id texture, LUT and fill state.
    public var residentBytes: Int { map.residentBytes + texture.residentBytes + lut.count + fills.count }
}

/// The zoom and pan of the canvas: screen = image · scale + offset.
public struct PaintView: Sendable, Equatable {
    public var scale = 1.0
    /// The fit scale (the article's `base`).
    public var fit = 1.0
    public var offsetX = 0.0
    public var offsetY = 0.0
}

/// Everything the Numbrush canvas holds.
public struct PaintState: Sendable {
    /// Platform's build configuration: `__DEV__` hooks exist only in `debug`.
    public var build: BuildConfiguration = .debug
    public var pickRadiusBase = PaintConstants.pickRadiusBase
    public var lutArtifacts = true
    public var faults = PaintFaults()
    public var page: OpenPage?
    public var view = PaintView()
    public var active = 0
    public var hlMode = 0
    public var showEdge = true
    /// Survives teardown: it is the device's storage.
    public var store = KeyValueStore()
    // Counters.
    public var pagesOpened = 0
    public var taps = 0
    public var fillsApplied = 0
    public var misses = 0
    public var rejected = 0
    public var lutRebuilds = 0
    public var renders = 0
    public var haptics = 0
    /// Id maps decoded (one per page open; a second decode of the same page would be a regression).
    public var idDecodes = 0
    /// History for the invariants (`Invariants.swift`), NOT written by `PaintByNumber.write`, so no
    /// digest or golden depends on it: the filled-region count at this and the previous LUT rebuild.
    public var audit = PaintAudit()

    public init() {}
}

/// What the invariants need to remember between steps: the progress (filled regions) the last two
/// LUT rebuilds showed, and how many inputs were reduced. Kept up to date by `rebuildLut`; left out of the state summary on purpose.
public struct PaintAudit: Sendable, Equatable {
    /// Filled regions of the open page at the last LUT rebuild.
    public var progress = 0
    /// Filled regions at the rebuild before it (on the same page or the previous one).
    public var progressBefore = 0
    /// Inputs reduced so far: 0 only in the start step (which has no input to answer).
    public var inputs = 0
    public init() {}
}

/// The domain's constants.
public enum PaintConstants {
    /// GAP: the article names `PICK_RADIUS_BASE` without a value; 24 image pixels at fit scale.
    public static let pickRadiusBase = 24
    /// Most output records' histogram bins shown per tap (the rest are counted).
    public static let maxBinsShown = 12
    /// LUTs up to this many texels are written in full as hex in the `lut` record.
    public static let maxHexTexels = 16
    /// Generated artworks: the largest side.
    public static let maxGeneratedSide = 4096
}
