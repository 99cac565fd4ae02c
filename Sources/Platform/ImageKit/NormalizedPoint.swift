/// A Vision point: normalised to the image (0...1 on each axis), origin at the *bottom-left*, as
/// `VNRectangleObservation.topLeft` and friends report it.
///
/// The scanner note pins the conversion the article's code does: multiply by the (oriented)
/// image's size, **no y flip**, because Core Image is bottom-left too. Known values on a 3000×4000
/// image: top-left (0.1, 0.9) → Core Image (300, 3600); bottom-right (0.9, 0.1) → (2700, 400).
/// Flipping y at this step (UIKit habit) is the note's "coordinate-origin bug": it crops the mirror
/// image of the page. Row space is a separate, second step (`imagePoint`), where the flip is right.
public struct NormalizedPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// - Throws: `normalizedPointOutOfRange` for NaN or a coordinate outside `0...1`.
    public init(x: Double, y: Double) throws(ImageKitError) {
        guard x >= 0, x <= 1, y >= 0, y <= 1 else { throw .normalizedPointOutOfRange(x: x, y: y) }
        self.x = x
        self.y = y
    }

    /// Core Image pixel coordinates: `(x · width, y · height)`, as `CIVector(x:y:)` in the article.
    public func coreImagePoint(widthPixels: Int, heightPixels: Int) -> CoreImagePoint {
        CoreImagePoint(x: x * Double(widthPixels), y: y * Double(heightPixels))
    }

    /// Row-space coordinates (y down) of the same place: `(x · width, height − y · height)`.
    /// Top-left (0.1, 0.9) on 3000×4000 is (300, 400) here.
    public func imagePoint(widthPixels: Int, heightPixels: Int) -> ImagePoint {
        coreImagePoint(widthPixels: widthPixels, heightPixels: heightPixels).imagePoint(heightPixels: heightPixels)
    }

    public var description: String { "(\(x), \(y))" }
}
