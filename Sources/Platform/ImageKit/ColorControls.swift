import LockstepCore

/// Saturation, brightness and contrast, like `CIColorControls`, with a pinned formula.
///
/// Apple documents the three effects but not their order or luma weights; this kit pins (on
/// straight colour in 0...1, `c = byte / 255`, alpha untouched):
///
///     L  = 0.2126·R + 0.7152·G + 0.0722·B       Rec. 709 luma
///     c1 = L + saturation · (c − L)             0 is grey, 1 unchanged, >1 more vivid
///     c2 = c1 + brightness                      an additive bias
///     c3 = (c2 − 0.5) · contrast + 0.5          contrast pivots on mid-grey
///     byte = round(clamp(c3, 0, 1) · 255)       halves up
///
/// in that order (saturation, brightness, contrast, the usual reading of Core Image's kernel),
/// in `Double` with only `+ − × ÷`, so every byte is reproducible. Hand-worked: iOS 12's Black &
/// White (saturation 0, contrast 1.2) takes pure red to L = 0.2126 → (0.2126 − 0.5)·1.2 + 0.5 =
/// 0.15512 → 39.56 → 40; faint print 204 (0.8) to 0.86 → 219.3 → 219; paper 242 to 255. The
/// scanner note's own proposal used 0.2125/0.7154/0.0721; the difference never exceeds one level.
public struct ColorControls: Hashable, Sendable, CustomStringConvertible {
    /// 1 leaves colour unchanged. Core Image's slider runs 0...2; up to 4 is accepted.
    public var saturation: Double
    /// 0 leaves colour unchanged; −1...1.
    public var brightness: Double
    /// 1 leaves colour unchanged; 0...4 (Core Image's slider runs 0.25...4).
    public var contrast: Double

    public static let saturationRange: ClosedRange<Double> = 0...4
    public static let brightnessRange: ClosedRange<Double> = -1...1
    public static let contrastRange: ClosedRange<Double> = 0...4
    /// Rec. 709 luma weights (sum 1).
    public static let lumaWeights = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// - Throws: `colorControlOutOfRange` naming the control, for NaN or a value outside its range.
    public init(saturation: Double = 1, brightness: Double = 0, contrast: Double = 1) throws(ImageKitError) {
        for (name, value, range) in [("saturation", saturation, ColorControls.saturationRange),
                                     ("brightness", brightness, ColorControls.brightnessRange),
                                     ("contrast", contrast, ColorControls.contrastRange)] where !range.contains(value) {
            throw .colorControlOutOfRange(control: name, value: value, range: range)
        }
        self.saturation = saturation
        self.brightness = brightness
        self.contrast = contrast
    }

    /// True for (1, 0, 1): the filter would change nothing, so `apply` returns its input.
    public var isIdentity: Bool { saturation == 1 && brightness == 0 && contrast == 1 }

    /// One pixel through the formula.
    public func apply(to p: RGBA8) -> RGBA8 {
        let r = Double(p.r) / 255, g = Double(p.g) / 255, b = Double(p.b) / 255
        let w = ColorControls.lumaWeights
        let l = w.r * r + w.g * g + w.b * b
        func channel(_ c: Double) -> UInt8 {
            let c1 = l + saturation * (c - l)
            let c2 = c1 + brightness
            let c3 = (c2 - 0.5) * contrast + 0.5
            return IntegerRounding.byte(c3 * 255)  // clamps to 0...255, so clamping c3 first is implied
        }
        return RGBA8(channel(r), channel(g), channel(b), p.a)
    }

    /// Every pixel through the formula.
    public func apply(to image: RGBA8Image) -> RGBA8Image {
        if isIdentity { return image }
        var out = image.rgba
        out.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let q = apply(to: RGBA8(px[i], px[i + 1], px[i + 2], px[i + 3]))
                px[i] = q.r; px[i + 1] = q.g; px[i + 2] = q.b
                i += 4
            }
        }
        return RGBA8Image(uncheckedWidth: image.width, height: image.height, rgba: out)
    }

    /// `colorControls(saturation:0.00,brightness:0.00,contrast:1.30)`: the step as a golden writes it.
    public var description: String {
        "colorControls(saturation:\(FixedDecimal.format(saturation, places: 2)),"
            + "brightness:\(FixedDecimal.format(brightness, places: 2)),contrast:\(FixedDecimal.format(contrast, places: 2)))"
    }
}
