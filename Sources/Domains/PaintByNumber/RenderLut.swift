/// The render lookup table: `(regionCount + 1) × 1` RGBA texels, texel `id` holding region `id`'s
/// display colour. Its alpha byte is not alpha but a three-state tag the shader reads.
public enum RenderLut {
    /// Filled region: RGB is the fill colour.
    public static let flagFilled: UInt8 = 255
    /// Unfilled region of another colour number: RGB is the unfilled base colour.
    public static let flagUnfilled: UInt8 = 254
    /// Unfilled region of the active colour number: RGB is the region's target colour (the pulse
    /// highlight mixes toward it).
    public static let flagHighlight: UInt8 = 253
    /// Unfilled base colour and texel 0 (never sampled: the shader paints id 0 white itself). GAP:
    /// the article does not give it; white matches the shader's background.
    public static let unfilledBase = RGB8(255, 255, 255)

    /// Builds the whole LUT (the article rebuilds it entirely after each fill or colour change:
    /// O(regions), one allocation).
    public static func build(meta: RegionMeta, fills: [UInt8], active: Int) -> [UInt8] {
        let count = meta.regionCount + 1
        var lut = [UInt8](repeating: 0, count: count * 4)
        lut.withUnsafeMutableBufferPointer { out in
            out[0] = unfilledBase.r; out[1] = unfilledBase.g; out[2] = unfilledBase.b; out[3] = flagUnfilled
            for id in 1..<count {
                let p = id * 4
                let fill = id < fills.count ? Int(fills[id]) : 0
                let target = Int(meta.colorIndex[id - 1])
                let rgb: RGB8, flag: UInt8
                if fill != 0 && fill - 1 < meta.palette.count {
                    rgb = meta.palette[fill - 1]; flag = flagFilled
                } else if target == active {
                    rgb = meta.palette[target]; flag = flagHighlight
                } else {
                    rgb = unfilledBase; flag = flagUnfilled
                }
                out[p] = rgb.r; out[p + 1] = rgb.g; out[p + 2] = rgb.b; out[p + 3] = flag
            }
        }
        return lut
    }
}
