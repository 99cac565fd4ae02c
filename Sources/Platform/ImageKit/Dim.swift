/// The blur editor's "dim" step: a darker background keeps the Lock Screen clock legible.
///
/// The wallpapers article implements it as `CIColorControls.brightness = −dim` (an additive bias,
/// the note's known value: dim 0.2 on mid-grey 0.5 gives 0.3), and skips the filter when dim is 0.
/// A multiplicative dim (`RGB · (1 − dim)`, what "dim" often means elsewhere) keeps blacks black and
/// scales highlights instead; both are offered so a domain can pin the article's and name the other.
public enum DimRule: String, Hashable, Sendable, CaseIterable {
    /// `ColorControls(brightness: −dim)`: subtract `dim` from each channel in 0...1. The article's.
    case subtractBrightness
    /// Multiply each channel by `1 − dim`, rounding half up.
    case multiply
}

public enum Dim {
    /// `image` dimmed by `dim` under `rule`; alpha is untouched, and dim 0 returns `image` itself.
    /// - Throws: `invalidDim` for NaN or a value outside `0...1`.
    public static func apply(_ image: RGBA8Image, dim: Double, rule: DimRule = .subtractBrightness) throws(ImageKitError) -> RGBA8Image {
        guard dim >= 0, dim <= 1 else { throw .invalidDim(dim) }
        if dim == 0 { return image }
        switch rule {
        case .subtractBrightness:
            return try ColorControls(brightness: -dim).apply(to: image)
        case .multiply:
            let factor = 1 - dim
            var lut = [UInt8](repeating: 0, count: 256)
            for v in 0..<256 { lut[v] = IntegerRounding.byte(Double(v) * factor) }
            var out = image.rgba
            out.withUnsafeMutableBufferPointer { px in
                for i in 0..<px.count where i % 4 != 3 { px[i] = lut[Int(px[i])] }
            }
            return RGBA8Image(uncheckedWidth: image.width, height: image.height, rgba: out)
        }
    }
}
