/// A point in Core Image's pixel space: x to the right, y *up*, origin at the bottom-left corner
/// of the image's extent. `CIPerspectiveCorrection`'s `inputTopLeft`... vectors are in this space.
public struct CoreImagePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The same location in row space (`ImagePoint`, y down) of an image `heightPixels` tall:
    /// `(x, heightPixels − y)`. Subtracting from the height keeps whole-pixel values exact.
    public func imagePoint(heightPixels: Int) -> ImagePoint {
        ImagePoint(x: x, y: Double(heightPixels) - y)
    }

    public var description: String { "(\(x), \(y))" }
}
