import LockstepCore

/// The stamp atlas and the board's tooth texture, synthesised from named seeded substreams so the
/// pictures are the same on every machine.
public struct ChalkTextures: Sendable {
    /// Side of each atlas mask, texels.
    public static let atlasSide = 32
    /// Side of the tooth texture, texels; it tiles.
    public static let grainSide = 64
    /// Tooth texels per CANVAS point: the grain is anchored to the canvas, never to a stamp.
    public static let grainScale: Float = 1

    /// `atlasCount` masks, row-major, values 0...1.
    public var atlas: [[Float]]
    /// Tooth heights 0...1, row-major.
    public var grain: [Float]

    /// Builds both from `rng(label, index)` (the world's substreams).
    public init(rng: (String, UInt64) -> SeededRNG) {
        let side = ChalkTextures.atlasSide
        var atlas: [[Float]] = []
        for i in 0..<ChalkConstants.atlasCount {
            var r = rng("chalk.atlas", UInt64(i))
            var mask = [Float](repeating: 0, count: side * side)
            for y in 0..<side {
                for x in 0..<side {
                    let u = (Float(x) + 0.5) / Float(side) * 2 - 1
                    let v = (Float(y) + 0.5) / Float(side) * 2 - 1
                    let d = (u * u + v * v).squareRoot()
                    let speck = r.float()  // one draw per texel, always
                    guard d < 1 else { continue }
                    let falloff = 1 - Deposition.smoothstep(0.45, 1, d)
                    mask[y * side + x] = falloff * (0.7 + 0.3 * speck)
                }
            }
            atlas.append(mask)
        }
        self.atlas = atlas

        // Value noise: a coarse 16×16 lattice, smoothly interpolated, plus a fine speckle; then
        // stretched to the full 0...1 range so the threshold in the deposition rule sees every height.
        let g = ChalkTextures.grainSide
        let lattice = 16
        var r = rng("chalk.grain", 0)
        var coarse = [Float](repeating: 0, count: lattice * lattice)
        for i in coarse.indices { coarse[i] = r.float() }
        var grain = [Float](repeating: 0, count: g * g)
        let cell = g / lattice
        for y in 0..<g {
            for x in 0..<g {
                let gx = x / cell, gy = y / cell
                let fx = Deposition.smoothstep(0, 1, Float(x % cell) / Float(cell))
                let fy = Deposition.smoothstep(0, 1, Float(y % cell) / Float(cell))
                let a = coarse[gy * lattice + gx], b = coarse[gy * lattice + (gx + 1) % lattice]
                let c = coarse[((gy + 1) % lattice) * lattice + gx], d = coarse[((gy + 1) % lattice) * lattice + (gx + 1) % lattice]
                let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                grain[y * g + x] = 0.7 * (top + (bottom - top) * fy) + 0.3 * r.float()
            }
        }
        var lo: Float = 1, hi: Float = 0
        for v in grain { lo = min(lo, v); hi = max(hi, v) }
        let span = max(hi - lo, 1e-6)
        for i in grain.indices { grain[i] = (grain[i] - lo) / span }
        self.grain = grain
    }

    /// Tooth height at a CANVAS position (nearest texel, tiled).
    @inline(__always) public func tooth(canvasX: Float, canvasY: Float) -> Float {
        let g = ChalkTextures.grainSide
        let u = (canvasX * ChalkTextures.grainScale).rounded(.down)
        let v = (canvasY * ChalkTextures.grainScale).rounded(.down)
        // Canvas coordinates are bounded (ChalkConstants.maxCanvasCoordinate), so these fit in Int.
        let tx = ((Int(u) % g) + g) % g
        let ty = ((Int(v) % g) + g) % g
        return grain[ty * g + tx]
    }
}

/// The fragment rule, ported to the CPU.
public enum Deposition {
    /// GLSL/Metal smoothstep.
    @inline(__always) public static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// Alpha deposited by coverage `cov` (mask · alpha, 0...1) on a surface of height `tooth`:
    /// dust sticks where the coverage beats the roughness, so hard pressure fills the valleys and
    /// faint (fast) stamps catch only the peaks. `toothMix` 0 gives the plain coverage.
    @inline(__always) public static func alpha(cov: Float, tooth: Float, softness: Float, toothMix: Float) -> Float {
        let deposit = smoothstep(1 - cov, 1 - cov + softness, tooth)
        return cov + (deposit - cov) * toothMix
    }

    /// Premultiplied source-over (one, oneMinusSrcAlpha): the normal draw blend (GAP: not stated).
    @inline(__always) public static func over(dst: Float, src: Float, srcAlpha: Float) -> Float {
        src + dst * (1 - srcAlpha)
    }

    /// The eraser blend (zero, oneMinusSrcAlpha): dst · (1 − srcA), which keeps erased edges dusty.
    @inline(__always) public static func erase(dst: Float, srcAlpha: Float) -> Float {
        dst * (1 - srcAlpha)
    }
}

/// The persistent canvas texture: SCREEN pixels (1 per screen point), premultiplied RGBA floats.
public struct Raster: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var rgba: [Float]

    /// The board under the chalk, for the PNG (a dark green-grey slate).
    public static let board: (Float, Float, Float) = (0.16, 0.20, 0.18)

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.rgba = [Float](repeating: 0, count: width * height * 4)
    }

    public mutating func clear() {
        for i in rgba.indices { rgba[i] = 0 }
    }

    /// Rasterises a span of stamps; returns the number of pixels written.
    mutating func draw(_ stamps: ArraySlice<StampInstance>, color: RGBA, erasing: Bool, brush: Brush,
                       textures: ChalkTextures, view: ViewTransform) -> Int {
        var pixels = 0
        let side = ChalkTextures.atlasSide
        let sideF = Float(side)
        let w = width, h = height
        for s in stamps {
            let cx = s.x * view.scale + view.offsetX
            let cy = s.y * view.scale + view.offsetY
            let minor = s.size * view.scale / 2
            let major = minor * max(s.elong, 1)
            guard minor > 0, major.isFinite, cx.isFinite, cy.isFinite else { continue }
            let x0 = max(0, Int(max(-1, min(Float(w), (cx - major).rounded(.down)))))
            let x1 = min(w - 1, Int(max(-1, min(Float(w), (cx + major).rounded(.up)))))
            let y0 = max(0, Int(max(-1, min(Float(h), (cy - major).rounded(.down)))))
            let y1 = min(h - 1, Int(max(-1, min(Float(h), (cy + major).rounded(.up)))))
            guard x0 <= x1, y0 <= y1 else { continue }
            let cosR = DetMath.cos(s.rotation), sinR = DetMath.sin(s.rotation)
            let cosG = DetMath.cos(s.grainRotation), sinG = DetMath.sin(s.grainRotation)
            let mask = textures.atlas[Int(s.atlasIndex) % textures.atlas.count]
            let stampAlpha = min(max(s.alpha * color.a, 0), 1)
            let invMajor = 1 / major, invMinor = 1 / minor
            for py in y0...y1 {
                let dy = Float(py) + 0.5 - cy
                for px in x0...x1 {
                    let dx = Float(px) + 0.5 - cx
                    let lu = (dx * cosR + dy * sinR) * invMajor
                    let lv = (dy * cosR - dx * sinR) * invMinor
                    guard lu * lu + lv * lv < 1 else { continue }
                    // The stamp texture turns with the grain rotation; the quad turns with the azimuth.
                    let tu = lu * cosG - lv * sinG
                    let tv = lu * sinG + lv * cosG
                    let mx = min(side - 1, max(0, Int((tu * 0.5 + 0.5) * sideF)))
                    let my = min(side - 1, max(0, Int((tv * 0.5 + 0.5) * sideF)))
                    let cov = min(mask[my * side + mx] * stampAlpha, 1)
                    guard cov > 0 else { continue }
                    let tooth = textures.tooth(canvasX: (Float(px) + 0.5 - view.offsetX) / view.scale,
                                               canvasY: (Float(py) + 0.5 - view.offsetY) / view.scale)
                    let a = Deposition.alpha(cov: cov, tooth: tooth, softness: brush.toothSoftness, toothMix: brush.tooth)
                    guard a > 0 else { continue }
                    let i = (py * w + px) * 4
                    if erasing {
                        for c in 0..<4 { rgba[i + c] = Deposition.erase(dst: rgba[i + c], srcAlpha: a) }
                    } else {
                        rgba[i] = Deposition.over(dst: rgba[i], src: color.r * a, srcAlpha: a)
                        rgba[i + 1] = Deposition.over(dst: rgba[i + 1], src: color.g * a, srcAlpha: a)
                        rgba[i + 2] = Deposition.over(dst: rgba[i + 2], src: color.b * a, srcAlpha: a)
                        rgba[i + 3] = Deposition.over(dst: rgba[i + 3], src: a, srcAlpha: a)
                    }
                    pixels += 1
                }
            }
        }
        return pixels
    }

    /// The canvas over the board, as opaque 8-bit RGBA (what a person sees).
    public func composited() -> [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        let board = [Raster.board.0, Raster.board.1, Raster.board.2]
        for p in 0..<(width * height) {
            let a = rgba[p * 4 + 3]
            for c in 0..<3 {
                let v = rgba[p * 4 + c] + board[c] * (1 - a)
                out[p * 4 + c] = UInt8(min(max(v * 255, 0), 255).rounded())
            }
        }
        return out
    }

    /// Pixels with any chalk on them (alpha above 1/255).
    public var inkedPixels: Int {
        var n = 0
        var i = 3
        while i < rgba.count { if rgba[i] > 1.0 / 255 { n += 1 }; i += 4 }
        return n
    }
}
