/// The uploaded id texture: the raw RGBA bytes and how the GPU was told to read them.
public struct IdTexture: Sendable, Equatable {
    public var rgba: [UInt8]
    public var width: Int
    public var height: Int
    public var filter: TextureFilter
    public var colorSpace: TextureColorSpace

    public var residentBytes: Int { rgba.count }
}

/// What one render produced besides its pixels.
public struct RenderStats: Sendable, Equatable {
    public var width = 0
    public var height = 0
    /// Pixels of each `PixelKind`, by raw value.
    public var kinds = [Int](repeating: 0, count: PixelKind.allCases.count)
    /// Pixels whose shader-decoded id differs from the CPU id map under them: 0 unless the texture
    /// is read wrongly (colour space, filtering).
    public var mismatches = 0
}

/// Renders the whole canvas with the CPU reference shader.
public enum CanvasRenderer {
    /// Most output pixels one render may produce.
    public static let maxOutputPixels = 2048 * 2048

    /// Renders `scale` output pixels per image pixel; returns RGBA bytes (alpha 255) and stats.
    /// - Precondition: `scale ≥ 1` and the output within `maxOutputPixels` (the reducer checks).
    public static func render(texture: IdTexture, map: IdMap, lut: [UInt8], uniforms: ShaderUniforms,
                              scale: Int) -> (rgba: [UInt8], stats: RenderStats) {
        var stats = RenderStats()
        stats.width = texture.width * scale
        stats.height = texture.height * scale
        var out = [UInt8](repeating: 255, count: stats.width * stats.height * 4)
        let s = Double(scale)
        var p = 0
        for oy in 0..<stats.height {
            let y = (Double(oy) + 0.5) / s
            for ox in 0..<stats.width {
                let x = (Double(ox) + 0.5) / s
                let c = ShaderReference.sample(texture.rgba, width: texture.width, height: texture.height, x: x, y: y,
                                               filter: texture.filter, colorSpace: texture.colorSpace)
                let px = ShaderReference.shade(c, x: x, y: y, lut: lut, uniforms: uniforms)
                out[p] = ShaderReference.quantise(px.r)
                out[p + 1] = ShaderReference.quantise(px.g)
                out[p + 2] = ShaderReference.quantise(px.b)
                p += 4
                stats.kinds[px.kind.rawValue] += 1
                if px.id != Int(map.id(x: ox / scale, y: oy / scale)) { stats.mismatches += 1 }
            }
        }
        return (out, stats)
    }
}
