// The JSONDecoder baseline for `lockstep bench`. The Lockstep library avoids Foundation, so the
// executable, which may use it, hands the bench a decoder to compare the scenario parser with.
import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools

/// One camera frame as a JSON line: `{"t":0.033,"kind":"frame","joints":{"nose":[x,y,c],...}}`.
/// Joints are explicit fields (faster for JSONDecoder than a dictionary, so the baseline is fair).
private struct JSONFrame: Decodable {
    struct Joints: Decodable {
        let nose, leftEye, rightEye, leftEar, rightEar, neck: [Double]
        let leftShoulder, rightShoulder, leftElbow, rightElbow, leftWrist, rightWrist: [Double]
        let root, leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle: [Double]

        /// In `BenchInputs.visionJoints` order, so the sum matches the scenario parser's exactly.
        var inOrder: [[Double]] {
            [nose, leftEye, rightEye, leftEar, rightEar, neck, leftShoulder, rightShoulder, leftElbow, rightElbow,
             leftWrist, rightWrist, root, leftHip, rightHip, leftKnee, rightKnee, leftAnkle, rightAnkle]
        }
    }

    let t: Double
    let kind: String
    let joints: Joints
}

/// Installs Foundation's JSONDecoder, decoding each line on its own (as a reader of JSON Lines does).
func installJSONBaseline() {
    BenchCommand.jsonBaseline = { bytes in
        let decoder = JSONDecoder()
        var lines = 0
        var checksum = 0.0
        var start = 0
        for i in bytes.indices where bytes[i] == 10 {
            defer { start = i + 1 }
            guard let frame = try? decoder.decode(JSONFrame.self, from: Data(bytes[start..<i])) else { continue }
            var total = 0.0
            for joint in frame.joints.inOrder {
                for value in joint { total += value }
            }
            checksum += total
            lines += 1
        }
        return (lines, checksum)
    }
}
