/// Applying an EXIF orientation to pixels: the upright image, as `CIImage.oriented(_:)` and
/// ImageIO's `CreateThumbnailWithTransform` produce it.
extension RGBA8Image {
    /// The upright image for pixels stored with `orientation`. Orientations 5...8 swap width and
    /// height. A pure permutation of pixels: no resampling, no rounding, and `.up` returns `self`.
    public func oriented(_ orientation: ExifOrientation) -> RGBA8Image {
        if orientation == .up { return self }
        let (ow, oh) = orientation.uprightSize(widthPixels: width, heightPixels: height)
        let sw = width, sh = height
        var out = [UInt8](repeating: 0, count: rgba.count)
        rgba.withUnsafeBytes { srcRaw in
            out.withUnsafeMutableBytes { dstRaw in
                // Whole pixels move, so copy them as 32-bit words.
                let src = srcRaw.bindMemory(to: UInt32.self)
                let dst = dstRaw.bindMemory(to: UInt32.self)
                for y in 0..<oh {
                    let row = y * ow
                    for x in 0..<ow {
                        let s = orientation.sourcePixel(uprightX: x, uprightY: y, storedWidth: sw, storedHeight: sh)
                        dst[row + x] = src[s.y * sw + s.x]
                    }
                }
            }
        }
        return RGBA8Image(uncheckedWidth: ow, height: oh, rgba: out)
    }
}
