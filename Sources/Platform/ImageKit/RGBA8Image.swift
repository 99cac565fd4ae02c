import LockstepCore

/// An 8-bit RGBA raster: the one image type of the kit.
///
/// Pixels are row-major, top row first, four bytes per pixel (R, G, B, A), alpha *not*
/// premultiplied: the same layout as `PNGImage`, so conversion is a copy of three fields. The
/// stored properties are read-only, so an image that exists is valid: `1...ImageLimits.maxSidePixels`
/// per side, at most `ImageLimits.maxPixelCount` pixels, exactly `width × height × 4` bytes.
///
/// Coordinates: pixel (x, y) covers the square `[x, x+1) × [y, y+1)` with its centre at
/// `(x + 0.5, y + 0.5)`, y growing downwards. Geometry (`ImagePoint`, `ImageQuad`) uses the same
/// continuous space, so the full extent of a W×H image is the rectangle (0, 0)...(W, H).
public struct RGBA8Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// Validates the size against `ImageLimits` and the buffer against the size.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(ImageKitError) {
        try RGBA8Image.validate(widthPixels: width, heightPixels: height)
        guard rgba.count == width * height * 4 else {
            throw .pixelBufferSize(expectedBytes: width * height * 4, actualBytes: rgba.count)
        }
        self.init(uncheckedWidth: width, height: height, rgba: rgba)
    }

    /// An image of one colour.
    public init(width: Int, height: Int, fill: RGBA8) throws(ImageKitError) {
        try RGBA8Image.validate(widthPixels: width, heightPixels: height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            var i = 0
            while i < out.count {
                out[i] = fill.r; out[i + 1] = fill.g; out[i + 2] = fill.b; out[i + 3] = fill.a
                i += 4
            }
        }
        self.init(uncheckedWidth: width, height: height, rgba: bytes)
    }

    /// The pixels of a decoded PNG. `PNGLimits` equal `ImageLimits`, so this cannot fail.
    public init(_ png: PNGImage) {
        self.init(uncheckedWidth: png.width, height: png.height, rgba: png.rgba)
    }

    /// For the kit's own filters, whose output sizes are already validated.
    init(uncheckedWidth width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The same pixels as a `PNGImage`.
    public var pngImage: PNGImage {
        do {
            return try PNGImage(width: width, height: height, rgba: rgba)
        } catch {
            // Unreachable: ImageLimits are PNGLimits and the buffer size is an invariant.
            preconditionFailure("RGBA8Image outside PNGLimits: \(error)")
        }
    }

    /// A deterministic RGBA PNG file of this image, for golden artifacts (LockstepCore's encoder:
    /// same bytes on every machine).
    public func pngBytes() -> [UInt8] { PNG.encode(pngImage, format: .rgba) }

    /// The pixel at column `x`, row `y` (0 is the top row).
    /// - Precondition: `0 <= x < width`, `0 <= y < height`.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        return RGBA8(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// True when every pixel has alpha 255 (lets filters skip alpha weighting; never changes results).
    public var isOpaque: Bool {
        rgba.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// What this image costs in memory once decoded: `width × height × 4` bytes, whatever size the
    /// file had (the wallpapers article's thesis).
    public var decodedByteCost: Int { RGBA8Image.decodedByteCost(widthPixels: width, heightPixels: height) }

    /// `widthPixels × heightPixels × 4`: the decoded cost of an image that need not exist, e.g. the
    /// naive full-size decode a golden compares the thumbnail path against.
    public static func decodedByteCost(widthPixels: Int, heightPixels: Int) -> Int {
        widthPixels * heightPixels * 4
    }

    /// Checks a size against `ImageLimits` without overflowing on absurd values.
    public static func validate(widthPixels w: Int, heightPixels h: Int) throws(ImageKitError) {
        guard w > 0, h > 0 else { throw .emptyImage(widthPixels: w, heightPixels: h) }
        guard w <= ImageLimits.maxSidePixels, h <= ImageLimits.maxSidePixels,
              w * h <= ImageLimits.maxPixelCount  // both factors ≤ 2^14: no overflow
        else {
            throw .imageTooLarge(widthPixels: w, heightPixels: h, maxSidePixels: ImageLimits.maxSidePixels,
                                 maxPixelCount: ImageLimits.maxPixelCount)
        }
    }
}
