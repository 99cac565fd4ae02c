import LockstepCore

/// One stamp, as the GPU would receive it. Positions and size are in CANVAS units; colour and
/// blend mode are per draw span (the eraser is a different pipeline state), so they are not here.
/// Stride in the simulated instance buffer: 8 four-byte fields = 32 bytes.
public struct StampInstance: Sendable, Equatable {
    public var x: Float
    public var y: Float
    /// Diameter in canvas units.
    public var size: Float
    /// Non-uniform scale of the quad along `rotation` (1 = round).
    public var elong: Float
    /// Quad rotation: the stylus azimuth, radians.
    public var rotation: Float
    /// Rotation of the stamp texture, radians in [0, 2π).
    public var grainRotation: Float
    public var alpha: Float
    public var atlasIndex: UInt32

    public static let strideBytes = 32

    /// Adds this instance's bit patterns to a digest (the "instance list" identity used in traces).
    @inline(__always) public func hash(into h: inout FNVFloat) {
        h.add(x); h.add(y); h.add(size); h.add(elong); h.add(rotation); h.add(grainRotation); h.add(alpha)
        h.add(UInt64(atlasIndex))
    }
}

/// What one segment bake did: the per-segment trace record.
public struct SegmentStats: Sendable, Equatable {
    public var dist: Float
    public var speed: Float
    public var step: Float
    public var n: Int
    /// Generator outputs consumed: 4 · n unless the guard was moved before the draws.
    public var draws: Int
    public var emitted: Int
    public var skipped: Int
}

/// Historical bugs the baker can re-enable (see `ChalkFault`).
public struct BakerFaults: Sendable, Equatable {
    public var guardBeforeDraws = false
    public var fixedFullSpeed26 = false
    public var thresholdWithoutScale = false
    public init(guardBeforeDraws: Bool = false, fixedFullSpeed26: Bool = false, thresholdWithoutScale: Bool = false) {
        self.guardBeforeDraws = guardBeforeDraws
        self.fixedFullSpeed26 = fixedFullSpeed26
        self.thresholdWithoutScale = thresholdWithoutScale
    }
    public static let none = BakerFaults()
}

/// Turns segments between input points into stamp instances.
public enum Baker {
    /// `speed = min(1, dist / max(0.001, size · 2.9))`: normalised by the pen diameter, which is
    /// already divided by the zoom, so the same screen gesture has the same speed at any zoom.
    @inline(__always) public static func speed(dist: Float, size: Float, faults: BakerFaults = .none) -> Float {
        if faults.fixedFullSpeed26 { return min(1, dist / ChalkConstants.legacyFullSpeedPoints) }
        return min(1, dist / max(ChalkConstants.minSpeedDenominator, size * ChalkConstants.fullSpeedDiameters))
    }

    /// `step = max(size · spacing, size · 0.02, 0.00005)`, canvas units.
    @inline(__always) public static func step(size: Float, spacing: Float) -> Float {
        max(size * spacing, size * ChalkConstants.minStepDiameters, ChalkConstants.minStepCanvas)
    }

    /// `n = max(1, min(4000, Int((dist / step).rounded())))` with Swift's default rounding (to
    /// nearest, ties away from zero). Written so a non-finite ratio gives the cap instead of a trap.
    @inline(__always) public static func stampCount(dist: Float, step: Float) -> Int {
        let ratio = (dist / step).rounded()
        guard ratio < Float(ChalkConstants.maxStampsPerSegment) else { return ChalkConstants.maxStampsPerSegment }
        return max(1, Int(ratio))  // ratio is finite and below the cap here; NaN cannot reach (inputs are finite)
    }

    /// Size factor from pressure: 0.72 at 0, 1.14 at 1.
    @inline(__always) public static func pressureSize(_ pr: Float) -> Float { 0.72 + pr * 0.42 }
    /// Alpha factor from pressure: 0.55 at 0, 1.20 at 1.
    @inline(__always) public static func pressureAlpha(_ pr: Float) -> Float { 0.55 + pr * 0.65 }

    /// Bakes the segment `p0 → p1` of stroke `s`, appending instances to `out` and consuming exactly
    /// four draws of `rng` per stamp, always, in this order: atlas index, jitter x, jitter y, grain
    /// rotation. The size/alpha skip comes after the draws, so a skipped stamp still advances the
    /// stream and a replay at another zoom (where other stamps are skipped) sees the same grains.
    ///
    /// `scale` is the canvas → screen factor; the skip threshold is in screen points.
    /// Stamp k of n sits at t = (k + 1) / n: the stamp at p1 is included, p0's is not (it belongs
    /// to the previous segment), so consecutive segments never stamp the same spot twice (GAP).
    public static func bake(_ s: Stroke, from p0: InkPoint, to p1: InkPoint, rng: inout SeededRNG,
                            into out: inout [StampInstance], scale: Float, faults: BakerFaults = .none) -> SegmentStats {
        let b = s.brush
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let dist = (dx * dx + dy * dy).squareRoot()
        let speed = speed(dist: dist, size: s.size, faults: faults)
        let step = step(size: s.size, spacing: b.spacing)
        let n = stampCount(dist: dist, step: step)
        let jitterRange = s.size * b.jitter
        let thin = 1 - speed * b.speedThin
        let fade = 1 - speed * b.speedFade
        let rotation = p1.azimuth  // GAP: one azimuth per segment, the newer sample's
        var emitted = 0
        var draws = 0
        let nf = Float(n)
        for k in 0..<n {
            let t = Float(k + 1) / nf
            let pr = p0.pressure + (p1.pressure - p0.pressure) * t
            let tilt = p0.tilt + (p1.tilt - p0.tilt) * t
            let elong = 1 + tilt * b.tiltElongation
            let broaden = 1 + tilt * b.tiltBroaden
            let tintByTilt = 1 + tilt * (b.tiltAlpha - 1)
            let size = s.size * broaden * thin * pressureSize(pr)
            let alpha = b.alpha * tintByTilt * fade * pressureAlpha(pr)
            let visible = isVisible(size: size, alpha: alpha, scale: scale, faults: faults)
            if faults.guardBeforeDraws && !visible { continue }  // the RNG-desync bug
            let idx = UInt32(rng.int(below: ChalkConstants.atlasCount))
            let jx = Float(rng.signed()) * jitterRange
            let jy = Float(rng.signed()) * jitterRange
            let grain = rng.float() * (2 * Float.pi)
            draws += 4
            guard visible else { continue }
            out.append(StampInstance(x: p0.x + dx * t + jx, y: p0.y + dy * t + jy, size: size, elong: elong,
                                     rotation: rotation, grainRotation: grain, alpha: alpha, atlasIndex: idx))
            emitted += 1
        }
        return SegmentStats(dist: dist, speed: speed, step: step, n: n, draws: draws, emitted: emitted, skipped: n - emitted)
    }

    /// Replays a whole stroke from its seed: one generator threaded through every segment, exactly
    /// as live drawing consumed it. A stroke of one point renders nothing.
    public static func bakeAll(_ s: Stroke, into out: inout [StampInstance], scale: Float,
                               faults: BakerFaults = .none) {
        guard s.points.count > 1 else { return }
        var rng = s.generator.rng
        for i in 1..<s.points.count {
            _ = bake(s, from: s.points[i - 1], to: s.points[i], rng: &rng, into: &out, scale: scale, faults: faults)
        }
    }

    /// The skip rule: a stamp is drawn when its screen diameter exceeds 0.4 pt and its alpha 0.004.
    /// (`thresholdWithoutScale` compares the canvas size instead, the deep-zoom bug.)
    @inline(__always) public static func isVisible(size: Float, alpha: Float, scale: Float, faults: BakerFaults = .none) -> Bool {
        let sizeScale: Float = faults.thresholdWithoutScale ? 1 : scale
        return size * sizeScale > ChalkConstants.minStampScreenDiameter && alpha > ChalkConstants.minStampAlpha
    }

    /// Digest of the instances of `instances` that are also visible at `scale`, in order: what two
    /// bakes of one stroke at different zooms must agree on.
    public static func digest(_ instances: ArraySlice<StampInstance>, visibleAt scale: Float, faults: BakerFaults = .none) -> UInt64 {
        var h = FNVFloat()
        for i in instances where isVisible(size: i.size, alpha: i.alpha, scale: scale, faults: faults) { i.hash(into: &h) }
        return h.value
    }

    /// Digest of an instance list (bit patterns, in order).
    public static func digest(_ instances: ArraySlice<StampInstance>) -> UInt64 {
        var h = FNVFloat()
        for i in instances { i.hash(into: &h) }
        return h.value
    }
}
