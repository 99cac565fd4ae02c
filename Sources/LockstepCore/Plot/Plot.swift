/// A chart of time series, thresholds and event markers, rendered to a PNG that is byte-identical
/// on every machine, with its data carried inside the file.
///
/// Rendering uses plain IEEE arithmetic to map data to pixel coordinates, rounds them
/// (`.toNearestOrEven`) and draws everything else in integers: Bresenham lines, a built-in bitmap
/// font (`BitmapFont`), tick labels printed digit by digit. No Foundation, no libm, no hash order,
/// so a plot can be a golden. `png()` embeds `dataText` in a `tEXt` chunk, so the numbers behind a
/// picture are one `Plot.data(fromPNG:)` away.
///
/// Limits (preconditions in `init`, `render()` and `png()`; `parse` reports them as errors):
/// `widthPixels` and `heightPixels` in `sizeLimitPixels`, at most `maxPoints` points in all.
/// Below about 300×150 pixels the labels crowd each other; the plot still renders.
public struct Plot: Sendable, Equatable {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var widthPixels: Int
    public var heightPixels: Int
    /// Drawn in order, later series over earlier ones.
    public var series: [PlotSeries]
    public var thresholds: [PlotThreshold]
    public var markers: [PlotMarker]
    /// The x axis' data range; nil takes it from the series' and markers' x values, padded by 5 %
    /// of the span on each side. A range of zero width (given, or from a single value) is widened
    /// to ±5 % of the value (±1 at zero) first. A range with an infinite bound is treated as nil.
    public var xRange: ClosedRange<Double>?
    /// As `xRange`, from the points' y values, the thresholds and the markers' y values.
    public var yRange: ClosedRange<Double>?

    /// The most points over all series: enough for over an hour of 30 fps samples in a few series,
    /// and a bound on the time and memory one plot (and its `dataText`, ~27 bytes a point) can take.
    public static let maxPoints = 200_000
    /// The allowed width and height.
    static let sizeLimitPixels = 64...4096

    public init(title: String, xLabel: String, yLabel: String, widthPixels: Int = 800, heightPixels: Int = 400,
                series: [PlotSeries] = [], thresholds: [PlotThreshold] = [], markers: [PlotMarker] = [],
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        self.series = series
        self.thresholds = thresholds
        self.markers = markers
        self.xRange = xRange
        self.yRange = yRange
        checkLimits()
    }

    /// The plot as an opaque RGBA raster, `widthPixels` × `heightPixels`.
    public func render() -> PNGImage {
        checkLimits()
        return PlotRenderer.render(self)
    }

    /// The plot as PNG bytes (RGB, since a plot is opaque), with `dataText` in a `tEXt` chunk whose
    /// keyword is `dataKeyword`.
    public func png() -> [UInt8] {
        PNG.encode(render(), format: .rgb, text: [(keyword: Plot.dataKeyword, text: dataText)])
    }

    /// The `tEXt` keyword under which `png()` stores `dataText`.
    static let dataKeyword = "lockstep-plot"

    /// The `dataText` embedded in a PNG written by `png()`, or nil when the bytes are not a PNG or
    /// carry no such chunk. Never traps.
    public static func data(fromPNG bytes: [UInt8]) -> String? {
        PNG.textChunks(bytes).first { $0.keyword == dataKeyword }?.text
    }

    var pointCount: Int { series.reduce(0) { $0 + $1.points.count } }

    private func checkLimits() {
        precondition(Plot.sizeLimitPixels.contains(widthPixels) && Plot.sizeLimitPixels.contains(heightPixels),
                     "Plot size \(widthPixels)x\(heightPixels) outside \(Plot.sizeLimitPixels) pixels per side")
        precondition(pointCount <= Plot.maxPoints, "Plot has \(pointCount) points, more than Plot.maxPoints (\(Plot.maxPoints))")
    }
}
