import LockstepCore

/// A point in an image's pixel space: x to the right, y *down*, origin at the top-left corner of
/// the top-left pixel, one unit per pixel (pixel (i, j) covers `[i, i+1) × [j, j+1)`).
///
/// This is the space of `RGBA8Image` rows. Core Image and Vision put the origin at the bottom-left
/// instead; `CoreImagePoint` and `NormalizedPoint` convert, so the y flip happens in exactly one place.
public struct ImagePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean distance, with `DetMath.sqrt` (the standard library's `squareRoot()` lowers to
    /// a C library call on Linux; DetMath's bits are pinned).
    public func distance(to other: ImagePoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return DetMath.sqrt(dx * dx + dy * dy)
    }

    public var description: String { "(\(x), \(y))" }
}
