/// Thumbnails like ImageIO's `CGImageSourceCreateThumbnailAtIndex`, with a pinned resampling rule.
///
/// **Rule: exact area average, alpha-weighted, one rounding.** Output pixel (ox, oy) of a `w × h`
/// target covers the source rectangle `[ox·W/w, (ox+1)·W/w) × [oy·H/h, (oy+1)·H/h)`. Every source
/// pixel is weighted by the exact area it shares with that rectangle, an integer in units of
/// `1/(w·h)` source pixels (the weights of one output pixel add up to `W·H`). Then
///
///     alpha  = round(Σ wt·a / (W·H))
///     colour = round(Σ wt·a·c / Σ wt·a)     (0 where Σ wt·a = 0)
///
/// (so a fully transparent result is (0, 0, 0, 0), even at the source's own size)
/// with halves rounded up, in 64-bit integers: no floating point, no intermediate rounding, so the
/// result is exactly reproducible and independent of evaluation order. Weighting colour by alpha is
/// what averaging premultiplied pixels does (a transparent pixel's colour carries no weight); for
/// an opaque image it is the plain box average. A box filter is cheap, never rings, and flipping or
/// rotating commutes with it exactly, which is what lets the orientation be applied last.
///
/// **Memory.** `thumbnail` resamples in the *stored* orientation straight from an `ImageRowSource`,
/// one source row at a time, and only then orients the small result (a pure permutation). It never
/// holds a full-size bitmap, upright or not: `workingBytes(...)` is the exact sum of its allocations.
public enum Downsampler {
    /// The upright thumbnail of `source` (stored pixels tagged `orientation`) whose longest side is at
    /// most `maxPixelSize`, sized by `ThumbnailSize.fitting`. Never upscales: a source that already
    /// fits is only oriented.
    public static func thumbnail(of source: some ImageRowSource, orientation: ExifOrientation,
                                 maxPixelSize: Int) throws(ImageKitError) -> RGBA8Image {
        let upright = try ThumbnailSize.fitting(widthPixels: source.width, heightPixels: source.height,
                                                orientation: orientation, maxPixelSize: maxPixelSize)
        let stored = orientation.uprightSize(widthPixels: upright.widthPixels, heightPixels: upright.heightPixels)
        let small = try resize(source, toWidth: stored.widthPixels, height: stored.heightPixels)
        return small.oriented(orientation)
    }

    /// The bytes `thumbnail` allocates while it runs, all alive at its peak: one source row
    /// (`W × 4`), the column plan (`W × 3 × 8`), twelve 64-bit accumulators per target column
    /// (`w × 96`), the target (`w × h × 4`) and, for an orientation other than `.up`, its oriented
    /// copy (`w × h × 4` more). Compare with `RGBA8Image.decodedByteCost` of the source, which it
    /// never pays.
    public static func workingBytes(sourceWidthPixels: Int, target: PixelSize, orientation: ExifOrientation) -> Int {
        let stored = orientation.uprightSize(widthPixels: target.widthPixels, heightPixels: target.heightPixels)
        let output = target.decodedByteCost
        return sourceWidthPixels * 4 + sourceWidthPixels * 3 * 8 + stored.widthPixels * 96
            + output + (orientation == .up ? 0 : output)
    }

    /// `source` area-averaged to `width × height` in its stored orientation (the rule above).
    ///
    /// - Throws: `upscaleRefused` when a target side exceeds the source's; size errors for an empty
    ///   target or a source beyond the streamed limits.
    public static func resize(_ source: some ImageRowSource, toWidth width: Int, height: Int) throws(ImageKitError) -> RGBA8Image {
        try checkSizes(sourceWidth: source.width, sourceHeight: source.height, width: width, height: height)
        let sw = source.width, sh = source.height
        let totalWeight = sw * sh  // Σ wt over one output pixel

        // Column plan: source column sx gives weight w0 to output column ox0 and w - w0 to ox0 + 1
        // (a source pixel is never wider than an output pixel, so it touches at most two).
        var firstColumn = [Int](repeating: 0, count: sw)
        var firstWeight = [Int](repeating: 0, count: sw)
        for sx in 0..<sw {
            let start = sx * width
            let ox = start / sw
            firstColumn[sx] = ox
            firstWeight[sx] = min(start + width, (ox + 1) * sw) - start
        }

        var row = [UInt8](repeating: 0, count: sw * 4)
        // Per output column: Σa, Σa·r, Σa·g, Σa·b for this source row (h), the output row being
        // filled (acc) and the next one (next, from a source row that straddles two output rows).
        var h = [Int](repeating: 0, count: width * 4)
        var acc = [Int](repeating: 0, count: width * 4)
        var next = [Int](repeating: 0, count: width * 4)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var outputRow = 0

        for sy in 0..<sh {
            row.withUnsafeMutableBufferPointer { source.readRow(sy, into: $0) }
            row.withUnsafeBufferPointer { px in
                h.withUnsafeMutableBufferPointer { h in
                    firstColumn.withUnsafeBufferPointer { cols in
                        firstWeight.withUnsafeBufferPointer { weights in
                            horizontalPass(px, cols, weights, targetWidth: width, into: h)
                        }
                    }
                }
            }
            let start = sy * height
            let w0 = min(start + height, (outputRow + 1) * sh) - start
            let w1 = height - w0
            acc.withUnsafeMutableBufferPointer { acc in
                next.withUnsafeMutableBufferPointer { next in
                    h.withUnsafeBufferPointer { h in
                        for i in 0..<h.count {
                            acc[i] &+= w0 &* h[i]
                            next[i] &+= w1 &* h[i]
                        }
                    }
                }
            }
            if (outputRow + 1) * sh <= (sy + 1) * height {
                out.withUnsafeMutableBufferPointer { out in
                    acc.withUnsafeBufferPointer { acc in
                        finishRow(acc, totalWeight: totalWeight, into: out, at: outputRow * width * 4)
                    }
                }
                swap(&acc, &next)
                for i in 0..<next.count { next[i] = 0 }
                outputRow += 1
            }
        }
        return RGBA8Image(uncheckedWidth: width, height: height, rgba: out)
    }

    /// The same rule written plainly, one output pixel at a time, with each overlap computed from
    /// the interval ends. Slow and obviously right: tests compare `resize` against it.
    public static func referenceResize(_ image: RGBA8Image, toWidth width: Int, height: Int) throws(ImageKitError) -> RGBA8Image {
        try checkSizes(sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
        let sw = image.width, sh = image.height
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        /// Overlap of source pixel `s` (interval [s·n, (s+1)·n)) and output pixel `o` ([o·N, (o+1)·N)).
        func overlap(_ s: Int, _ o: Int, n: Int, bigN: Int) -> Int {
            max(0, min((s + 1) * n, (o + 1) * bigN) - max(s * n, o * bigN))
        }
        for oy in 0..<height {
            for ox in 0..<width {
                var sumA = 0, sumR = 0, sumG = 0, sumB = 0
                for sy in (oy * sh / height)..<min(sh, (oy + 1) * sh / height + 1) {
                    let wy = overlap(sy, oy, n: height, bigN: sh)
                    for sx in (ox * sw / width)..<min(sw, (ox + 1) * sw / width + 1) {
                        let wt = wy * overlap(sx, ox, n: width, bigN: sw)
                        let p = image.pixel(x: sx, y: sy)
                        let a = Int(p.a)
                        sumA += wt * a
                        sumR += wt * a * Int(p.r)
                        sumG += wt * a * Int(p.g)
                        sumB += wt * a * Int(p.b)
                    }
                }
                for s in [sumR, sumG, sumB] {
                    out.append(sumA == 0 ? 0 : UInt8(IntegerRounding.divideHalfUp(s, sumA)))
                }
                out.append(UInt8(IntegerRounding.divideHalfUp(sumA, sw * sh)))
            }
        }
        return RGBA8Image(uncheckedWidth: width, height: height, rgba: out)
    }

    // MARK: - Inner loops

    /// One source row into per-output-column sums of a, a·r, a·g, a·b, weighted by column overlap.
    @inline(__always)
    private static func horizontalPass(_ px: UnsafeBufferPointer<UInt8>, _ cols: UnsafeBufferPointer<Int>,
                                       _ weights: UnsafeBufferPointer<Int>, targetWidth: Int,
                                       into h: UnsafeMutableBufferPointer<Int>) {
        for i in 0..<h.count { h[i] = 0 }
        for sx in 0..<cols.count {
            let a = Int(px[sx * 4 + 3])
            let ar = a &* Int(px[sx * 4]), ag = a &* Int(px[sx * 4 + 1]), ab = a &* Int(px[sx * 4 + 2])
            let o = cols[sx] * 4
            let w0 = weights[sx], w1 = targetWidth - w0
            h[o] &+= w0 &* a
            h[o + 1] &+= w0 &* ar
            h[o + 2] &+= w0 &* ag
            h[o + 3] &+= w0 &* ab
            if w1 != 0 {
                h[o + 4] &+= w1 &* a
                h[o + 5] &+= w1 &* ar
                h[o + 6] &+= w1 &* ag
                h[o + 7] &+= w1 &* ab
            }
        }
    }

    /// Rounds one row of accumulated sums into RGBA bytes.
    @inline(__always)
    private static func finishRow(_ acc: UnsafeBufferPointer<Int>, totalWeight: Int,
                                  into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var i = 0
        while i < acc.count {
            let sumA = acc[i]
            if sumA == 0 {
                out[offset + i] = 0; out[offset + i + 1] = 0; out[offset + i + 2] = 0; out[offset + i + 3] = 0
            } else {
                out[offset + i] = UInt8(truncatingIfNeeded: IntegerRounding.divideHalfUp(acc[i + 1], sumA))
                out[offset + i + 1] = UInt8(truncatingIfNeeded: IntegerRounding.divideHalfUp(acc[i + 2], sumA))
                out[offset + i + 2] = UInt8(truncatingIfNeeded: IntegerRounding.divideHalfUp(acc[i + 3], sumA))
                out[offset + i + 3] = UInt8(truncatingIfNeeded: IntegerRounding.divideHalfUp(sumA, totalWeight))
            }
            i += 4
        }
    }

    private static func checkSizes(sourceWidth sw: Int, sourceHeight sh: Int, width: Int, height: Int) throws(ImageKitError) {
        guard sw > 0, sh > 0 else { throw .emptyImage(widthPixels: sw, heightPixels: sh) }
        guard sw <= ImageLimits.maxStreamedSidePixels, sh <= ImageLimits.maxStreamedSidePixels,
              sw * sh <= ImageLimits.maxStreamedPixelCount else {
            throw .streamedSourceTooLarge(widthPixels: sw, heightPixels: sh, maxSidePixels: ImageLimits.maxStreamedSidePixels,
                                          maxPixelCount: ImageLimits.maxStreamedPixelCount)
        }
        try RGBA8Image.validate(widthPixels: width, heightPixels: height)
        guard width <= sw, height <= sh else {
            throw .upscaleRefused(sourceWidthPixels: sw, sourceHeightPixels: sh, targetWidthPixels: width, targetHeightPixels: height)
        }
    }
}
