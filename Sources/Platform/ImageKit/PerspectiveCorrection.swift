/// Flattening a photographed page, like `CIPerspectiveCorrection`.
///
/// 1. The quad is validated (`ImageQuad.validate`: finite, no three corners collinear, convex).
/// 2. The output size is `quad.correctedSize` (longer of each pair of opposite edges, rounded) unless
///    the caller names one.
/// 3. The homography taking the output rectangle's corners (0,0), (W,0), (W,H), (0,H) to the quad's
///    TL, TR, BR, BL is solved (`Homography`, an 8×8 system, partial pivoting).
/// 4. Inverse mapping: each output pixel centre (x + ½, y + ½) goes through the homography to a
///    source point, sampled by `BilinearSampler` (fixed point, pinned rounding).
///
/// The homography is evaluated per pixel with the same expression in both paths (no incremental
/// stepping, whose rounding would drift), so `apply` and `reference` agree byte for byte.
public enum PerspectiveCorrection {
    /// The page inside `quad` (row space of `image`), flattened to `outputSize` or its corrected size.
    ///
    /// - Throws: quad errors (`quadNotFinite`, `quadCollinear`, `quadNotConvex`), `singularHomography`,
    ///   or size errors when the output exceeds `ImageLimits`.
    public static func apply(_ image: RGBA8Image, quad: ImageQuad, outputSize: PixelSize? = nil) throws(ImageKitError) -> RGBA8Image {
        let (size, h) = try plan(quad: quad, outputSize: outputSize)
        let ow = size.widthPixels, oh = size.heightPixels
        let sw = image.width, sh = image.height
        let m = h.m
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.rgba.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { dstBuffer in
                let src = srcBuffer.baseAddress!, dst = dstBuffer.baseAddress!
                for y in 0..<oh {
                    let py = Double(y) + 0.5
                    for x in 0..<ow {
                        let px = Double(x) + 0.5
                        let d = m6 * px + m7 * py + m8
                        let u = (m0 * px + m1 * py + m2) / d
                        let v = (m3 * px + m4 * py + m5) / d
                        let fxp = BilinearSampler.fixedPoint(u, size: sw), fyp = BilinearSampler.fixedPoint(v, size: sh)
                        let x0 = fxp >> 8, y0 = fyp >> 8, fx = fxp & 255, fy = fyp & 255
                        let x1 = x0 + 1 < sw ? x0 + 1 : x0, y1 = y0 + 1 < sh ? y0 + 1 : y0
                        let p00 = src + (y0 * sw + x0) * 4, p10 = src + (y0 * sw + x1) * 4
                        let p01 = src + (y1 * sw + x0) * 4, p11 = src + (y1 * sw + x1) * 4
                        let w00 = (256 - fx) * (256 - fy), w10 = fx * (256 - fy), w01 = (256 - fx) * fy, w11 = fx * fy
                        let q = dst + (y * ow + x) * 4
                        if p00[3] & p10[3] & p01[3] & p11[3] == 255 {
                            // All four opaque: the alpha-weighted rule reduces exactly to this.
                            for c in 0..<3 {
                                let s = w00 &* Int(p00[c]) &+ w10 &* Int(p10[c]) &+ w01 &* Int(p01[c]) &+ w11 &* Int(p11[c])
                                q[c] = UInt8(truncatingIfNeeded: (s &+ 32768) >> 16)
                            }
                            q[3] = 255
                        } else {
                            let a00 = w00 &* Int(p00[3]), a10 = w10 &* Int(p10[3]), a01 = w01 &* Int(p01[3]), a11 = w11 &* Int(p11[3])
                            let sumA = a00 &+ a10 &+ a01 &+ a11
                            if sumA == 0 {
                                q[0] = 0; q[1] = 0; q[2] = 0; q[3] = 0
                            } else {
                                for c in 0..<3 {
                                    let s = a00 &* Int(p00[c]) &+ a10 &* Int(p10[c]) &+ a01 &* Int(p01[c]) &+ a11 &* Int(p11[c])
                                    q[c] = UInt8(truncatingIfNeeded: (2 &* s &+ sumA) / (2 &* sumA))
                                }
                                q[3] = UInt8(truncatingIfNeeded: (2 &* sumA &+ 65_536) / 131_072)
                            }
                        }
                    }
                }
            }
        }
        return RGBA8Image(uncheckedWidth: ow, height: oh, rgba: out)
    }

    /// The same steps written plainly, one `BilinearSampler.sample` per output pixel.
    public static func reference(_ image: RGBA8Image, quad: ImageQuad, outputSize: PixelSize? = nil) throws(ImageKitError) -> RGBA8Image {
        let (size, h) = try plan(quad: quad, outputSize: outputSize)
        var out: [UInt8] = []
        out.reserveCapacity(size.decodedByteCost)
        for y in 0..<size.heightPixels {
            for x in 0..<size.widthPixels {
                let source = h.apply(ImagePoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let p = BilinearSampler.sample(image, u: source.x, v: source.y)
                out += [p.r, p.g, p.b, p.a]
            }
        }
        return RGBA8Image(uncheckedWidth: size.widthPixels, height: size.heightPixels, rgba: out)
    }

    /// The output-rectangle → quad homography for `quad` flattened to `outputSize`.
    public static func homography(quad: ImageQuad, outputSize: PixelSize) throws(ImageKitError) -> Homography {
        let w = Double(outputSize.widthPixels), h = Double(outputSize.heightPixels)
        let rect = [ImagePoint(x: 0, y: 0), ImagePoint(x: w, y: 0), ImagePoint(x: w, y: h), ImagePoint(x: 0, y: h)]
        return try Homography(mapping: rect, to: quad.corners)
    }

    private static func plan(quad: ImageQuad, outputSize: PixelSize?) throws(ImageKitError) -> (PixelSize, Homography) {
        try quad.validate()
        let size = outputSize ?? quad.correctedSize
        try RGBA8Image.validate(widthPixels: size.widthPixels, heightPixels: size.heightPixels)
        return (size, try homography(quad: quad, outputSize: size))
    }
}
