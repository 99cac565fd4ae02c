import LockstepCore

/// Touch phases as UIKit reports them.
public enum TouchPhase: String, CaseIterable, Sendable {
    case began, moved, ended, cancelled
}

/// What touched the screen. Fingers report altitude 0, which for a stylus means "lying flat".
public enum TouchType: String, CaseIterable, Sendable {
    case finger, pencil
}

/// One touch sample in SCREEN points and radians, as the device reports it (Double, not yet
/// validated: the reducer rejects non-finite values with a record).
public struct TouchSample: Sendable, Equatable {
    public var phase: TouchPhase
    public var id: Int
    public var x: Double
    public var y: Double
    /// Force as reported; 0 when the device has no force sensing.
    public var force: Double
    /// The device's maximum possible force; 0 or less means unknown.
    public var maxForce: Double
    /// Radians; 0 = lying flat, π/2 = upright. Fingers always report 0.
    public var altitude: Double
    /// Radians, direction the stylus points in the screen plane.
    public var azimuth: Double
    public var type: TouchType

    public init(_ phase: TouchPhase, id: Int = 1, x: Double, y: Double, force: Double = 0, maxForce: Double = 0,
                altitude: Double = 0, azimuth: Double = 0, type: TouchType = .pencil) {
        self.phase = phase
        self.id = id
        self.x = x
        self.y = y
        self.force = force
        self.maxForce = maxForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.type = type
    }
}

/// Every input the chalk app reacts to.
public enum ChalkEvent: Sendable {
    case touch(TouchSample)
    /// Sets the zoom (canvas → screen factor), keeping the screen point `anchor` fixed.
    case zoom(scale: Double, anchorX: Double, anchorY: Double)
    /// Moves the view by a screen-space offset.
    case pan(dx: Double, dy: Double)
    /// Selects a material by name (checked by the reducer so that an unknown name is a record).
    case brush(String)
    case colour(r: Double, g: Double, b: Double, a: Double)
    /// Pen diameter in SCREEN points.
    case size(screenPoints: Double)
    case eraser(Bool)
    case layer(Int)
    case undo
    case redo
    case clear
    case page(Int)
    /// Commits the frame and writes the canvas as a PNG artifact.
    case render
    /// Writes the current page as canonical JSON (an artifact).
    case save
    /// Replaces the current page with a document's strokes, or reports why not.
    case load([UInt8])
}
