import LockstepCore

/// Everything the image kit refuses, each case naming the value and, for limits, the limit.
///
/// Nothing in the kit traps on caller input and nothing is silently clamped: a domain turns these
/// into output records ("silence is a bug"), or clamps first on purpose and says so.
public enum ImageKitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A width or height that is zero or negative.
    case emptyImage(widthPixels: Int, heightPixels: Int)
    /// A size over `ImageLimits.maxSidePixels` per side or `ImageLimits.maxPixelCount` in all.
    case imageTooLarge(widthPixels: Int, heightPixels: Int, maxSidePixels: Int, maxPixelCount: Int)
    /// A streamed source over `ImageLimits.maxStreamedSidePixels` / `maxStreamedPixelCount`.
    case streamedSourceTooLarge(widthPixels: Int, heightPixels: Int, maxSidePixels: Int, maxPixelCount: Int)
    /// A pixel buffer whose length is not `width × height × 4`.
    case pixelBufferSize(expectedBytes: Int, actualBytes: Int)
    /// `maxPixelSize` of a thumbnail request is zero or negative (the wallpapers note: never call
    /// the decoder with 0).
    case invalidMaxPixelSize(Int)
    /// A resample target larger than the source on some side: the downsampler never upscales.
    case upscaleRefused(sourceWidthPixels: Int, sourceHeightPixels: Int, targetWidthPixels: Int, targetHeightPixels: Int)
    /// A blur radius that is NaN, infinite or negative.
    case invalidBlurRadius(Double)
    /// A blur radius above `ImageLimits.maxBlurRadiusPixels`.
    case blurRadiusTooLarge(radiusPixels: Double, maxRadiusPixels: Double)
    /// A width used for radius scaling that is zero or negative.
    case invalidScalingWidth(previewWidthPixels: Int, exportWidthPixels: Int)
    /// A dim amount that is NaN or outside `0...1`.
    case invalidDim(Double)
    /// A colour-control value that is not finite or outside its documented range.
    case colorControlOutOfRange(control: String, value: Double, range: ClosedRange<Double>)
    /// A threshold that is NaN or outside `0...1`.
    case invalidThreshold(Double)
    /// A document-enhancer amount that is NaN or outside `0...1`.
    case invalidEnhancerAmount(Double)
    /// A quadrilateral with a NaN or infinite coordinate.
    case quadNotFinite
    /// Three consecutive corners (the one named and its two neighbours) span less than the minimum
    /// triangle area, so the quad has collapsed to a line or a point.
    case quadCollinear(corner: String, twiceAreaPixels2: Double, minimumTwiceAreaPixels2: Double)
    /// Corners that turn both ways: a concave or self-intersecting (bow-tie) quad.
    case quadNotConvex
    /// The 8×8 homography system had no usable pivot (a degenerate correspondence).
    case singularHomography
    /// A Vision point outside the unit square, or NaN.
    case normalizedPointOutOfRange(x: Double, y: Double)
    /// A test-pattern parameter out of range (the message says which and why).
    case invalidPattern(String)

    public var description: String {
        switch self {
        case .emptyImage(let w, let h):
            "image \(w)x\(h) has an empty side: width and height must be at least 1 pixel"
        case .imageTooLarge(let w, let h, let side, let count):
            "image \(w)x\(h) exceeds the limits: at most \(side) pixels per side and \(count) pixels in all"
        case .streamedSourceTooLarge(let w, let h, let side, let count):
            "streamed source \(w)x\(h) exceeds the limits: at most \(side) pixels per side and \(count) pixels in all"
        case .pixelBufferSize(let expected, let actual):
            "pixel buffer has \(actual) bytes, expected width x height x 4 = \(expected)"
        case .invalidMaxPixelSize(let size):
            "maxPixelSize \(size) must be at least 1 pixel"
        case .upscaleRefused(let sw, let sh, let tw, let th):
            "resampling \(sw)x\(sh) to \(tw)x\(th) would upscale: the downsampler never enlarges"
        case .invalidBlurRadius(let r):
            "blur radius \(FixedDecimal.format(r, places: 3)) pixels must be finite and not negative"
        case .blurRadiusTooLarge(let r, let limit):
            "blur radius \(FixedDecimal.format(r, places: 3)) pixels exceeds the limit of \(FixedDecimal.format(limit, places: 0)) pixels"
        case .invalidScalingWidth(let p, let e):
            "radius scaling needs positive widths, got preview \(p) and export \(e) pixels"
        case .invalidDim(let d):
            "dim \(FixedDecimal.format(d, places: 3)) must be in 0...1"
        case .colorControlOutOfRange(let name, let v, let range):
            "\(name) \(FixedDecimal.format(v, places: 3)) must be finite and in "
                + "\(FixedDecimal.format(range.lowerBound, places: 2))...\(FixedDecimal.format(range.upperBound, places: 2))"
        case .invalidThreshold(let t):
            "threshold \(FixedDecimal.format(t, places: 3)) must be in 0...1"
        case .invalidEnhancerAmount(let a):
            "document enhancer amount \(FixedDecimal.format(a, places: 3)) must be in 0...1"
        case .quadNotFinite:
            "quad has a NaN or infinite corner"
        case .quadCollinear(let corner, let area, let minimum):
            "quad corners around \(corner) are collinear: twice the triangle area is "
                + "\(FixedDecimal.format(area, places: 3)) square pixels, below \(FixedDecimal.format(minimum, places: 3))"
        case .quadNotConvex:
            "quad is not convex (concave or self-intersecting): corners must go TL, TR, BR, BL around one way"
        case .singularHomography:
            "the four corner correspondences give a singular 8x8 system: no homography"
        case .normalizedPointOutOfRange(let x, let y):
            "normalized point (\(FixedDecimal.format(x, places: 4)), \(FixedDecimal.format(y, places: 4))) is outside 0...1"
        case .invalidPattern(let why):
            "test pattern: \(why)"
        }
    }
}
