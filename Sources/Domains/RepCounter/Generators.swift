import LockstepCore

/// Pose generators: `gen pushups reps=10 fps=30 ...` sweeps the exercise's signal through a cosine
/// (top → bottom → top per rep) and builds every frame's joints with `PoseBuilder`, then adds seeded
/// jitter, confidence dropouts, an occlusion run, hidden sides and camera shake.
public enum PoseGenerators {
    /// Everything that shapes one generated series.
    public struct Sweep: Sendable {
        public var exercise: Exercise = .pushUp
        public var reps = 10
        public var fps = 30.0
        public var periodSeconds = 2.0
        /// Signal at the extended end (cosine peak) and the contracted end (trough).
        public var top = 170.0
        public var bottom = 80.0
        /// Frames held at the top before the first rep and after the last.
        public var holdFrames = 0
        /// Uniform per-joint noise, ± pixels.
        public var jitterPixels = 0.0
        /// Probability that a joint is reported at confidence 0.1 (below the filter).
        public var dropout = 0.0
        /// First frame and length of a run with no body observation at all.
        public var occlusion: (start: Int, count: Int)? = nil
        /// Fraction of the series after which that side's arm and leg are not reported (1 = never).
        public var hideLeftFrom = 1.0
        public var hideRightFrom = 1.0
        /// Uniform per-frame whole-body offset, ± pixels (a hand-held phone).
        public var shakePixels = 0.0
        public var confidence = 0.9

        public init(_ exercise: Exercise) {
            self.exercise = exercise
            (top, bottom) = PoseGenerators.defaultRange(exercise)
        }

        public var frameCount: Int { Int((Double(reps) * periodSeconds * fps).rounded()) + 2 * holdFrames }
    }

    public static func defaultRange(_ e: Exercise) -> (Double, Double) {
        switch e {
        case .pushUp: (170, 80)
        case .squat: (175, 90)
        case .sitUp: (135, 60)
        case .pullUp: (0.6, -0.1)
        case .jumpingJack: (1.3, -0.3)
        }
    }

    static let leftLimbs: UInt32 = [JointName.leftShoulder, .leftElbow, .leftWrist, .leftHip, .leftKnee, .leftAnkle]
        .reduce(0) { $0 | 1 << UInt32($1.index) }
    static let rightLimbs: UInt32 = [JointName.rightShoulder, .rightElbow, .rightWrist, .rightHip, .rightKnee, .rightAnkle]
        .reduce(0) { $0 | 1 << UInt32($1.index) }

    /// The signal at frame `i`: the hold at the top, then `reps` cosine cycles from top to bottom.
    public static func value(_ s: Sweep, frame i: Int) -> Double {
        let k = i - s.holdFrames
        let cycleFrames = Double(s.reps) * s.periodSeconds * s.fps
        guard k > 0, Double(k) < cycleFrames else { return s.top }
        let phase = 2 * Double.pi * Double(k) / (s.periodSeconds * s.fps)
        let mid = (s.top + s.bottom) / 2, amp = (s.top - s.bottom) / 2
        return mid + amp * DetMath.cos(phase)
    }

    /// Frames of a sweep. Four RNG draws per joint and two per frame, always, so changing one
    /// option's amplitude never shifts another's noise.
    public static func frames(_ s: Sweep, rng: inout SeededRNG) -> [Generated<RepEvent>] {
        let n = s.frameCount
        var out: [Generated<RepEvent>] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let offset = Duration(nanoseconds: Int64((Double(i) * 1e9 / s.fps).rounded()))
            let shakeX = rng.signed() * s.shakePixels, shakeY = rng.signed() * s.shakePixels
            let px = PoseBuilder.pixels(s.exercise, value: value(s, frame: i))
            var pose = Pose()
            var hidden: UInt32 = 0
            if Double(i) >= s.hideLeftFrom * Double(n) { hidden |= leftLimbs }
            if Double(i) >= s.hideRightFrom * Double(n) { hidden |= rightLimbs }
            let occluded = s.occlusion.map { i >= $0.start && i < $0.start + $0.count } ?? false
            for j in 0..<JointName.count {
                let jx = rng.signed() * s.jitterPixels, jy = rng.signed() * s.jitterPixels
                let drop = rng.double() < s.dropout
                let conf = s.confidence - 0.05 * rng.double()
                guard !occluded, hidden & (1 << UInt32(j)) == 0, let joint = JointName(rawValue: j) else { continue }
                let xy = px[joint]
                let x = (xy.0 + jx + shakeX) / JointFilter.frameWidthPixels
                let y = (xy.1 + jy + shakeY) / JointFilter.frameHeightPixels
                // Outside the picture Vision reports nothing.
                guard x >= 0, x <= 1, y >= 0, y <= 1 else { continue }
                pose[index: j] = (x, y, drop ? 0.1 : conf)
            }
            out.append(Generated(offset, .frame(pose)))
        }
        return out
    }

    /// Reads a `gen` line's parameters (every one, unconditionally, then the checks).
    static func parse(_ f: inout Fields, _ exercise: Exercise) throws(ScenarioError) -> Sweep {
        var s = Sweep(exercise)
        let range: ClosedRange<Double> = exercise.isAngle ? 0...180 : -3...3
        s.reps = try f("reps", .int, default: 10, in: 0...1_000_000, "cosine cycles")
        s.fps = try f("fps", .number, default: 30, in: 1...240, "frames per second")
        // Seconds as a number, not a duration: the sweep's arithmetic is in Double seconds.
        s.periodSeconds = try f("period", .number, default: 2, in: 0.05...600, "seconds per rep")
        s.top = try f("top", .number, default: s.top, in: range, "signal at the extended end (degrees or torsos)")
        s.bottom = try f("bottom", .number, default: s.bottom, in: range, "signal at the contracted end")
        s.holdFrames = try f("hold", .int, default: 0, in: 0...100_000, "frames held at the top before and after")
        s.jitterPixels = try f("jitter", .number, default: 0, in: 0...200, "± pixels of per-joint noise")
        s.dropout = try f("dropout", .number, default: 0, in: 0...1, "probability a joint has confidence 0.1")
        s.hideLeftFrom = try f("hideLeft", .number, default: 1, in: 0...1, "fraction of the series after which the left arm and leg vanish")
        s.hideRightFrom = try f("hideRight", .number, default: 1, in: 0...1, "same for the right side")
        s.shakePixels = try f("shake", .number, default: 0, in: 0...200, "± pixels of whole-body offset per frame")
        s.confidence = try f("confidence", .number, default: 0.9, in: 0.05...1, "joint confidence (minus up to 0.05 of noise)")
        if let o = try f.optional("occlude", .tuple(2), "first frame,frames with no body at all") {
            guard o.allSatisfy({ $0 >= 0 && $0 <= 10_000_000 && $0.rounded(.towardZero) == $0 }) else {
                throw f.error("occlude needs two whole numbers: first frame,count", at: "occlude")
            }
            s.occlusion = (Int(o[0]), Int(o[1]))
        }
        return s
    }

    static func generator(_ name: String, _ exercise: Exercise) -> Generator<RepEvent> {
        Generator(name, "\(exercise.rawValue) frames: a cosine sweep of the \(exercise.isAngle ? "joint angle" : "height ratio") built into 19 joints",
                  parameters: { f throws(ScenarioError) in try parse(&f, exercise) },
                  expand: { s, context throws(ScenarioError) in
            guard s.frameCount <= context.maxEvents else {
                throw context.error("this sweep makes \(s.frameCount) frames; the scenario allows \(context.maxEvents) more")
            }
            return frames(s, rng: &context.rng)
        })
    }

    public static var all: [Generator<RepEvent>] {
        [generator("pushups", .pushUp), generator("squats", .squat), generator("situps", .sitUp),
         generator("pullups", .pullUp), generator("jacks", .jumpingJack)]
    }
}
