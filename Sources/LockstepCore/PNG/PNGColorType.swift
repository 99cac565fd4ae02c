/// The five PNG colour types (`IHDR` byte 9) and the bit depths each allows (PNG specification
/// 11.2.1, table 11). Colour types 1, 5 and 7 and above do not exist.
enum PNGColorType: Int, Sendable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    /// Samples in one pixel of the scanlines (a palette index is one sample).
    var samplesPerPixel: Int {
        switch self {
        case .grey, .palette: return 1
        case .greyAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }

    /// The bit depths the specification allows: grey 1 to 16, palette 1 to 8, the others 8 and 16.
    var allowedBitDepths: [Int] {
        switch self {
        case .grey: return [1, 2, 4, 8, 16]
        case .palette: return [1, 2, 4, 8]
        case .rgb, .greyAlpha, .rgba: return [8, 16]
        }
    }

    /// Whether each pixel carries its own alpha sample (then `tRNS` is not allowed).
    var hasAlphaChannel: Bool { self == .greyAlpha || self == .rgba }

    /// How error messages name the type.
    var name: String {
        switch self {
        case .grey: return "grey"
        case .rgb: return "RGB"
        case .palette: return "palette"
        case .greyAlpha: return "grey + alpha"
        case .rgba: return "RGBA"
        }
    }
}
