import LockstepCore

/// From a device touch sample to a canvas `InkPoint`: the view transform, pressure and tilt.
public enum TouchMapping {
    /// π/2 as Float.
    static let halfPi = Float.pi / 2

    /// Tilt 0...1 from the altitude angle. Only a stylus has a meaningful altitude: a finger reports
    /// 0, which for a stylus means lying flat, so a finger's tilt is 0 (upright), not 1. With the
    /// `fingerAltitudeAsTilt` fault the type check is skipped and every finger stroke is a smear.
    /// Mapping (GAP): tilt = 1 − altitude / (π/2), the altitude clamped to [0, π/2] first.
    public static func tilt(altitude: Double, type: TouchType, ignoreType: Bool = false) -> Float {
        guard type == .pencil || ignoreType else { return 0 }
        let a = min(max(Float(altitude), 0), halfPi)
        return min(max(1 - a / halfPi, 0), 1)
    }

    /// Pressure 0...1. A stylus gives force / maxForce, clamped; a finger, or a stylus with no
    /// usable maximum, gets the brush's default (GAP: fingers on most devices report force 0).
    public static func pressure(force: Double, maxForce: Double, type: TouchType, brush: Brush) -> Float {
        guard type == .pencil, maxForce > 0 else { return brush.fingerPressure }
        return min(max(Float(force / maxForce), 0), 1)
    }
}

/// The view: screen = canvas · scale + offset (both in screen points).
public struct ViewTransform: Sendable, Equatable {
    /// Canvas → screen factor (the zoom).
    public var scale: Float = 1
    public var offsetX: Float = 0
    public var offsetY: Float = 0

    public init(scale: Float = 1, offsetX: Float = 0, offsetY: Float = 0) {
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    @inline(__always) public func toCanvas(x: Float, y: Float) -> (Float, Float) {
        ((x - offsetX) / scale, (y - offsetY) / scale)
    }

    /// Zooms to `newScale` keeping the screen point (ax, ay) over the same canvas point.
    public mutating func zoom(to newScale: Float, anchorX ax: Float, anchorY ay: Float) {
        let (cx, cy) = toCanvas(x: ax, y: ay)
        scale = newScale
        offsetX = ax - cx * newScale
        offsetY = ay - cy * newScale
    }
}
