/// The pixel layout the encoder writes. All are 8 bits per channel; the choice only changes the
/// file, never what decoding it gives back (always RGBA).
public enum PNGColorFormat: Sendable, Equatable, CaseIterable {
    /// Colour type 6: red, green, blue, alpha. Represents every `PNGImage`.
    case rgba
    /// Colour type 2: red, green, blue. Only for fully opaque images (every alpha 255).
    case rgb
    /// Colour type 0: one grey channel. Only for opaque images whose pixels all have r == g == b.
    case grey

    /// The PNG colour type written in `IHDR`.
    var colorType: UInt8 {
        switch self {
        case .rgba: return 6
        case .rgb: return 2
        case .grey: return 0
        }
    }

    /// Bytes per pixel in the PNG scanlines.
    var channels: Int {
        switch self {
        case .rgba: return 4
        case .rgb: return 3
        case .grey: return 1
        }
    }

    /// Whether `image` can be written in this format without losing information: `.rgb` needs
    /// every alpha to be 255, `.grey` additionally needs r == g == b everywhere.
    /// Check this before `PNG.encode(_:format:)` when the image's content is not known.
    public func canRepresent(_ image: PNGImage) -> Bool {
        switch self {
        case .rgba:
            return true
        case .rgb, .grey:
            let rgba = image.rgba
            var i = 0
            // Bounded by the pixel count; `rgba.count` is a multiple of 4 by PNGImage's invariant.
            while i + 3 < rgba.count {
                if rgba[i + 3] != 255 { return false }
                if self == .grey && (rgba[i] != rgba[i + 1] || rgba[i] != rgba[i + 2]) { return false }
                i += 4
            }
            return true
        }
    }

    /// The smallest format that represents `image` exactly: `.grey`, else `.rgb`, else `.rgba`.
    public static func smallest(for image: PNGImage) -> PNGColorFormat {
        if PNGColorFormat.grey.canRepresent(image) { return .grey }
        if PNGColorFormat.rgb.canRepresent(image) { return .rgb }
        return .rgba
    }
}
