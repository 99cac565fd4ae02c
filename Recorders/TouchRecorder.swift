// Lockstep recorder: UITouch and Apple Pencil samples → JSON Lines for `lockstep import --domain chalk`.
// Needs RecordingWriter.swift. Schema: docs/recording-on-a-device.md, "Touch records".
#if canImport(UIKit)
import UIKit

/// Records every touch sample a view receives, with force, altitude and azimuth; coalesced samples
/// (the 240 Hz Pencil samples between two 120 Hz deliveries) are marked `"coalesced":true` and
/// predicted ones `"predicted":true`. Call it from your canvas view's touch handlers:
///
/// ```swift
/// override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
///     recorder?.record(touches, event: event, in: self)
///     ... your drawing code ...
/// }
/// ```
@MainActor
public final class TouchRecorder {
    public let writer: RecordingWriter
    private var ids: [ObjectIdentifier: Int] = [:]
    private var nextID = 1

    public init(name: String = "touches") throws {  // on the main actor, like the class
        writer = try RecordingWriter(kind: .touch, name: name)
    }

    /// Records the touches of one delivery: for `.moved`, the coalesced samples instead of the
    /// touch itself (the last coalesced sample is the touch), then the predicted ones.
    public func record(_ touches: Set<UITouch>, event: UIEvent?, in view: UIView) {
        for touch in touches.sorted(by: { $0.timestamp < $1.timestamp }) {
            let id = identifier(touch)
            if touch.phase == .moved, let coalesced = event?.coalescedTouches(for: touch), !coalesced.isEmpty {
                for sample in coalesced { write(sample, id: id, in: view, mark: "coalesced") }
            } else {
                write(touch, id: id, in: view, mark: nil)
            }
            for sample in event?.predictedTouches(for: touch) ?? [] { write(sample, id: id, in: view, mark: "predicted") }
            if touch.phase == .ended || touch.phase == .cancelled { ids[ObjectIdentifier(touch)] = nil }
        }
    }

    /// A small stable number per finger or Pencil contact (UIKit reuses UITouch objects per contact).
    private func identifier(_ touch: UITouch) -> Int {
        if let id = ids[ObjectIdentifier(touch)] { return id }
        let id = nextID
        nextID += 1
        ids[ObjectIdentifier(touch)] = id
        return id
    }

    private func write(_ touch: UITouch, id: Int, in view: UIView, mark: String?) {
        let point = touch.preciseLocation(in: view)
        let phase: String
        switch touch.phase {
        case .began: phase = "began"
        case .moved: phase = "moved"
        case .stationary: phase = "stationary"
        case .ended: phase = "ended"
        case .cancelled: phase = "cancelled"
        default: return  // regionEntered/Moved/Exited: hover, not a contact
        }
        let type: String
        switch touch.type {
        case .direct: type = "direct"
        case .pencil: type = "pencil"
        case .indirect: type = "indirect"
        case .indirectPointer: type = "indirectPointer"
        @unknown default: type = "indirect"
        }
        var members: [(String, String)] = [
            ("t", writer.time(uptime: touch.timestamp)), ("type", "\"touch\""), ("id", String(id)),
            ("phase", RecordingWriter.quoted(phase)), ("touchType", RecordingWriter.quoted(type)),
            ("x", RecordingWriter.number(Double(point.x))), ("y", RecordingWriter.number(Double(point.y))),
            ("force", RecordingWriter.number(Double(touch.force))),
            ("maxForce", RecordingWriter.number(Double(touch.maximumPossibleForce))),
            ("altitude", RecordingWriter.number(Double(touch.altitudeAngle))),
            ("azimuth", RecordingWriter.number(Double(touch.azimuthAngle(in: view)))),
        ]
        if let mark { members.append((mark, "true")) }
        writer.writeObject(members)
    }
}
#endif
