import LockstepCore

/// The article's failure modes, each re-enabled by `set fault NAME` or `--fault NAME` and each
/// caught by at least one golden under `Golden/paintByNumber/`.
public enum PaintFault: String, DomainFault {
    case srgbIdTexture
    case linearIdFilter
    case swappedByteOrder
    case releaseDebugHookSilent

    public var summary: String {
        switch self {
        case .srgbIdTexture:
            "the id texture is uploaded with an sRGB colour space: the sampler converts R and G to linear light and the shader decodes garbage ids"
        case .linearIdFilter:
            "the id texture is sampled with linear filtering: ids between neighbours are invented, a halo of unrelated regions along boundaries"
        case .swappedByteOrder:
            "the asset generator writes R = low byte, G = high byte while the decoder reads R as the high byte: nothing crashes; where the swapped ids have metadata (every id of a 65,535-region artwork) the artwork loads and taps fill and store the wrong regions, elsewhere the load is refused (id-without-meta)"
        case .releaseDebugHookSilent:
            "in a release build a debug command does nothing and says nothing (the __DEV__ block compiled out)"
        }
    }
}

/// The faults of one run, read once at start.
public struct PaintFaults: Sendable, Equatable {
    public var srgbIdTexture = false
    public var linearIdFilter = false
    public var swappedByteOrder = false
    public var releaseDebugHookSilent = false

    public init() {}

    public init(_ isOn: (PaintFault) -> Bool) {
        srgbIdTexture = isOn(.srgbIdTexture)
        linearIdFilter = isOn(.linearIdFilter)
        swappedByteOrder = isOn(.swappedByteOrder)
        releaseDebugHookSilent = isOn(.releaseDebugHookSilent)
    }
}
