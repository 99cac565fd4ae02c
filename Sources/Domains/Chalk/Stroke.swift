/// One input point of a stroke, in CANVAS coordinates.
///
/// These five fields are what the baker reads (the article shows `x`, `y`, the pressure and tilt
/// factors and the azimuth used to rotate the quad; the exact field list is a GAP).
public struct InkPoint: Sendable, Equatable {
    public var x: Float
    public var y: Float
    /// 0...1.
    public var pressure: Float
    /// 0 (upright or a finger) ... 1 (lying flat).
    public var tilt: Float
    /// Radians.
    public var azimuth: Float

    public init(x: Float, y: Float, pressure: Float = 0.5, tilt: Float = 0, azimuth: Float = 0) {
        self.x = x
        self.y = y
        self.pressure = pressure
        self.tilt = tilt
        self.azimuth = azimuth
    }
}

/// A premultiplication-free RGBA colour, each component 0...1.
public struct RGBA: Sendable, Equatable {
    public var r: Float, g: Float, b: Float, a: Float
    public init(_ r: Float, _ g: Float, _ b: Float, _ a: Float) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let chalkWhite = RGBA(0.96, 0.95, 0.90, 1)
}

/// A stroke as the document stores it: input points, never pixels.
public struct Stroke: Sendable, Equatable {
    public var brushKind: BrushKind
    public var color: RGBA
    /// Diameter in CANVAS units (the screen diameter divided by the zoom at the time of drawing).
    public var size: Float
    public var erasing: Bool
    /// Seeds the stroke's one generator; replay rebuilds the same stream from it.
    public var seed: UInt32
    public var points: [InkPoint]
    public var layer: Int

    public init(brushKind: BrushKind = .chalk, color: RGBA = .chalkWhite, size: Float, erasing: Bool = false,
                seed: UInt32, points: [InkPoint] = [], layer: Int = 0) {
        self.brushKind = brushKind
        self.color = color
        self.size = size
        self.erasing = erasing
        self.seed = seed
        self.points = points
        self.layer = layer
    }

    public var brush: Brush { brushKind.brush }

    /// The generator every bake of this stroke starts from. SplitMix64 seeded with the UInt32.
    public var generator: SeededRNGStart { SeededRNGStart(seed: seed) }

    /// FNV-1a 64 over the stroke's fields and points as bit patterns: identifies a stroke in traces.
    public var digest: UInt64 {
        var h = FNVFloat()
        h.add(UInt64(BrushKind.allCases.firstIndex(of: brushKind)!))
        h.add(color.r); h.add(color.g); h.add(color.b); h.add(color.a)
        h.add(size); h.add(UInt64(erasing ? 1 : 0)); h.add(UInt64(seed)); h.add(UInt64(bitPattern: Int64(layer)))
        h.add(UInt64(points.count))
        for p in points { h.add(p.x); h.add(p.y); h.add(p.pressure); h.add(p.tilt); h.add(p.azimuth) }
        return h.value
    }
}

import LockstepCore

/// Marker for "the generator a stroke's bake starts from", so that every caller builds it the same way.
public struct SeededRNGStart: Sendable {
    public var seed: UInt32
    public var rng: SeededRNG { SeededRNG(seed: UInt64(seed)) }
}

/// FNV-1a 64 over little-endian words and Float bit patterns, without building byte arrays.
public struct FNVFloat: Sendable {
    public var value: UInt64 = FNV1a64.offsetBasis
    public init() {}
    @inline(__always) public mutating func add(_ word: UInt64) {
        var h = value
        var w = word
        for _ in 0..<8 { h = (h ^ (w & 0xFF)) &* FNV1a64.prime; w >>= 8 }
        value = h
    }
    @inline(__always) public mutating func add(_ f: Float) {
        var h = value
        var w = f.bitPattern
        for _ in 0..<4 { h = (h ^ UInt64(w & 0xFF)) &* FNV1a64.prime; w >>= 8 }
        value = h
    }
}
