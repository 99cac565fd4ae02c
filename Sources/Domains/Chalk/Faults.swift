import LockstepCore

/// The historical bugs of the seed article, each re-enabled by `set fault NAME` or `--fault NAME`
/// and each caught by at least one golden under `Golden/chalk/`.
public enum ChalkFault: String, DomainFault {
    case rngGuardBeforeDraws
    case fixedFullSpeed26
    case screenThresholdWithoutScale
    case bufferOffsetZero
    case emptyUploadFails
    case unstableLayerSort
    case fingerAltitudeAsTilt
    case sizeFloorInCanvasUnits
    case jitterFilterInCanvasUnits

    public var summary: String {
        switch self {
        case .rngGuardBeforeDraws:
            "the size/alpha skip runs before the four RNG draws: skipped stamps stop consuming the stream, so a replay at another zoom than the stroke was drawn at moves every later grain (span live=shifted, other pixels)"
        case .fixedFullSpeed26:
            "full speed is a hard-coded 26 canvas points instead of 2.9 pen diameters: at deep zoom speed pins to 0 and dry brush disappears"
        case .screenThresholdWithoutScale:
            "the 0.4 pt screen-space skip threshold is compared with the canvas size (no * scale): at deep zoom every stamp is skipped"
        case .bufferOffsetZero:
            "replay copies each stroke's instances to buffer offset 0 before its draw; draws execute at commit and all read the last copy"
        case .emptyUploadFails:
            "uploading zero instances reports failure, so the replay of an empty board skips its clear pass and clear does nothing"
        case .unstableLayerSort:
            "replay order sorts by layer alone with an unstable sort, so strokes within a layer reshuffle their overlap"
        case .sizeFloorInCanvasUnits:
            "the brush-size floor (0.5 pt) is applied to the canvas size: at deep zoom a fine pen is raised to 0.5 canvas points, hundreds of points on screen"
        case .jitterFilterInCanvasUnits:
            "the jitter filter (0.5 pt) compares the canvas distance: at deep zoom every move is shorter than half a canvas point, so every moved sample is dropped; only the first and the lift point are stored, and a curve becomes one straight segment"
        case .fingerAltitudeAsTilt:
            "the altitude angle is read without checking the touch type: a finger's altitude 0 becomes full tilt, a smear"
        }
    }
}

/// The faults of one run, read once at start (the baker's inner loop must not search a list).
public struct ActiveFaults: Sendable, Equatable {
    public var baker = BakerFaults()
    public var bufferOffsetZero = false
    public var emptyUploadFails = false
    public var unstableLayerSort = false
    public var fingerAltitudeAsTilt = false
    public var sizeFloorInCanvasUnits = false
    public var jitterFilterInCanvasUnits = false

    public init() {}

    public init(_ isOn: (ChalkFault) -> Bool) {
        baker = BakerFaults(guardBeforeDraws: isOn(.rngGuardBeforeDraws), fixedFullSpeed26: isOn(.fixedFullSpeed26),
                            thresholdWithoutScale: isOn(.screenThresholdWithoutScale))
        bufferOffsetZero = isOn(.bufferOffsetZero)
        emptyUploadFails = isOn(.emptyUploadFails)
        unstableLayerSort = isOn(.unstableLayerSort)
        fingerAltitudeAsTilt = isOn(.fingerAltitudeAsTilt)
        sizeFloorInCanvasUnits = isOn(.sizeFloorInCanvasUnits)
        jitterFilterInCanvasUnits = isOn(.jitterFilterInCanvasUnits)
    }
}
