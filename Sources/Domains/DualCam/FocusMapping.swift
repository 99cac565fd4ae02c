import LockstepCore
import Platform

/// A point in the camera's unrotated landscape sensor frame, 0...1 on both axes: what
/// `focusPointOfInterest` takes. It does not follow the connection's rotation or mirroring, which
/// is why a portrait tap has to be converted.
public struct SensorPoint: Hashable, Sendable {
    public var u: Double
    public var v: Double

    public init(u: Double, v: Double) {
        self.u = u
        self.v = v
    }
}

/// The article's focus conversion from a normalised portrait canvas point (x right, y down) to the
/// sensor frame, as a pure function. Its contract assumes the session's connections: both cameras
/// at rotation 90, the front one mirrored. The back camera: `(u, v) = (y, 1 − x)`; the front:
/// `(u, v) = (y, x)`, because the mirroring undoes the flip of x. Getting them the wrong way round
/// neither crashes nor logs: tapping the top left focuses the bottom right.
public enum FocusMapping {
    /// `swapped` re-enables the inverted-focus bug (each camera gets the other's formula).
    public static func sensorPoint(x: Double, y: Double, camera: CameraPosition, swapped: Bool = false) -> SensorPoint {
        let useFront = (camera == .front) != swapped
        return useFront ? SensorPoint(u: y, v: x) : SensorPoint(u: y, v: 1 - x)
    }

    /// Whether a connection matches the contract the formulas assume.
    public static func contractHolds(camera: CameraPosition, rotationDegrees: Int, mirrored: Bool) -> Bool {
        rotationDegrees == 90 && mirrored == (camera == .front)
    }
}
