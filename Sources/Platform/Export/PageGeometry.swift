/// A page's size and margin, in points (1/72 inch).
public struct PageGeometry: Hashable, Sendable {
    public var widthPoints: Double
    public var heightPoints: Double
    public var marginPoints: Double

    public init(widthPoints: Double, heightPoints: Double, marginPoints: Double) {
        precondition(widthPoints > 0 && heightPoints > 0 && marginPoints >= 0 && 2 * marginPoints < min(widthPoints, heightPoints))
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.marginPoints = marginPoints
    }

    /// ISO 216 A4, 210 × 297 mm = 595 × 842 pt (rounded to whole points, as `UIGraphicsPDFRenderer`
    /// callers write it), 40 pt margin.
    public static let a4 = PageGeometry(widthPoints: 595, heightPoints: 842, marginPoints: 40)

    /// The right edge of the content: width − margin.
    public var contentRightPoints: Double { widthPoints - marginPoints }
}
