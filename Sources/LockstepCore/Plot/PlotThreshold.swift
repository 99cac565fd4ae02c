/// A horizontal line across the plot area at `y` (data units), its name written at its right end,
/// outside the area: a decision boundary such as "down" at 90°.
public struct PlotThreshold: Sendable, Equatable {
    public var name: String
    public var y: Double
    public var color: PlotColor
    /// Dashed (6 pixels on, 4 off) so that a threshold is not mistaken for data.
    public var dashed: Bool

    public init(_ name: String, y: Double, color: PlotColor, dashed: Bool = true) {
        self.name = name
        self.y = y
        self.color = color
        self.dashed = dashed
    }
}
