/// A deterministic stand-in for `CIDocumentEnhancer`, whose algorithm Apple does not publish
/// ("adjusts an image's shadows and contrast"). Pinned as **"sim enhancer v1"**; goldens that use it
/// pin this, not Apple's output.
///
/// Rule: an auto-levels stretch on luma percentiles, blended by `amount`.
/// 1. Luma per pixel in integers, `Y = (54·R + 183·G + 19·B + 128) >> 8` (Rec. 709 in 1/256ths).
/// 2. `low` = the smallest level whose cumulative count reaches 1 % of the pixels
///    (`100·cum ≥ N`), `high` = the smallest reaching 99 % (`100·cum ≥ 99·N`).
/// 3. If `high − low < 1` (a flat image) nothing changes. Otherwise every colour channel goes through
///    `s(c) = clamp(255·(c − low) / (high − low), 0, 255)` and then `c + amount·(s(c) − c)`, rounded
///    half up, via one 256-entry table. Alpha is untouched.
public enum SimDocumentEnhancer {
    /// The name a golden records for this rule.
    public static let version = "sim enhancer v1"

    /// - Throws: `invalidEnhancerAmount` for NaN or a value outside `0...1`.
    public static func apply(_ image: RGBA8Image, amount: Double) throws(ImageKitError) -> RGBA8Image {
        guard amount >= 0, amount <= 1 else { throw .invalidEnhancerAmount(amount) }
        var histogram = [Int](repeating: 0, count: 256)
        image.rgba.withUnsafeBufferPointer { px in
            var i = 0
            while i < px.count {
                let y = (54 * Int(px[i]) + 183 * Int(px[i + 1]) + 19 * Int(px[i + 2]) + 128) >> 8
                histogram[y] += 1
                i += 4
            }
        }
        let n = image.width * image.height
        var low = 0, high = 255, cumulative = 0
        var foundLow = false
        for level in 0..<256 {
            cumulative += histogram[level]
            if !foundLow, 100 * cumulative >= n { low = level; foundLow = true }
            if 100 * cumulative >= 99 * n { high = level; break }
        }
        if high - low < 1 || amount == 0 { return image }
        var lut = [UInt8](repeating: 0, count: 256)
        for c in 0..<256 {
            let stretched = min(255, max(0, 255 * Double(c - low) / Double(high - low)))
            lut[c] = IntegerRounding.byte(Double(c) + amount * (stretched - Double(c)))
        }
        var out = image.rgba
        out.withUnsafeMutableBufferPointer { px in
            for i in 0..<px.count where i % 4 != 3 { px[i] = lut[Int(px[i])] }
        }
        return RGBA8Image(uncheckedWidth: image.width, height: image.height, rgba: out)
    }
}
