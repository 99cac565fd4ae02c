/// The mark drawn for a `PlotMarker`, centred on its point (5 pixels across).
public enum PlotMarkerShape: String, Sendable, CaseIterable {
    /// Filled, pointing down at the point.
    case triangle
    /// An X.
    case cross
    /// Filled.
    case diamond
    /// A 1-pixel vertical line the full height of the plot area, at `x` (its `y` is ignored).
    case bar
}

/// One event on the plot: a counted rep, a message, a fault. Markers with the same label, shape and
/// colour share one legend entry, so a hundred "counted" triangles are one line in the legend.
public struct PlotMarker: Sendable, Equatable {
    /// Data units, like the series' x. Must be finite.
    public var x: Double
    /// Data units; nil draws the marker on the top edge of the plot area (an event with no value).
    public var y: Double?
    public var label: String
    public var shape: PlotMarkerShape
    public var color: PlotColor

    public init(x: Double, y: Double? = nil, label: String, shape: PlotMarkerShape, color: PlotColor) {
        self.x = x
        self.y = y
        self.label = label
        self.shape = shape
        self.color = color
    }
}
