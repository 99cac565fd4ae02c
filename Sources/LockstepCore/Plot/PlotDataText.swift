extension Plot {
    /// Places after the point for x values and the x range: nanoseconds when x is seconds.
    static let xPlaces = 9
    /// Places after the point for y values, thresholds and the y range.
    static let yPlaces = 6

    /// Everything the plot holds as canonical text: ASCII, one item a line, `\n` after each line.
    ///
    /// ```
    /// plot 1
    /// title "Set 1: pushUp"
    /// x-label "seconds since set start"
    /// y-label "elbow angle (degrees)"
    /// size 800x400
    /// x-range auto                               (or: x-range 0.000000000..20.300000000)
    /// y-range auto                               (or: y-range 80.000000..170.000000)
    /// threshold name="down" y=90.000000 color=#d62728 dashed=true
    /// series name="smoothed" style=line color=#1f77b4 points=2
    /// point 0.000000000 170.000000
    /// point 0.033333333 nan
    /// marker x=2.033333333 y=- label="counted" shape=triangle color=#2ca02c
    /// ```
    ///
    /// Thresholds, then each series followed by exactly its points, then markers. Numbers are fixed
    /// decimals, rounded half to even from the exact binary value (`FixedDecimal`): x with 9
    /// places, y with 6; a gap is `nan`, a marker without y is `y=-`. Strings are quoted, with `\"`,
    /// `\\` and `\u{XXXX}` for every scalar outside printable ASCII.
    ///
    /// `Plot.parse` reads it back. Values with at most 9 (x) or 6 (y) decimals come back exactly,
    /// so `Plot.parse(p.dataText) == p`; other values come back as their rounded decimals, and
    /// `Plot.parse(p.dataText).dataText == p.dataText` holds while the rounding is unambiguous,
    /// |x| < 2^23 (8 388 608) and |y| < 2^33 (where a double's spacing is finer than the last
    /// printed place). Non-finite x and infinite y are written as `nan`/`inf`, which parse refuses.
    public var dataText: String {
        var out: [UInt8] = []
        func line(_ text: String) { out.append(contentsOf: text.utf8); out.append(10) }
        func quoted(_ key: String, _ text: String) -> String { key + "=\"" + Plot.escaped(text) + "\"" }
        line("plot 1")
        line("title \"" + Plot.escaped(title) + "\"")
        line("x-label \"" + Plot.escaped(xLabel) + "\"")
        line("y-label \"" + Plot.escaped(yLabel) + "\"")
        line("size \(widthPixels)x\(heightPixels)")
        line("x-range " + (xRange.map { Plot.fixed($0.lowerBound, Plot.xPlaces) + ".." + Plot.fixed($0.upperBound, Plot.xPlaces) } ?? "auto"))
        line("y-range " + (yRange.map { Plot.fixed($0.lowerBound, Plot.yPlaces) + ".." + Plot.fixed($0.upperBound, Plot.yPlaces) } ?? "auto"))
        for threshold in thresholds {
            line("threshold " + quoted("name", threshold.name) + " y=" + Plot.fixed(threshold.y, Plot.yPlaces)
                 + " color=" + Plot.hex(threshold.color) + " dashed=\(threshold.dashed)")
        }
        for series in series {
            line("series " + quoted("name", series.name) + " style=" + series.style.rawValue
                 + " color=" + Plot.hex(series.color) + " points=\(series.points.count)")
            for point in series.points {
                out.append(contentsOf: "point ".utf8)
                FixedDecimal.append(point.x, places: Plot.xPlaces, to: &out)
                out.append(32)
                FixedDecimal.append(point.y, places: Plot.yPlaces, to: &out)
                out.append(10)
            }
        }
        for marker in markers {
            line("marker x=" + Plot.fixed(marker.x, Plot.xPlaces) + " y=" + (marker.y.map { Plot.fixed($0, Plot.yPlaces) } ?? "-")
                 + " " + quoted("label", marker.label) + " shape=" + marker.shape.rawValue + " color=" + Plot.hex(marker.color))
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func fixed(_ value: Double, _ places: Int) -> String { FixedDecimal.format(value, places: places) }

    /// `#rrggbb`, lower case.
    static func hex(_ color: PlotColor) -> String {
        "#" + Hex.lower(UInt64(color.red) << 16 | UInt64(color.green) << 8 | UInt64(color.blue), digits: 6)
    }

    /// The inside of a quoted string: printable ASCII as is, except `"` and `\`, which get a
    /// backslash; every other scalar as `\u{XXXX}` (4 to 6 upper-case hex digits).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 34, 92: out.append("\\"); out.unicodeScalars.append(scalar)
            case 32...126: out.unicodeScalars.append(scalar)
            default: out.append("\\u{" + Hex.upper(UInt64(scalar.value), digits: scalar.value > 0xFFFF ? (scalar.value > 0xFFFFF ? 6 : 5) : 4) + "}")
            }
        }
        return out
    }
}
