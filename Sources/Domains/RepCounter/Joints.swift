import LockstepCore

/// Vision's 19 body-pose joints (`VNHumanBodyPoseObservation.JointName`), in a fixed order that
/// indexes `Pose` storage (the raw value). `name` is the scenario key.
public enum JointName: Int, CaseIterable, Sendable {
    case nose, leftEye, rightEye, leftEar, rightEar, neck
    case leftShoulder, rightShoulder, leftElbow, rightElbow, leftWrist, rightWrist
    case root, leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle

    /// Position in `allCases` (0...18).
    @inline(__always) public var index: Int { rawValue }
    /// The scenario key, as Vision spells the joint.
    public var name: String { JointName.names[rawValue] }

    public static let names = ["nose", "leftEye", "rightEye", "leftEar", "rightEar", "neck",
                               "leftShoulder", "rightShoulder", "leftElbow", "rightElbow", "leftWrist", "rightWrist",
                               "root", "leftHip", "rightHip", "leftKnee", "rightKnee", "leftAnkle", "rightAnkle"]
    /// FNV-1a 64 of each name, matched against `Arg.keyHash` so decoding a frame never builds a String.
    static let keyHashes: [UInt64] = names.map { FNV1a64.hash($0.utf8) }
    public static let count = 19

    public init?(name: String) {
        guard let i = JointName.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: i)
    }
}

/// One camera frame's joints in Vision's normalised image coordinates (0...1, origin bottom-left, y up)
/// with their confidences, stored inline (no heap allocation per frame).
///
/// `present` has bit `i` set when joint `i` was reported at all; whether it passes the confidence filter
/// and the range checks is decided by `JointFilter`.
public struct Pose: Sendable, Equatable {
    /// x, y, confidence of joint i at 3i, 3i+1, 3i+2.
    public var values = InlineDoubles64()
    public var present: UInt32 = 0

    public init() {}

    public subscript(_ j: JointName) -> (x: Double, y: Double, confidence: Double)? {
        get { self[index: j.index] }
        set { self[index: j.index] = newValue }
    }

    public subscript(index i: Int) -> (x: Double, y: Double, confidence: Double)? {
        get {
            guard present & (1 << UInt32(i)) != 0 else { return nil }
            return (values[3 * i], values[3 * i + 1], values[3 * i + 2])
        }
        set {
            if let v = newValue {
                values[3 * i] = v.x; values[3 * i + 1] = v.y; values[3 * i + 2] = v.confidence
                present |= 1 << UInt32(i)
            } else {
                values[3 * i] = 0; values[3 * i + 1] = 0; values[3 * i + 2] = 0
                present &= ~(1 << UInt32(i))
            }
        }
    }

    /// Number of joints reported.
    public var reportedCount: Int { present.nonzeroBitCount }
}

/// The joints that survive the filter, in pixel space of the 1280×720 frame, with a bit mask.
public struct KeptJoints: Sendable {
    /// Pixel x, y of joint i at 2i, 2i+1.
    public var pixels = InlineDoubles64()
    public var kept: UInt32 = 0
    /// Joints reported with a value outside 0...1 or not finite (bit mask), reported as a record.
    public var invalid: UInt32 = 0
    /// Joints reported with a confidence below the threshold (bit mask): the normal filter, not an error.
    public var lowConfidence: UInt32 = 0

    @inline(__always) public func has(_ i: Int) -> Bool { kept & (1 << UInt32(i)) != 0 }
    @inline(__always) public func x(_ i: Int) -> Double { pixels[2 * i] }
    @inline(__always) public func y(_ i: Int) -> Double { pixels[2 * i + 1] }
    public var keptCount: Int { kept.nonzeroBitCount }
}

/// The joint filter: Vision confidence ≥ 0.3 (inclusive, as the article's "0.3 or more"), finite
/// coordinates and confidences inside 0...1; coordinates scaled to the frame's pixels.
public enum JointFilter {
    public static let minimumConfidence = 0.3
    public static let frameWidthPixels = 1280.0
    public static let frameHeightPixels = 720.0

    public static func filter(_ pose: Pose) -> KeptJoints {
        var out = KeptJoints()
        pose.values.withUnsafeDoubles { values in  // lint:allow unordered-iteration — Pose.values is a fixed block of 64 doubles, not a Dictionary
            var bits = pose.present
            var rounds = 0
            while bits != 0 && rounds < 32 {
                rounds += 1
                let i = bits.trailingZeroBitCount
                bits &= bits - 1
                let x = values[3 * i], y = values[3 * i + 1], c = values[3 * i + 2]
                let bit: UInt32 = 1 << UInt32(i)
                // `!(0...1 contains)` is written with >= / <= so that NaN fails every comparison.
                guard x >= 0, x <= 1, y >= 0, y <= 1, c >= 0, c <= 1 else { out.invalid |= bit; continue }
                guard c >= minimumConfidence else { out.lowConfidence |= bit; continue }
                out.kept |= bit
                out.pixels[2 * i] = x * frameWidthPixels
                out.pixels[2 * i + 1] = y * frameHeightPixels
            }
        }
        return out
    }
}
