import LockstepCore

/// How the id texture is sampled. Only `.nearest` is correct: linear filtering interpolates between
/// neighbouring ids and invents ids that exist nowhere (a halo along every boundary).
public enum TextureFilter: String, Sendable, CaseIterable {
    case nearest, linear
}

/// The colour space attached to the uploaded id texture. Only `.none` is correct: with sRGB the
/// sampler converts R and G — which are halves of an integer, not colours — to linear light.
public enum TextureColorSpace: String, Sendable, CaseIterable {
    case none, sRGB
}

/// The uniforms of the runtime effect.
public struct ShaderUniforms: Sendable, Equatable {
    /// Outline pixels dark (true) or white (false).
    public var showEdge: Bool
    /// 0 flat grey, 1 checker, 2 pulse toward the target colour.
    public var hlMode: Int
    /// Seconds on the virtual clock (pulse mode).
    public var timeSeconds: Double

    public init(showEdge: Bool = true, hlMode: Int = 0, timeSeconds: Double = 0) {
        self.showEdge = showEdge
        self.hlMode = hlMode
        self.timeSeconds = timeSeconds
    }
}

/// What a shaded pixel is, for render statistics.
public enum PixelKind: Int, Sendable, CaseIterable {
    case outline, background, filled, unfilled, highlight

    public var word: String {
        switch self {
        case .outline: "outline"
        case .background: "background"
        case .filled: "filled"
        case .unfilled: "unfilled"
        case .highlight: "highlight"
        }
    }
}

/// One shaded pixel: colour channels 0...1, its kind, and the id the shader decoded (0 for outline
/// and background), so a render can count pixels where the GPU's id disagrees with the CPU's.
public struct Shaded: Sendable, Equatable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var kind: PixelKind
    public var id: Int
}

/// The CPU reference of the fill shader, per pixel; the golden pins its quantised output.
///
/// At image-space position `xy` (pixel centres at `+0.5`, as Skia passes them): sample the id
/// texture; `B > 0.5` → outline (`(0.11, 0.11, 0.12)` with `showEdge`, else white); decode the id
/// with `IdContract.shaderId`; id 0 → white; sample the LUT at texel `id` (nearest, clamped to the
/// last texel as Skia's clamp tile mode would); flag (LUT alpha) above 253.5 → the LUT's RGB;
/// otherwise the highlight: mode 0 `(0.80, 0.80, 0.83)`, mode 1 a 22-pixel checker of
/// `(0.87, 0.87, 0.90)` and `(0.73, 0.73, 0.78)`, mode 2 `mix((0.90, 0.90, 0.92), L.rgb, 0.30·pulse)`
/// with `pulse = 0.5 + 0.5·sin(4·time)`.
public enum ShaderReference {
    public static let edge = (0.11, 0.11, 0.12)
    public static let flatHighlight = (0.80, 0.80, 0.83)
    public static let checkerLight = (0.87, 0.87, 0.90)
    public static let checkerDark = (0.73, 0.73, 0.78)
    public static let checkerCellPixels = 22.0
    public static let pulseBase = (0.90, 0.90, 0.92)
    public static let pulseMixMax = 0.30
    public static let pulseRadiansPerSecond = 4.0

    /// The pulse mix factor at `time`: `0.30 · (0.5 + 0.5·sin(4·time))`.
    public static func pulseFactor(timeSeconds: Double) -> Double {
        pulseMixMax * (0.5 + 0.5 * DetMath.sin(timeSeconds * pulseRadiansPerSecond))
    }

    /// sRGB decoding of one normalised channel (IEC 61966-2-1), what a sampler does to a texture
    /// tagged sRGB: the colour-space trap.
    public static func srgbToLinear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : DetMath.pow((c + 0.055) / 1.055, 2.4)
    }

    /// The channels of texel `(tx, ty)` (clamped to the edge), normalised, after any colour-space
    /// conversion.
    @inline(__always)
    static func texel(_ tex: [UInt8], _ w: Int, _ h: Int, _ tx: Int, _ ty: Int, _ cs: TextureColorSpace) -> (Double, Double, Double) {
        let x = min(max(tx, 0), w - 1), y = min(max(ty, 0), h - 1)
        let p = (y * w + x) * 4
        let r = Double(tex[p]) / 255, g = Double(tex[p + 1]) / 255, b = Double(tex[p + 2]) / 255
        return cs == .sRGB ? (srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)) : (r, g, b)
    }

    /// Samples the id texture at image-space `(x, y)`.
    public static func sample(_ tex: [UInt8], width: Int, height: Int, x: Double, y: Double,
                              filter: TextureFilter, colorSpace: TextureColorSpace) -> (Double, Double, Double) {
        switch filter {
        case .nearest:
            return texel(tex, width, height, Int(x.rounded(.down)), Int(y.rounded(.down)), colorSpace)
        case .linear:
            let u = x - 0.5, v = y - 0.5
            let fu = u.rounded(.down), fv = v.rounded(.down)
            let ax = u - fu, ay = v - fv
            let x0 = Int(fu), y0 = Int(fv)
            let a = texel(tex, width, height, x0, y0, colorSpace), b = texel(tex, width, height, x0 + 1, y0, colorSpace)
            let c = texel(tex, width, height, x0, y0 + 1, colorSpace), d = texel(tex, width, height, x0 + 1, y0 + 1, colorSpace)
            func mix(_ p: Double, _ q: Double, _ s: Double, _ t: Double) -> Double {
                let top = p + (q - p) * ax, bottom = s + (t - s) * ax
                return top + (bottom - top) * ay
            }
            return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2))
        }
    }

    /// Shades one pixel from already-sampled id channels `c` at image-space `(x, y)`.
    public static func shade(_ c: (Double, Double, Double), x: Double, y: Double, lut: [UInt8], uniforms u: ShaderUniforms) -> Shaded {
        guard let idValue = IdContract.shaderId(r: c.0, g: c.1, b: c.2) else {
            return u.showEdge ? Shaded(r: edge.0, g: edge.1, b: edge.2, kind: .outline, id: 0)
                              : Shaded(r: 1, g: 1, b: 1, kind: .outline, id: 0)
        }
        if idValue < 0.5 { return Shaded(r: 1, g: 1, b: 1, kind: .background, id: 0) }
        let texels = lut.count / 4
        let t = min(max(Int((idValue + 0.5).rounded(.down)), 0), texels - 1)
        let lr = Double(lut[t * 4]) / 255, lg = Double(lut[t * 4 + 1]) / 255, lb = Double(lut[t * 4 + 2]) / 255
        let flag = (Double(lut[t * 4 + 3]) / 255 * 255 + 0.5).rounded(.down)
        let id = Int(idValue)
        if flag > 253.5 {
            return Shaded(r: lr, g: lg, b: lb, kind: flag > 254.5 ? .filled : .unfilled, id: id)
        }
        if u.hlMode == 0 {
            return Shaded(r: flatHighlight.0, g: flatHighlight.1, b: flatHighlight.2, kind: .highlight, id: id)
        }
        if u.hlMode == 1 {
            let sum = (x / checkerCellPixels).rounded(.down) + (y / checkerCellPixels).rounded(.down)
            let ch = sum - 2 * (sum / 2).rounded(.down)  // GLSL mod(sum, 2): non-negative for any sign
            let col = ch < 0.5 ? checkerLight : checkerDark
            return Shaded(r: col.0, g: col.1, b: col.2, kind: .highlight, id: id)
        }
        let f = pulseFactor(timeSeconds: u.timeSeconds)
        return Shaded(r: pulseBase.0 + (lr - pulseBase.0) * f, g: pulseBase.1 + (lg - pulseBase.1) * f,
                      b: pulseBase.2 + (lb - pulseBase.2) * f, kind: .highlight, id: id)
    }

    /// A channel as the golden's byte: `round(v·255)` clamped to 0...255.
    @inline(__always)
    public static func quantise(_ v: Double) -> UInt8 {
        let q = (v * 255).rounded()
        return q <= 0 ? 0 : (q >= 255 ? 255 : UInt8(q))
    }
}
