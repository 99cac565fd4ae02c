/// An 8-bit RGBA raster: what every PNG decodes to and what the encoder takes.
///
/// Pixels are row-major, top row first, four bytes per pixel in R, G, B, A order, alpha not
/// premultiplied. The stored properties are read-only so an image that exists is always valid:
/// `1...PNGLimits.maxDimension` on each side, at most `PNGLimits.maxPixels` pixels, and exactly
/// `width * height * 4` bytes.
public struct PNGImage: Sendable, Equatable {
    /// Width in pixels, `1...PNGLimits.maxDimension`.
    public let width: Int
    /// Height in pixels, `1...PNGLimits.maxDimension`.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// Validates the dimensions against `PNGLimits` and the buffer size against them.
    ///
    /// - Throws: `PNGError.emptyImage` for a zero or negative side, `PNGError.imageTooLarge` for
    ///   a size over `PNGLimits`;
    ///   `PNGError.pixelBufferSize` when `rgba.count != width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(PNGError) {
        try PNGImage.validate(width: width, height: height)
        let expected = width * height * 4
        guard rgba.count == expected else {
            throw .pixelBufferSize(expected: expected, actual: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image of one colour, e.g. a canvas to draw on.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) throws(PNGError) {
        try PNGImage.validate(width: width, height: height)
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            rgba.append(fill.r)
            rgba.append(fill.g)
            rgba.append(fill.b)
            rgba.append(fill.a)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The four bytes of the pixel at column `x`, row `y` (0 is the top row).
    /// - Precondition: `0 <= x < width`, `0 <= y < height`.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Checks a width and height against `PNGLimits` without overflowing on absurd values.
    static func validate(width: Int, height: Int) throws(PNGError) {
        guard width > 0, height > 0 else {
            throw .emptyImage(width: width, height: height)
        }
        guard width <= PNGLimits.maxDimension, height <= PNGLimits.maxDimension else {
            throw .imageTooLarge(width: width, height: height,
                                 reason: "width and height are limited to \(PNGLimits.maxDimension)")
        }
        // Both factors are at most 2^14, so the product cannot overflow.
        guard width * height <= PNGLimits.maxPixels else {
            throw .imageTooLarge(width: width, height: height,
                                 reason: "more than \(PNGLimits.maxPixels) pixels (limit)")
        }
    }
}
