/// A hard black-and-white threshold: **the scanner note's fault, kept to reproduce it.**
///
/// "Black & White isn't thresholding": faint thermal-printer ink (luma 0.80) and paper (0.95) are
/// both above a 0.5 threshold, so both turn white and the print is gone. The correct B&W is
/// greyscale plus a contrast push (`EnhanceChain`), which keeps them distinct (219 vs 255 at
/// contrast 1.2). A domain uses this only for a mutation or regression scenario.
///
/// Rule: Rec. 709 luma of the straight colour (`ColorControls.lumaWeights`, channels / 255) at or
/// above `threshold` becomes white, below it black; alpha is untouched.
public enum HardThreshold {
    /// - Throws: `invalidThreshold` for NaN or a value outside `0...1`.
    public static func apply(_ image: RGBA8Image, threshold: Double) throws(ImageKitError) -> RGBA8Image {
        guard threshold >= 0, threshold <= 1 else { throw .invalidThreshold(threshold) }
        let w = ColorControls.lumaWeights
        var out = image.rgba
        out.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let l = w.r * Double(px[i]) / 255 + w.g * Double(px[i + 1]) / 255 + w.b * Double(px[i + 2]) / 255
                let v: UInt8 = l >= threshold ? 255 : 0
                px[i] = v; px[i + 1] = v; px[i + 2] = v
                i += 4
            }
        }
        return RGBA8Image(uncheckedWidth: image.width, height: image.height, rgba: out)
    }
}
