/// A rectangle of pixels, edges included: `left...right` × `top...bottom`.
struct PixelRect: Equatable {
    var left: Int, top: Int, right: Int, bottom: Int

    func contains(_ x: Int, _ y: Int) -> Bool { x >= left && x <= right && y >= top && y <= bottom }
}

/// Where the plot area sits in the image and how data coordinates map onto it.
///
/// Margins hold the labels: left for the y ticks and label, bottom for the x ticks and label, top
/// for the title and the legend's row, right for the threshold names. Each is at most a fifth (top: a sixth) of the
/// image, so the smallest plots keep an area to draw in.
struct PlotFrame {
    static let marginLeftPixels = 64
    static let marginRightPixels = 72
    static let marginTopPixels = 36
    /// The title's top row, and the legend row's (between the title and the area).
    static let titleTopPixels = 5
    static let legendTopPixels = 20
    static let marginBottomPixels = 40
    /// Auto ranges are padded by this fraction of their span on each side, so no data sits on an axis.
    static let padding = 0.05

    let area: PixelRect
    let xLow: Double, xHigh: Double
    let yLow: Double, yHigh: Double

    init(_ plot: Plot) {
        area = PixelRect(left: min(Self.marginLeftPixels, plot.widthPixels / 5),
                         top: min(Self.marginTopPixels, plot.heightPixels / 6),
                         right: plot.widthPixels - 1 - min(Self.marginRightPixels, plot.widthPixels / 5),
                         bottom: plot.heightPixels - 1 - min(Self.marginBottomPixels, plot.heightPixels / 5))
        var xs: [Double] = plot.markers.map(\.x)
        var ys: [Double] = plot.thresholds.map(\.y) + plot.markers.compactMap(\.y)
        for series in plot.series {
            xs.append(contentsOf: series.points.lazy.map(\.x))
            ys.append(contentsOf: series.points.lazy.map(\.y))
        }
        (xLow, xHigh) = Self.resolve(plot.xRange, xs)
        (yLow, yHigh) = Self.resolve(plot.yRange, ys)
    }

    /// The range to draw: `explicit` if its bounds are finite, else the finite `values`' extent
    /// padded by `padding` (0...1 without any); a zero-width range widened by ±5 % (±1 at zero).
    static func resolve(_ explicit: ClosedRange<Double>?, _ values: [Double]) -> (Double, Double) {
        let given = explicit.flatMap { $0.lowerBound.isFinite && $0.upperBound.isFinite ? $0 : nil }
        var low = given?.lowerBound ?? .infinity
        var high = given?.upperBound ?? -.infinity
        if given == nil {
            for value in values where value.isFinite {
                low = min(low, value)
                high = max(high, value)
            }
            if low > high { return (0, 1) }
        }
        if low == high {
            let half = low == 0 ? 1 : low.magnitude * padding
            (low, high) = (low - half, high + half)
        }
        if given == nil {
            let pad = (high - low) * padding
            (low, high) = (low - pad, high + pad)
        }
        return (low, high)
    }

    /// The pixel column of data `x`, unrounded; may be outside the area, or not finite.
    func column(_ x: Double) -> Double {
        Double(area.left) + (x - xLow) / (xHigh - xLow) * Double(area.right - area.left)
    }

    /// The pixel row of data `y` (larger y is higher, so a smaller row), unrounded.
    func row(_ y: Double) -> Double {
        Double(area.bottom) - (y - yLow) / (yHigh - yLow) * Double(area.bottom - area.top)
    }

    /// A coordinate rounded to a pixel, or nil when it is not finite or far outside any image.
    static func pixel(_ coordinate: Double) -> Int? {
        guard coordinate.magnitude < 1e9 else { return nil }  // also false for NaN
        return Int(coordinate.rounded(.toNearestOrEven))
    }
}
