/// A point in the page's coordinate space: points, origin top-left, y down (SpriteKit scenes are
/// y-up; the app flips before drawing, so every trace reads the same way round).
public struct DrawPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
