/// A 16-bit RGBA raster: what `PNG.decode16` gives, for callers that need a 16-bit PNG's exact
/// samples rather than the 8-bit `PNGImage` that `PNG.decode` rounds them to.
///
/// Pixels are row-major, top row first, four samples per pixel in R, G, B, A order, alpha not
/// premultiplied. Sources below 16 bits are widened by the `PNGSampleScaling` rules (8-bit samples
/// ×257, so `0xAB` becomes `0xABAB`), which makes `PNGSampleScaling.eightBit(_:bitDepth: 16)` of
/// every sample equal `PNG.decode`'s byte for the same file. The invariants are `PNGImage`'s:
/// `1...PNGLimits.maxDimension` on each side, at most `PNGLimits.maxPixels` pixels, and exactly
/// `width * height * 4` samples.
public struct PNGImage16: Sendable, Equatable {
    /// Width in pixels, `1...PNGLimits.maxDimension`.
    public let width: Int
    /// Height in pixels, `1...PNGLimits.maxDimension`.
    public let height: Int
    /// `width * height * 4` samples: R, G, B, A for each pixel, rows top to bottom.
    public let rgba: [UInt16]

    /// Validates the dimensions against `PNGLimits` and the buffer size against them.
    ///
    /// - Throws: `PNGError.emptyImage`, `PNGError.imageTooLarge` or `PNGError.pixelBufferSize`,
    ///   as `PNGImage.init(width:height:rgba:)`.
    public init(width: Int, height: Int, rgba: [UInt16]) throws(PNGError) {
        try PNGImage.validate(width: width, height: height)
        let expected = width * height * 4
        guard rgba.count == expected else {
            throw .pixelBufferSize(expected: expected, actual: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The four samples of the pixel at column `x`, row `y` (0 is the top row).
    /// - Precondition: `0 <= x < width`, `0 <= y < height`.
    public func pixel(x: Int, y: Int) -> (r: UInt16, g: UInt16, b: UInt16, a: UInt16) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
