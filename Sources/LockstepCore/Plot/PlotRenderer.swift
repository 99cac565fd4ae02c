/// Draws a `Plot`, always in the same order so that overlaps come out the same everywhere: grid,
/// thresholds, series in order, markers in order, axes, then text (tick labels, title, axis
/// labels, threshold names, legend).
enum PlotRenderer {
    static func render(_ plot: Plot) -> PNGImage {
        let frame = PlotFrame(plot)
        let area = frame.area
        var canvas = PlotCanvas(widthPixels: plot.widthPixels, heightPixels: plot.heightPixels, background: .white)
        let bounds = canvas.bounds
        // Ticks whose pixel falls inside the area, as (pixel, label).
        let xTicks = PlotTicks.ticks(low: frame.xLow, high: frame.xHigh).compactMap { tick in
            PlotFrame.pixel(frame.column(tick.value)).flatMap { area.contains($0, area.top) ? ($0, tick.label) : nil }
        }
        let yTicks = PlotTicks.ticks(low: frame.yLow, high: frame.yHigh).compactMap { tick in
            PlotFrame.pixel(frame.row(tick.value)).flatMap { area.contains(area.left, $0) ? ($0, tick.label) : nil }
        }

        for (column, _) in xTicks { canvas.line(column, area.top, column, area.bottom, .lightGrey, clip: area) }
        for (row, _) in yTicks { canvas.line(area.left, row, area.right, row, .lightGrey, clip: area) }

        var thresholdRows: [(row: Int, threshold: PlotThreshold)] = []
        for threshold in plot.thresholds {
            guard let row = PlotFrame.pixel(frame.row(threshold.y)), area.contains(area.left, row) else { continue }
            thresholdRows.append((row, threshold))
            // Dashes of 6 pixels on, 4 off, counted from the area's left edge.
            for x in area.left...area.right where !threshold.dashed || (x - area.left) % 10 < 6 {
                canvas.set(x, row, threshold.color, clip: area)
            }
        }

        for series in plot.series { draw(series, frame, &canvas) }
        for marker in plot.markers { draw(marker, frame, &canvas) }

        canvas.line(area.left, area.top, area.left, area.bottom, .black, clip: bounds)
        canvas.line(area.left, area.bottom, area.right, area.bottom, .black, clip: bounds)
        for (column, label) in xTicks {
            canvas.line(column, area.bottom + 1, column, area.bottom + 4, .black, clip: bounds)
            canvas.text(label, x: column - BitmapFont.widthPixels(of: label) / 2, y: area.bottom + 6, .black)
        }
        for (row, label) in yTicks {
            canvas.line(area.left - 4, row, area.left - 1, row, .black, clip: bounds)
            canvas.text(label, x: area.left - 6 - BitmapFont.widthPixels(of: label), y: row - 3, .black)
        }

        canvas.text(plot.title, x: (plot.widthPixels - BitmapFont.widthPixels(of: plot.title)) / 2,
                    y: min(PlotFrame.titleTopPixels, (area.top - BitmapFont.glyphHeightPixels) / 2), .black)
        canvas.text(plot.xLabel, x: (area.left + area.right - BitmapFont.widthPixels(of: plot.xLabel)) / 2,
                    y: area.bottom + 22, .black)
        canvas.textUp(plot.yLabel, x: max(0, area.left - 60),
                      y: (area.top + area.bottom + BitmapFont.widthPixels(of: plot.yLabel)) / 2, .black)
        for (row, threshold) in thresholdRows {
            canvas.text(threshold.name, x: area.right + 4, y: row - 3, threshold.color)
        }
        drawLegend(plot, area, &canvas)
        return canvas.image
    }

    /// Lines join consecutive drawable points (finite x and y); a gap (NaN y) breaks the line, and
    /// a point with gaps on both sides is drawn as a dot. Steps run horizontally to the next
    /// point's x, even when that point is a gap, then vertically to its y.
    static func draw(_ series: PlotSeries, _ frame: PlotFrame, _ canvas: inout PlotCanvas) {
        let area = frame.area
        var previous: (x: Double, y: Double)?  // the last drawable point, nil after a gap
        for point in series.points {
            let here = point.x.isFinite && point.y.isFinite ? (x: frame.column(point.x), y: frame.row(point.y)) : nil
            switch series.style {
            case .line:
                if let here { canvas.segment(from: previous ?? here, to: here, series.color, clip: area, thick: true) }
            case .step:
                if let previous, point.x.isFinite {
                    let corner = (x: frame.column(point.x), y: previous.y)
                    canvas.segment(from: previous, to: corner, series.color, clip: area, thick: true)
                    if let here { canvas.segment(from: corner, to: here, series.color, clip: area, thick: true) }
                } else if let here {
                    canvas.segment(from: here, to: here, series.color, clip: area, thick: true)
                }
            case .scatter:
                if let here, let x = PlotFrame.pixel(here.x), let y = PlotFrame.pixel(here.y), area.contains(x, y) {
                    for dy in -1...1 { for dx in -1...1 { canvas.set(x + dx, y + dy, series.color, clip: area) } }
                }
            }
            previous = here
        }
    }

    /// A marker whose x (and y, if any) maps inside the area; without y, its top row on the area's top edge.
    static func draw(_ marker: PlotMarker, _ frame: PlotFrame, _ canvas: inout PlotCanvas) {
        let area = frame.area
        guard let x = PlotFrame.pixel(frame.column(marker.x)), area.contains(x, area.top) else { return }
        if marker.shape == .bar {
            canvas.line(x, area.top, x, area.bottom, marker.color, clip: area)
            return
        }
        var y = area.top + 3
        if let value = marker.y {
            guard let row = PlotFrame.pixel(frame.row(value)), area.contains(x, row) else { return }
            y = row
        }
        drawShape(marker.shape, x, y, marker.color, &canvas)
    }

    /// The 7×7 shape centred on (x, y), large enough to find at a glance on a 2 px line: a triangle
    /// pointing down (rows 7, 5, 5, 3, 3, 1, 1 wide), an X, a diamond, or (in the legend) a vertical bar.
    static func drawShape(_ shape: PlotMarkerShape, _ x: Int, _ y: Int, _ color: PlotColor, _ canvas: inout PlotCanvas) {
        for dy in -3...3 {
            for dx in -3...3 {
                let covered: Bool
                switch shape {
                case .triangle: covered = 2 * dx.magnitude <= 3 - dy
                case .cross: covered = dx.magnitude == dy.magnitude
                case .diamond: covered = dx.magnitude + dy.magnitude <= 3
                case .bar: covered = dx == 0
                }
                if covered { canvas.set(x + dx, y + dy, color, clip: canvas.bounds) }
            }
        }
    }

    /// One entry per named series, then one per distinct (label, shape, colour) of the markers, in
    /// order of first appearance, in a row between the title and the area: outside the data, so a
    /// legend never hides a marker. As many entries as fit the width; none when the top margin is
    /// too small for a second row (the smallest plots).
    static func drawLegend(_ plot: Plot, _ area: PixelRect, _ canvas: inout PlotCanvas) {
        enum Swatch: Equatable { case series(PlotStyle), marker(PlotMarkerShape) }
        var entries: [(name: String, color: PlotColor, swatch: Swatch)] = []
        for series in plot.series where !series.name.isEmpty {
            entries.append((series.name, series.color, .series(series.style)))
        }
        for marker in plot.markers where !marker.label.isEmpty
            && !entries.contains(where: { $0.name == marker.label && $0.color == marker.color && $0.swatch == .marker(marker.shape) }) {
            entries.append((marker.label, marker.color, .marker(marker.shape)))
        }
        let top = PlotFrame.legendTopPixels
        guard area.top >= top + BitmapFont.glyphHeightPixels + 4 else { return }
        var left = area.left
        for entry in entries {
            let width = 12 + 4 + BitmapFont.widthPixels(of: entry.name)
            guard left + width <= plot.widthPixels - 4 else { break }
            switch entry.swatch {
            case .series(.scatter):
                canvas.fill(PixelRect(left: left + 5, top: top + 2, right: left + 7, bottom: top + 4), entry.color)
            case .series:
                canvas.fill(PixelRect(left: left, top: top + 3, right: left + 11, bottom: top + 4), entry.color)
            case .marker(let shape):
                drawShape(shape, left + 6, top + 3, entry.color, &canvas)
            }
            canvas.text(entry.name, x: left + 16, y: top, .black)
            left += width + 14
        }
    }
}
