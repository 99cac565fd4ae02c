import LockstepCore

/// Which sides of the body (or which wrists) a signal was computed from; the trace shows it.
public enum SignalSides: String, Sendable {
    case both, left, right, none
}

/// A signal value with how it was obtained.
public struct SignalReading: Sendable, Equatable {
    /// Degrees for angle exercises, torso lengths for height exercises; nil when missing.
    public var value: Double?
    public var sides: SignalSides
    /// For height exercises: whether torso length came from neck→root (`true`) or the
    /// mid-shoulders→mid-hips fallback (`false`).
    public var torsoFromNeckRoot: Bool = true
}

/// Pose → one number per exercise, in the 1280×720 frame's pixel space.
public enum Signal {
    /// Angle at vertex `b` of a–b–c in degrees (0...180), or nil when a limb has zero length.
    /// The cosine is clamped to [−1, 1] so rounding never leaves `acos`'s domain.
    @inline(__always)
    public static func angleDegrees(ax: Double, ay: Double, bx: Double, by: Double, cx: Double, cy: Double) -> Double? {
        let ux = ax - bx, uy = ay - by, vx = cx - bx, vy = cy - by
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        guard lu > 0, lv > 0, lu.isFinite, lv.isFinite else { return nil }
        var c = (ux * vx + uy * vy) / (lu * lv)
        if c > 1 { c = 1 } else if c < -1 { c = -1 }
        return DetMath.acos(c) * (180 / Double.pi)
    }

    @inline(__always)
    static func sideAngle(_ k: KeptJoints, _ a: JointName, _ b: JointName, _ c: JointName) -> Double? {
        let ia = a.index, ib = b.index, ic = c.index
        guard k.has(ia), k.has(ib), k.has(ic) else { return nil }
        return angleDegrees(ax: k.x(ia), ay: k.y(ia), bx: k.x(ib), by: k.y(ib), cx: k.x(ic), cy: k.y(ic))
    }

    /// The joints (A, vertex, C) of each side for the angle exercises.
    public static func angleJoints(_ e: Exercise) -> (left: (JointName, JointName, JointName), right: (JointName, JointName, JointName))? {
        switch e {
        case .pushUp: ((.leftShoulder, .leftElbow, .leftWrist), (.rightShoulder, .rightElbow, .rightWrist))
        case .squat: ((.leftHip, .leftKnee, .leftAnkle), (.rightHip, .rightKnee, .rightAnkle))
        case .sitUp: ((.leftShoulder, .leftHip, .leftKnee), (.rightShoulder, .rightHip, .rightKnee))
        case .pullUp, .jumpingJack: nil
        }
    }

    /// The exercise's signal: side-averaged angle, or wrist/nose height in torso lengths.
    public static func read(_ e: Exercise, _ k: KeptJoints) -> SignalReading {
        if let sides = angleJoints(e) {
            let l = sideAngle(k, sides.left.0, sides.left.1, sides.left.2)
            let r = sideAngle(k, sides.right.0, sides.right.1, sides.right.2)
            switch (l, r) {
            case let (l?, r?): return SignalReading(value: (l + r) / 2, sides: .both)
            case let (l?, nil): return SignalReading(value: l, sides: .left)
            case let (nil, r?): return SignalReading(value: r, sides: .right)
            case (nil, nil): return SignalReading(value: nil, sides: .none)
            }
        }
        return height(e, k)
    }

    /// Torso length in pixels: neck→root, or (GAP) mid-shoulders→mid-hips when either is missing.
    public static func torsoLength(_ k: KeptJoints) -> (length: Double, neckRoot: Bool)? {
        let n = JointName.neck.index, r = JointName.root.index
        if k.has(n), k.has(r) {
            let dx = k.x(n) - k.x(r), dy = k.y(n) - k.y(r)
            return ((dx * dx + dy * dy).squareRoot(), true)
        }
        let ls = JointName.leftShoulder.index, rs = JointName.rightShoulder.index
        let lh = JointName.leftHip.index, rh = JointName.rightHip.index
        guard k.has(ls), k.has(rs), k.has(lh), k.has(rh) else { return nil }
        let sx = (k.x(ls) + k.x(rs)) / 2, sy = (k.y(ls) + k.y(rs)) / 2
        let hx = (k.x(lh) + k.x(rh)) / 2, hy = (k.y(lh) + k.y(rh)) / 2
        let dx = sx - hx, dy = sy - hy
        return ((dx * dx + dy * dy).squareRoot(), false)
    }

    /// Pull-up: (wrist.y − nose.y) / torso; jumping jack: (nose.y − wrist.y) / torso. `wrist.y` is the
    /// mean of the visible wrists; the nose is required; a zero torso is missing (never NaN).
    static func height(_ e: Exercise, _ k: KeptJoints) -> SignalReading {
        let lw = JointName.leftWrist.index, rw = JointName.rightWrist.index, nose = JointName.nose.index
        let sides: SignalSides
        let wristY: Double
        switch (k.has(lw), k.has(rw)) {
        case (true, true): sides = .both; wristY = (k.y(lw) + k.y(rw)) / 2
        case (true, false): sides = .left; wristY = k.y(lw)
        case (false, true): sides = .right; wristY = k.y(rw)
        case (false, false): return SignalReading(value: nil, sides: .none)
        }
        guard k.has(nose), let torso = torsoLength(k), torso.length > 0, torso.length.isFinite else {
            return SignalReading(value: nil, sides: sides)
        }
        let noseY = k.y(nose)
        let v = e == .pullUp ? (wristY - noseY) / torso.length : (noseY - wristY) / torso.length
        return SignalReading(value: v, sides: sides, torsoFromNeckRoot: torso.neckRoot)
    }
}
