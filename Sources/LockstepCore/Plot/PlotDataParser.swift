extension Plot {
    /// Reads a plot from the text `dataText` writes: the inverse of `dataText` (see there for the
    /// format and for when the round trip is exact).
    ///
    /// Strict about layout (the lines in `dataText`'s order, keys in its order, single spaces,
    /// ASCII only), lenient only about numbers, which may have any number of decimals (`1.5`).
    /// x values and ranges must be finite, a threshold's and marker's y finite, a point's y finite
    /// or `nan`. The limits of `Plot` (size, `maxPoints`) are errors here, never traps.
    ///
    /// - Throws: `PlotDataError` at the first problem, with its 1-based line and column.
    public static func parse(_ dataText: String) throws(PlotDataError) -> Plot {
        var parser = PlotDataParser(dataText)
        return try parser.plot()
    }
}

/// The reader behind `Plot.parse`: a cursor over the current line's bytes.
struct PlotDataParser {
    private let lines: [[UInt8]]
    /// Lines read so far, so also the 1-based number of the current line.
    private var lineNumber = 0
    private var bytes: [UInt8] = []
    private var position = 0

    init(_ text: String) {
        var lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }  // what follows the final "\n"
        self.lines = lines
    }

    mutating func plot() throws(PlotDataError) -> Plot {
        try startLine("plot", "plot 1"); try endOfLine()
        try startLine("title", "title "); let title = try string(); try endOfLine()
        try startLine("x-label", "x-label "); let xLabel = try string(); try endOfLine()
        try startLine("y-label", "y-label "); let yLabel = try string(); try endOfLine()
        try startLine("size", "size ")
        let width = try integer(in: Plot.sizeLimitPixels, "width")
        try literal("x")
        let height = try integer(in: Plot.sizeLimitPixels, "height")
        try endOfLine()
        let xRange = try range("x-range ")
        let yRange = try range("y-range ")

        var plot = Plot(title: title, xLabel: xLabel, yLabel: yLabel, widthPixels: width, heightPixels: height,
                        xRange: xRange, yRange: yRange)
        var pointCount = 0
        while lineNumber < lines.count {
            try startLine("threshold, series or marker", "")
            if has("threshold ") {
                guard plot.series.isEmpty && plot.markers.isEmpty else { throw error("thresholds come before series and markers") }
                try literal("threshold name=")
                let name = try string()
                try literal(" y="); let y = try number("y")
                try literal(" color="); let color = try self.color()
                try literal(" dashed="); let dashed = try word([true, false], \.description)
                try endOfLine()
                plot.thresholds.append(PlotThreshold(name, y: y, color: color, dashed: dashed))
            } else if has("series ") {
                guard plot.markers.isEmpty else { throw error("series come before markers") }
                try literal("series name="); let name = try string()
                try literal(" style="); let style = try word(PlotStyle.allCases, \.rawValue)
                try literal(" color="); let color = try self.color()
                try literal(" points=")
                let count = try integer(in: 0...(Plot.maxPoints - pointCount), "point count (Plot.maxPoints in all)")
                try endOfLine()
                pointCount += count
                var points: [PlotPoint] = []
                points.reserveCapacity(count)
                for k in 0..<count {
                    try startLine("point \(k + 1) of \(count) of series \"\(Plot.escaped(name))\"", "point ")
                    let x = try number("x")
                    try literal(" ")
                    let y = try number("y", allowNaN: true)
                    try endOfLine()
                    points.append(PlotPoint(x: x, y: y))
                }
                plot.series.append(PlotSeries(name, style: style, color: color, points: points))
            } else if has("marker ") {
                try literal("marker x="); let x = try number("x")
                try literal(" y=")
                let y: Double?
                if has("- ") { position += 1; y = nil } else { y = try number("y (or -)") }
                try literal(" label="); let label = try string()
                try literal(" shape="); let shape = try word(PlotMarkerShape.allCases, \.rawValue)
                try literal(" color="); let color = try self.color()
                try endOfLine()
                plot.markers.append(PlotMarker(x: x, y: y, label: label, shape: shape, color: color))
            } else if has("point ") {
                throw error("more points than the series' points= count")
            } else {
                throw error("expected threshold, series or marker")
            }
        }
        return plot
    }

    // MARK: Lines and literals

    /// Moves to the next line and reads `prefix`; at the end of the text, says `what` was expected.
    /// (`what` is an autoclosure: it is only built for the message, not for every point line.)
    private mutating func startLine(_ what: @autoclosure () -> String, _ prefix: String) throws(PlotDataError) {
        guard lineNumber < lines.count else {
            throw PlotDataError(line: lines.count + 1, column: 1, message: "the text ends; expected \(what())")
        }
        bytes = lines[lineNumber]
        lineNumber += 1
        position = 0
        if !has(prefix) { throw error("expected \(what())") }
        position = prefix.utf8.count
    }

    private func has(_ text: String) -> Bool {
        bytes.count - position >= text.utf8.count && bytes[position...].starts(with: text.utf8)
    }

    private mutating func literal(_ text: String) throws(PlotDataError) {
        guard has(text) else { throw error("expected '\(text)'") }
        position += text.utf8.count
    }

    private func endOfLine() throws(PlotDataError) {
        guard position == bytes.count else { throw error("expected the end of the line") }
    }

    private func error(_ message: String, at column: Int? = nil) -> PlotDataError {
        PlotDataError(line: lineNumber, column: column ?? position + 1, message: message)
    }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (48...57).contains($0) } ?? false }

    // MARK: Values

    /// A decimal `-?digits(.digits)?`, converted correctly rounded; or `nan` when allowed.
    private mutating func number(_ what: String, allowNaN: Bool = false) throws(PlotDataError) -> Double {
        let start = position
        let expected = "expected \(what): a decimal number" + (allowNaN ? " or nan" : "")
        if allowNaN && has("nan") {
            position += 3
        } else {
            if next == 45 { position += 1 }
            guard Self.isDigit(next) else { throw error(expected, at: start + 1) }
            while Self.isDigit(next) { position += 1 }
            if next == 46 && position + 1 < bytes.count && Self.isDigit(bytes[position + 1]) {
                position += 1
                while Self.isDigit(next) { position += 1 }
            }
        }
        // A number ends at a space, the end of the line or a range's "..".
        guard next == nil || next == 32 || next == 46 else { throw error(expected, at: start + 1) }
        // The scenario lexer's conversion: exact fast path, else the standard library's correctly
        // rounded one; both give the nearest double, on every machine.
        let value = Array(bytes[start..<position]).withUnsafeBufferPointer { Lexer.double($0, 0, $0.count) }
        guard value.isFinite || (allowNaN && value.isNaN) else { throw error("\(what) is too large for a double", at: start + 1) }
        return value
    }

    /// `auto`, or `low..high` with low <= high.
    private mutating func range(_ prefix: String) throws(PlotDataError) -> ClosedRange<Double>? {
        let name = String(prefix.dropLast())
        try startLine(name, prefix)
        if has("auto") { position += 4; try endOfLine(); return nil }
        let start = position
        let low = try number("\(name) low (or auto)")
        try literal("..")
        let high = try number("\(name) high")
        try endOfLine()
        guard low <= high else { throw error("\(name) low is above high", at: start + 1) }
        return low...high
    }

    private mutating func integer(in limits: ClosedRange<Int>, _ what: String) throws(PlotDataError) -> Int {
        let start = position
        var value = 0
        while Self.isDigit(next) && value <= limits.upperBound {
            value = value * 10 + Int(bytes[position] - 48)
            position += 1
        }
        guard position > start, !Self.isDigit(next), limits.contains(value) else {
            throw error("expected \(what) in \(limits.lowerBound)...\(limits.upperBound)", at: start + 1)
        }
        return value
    }

    /// One of `choices`, by its spelling; the longest spelling that matches wins.
    private mutating func word<T>(_ choices: [T], _ spelling: (T) -> String) throws(PlotDataError) -> T {
        var best: T?
        var length = 0
        for choice in choices where has(spelling(choice)) && spelling(choice).utf8.count > length {
            best = choice
            length = spelling(choice).utf8.count
        }
        guard let best else { throw error("expected one of: " + choices.map(spelling).joined(separator: ", ")) }
        position += length
        return best
    }

    /// `#rrggbb` (either case).
    private mutating func color() throws(PlotDataError) -> PlotColor {
        let start = position
        var value: UInt32 = 0
        guard next == 35 else { throw error("expected a colour #rrggbb") }
        position += 1
        for _ in 0..<6 {
            guard let digit = next.flatMap(Self.hexValue) else { throw error("expected a colour #rrggbb", at: start + 1) }
            value = value << 4 | digit
            position += 1
        }
        return PlotColor(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 48...57: return UInt32(byte - 48)
        case 65...70: return UInt32(byte - 55)
        case 97...102: return UInt32(byte - 87)
        default: return nil
        }
    }

    /// A quoted string: printable ASCII, `\"`, `\\`, `\u{X}` with 1 to 6 hex digits.
    private mutating func string() throws(PlotDataError) -> String {
        guard next == 34 else { throw error("expected a quoted string") }
        let open = position + 1
        position += 1
        var text = ""
        while let byte = next, byte != 34 {
            guard (32...126).contains(byte) else { throw error("only printable ASCII in strings; write other characters as \\u{XXXX}") }
            position += 1
            guard byte == 92 else { text.unicodeScalars.append(Unicode.Scalar(byte)); continue }
            let escape = position
            if next == 34 || next == 92 { text.unicodeScalars.append(Unicode.Scalar(bytes[position])); position += 1; continue }
            guard has("u{") else { throw error("unknown escape; use \\\", \\\\ or \\u{XXXX}", at: escape) }
            position += 2
            var value: UInt32 = 0
            var digits = 0
            while let digit = next.flatMap(Self.hexValue), digits < 6 { value = value << 4 | digit; digits += 1; position += 1 }
            guard digits > 0, next == 125, let scalar = Unicode.Scalar(value) else {
                throw error("\\u{...} needs 1 to 6 hex digits naming a Unicode scalar", at: escape)
            }
            position += 1
            text.unicodeScalars.append(scalar)
        }
        guard next == 34 else { throw error("the string is not closed", at: open) }
        position += 1
        return text
    }
}
