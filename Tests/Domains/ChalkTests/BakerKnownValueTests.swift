import Testing
import LockstepCore
import LockstepRunner
@testable import Chalk

/// Known values from the article's formulas, worked out by hand (see the domain note), not read
/// back from the code.
@Suite struct BakerKnownValueTests {
    /// size 10, spacing 0.1, dist 29: speed = 29 / 29 = 1, step = max(1, 0.2, 0.00005) = 1, n = 29.
    @Test func fullSpeedSegment() {
        #expect(Baker.speed(dist: 29, size: 10) == 1)
        #expect(Baker.step(size: 10, spacing: 0.1) == 1)
        #expect(Baker.stampCount(dist: 29, step: 1) == 29)
    }

    /// dist 14.5: speed 0.5; 14.5 stamps rounds AWAY from zero to 15 (banker's rounding gives 14).
    @Test func halfSpeedAndTieAwayFromZero() {
        #expect(Baker.speed(dist: 14.5, size: 10) == 0.5)
        #expect(Baker.stampCount(dist: 14.5, step: 1) == 15)
    }

    /// A zero-length segment still makes one stamp and four draws.
    @Test func zeroLengthMakesOneStamp() {
        #expect(Baker.speed(dist: 0, size: 10) == 0)
        #expect(Baker.stampCount(dist: 0, step: 1) == 1)
        let s = Stroke(size: 10, seed: 1, points: [InkPoint(x: 5, y: 5), InkPoint(x: 5, y: 5)])
        var rng = s.generator.rng
        var out: [StampInstance] = []
        let stats = Baker.bake(s, from: s.points[0], to: s.points[1], rng: &rng, into: &out, scale: 1)
        #expect(stats.n == 1 && stats.draws == 4 && rng.drawCount == 4 && out.count == 1)
    }

    /// size 1, spacing 0.001, dist 10000: step = max(0.001, 0.02, 0.00005) = 0.02 → 500000 → cap 4000.
    @Test func capAt4000() {
        #expect(Baker.step(size: 1, spacing: 0.001) == 0.02)
        #expect(Baker.stampCount(dist: 10_000, step: 0.02) == 4000)
        #expect(Baker.stampCount(dist: .infinity, step: 0.02) == 4000)
    }

    /// size 10, spacing 0.25, dist 12.4: step 2.5, 4.96 → 5.
    @Test func roundingDown() {
        #expect(Baker.step(size: 10, spacing: 0.25) == 2.5)
        #expect(Baker.stampCount(dist: 12.4, step: 2.5) == 5)
    }

    @Test func pressureFactors() {
        #expect(abs(Baker.pressureSize(0) - 0.72) < 1e-6)
        #expect(abs(Baker.pressureSize(0.5) - 0.93) < 1e-6)
        #expect(abs(Baker.pressureSize(1) - 1.14) < 1e-6)
        #expect(abs(Baker.pressureAlpha(0) - 0.55) < 1e-6)
        #expect(abs(Baker.pressureAlpha(0.5) - 0.875) < 1e-6)
        #expect(abs(Baker.pressureAlpha(1) - 1.20) < 1e-6)
    }

    /// Zoom invariance: 10 pt at zoom 800 is 0.0125 canvas; a 14.5 pt move is 0.018125 canvas →
    /// speed 0.5 as at zoom 1. The legacy 26 pt full speed gives 0.0007 instead of 0.5577.
    @Test func speedIsZoomInvariant() {
        let size: Float = 10 / 800, dist: Float = 14.5 / 800
        #expect(abs(Baker.speed(dist: dist, size: size) - 0.5) < 1e-5)
        let legacy = BakerFaults(fixedFullSpeed26: true)
        #expect(abs(Baker.speed(dist: dist, size: size, faults: legacy) - 0.000697) < 1e-5)
        #expect(abs(Baker.speed(dist: 14.5, size: 10, faults: legacy) - 0.5577) < 1e-4)
    }

    /// 0.0125-unit stamps at scale 800 are 10 pt on screen: drawn. Without `* scale`: all skipped.
    @Test func screenThresholdUsesScale() {
        let s = Stroke(brushKind: .ink, size: 0.0125, seed: 9, points: [InkPoint(x: 0, y: 0, pressure: 1), InkPoint(x: 0.02, y: 0, pressure: 1)])
        var a: [StampInstance] = [], b: [StampInstance] = []
        Baker.bakeAll(s, into: &a, scale: 800)
        Baker.bakeAll(s, into: &b, scale: 800, faults: BakerFaults(thresholdWithoutScale: true))
        #expect(!a.isEmpty)
        #expect(b.isEmpty)
    }

    /// Tilt 0 → elong = broaden = tint = 1; tilt 1 → elong = 1 + tiltElongation, alpha scaled by tiltAlpha.
    @Test func tiltFactors() {
        let b = Brush.chalk
        func one(_ tilt: Float) -> StampInstance {
            let s = Stroke(size: 10, seed: 3, points: [InkPoint(x: 0, y: 0, pressure: 0.5, tilt: tilt), InkPoint(x: 0, y: 0, pressure: 0.5, tilt: tilt)])
            var out: [StampInstance] = []
            Baker.bakeAll(s, into: &out, scale: 1)
            return out[0]
        }
        let flat = one(1), upright = one(0)
        #expect(upright.elong == 1)
        #expect(upright.size == 10 * 0.93 && abs(upright.alpha - b.alpha * 0.875) < 1e-6)
        #expect(flat.elong == 1 + b.tiltElongation)
        #expect(abs(flat.alpha / upright.alpha - b.tiltAlpha) < 1e-5)
    }

    /// Four draws per stamp, always, skipped or not; the guard-first fault consumes fewer.
    @Test func drawsAreFourPerStampEvenWhenSkipped() {
        let s = Stroke(size: 0.5, seed: 77, points: [InkPoint(x: 0, y: 0, pressure: 0), InkPoint(x: 3, y: 0, pressure: 0)])
        var rng = s.generator.rng
        var out: [StampInstance] = []
        let stats = Baker.bake(s, from: s.points[0], to: s.points[1], rng: &rng, into: &out, scale: 1)
        #expect(stats.skipped == stats.n)  // 0.5 · 0.72 · (1 − speedThin) < 0.4 pt
        #expect(stats.draws == 4 * stats.n && rng.drawCount == UInt64(4 * stats.n))
        var rng2 = s.generator.rng
        let faulty = Baker.bake(s, from: s.points[0], to: s.points[1], rng: &rng2, into: &out, scale: 1,
                                faults: BakerFaults(guardBeforeDraws: true))
        #expect(faulty.draws == 0)
    }

    /// The per-stamp draw order is atlas, jitter x, jitter y, grain: rebuild the first stamp by hand.
    @Test func drawOrder() {
        let s = Stroke(size: 10, seed: 1234, points: [InkPoint(x: 0, y: 0, pressure: 0.5), InkPoint(x: 0, y: 0, pressure: 0.5)])
        var out: [StampInstance] = []
        Baker.bakeAll(s, into: &out, scale: 1)
        var r = SeededRNG(seed: 1234)
        let idx = r.int(below: ChalkConstants.atlasCount)
        let jx = Float(r.signed()) * 10 * Brush.chalk.jitter
        let jy = Float(r.signed()) * 10 * Brush.chalk.jitter
        let grain = r.float() * 2 * Float.pi
        #expect(out[0].atlasIndex == UInt32(idx) && out[0].x == jx && out[0].y == jy && out[0].grainRotation == grain)
    }

    /// Live (segment by segment with one generator) equals bakeAll byte for byte.
    @Test func liveEqualsReplay() {
        var pts: [InkPoint] = []
        for i in 0..<30 { pts.append(InkPoint(x: Float(i) * 3.7, y: Float(i % 5) * 2, pressure: Float(i) / 30, tilt: 0.3, azimuth: 1)) }
        let s = Stroke(size: 1.2, seed: 42, points: pts)
        var live: [StampInstance] = []
        var rng = s.generator.rng
        for i in 1..<pts.count { _ = Baker.bake(s, from: pts[i - 1], to: pts[i], rng: &rng, into: &live, scale: 1) }
        var replay: [StampInstance] = []
        Baker.bakeAll(s, into: &replay, scale: 1)
        #expect(live == replay)
        // A single point renders nothing.
        var none: [StampInstance] = []
        Baker.bakeAll(Stroke(size: 3, seed: 1, points: [pts[0]]), into: &none, scale: 1)
        #expect(none.isEmpty)
    }
}

@Suite struct DepositionKnownValueTests {
    /// smoothstep(1 − cov, 1 − cov + 0.2, tooth), computed by hand.
    @Test func smoothstepDeposit() {
        func d(_ cov: Float, _ tooth: Float) -> Float { Deposition.alpha(cov: cov, tooth: tooth, softness: 0.2, toothMix: 1) }
        #expect(abs(d(0.5, 0.6) - 0.5) < 1e-6)
        #expect(d(0.5, 0.4) == 0)
        #expect(d(0.5, 0.7) == 1)
        #expect(abs(d(0.9, 0.2) - 0.5) < 1e-6)
        #expect(abs(d(0.2, 0.85) - 0.15625) < 1e-6)
        #expect(Deposition.alpha(cov: 0.37, tooth: 0.9, softness: 0.2, toothMix: 0) == 0.37)
    }

    @Test func eraserAndOver() {
        #expect(abs(Deposition.erase(dst: 0.8, srcAlpha: 0.5) - 0.4) < 1e-7)
        #expect(abs(Deposition.over(dst: 0.8, src: 0.5, srcAlpha: 0.5) - 0.9) < 1e-7)
    }

    @Test func mappingTiltAndPressure() {
        #expect(TouchMapping.tilt(altitude: 0, type: .finger) == 0)
        #expect(TouchMapping.tilt(altitude: 0, type: .finger, ignoreType: true) == 1)
        #expect(TouchMapping.tilt(altitude: 0, type: .pencil) == 1)
        #expect(TouchMapping.tilt(altitude: Double.pi / 2, type: .pencil) == 0)
        #expect(TouchMapping.tilt(altitude: 9, type: .pencil) == 0)
        #expect(TouchMapping.pressure(force: 2, maxForce: 4, type: .pencil, brush: .chalk) == 0.5)
        #expect(TouchMapping.pressure(force: 9, maxForce: 4, type: .pencil, brush: .chalk) == 1)
        #expect(TouchMapping.pressure(force: 3, maxForce: 0, type: .pencil, brush: .chalk) == Brush.chalk.fingerPressure)
        #expect(TouchMapping.pressure(force: 3, maxForce: 4, type: .finger, brush: .chalk) == Brush.chalk.fingerPressure)
    }
}
