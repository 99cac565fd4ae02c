/// Sections I1–I3 and B1: the period, the frame count, exact frame times and the display index.
///
/// Every time is integer nanoseconds. Frame `i` is at exactly `i·D/M` ns (M = N in loop mode, N − 1
/// in once mode), so an animation's local time is the integer `i·D − B·M` in units of 1/M ns and a
/// frame that lands on a boundary (1/3 s at 60 fps) lands exactly (W12). The limits (600 s clock
/// values, 3600 frames) keep these products below 2^53.
struct FrameGrid: Hashable, Sendable {
    enum Mode: String, Sendable { case loop, once }

    var mode: Mode
    /// D: the loop's period, or the settle time in once mode.
    var periodNanoseconds: Int64
    /// N.
    var frameCount: Int
    var fps: Int
    /// The `doubleFrameTimes` regression: numerators from a Double clock that adds 1/fps per frame.
    var accumulatedNumerators: [Int64]? = nil

    /// The most frames one load compiles (I2). 60 s at 60 fps.
    static let maxFrames = 3600
    /// A period above this falls back (I1, Choice).
    static let maxPeriodNanoseconds: Int64 = 60_000_000_000
    static let fpsRange = 1 ... 240
    static let defaultFps = 60

    /// M: the denominator of frame times.
    var denominator: Int64 {
        switch mode {
        case .loop: Int64(frameCount)
        case .once: Int64(max(frameCount - 1, 1))
        }
    }

    /// The numerator of frame `i`'s time over `denominator`.
    func numerator(_ i: Int) -> Int64 {
        if let a = accumulatedNumerators, a.indices.contains(i) { return a[i] }
        return Int64(i) * periodNanoseconds
    }

    /// The regression's frame times: a Double `t += D/M` per frame, floored to 1/M ns.
    func withAccumulatedTimes() -> FrameGrid {
        var g = self
        let step = Double(periodNanoseconds) / 1e9 / Double(denominator)
        var t = 0.0
        var out: [Int64] = []
        out.reserveCapacity(frameCount)
        for _ in 0..<frameCount {
            out.append(Int64((t * 1e9 * Double(denominator)).rounded(.down)))
            t += step
        }
        g.accumulatedNumerators = out
        return g
    }

    /// Frame `i`'s time, rounded down to whole nanoseconds (for records only).
    func timeNanoseconds(_ i: Int) -> Int64 { numerator(i) / denominator }

    /// I1: the period from the accepted animations.
    /// - periodic: the simple durations of animations that repeat forever.
    /// - settle: `B + AD` of every other animation.
    static func make(periodicNanoseconds periodic: [Int64], settleNanoseconds settle: [Int64], fps: Int) -> FrameGrid {
        let e = max(0, settle.max() ?? 0)
        var mode = Mode.once
        var period = e
        if !periodic.isEmpty {
            mode = .loop
            var p: Int64 = 1
            var tooLong = false
            for d in periodic {
                p = lcm(p, d) ?? (maxPeriodNanoseconds + 1)
                if p > maxPeriodNanoseconds { tooLong = true; break }
            }
            if tooLong { p = periodic.max() ?? 1 }
            // The smallest multiple of P that is at least E, unless that is longer than 60 s.
            let multiple = e <= p ? p : ((e + p - 1) / p) * p
            period = multiple > maxPeriodNanoseconds ? p : multiple
        }
        // I2: c = round-half-even(D × fps / 10⁹), in integers.
        let scaled = period * Int64(fps)
        let (q, r) = scaled.quotientAndRemainder(dividingBy: 1_000_000_000)
        var c = q
        if r * 2 > 1_000_000_000 || (r * 2 == 1_000_000_000 && q % 2 == 1) { c += 1 }
        var n = Int(min(max(c, 1), Int64(maxFrames)))
        if mode == .once { n = period == 0 ? 1 : n + 1 }
        return FrameGrid(mode: mode, periodNanoseconds: period, frameCount: n, fps: fps)
    }

    /// I3: the frame shown at playback position `pos`.
    func displayIndex(positionNanoseconds pos: Int64) -> Int {
        guard frameCount > 1, periodNanoseconds > 0 else { return 0 }
        switch mode {
        case .loop:
            var m = pos % periodNanoseconds
            if m < 0 { m += periodNanoseconds }
            return Int(m * Int64(frameCount) / periodNanoseconds)
        case .once:
            let clamped = min(max(pos, 0), periodNanoseconds)
            return Int(clamped * Int64(frameCount - 1) / periodNanoseconds)
        }
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var x = a, y = b
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// `nil` on overflow (the caller treats it as over the limit).
    static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
        let g = gcd(a, b)
        let (v, o) = (a / g).multipliedReportingOverflow(by: b)
        return o ? nil : v
    }
}

/// Where an animation is at one frame: its iteration and progress in it (B1, C3, E3).
struct IterationPoint: Hashable, Sendable {
    var iteration: Int64
    var progress: Double
}

enum SmilClock {
    /// C3 at frame `i`: `nil` when the animation has no effect (before its begin, or after its
    /// active duration without `fill="freeze"`).
    /// - simple: d, `nil` for a `<set>` without `dur` (its value holds).
    /// - active: AD, `nil` for indefinite.
    static func point(frame i: Int, grid: FrameGrid, beginNanoseconds b: Int64, simpleNanoseconds d: Int64?,
                      activeNanoseconds ad: Int64?, freeze: Bool) -> IterationPoint? {
        let m = grid.denominator
        let local = grid.numerator(i) - b * m
        if local < 0 { return nil }
        if ad == nil || local < ad! * m {
            guard let d else { return IterationPoint(iteration: 0, progress: 0) }
            let unit = d * m
            return IterationPoint(iteration: local / unit, progress: Double(local % unit) / Double(unit))
        }
        guard freeze, let ad else { return nil }
        guard let d else { return IterationPoint(iteration: 0, progress: 0) }
        return frozen(activeNanoseconds: ad, simpleNanoseconds: d)
    }

    /// The end of the active duration: a whole number of iterations ends at p = 1 of the last.
    static func frozen(activeNanoseconds ad: Int64, simpleNanoseconds d: Int64) -> IterationPoint {
        let (k, r) = ad.quotientAndRemainder(dividingBy: d)
        if r == 0 { return IterationPoint(iteration: max(k - 1, 0), progress: 1) }
        return IterationPoint(iteration: k, progress: Double(r) / Double(d))
    }
}
