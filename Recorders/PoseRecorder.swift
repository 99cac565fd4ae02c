// Lockstep recorder: Vision body-pose observations → JSON Lines for `lockstep import --domain repCounter`.
// Needs RecordingWriter.swift. Schema: docs/recording-on-a-device.md, "Pose records".
#if canImport(Vision) && canImport(UIKit) && canImport(CoreMedia)
import CoreMedia
import UIKit
import Vision

/// Records the 19 joints of the most confident body in each camera frame, with their confidences,
/// at the frame's presentation time. Call it where you run the request:
///
/// ```swift
/// try handler.perform([request])
/// recorder?.record(request.results ?? [], presentationTime: CMSampleBufferGetPresentationTimeStamp(sampleBuffer))
/// ```
public final class PoseRecorder: @unchecked Sendable {
    public let writer: RecordingWriter
    /// The first frame's presentation time: times count from it, in integer nanoseconds.
    private var firstFrame: CMTime?

    /// Vision's joint names → the names repCounter's `frame` event declares, in its order.
    static let joints: [(VNHumanBodyPoseObservation.JointName, String)] = [
        (.nose, "nose"), (.leftEye, "leftEye"), (.rightEye, "rightEye"), (.leftEar, "leftEar"), (.rightEar, "rightEar"),
        (.neck, "neck"), (.leftShoulder, "leftShoulder"), (.rightShoulder, "rightShoulder"),
        (.leftElbow, "leftElbow"), (.rightElbow, "rightElbow"), (.leftWrist, "leftWrist"), (.rightWrist, "rightWrist"),
        (.root, "root"), (.leftHip, "leftHip"), (.rightHip, "rightHip"), (.leftKnee, "leftKnee"), (.rightKnee, "rightKnee"),
        (.leftAnkle, "leftAnkle"), (.rightAnkle, "rightAnkle"),
    ]

    @MainActor public init(name: String = "pose") throws {
        writer = try RecordingWriter(kind: .pose, name: name)
    }

    public func record(_ observations: [VNHumanBodyPoseObservation], presentationTime: CMTime) {
        let first = firstFrame ?? presentationTime
        firstFrame = first
        // Integer nanoseconds from the CMTime's own integers (value × 10⁹ / timescale, truncated
        // once), by CoreMedia's rescaling, which does not overflow as value × 10⁹ would.
        let elapsed = CMTimeConvertScale(CMTimeSubtract(presentationTime, first), timescale: 1_000_000_000, method: .roundTowardZero)
        let ns = max(0, elapsed.value)
        let best = observations.max { $0.confidence < $1.confidence }
        var joints: [String] = []
        if let best, let points = try? best.recognizedPoints(.all) {
            for (vision, name) in Self.joints {
                guard let p = points[vision] else { continue }
                joints.append(RecordingWriter.quoted(name) + ":[" + [Double(p.location.x), Double(p.location.y), Double(p.confidence)]
                    .map(RecordingWriter.number).joined(separator: ",") + "]")
            }
        }
        writer.writeObject([("tNs", String(ns)), ("type", "\"pose\""), ("joints", "{" + joints.joined(separator: ",") + "}"),
                            ("observations", String(observations.count))])
    }
}
#endif
