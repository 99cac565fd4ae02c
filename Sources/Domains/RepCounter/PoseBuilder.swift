import LockstepCore

/// A simple front-camera skeleton in pixel space of the 1280×720 frame (origin bottom-left, y up)
/// that puts an exact value on each exercise's signal: an elbow, knee or hip angle in degrees, or a
/// wrist height in torso lengths. Coordinates come back normalised, as Vision reports them.
public enum PoseBuilder {
    public static let centreX = 640.0

    /// A point `length` from `vertex` whose angle to `from` (seen from `vertex`) is `degrees`,
    /// turning clockwise (`clockwise`) or anticlockwise from the direction vertex→from.
    static func place(vertex: (Double, Double), from: (Double, Double), degrees: Double, length: Double, clockwise: Bool) -> (Double, Double) {
        let dx = from.0 - vertex.0, dy = from.1 - vertex.1
        let l = (dx * dx + dy * dy).squareRoot()
        let ux = dx / l, uy = dy / l
        let a = (clockwise ? -degrees : degrees) * Double.pi / 180
        let c = DetMath.cos(a), s = DetMath.sin(a)
        return (vertex.0 + length * (ux * c - uy * s), vertex.1 + length * (ux * s + uy * c))
    }

    /// Pixel positions of all 19 joints for `exercise` at signal `value`.
    public static func pixels(_ exercise: Exercise, value v: Double) -> PixelPose {
        var p = PixelPose()
        let cx = centreX
        func head(neck: (Double, Double)) {
            p[.neck] = neck
            p[.nose] = (neck.0, neck.1 + 60)
            p[.leftEye] = (neck.0 + 14, neck.1 + 72); p[.rightEye] = (neck.0 - 14, neck.1 + 72)
            p[.leftEar] = (neck.0 + 30, neck.1 + 64); p[.rightEar] = (neck.0 - 30, neck.1 + 64)
        }
        switch exercise {
        case .pushUp:
            // Facing the camera on the floor: shoulders level, upper arms out and down, forearms turning in.
            let drop = max(0, 160 - v) * 1.2
            let sy = 420 - drop
            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                let shoulder = (cx + sign * 110, sy)
                let elbow = (shoulder.0 + sign * 90, shoulder.1 - 110)
                let wrist = place(vertex: elbow, from: shoulder, degrees: v, length: 130, clockwise: sign < 0)
                if side == 0 { p[.leftShoulder] = shoulder; p[.leftElbow] = elbow; p[.leftWrist] = wrist } else {
                    p[.rightShoulder] = shoulder; p[.rightElbow] = elbow; p[.rightWrist] = wrist
                }
            }
            head(neck: (cx, sy + 10))
            p[.root] = (cx, sy - 120)
            p[.leftHip] = (cx + 60, sy - 125); p[.rightHip] = (cx - 60, sy - 125)
            p[.leftKnee] = (cx + 65, sy - 190); p[.rightKnee] = (cx - 65, sy - 190)
            p[.leftAnkle] = (cx + 70, sy - 250); p[.rightAnkle] = (cx - 70, sy - 250)
        case .squat:
            // Head-on: ankles on the floor, shins slightly out, thighs turning with the knee angle.
            var hipY = 0.0
            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                let ankle = (cx + sign * 90, 60.0)
                let knee = (ankle.0 + sign * 25, ankle.1 + 170)
                let hip = place(vertex: knee, from: ankle, degrees: v, length: 180, clockwise: sign > 0)
                hipY = hip.1
                if side == 0 { p[.leftAnkle] = ankle; p[.leftKnee] = knee; p[.leftHip] = hip } else {
                    p[.rightAnkle] = ankle; p[.rightKnee] = knee; p[.rightHip] = hip
                }
            }
            p[.root] = (cx, hipY + 5)
            let sy = hipY + 200
            p[.leftShoulder] = (cx + 110, sy); p[.rightShoulder] = (cx - 110, sy)
            p[.leftElbow] = (cx + 150, sy - 60); p[.rightElbow] = (cx - 150, sy - 60)
            p[.leftWrist] = (cx + 100, sy - 90); p[.rightWrist] = (cx - 100, sy - 90)
            head(neck: (cx, sy + 10))
        case .sitUp:
            // Lying with knees up: hips fixed, thighs up-forward, the torso rises with the hip angle.
            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                let hip = (cx + sign * 50, 200.0)
                let knee = (hip.0 + sign * 30, hip.1 + 190)
                let shoulder = place(vertex: hip, from: knee, degrees: v, length: 230, clockwise: sign > 0)
                let ankle = (knee.0, knee.1 - 170)
                if side == 0 { p[.leftHip] = hip; p[.leftKnee] = knee; p[.leftShoulder] = shoulder; p[.leftAnkle] = ankle } else {
                    p[.rightHip] = hip; p[.rightKnee] = knee; p[.rightShoulder] = shoulder; p[.rightAnkle] = ankle
                }
            }
            let ls = p[.leftShoulder], rs = p[.rightShoulder]
            let mid = ((ls.0 + rs.0) / 2, (ls.1 + rs.1) / 2)
            p[.root] = (cx, 205)
            p[.leftElbow] = (ls.0 + 40, ls.1 - 80); p[.rightElbow] = (rs.0 - 40, rs.1 - 80)
            p[.leftWrist] = (ls.0 + 50, ls.1 - 160); p[.rightWrist] = (rs.0 - 50, rs.1 - 160)
            head(neck: (mid.0, mid.1 + 10))
        case .pullUp:
            // Hanging from a bar: wrists fixed at the bar, the body rises; (wrist − nose) / torso = v.
            let torso = 200.0, barY = 640.0
            let noseY = barY - v * torso
            let neck = (cx, noseY - 60)
            head(neck: neck)
            p[.leftWrist] = (cx + 160, barY); p[.rightWrist] = (cx - 160, barY)
            p[.leftShoulder] = (cx + 100, neck.1 - 10); p[.rightShoulder] = (cx - 100, neck.1 - 10)
            p[.leftElbow] = (cx + 150, (barY + neck.1) / 2); p[.rightElbow] = (cx - 150, (barY + neck.1) / 2)
            let root = (cx, neck.1 - torso)
            p[.root] = root
            p[.leftHip] = (cx + 55, root.1 - 5); p[.rightHip] = (cx - 55, root.1 - 5)
            p[.leftKnee] = (cx + 60, root.1 - 140); p[.rightKnee] = (cx - 60, root.1 - 140)
            p[.leftAnkle] = (cx + 60, root.1 - 270); p[.rightAnkle] = (cx - 60, root.1 - 270)
        case .jumpingJack:
            // Standing: the body stays, the arms swing; (nose − wrist) / torso = v.
            let torso = 200.0
            let neck = (cx, 520.0)
            head(neck: neck)
            let noseY = neck.1 + 60
            let wristY = noseY - v * torso
            let spread = 120 + max(0, 1.3 - v) * 120
            p[.leftShoulder] = (cx + 100, neck.1 - 10); p[.rightShoulder] = (cx - 100, neck.1 - 10)
            p[.leftWrist] = (cx + spread, wristY); p[.rightWrist] = (cx - spread, wristY)
            p[.leftElbow] = (cx + (100 + spread) / 2 + 20, (neck.1 - 10 + wristY) / 2)
            p[.rightElbow] = (cx - (100 + spread) / 2 - 20, (neck.1 - 10 + wristY) / 2)
            let root = (cx, neck.1 - torso)
            p[.root] = root
            let feet = 60 + max(0, 1.3 - v) * 60
            p[.leftHip] = (cx + 55, root.1 - 5); p[.rightHip] = (cx - 55, root.1 - 5)
            p[.leftKnee] = (cx + feet * 0.8, root.1 - 150); p[.rightKnee] = (cx - feet * 0.8, root.1 - 150)
            p[.leftAnkle] = (cx + feet, root.1 - 290); p[.rightAnkle] = (cx - feet, root.1 - 290)
        }
        return p
    }

    /// The pose at `value` with every joint visible at `confidence`, normalised.
    public static func pose(_ exercise: Exercise, value: Double, confidence: Double = 0.9) -> Pose {
        let px = pixels(exercise, value: value)
        var pose = Pose()
        for j in JointName.allCases {
            let xy = px[j]
            pose[j] = (xy.0 / JointFilter.frameWidthPixels, xy.1 / JointFilter.frameHeightPixels, confidence)
        }
        return pose
    }
}

/// All 19 joints in pixels, inline (the generator builds one per frame).
public struct PixelPose: Sendable {
    var v = InlineDoubles64()
    public subscript(_ j: JointName) -> (Double, Double) {
        get { (v[2 * j.index], v[2 * j.index + 1]) }
        set { v[2 * j.index] = newValue.0; v[2 * j.index + 1] = newValue.1 }
    }
}
