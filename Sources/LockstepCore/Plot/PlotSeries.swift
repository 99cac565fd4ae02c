/// One data point of a series, in data units (`x` is usually seconds, `y` whatever is measured).
///
/// `x` must be finite. `y` is finite, or NaN for a gap: a sample that does not exist (a camera
/// frame without the joints), which breaks the line there. Infinite values, and NaN `x`, are
/// drawn as gaps too, but `Plot.parse` refuses them, so they do not survive `dataText`.
public struct PlotPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Like `==` on the values, except that NaN equals NaN: a NaN `y` is a recorded gap, a value
    /// like any other, and a plot read back from its `dataText` must equal the plot written.
    public static func == (a: PlotPoint, b: PlotPoint) -> Bool {
        (a.x == b.x || (a.x.isNaN && b.x.isNaN)) && (a.y == b.y || (a.y.isNaN && b.y.isNaN))
    }
}

/// How a series joins its points.
public enum PlotStyle: String, Sendable, CaseIterable {
    /// Straight lines from point to point.
    case line
    /// Horizontal, then vertical: each value holds until the next point's `x`, as a sampled
    /// state does (a counter, a phase).
    case step
    /// A 3×3 dot per point, nothing between them.
    case scatter
}

/// A named sequence of points drawn in one colour and style, in the order given (not sorted by x).
public struct PlotSeries: Sendable, Equatable {
    /// Shown in the legend; an empty name keeps the series out of the legend.
    public var name: String
    public var style: PlotStyle
    public var color: PlotColor
    public var points: [PlotPoint]

    public init(_ name: String, style: PlotStyle = .line, color: PlotColor, points: [PlotPoint] = []) {
        self.name = name
        self.style = style
        self.color = color
        self.points = points
    }
}
