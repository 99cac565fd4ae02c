/// The size ImageIO's thumbnail call returns, as a pinned rule.
///
/// `CGImageSourceCreateThumbnailAtIndex` with `kCGImageSourceThumbnailMaxPixelSize: m` and
/// `kCGImageSourceCreateThumbnailWithTransform: true` gives the *upright* image (EXIF orientation
/// applied, so 5...8 swap the sides) with its longest side at most `m`. Apple does not document
/// the rounding of the other side; this kit pins the wallpapers note's proposal:
///
///     s = min(1, m / max(W, H)),   out = (round(W·s), round(H·s)),   halves rounded up,
///
/// computed exactly in integers (`(2·W·m + L) / (2·L)` with `L = max(W, H)`), each side at least 1,
/// never upscaling. Known value: a 2160×3840 source at `m` 780 is 2160·780/3840 = 438.75 → 439×780,
/// costing 439·780·4 = 1,369,680 bytes.
public enum ThumbnailSize {
    /// The upright thumbnail size of a stored `width × height` source tagged `orientation`.
    ///
    /// - Throws: `invalidMaxPixelSize` for `maxPixelSize < 1`; `emptyImage` for an empty source;
    ///   `streamedSourceTooLarge` beyond `ImageLimits.maxStreamedSidePixels` per side.
    public static func fitting(widthPixels: Int, heightPixels: Int, orientation: ExifOrientation,
                               maxPixelSize: Int) throws(ImageKitError) -> PixelSize {
        guard maxPixelSize >= 1 else { throw .invalidMaxPixelSize(maxPixelSize) }
        guard widthPixels > 0, heightPixels > 0 else { throw .emptyImage(widthPixels: widthPixels, heightPixels: heightPixels) }
        guard widthPixels <= ImageLimits.maxStreamedSidePixels, heightPixels <= ImageLimits.maxStreamedSidePixels else {
            throw .streamedSourceTooLarge(widthPixels: widthPixels, heightPixels: heightPixels,
                                          maxSidePixels: ImageLimits.maxStreamedSidePixels,
                                          maxPixelCount: ImageLimits.maxStreamedPixelCount)
        }
        let upright = orientation.uprightSize(widthPixels: widthPixels, heightPixels: heightPixels)
        let longest = max(upright.widthPixels, upright.heightPixels)
        if longest <= maxPixelSize { return PixelSize(widthPixels: upright.widthPixels, heightPixels: upright.heightPixels) }
        // Here maxPixelSize < longest ≤ 65,535, so the products cannot overflow.
        func scaled(_ side: Int) -> Int { max(1, IntegerRounding.divideHalfUp(side * maxPixelSize, longest)) }
        return PixelSize(widthPixels: scaled(upright.widthPixels), heightPixels: scaled(upright.heightPixels))
    }
}
