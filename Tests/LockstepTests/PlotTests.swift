import Testing
@testable import LockstepCore

/// Plot: ticks, mapping and raster, the bitmap font, PNG text chunks, the data text and its parser,
/// determinism.
@Suite struct PlotTests {
    // MARK: Fixtures

    /// 800×400 with explicit ranges x 0...10, y 0...10: the area is columns 64...727 and rows
    /// 36...359, so data x maps to column 64 + x × 66.3 and y to row 359 − y × 32.3.
    static func grid(series: [PlotSeries] = [], thresholds: [PlotThreshold] = [], markers: [PlotMarker] = []) -> Plot {
        Plot(title: "", xLabel: "", yLabel: "", series: series, thresholds: thresholds, markers: markers,
             xRange: 0...10, yRange: 0...10)
    }

    static func colour(_ image: PNGImage, _ x: Int, _ y: Int) -> PlotColor {
        let p = image.pixel(x: x, y: y)
        return PlotColor(p.r, p.g, p.b)
    }

    /// A push-up set: the smoothed elbow angle at 30 fps with a camera gap, the raw angle at 10 fps,
    /// the phase as a step, two thresholds and the counted reps. `DetMath.cos`, not libm, so the
    /// data (and so the pinned digest) is the same on every machine.
    static func sample() -> Plot {
        func angle(_ t: Double) -> Double { 125 + 45 * DetMath.cos(2 * Double.pi * t / 2.5) }
        var smoothed: [PlotPoint] = []
        for frame in 0...609 {
            let t = Double(frame) / 30
            smoothed.append(PlotPoint(x: t, y: (180...195).contains(frame) ? .nan : angle(t)))
        }
        let raw = stride(from: 0, through: 203, by: 1).map { k -> PlotPoint in
            let t = Double(k) / 10
            return PlotPoint(x: t, y: angle(t) + Double((k * 37) % 11) - 5)
        }
        let phase = (0...8).map { PlotPoint(x: 1.25 + 2.5 * Double($0) - 0.6, y: $0 % 2 == 0 ? 85 : 165) }
        let counted = (1...8).map { PlotMarker(x: 2.5 * Double($0), label: "counted", shape: .triangle, color: .green) }
        return Plot(title: "Set 1: pushUp", xLabel: "seconds since set start", yLabel: "elbow angle (degrees)",
                    series: [PlotSeries("raw", style: .scatter, color: .grey, points: raw),
                             PlotSeries("smoothed", color: .blue, points: smoothed),
                             PlotSeries("phase", style: .step, color: .orange, points: phase)],
                    thresholds: [PlotThreshold("down", y: 90, color: .red), PlotThreshold("up", y: 160, color: .green, dashed: false)],
                    markers: counted + [PlotMarker(x: 6.0, label: "camera lost", shape: .bar, color: .purple),
                                        PlotMarker(x: 11.2, y: 150, label: "too fast", shape: .cross, color: .red),
                                        PlotMarker(x: 14.0, y: 100, label: "go deeper", shape: .diamond, color: .teal)])
    }

    // MARK: Ticks

    @Test func ticksKnownValues() {
        func labels(_ low: Double, _ high: Double) -> [String] { PlotTicks.ticks(low: low, high: high).map(\.label) }
        // The smallest 1-2-5 step giving at most 10 ticks.
        #expect(labels(0, 20.3) == ["0", "5", "10", "15", "20"])  // step 2 would give 11
        #expect(PlotTicks.ticks(low: 0, high: 20.3).map(\.value) == [0, 5, 10, 15, 20])
        #expect(labels(80, 170) == ["80", "90", "100", "110", "120", "130", "140", "150", "160", "170"])
        #expect(labels(75.5, 174.5) == ["80", "90", "100", "110", "120", "130", "140", "150", "160", "170"])
        #expect(labels(-1, 1) == ["-1.0", "-0.5", "0.0", "0.5", "1.0"])
        #expect(labels(-50, -10) == ["-50", "-45", "-40", "-35", "-30", "-25", "-20", "-15", "-10"])
        #expect(labels(0, 0.001) == ["0.0000", "0.0002", "0.0004", "0.0006", "0.0008", "0.0010"])
        #expect(labels(1000, 1000.001) == ["1000.0000", "1000.0002", "1000.0004", "1000.0006", "1000.0008", "1000.0010"])
        #expect(labels(0, 1e6) == ["0", "200000", "400000", "600000", "800000", "1000000"])
        #expect(labels(-1e6, 1e6) == ["-1000000", "-500000", "0", "500000", "1000000"])
        #expect(labels(0, 3e9) == ["0", "5e8", "1e9", "1.5e9", "2e9", "2.5e9", "3e9"])
        #expect(labels(0, 1e-12) == ["0", "2e-13", "4e-13", "6e-13", "8e-13", "1e-12"])
        #expect(PlotTicks.ticks(low: 0, high: 0.3).map(\.value) == [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3])
        #expect(labels(1, 1).isEmpty)
        #expect(labels(2, 1).isEmpty)
        #expect(labels(0, .nan).isEmpty)
        #expect(labels(0, .infinity).isEmpty)
        #expect(labels(1e300, 1e300 + 1e285).isEmpty)  // 10^15 steps from zero: cannot tell ticks apart
    }

    @Test func ticksAreFourToTenEvenlySpaced() {
        var low = -7.3
        for k in 0..<400 {
            let span = 0.0013 * Double(k * k + 1)
            let ticks = PlotTicks.ticks(low: low, high: low + span)
            #expect((4...10).contains(ticks.count), "\(low)...\(low + span): \(ticks.map(\.label))")
            #expect(ticks.allSatisfy { $0.value >= low - span * 1e-6 && $0.value <= low + span * (1 + 1e-6) })
            #expect(Set(ticks.map(\.label)).count == ticks.count)
            low += 0.37
        }
    }

    @Test func tickLabels() {
        #expect(PlotTicks.label(units: 15, exponent: 7) == "1.5e8")
        #expect(PlotTicks.label(units: -5, exponent: -1) == "-0.5")
        #expect(PlotTicks.label(units: 0, exponent: -2) == "0.00")
        #expect(PlotTicks.label(units: 12, exponent: -9) == "0.000000012")
        #expect(PlotTicks.label(units: -20, exponent: -11) == "-2e-10")
        #expect(PlotTicks.label(units: 3, exponent: 6) == "3000000")
    }

    @Test func autoRanges() {
        #expect(PlotFrame.resolve(nil, [0, 20, .nan]) == (-1, 21))  // padded 5 % of the span each side
        #expect(PlotFrame.resolve(nil, []) == (0, 1))
        #expect(PlotFrame.resolve(nil, [.nan, .infinity]) == (0, 1))
        #expect(PlotFrame.resolve(nil, [0]) == (-1.1, 1.1))  // widened to ±1, then padded
        #expect(PlotFrame.resolve(3...3, [100]) == (2.85, 3.15))  // given: widened by ±5 %, not padded
        #expect(PlotFrame.resolve(2...4, [100]) == (2, 4))
        #expect(PlotFrame.resolve(-Double.infinity...4, [1, 3]) == (0.9, 3.1))  // infinite bound: auto
        // The y range takes thresholds and marker values into account, the x range marker x.
        let plot = Plot(title: "", xLabel: "", yLabel: "", series: [PlotSeries("s", color: .blue, points: [PlotPoint(x: 0, y: 50)])],
                        thresholds: [PlotThreshold("t", y: 150, color: .red)], markers: [PlotMarker(x: 20, y: 100, label: "m", shape: .cross, color: .red)])
        let frame = PlotFrame(plot)
        #expect((frame.xLow, frame.xHigh) == (-1, 21))
        #expect((frame.yLow, frame.yHigh) == (45, 155))
    }

    // MARK: Raster

    @Test func renderedPlotDecodesToItsSize() throws {
        for (width, height) in [(800, 400), (64, 64), (333, 97), (1200, 64)] {
            var plot = Self.sample()
            plot.widthPixels = width
            plot.heightPixels = height
            let png = plot.png()
            let decoded = try PNG.decode(png)
            #expect(decoded.width == width && decoded.height == height)
            #expect(decoded == plot.render())
            #expect(png[25] == 2, "RGB colour type")
        }
    }

    @Test func seriesPixelsAtMappedPoints() {
        // x 2 → column 64 + 132.6 = 196.6 → 197; y 4 → row 359 − 129.2 = 229.8 → 230.
        let dot = Self.grid(series: [PlotSeries("", style: .scatter, color: .orange, points: [PlotPoint(x: 2, y: 4)])]).render()
        for dy in -1...1 { for dx in -1...1 { #expect(Self.colour(dot, 197 + dx, 230 + dy) == .orange) } }
        #expect(Self.colour(dot, 199, 230) != .orange)
        #expect(Self.colour(dot, 197, 232) != .orange)
        // A line from (2, 4) to (8, 4): row 230 and, for the 2-pixel thickness, row 231.
        let line = Self.grid(series: [PlotSeries("", color: .blue, points: [PlotPoint(x: 2, y: 4), PlotPoint(x: 8, y: 4)])]).render()
        for x in 197...594 { #expect(Self.colour(line, x, 230) == .blue && Self.colour(line, x, 231) == .blue) }
        #expect(Self.colour(line, 196, 230) != .blue)
        #expect(Self.colour(line, 595, 230) != .blue)
        #expect(Self.colour(line, 300, 229) != .blue && Self.colour(line, 300, 232) != .blue)
        // A diagonal from the area's bottom-left corner (0, 0) to its top-right (10, 10) ends there.
        let diagonal = Self.grid(series: [PlotSeries("", color: .red, points: [PlotPoint(x: 0, y: 0), PlotPoint(x: 10, y: 10)])]).render()
        #expect(Self.colour(diagonal, 727, 36) == .red)
        #expect(Self.colour(diagonal, 396, 197) == .red || Self.colour(diagonal, 396, 198) == .red)
    }

    @Test func linesAreClippedToTheArea() {
        // From far outside on both sides, through the middle: only area pixels change.
        let plot = Self.grid(series: [PlotSeries("", color: .red, points: [PlotPoint(x: -1e12, y: 5), PlotPoint(x: 1e300, y: 5),
                                                                         PlotPoint(x: 5, y: -1e308), PlotPoint(x: 5, y: .infinity)])])
        let image = plot.render()
        #expect(Self.colour(image, 65, 198) == .red)   // y 5 → row 197.5, a tie, to even: 198
        #expect(Self.colour(image, 727, 198) == .red)
        #expect(Self.colour(image, 728, 198) == .white)  // the right margin
        #expect(Self.colour(image, 63, 198) == .white)
    }

    @Test func thresholdIsDashedSixOnFourOff() {
        let image = Self.grid(thresholds: [PlotThreshold("limit", y: 5, color: .red),
                                           PlotThreshold("solid", y: 1, color: .green, dashed: false)]).render()
        // y 5 → row 197.5 → 198 (ties to even); not a grid row (the y ticks are at 0, 2, ... 10).
        for x in 65...727 {
            #expect((Self.colour(image, x, 198) == .red) == ((x - 64) % 10 < 6), "column \(x)")
        }
        // y 1 → row 326.7 → 327, solid, except where the x grid is not (thresholds are drawn over it).
        for x in 65...727 { #expect(Self.colour(image, x, 327) == .green) }
        // The name starts 4 pixels right of the area, its first column ("l": .##..) at 733, 3 rows up.
        #expect(Self.colour(image, 733, 195) == .red)
    }

    @Test func nanBreaksTheLine() {
        // x 3 → column 262.9 → 263; x 4 → 329.2 → 329; x 7 → 528.1 → 528. y 5 → row 198.
        let points = [PlotPoint(x: 0, y: 5), PlotPoint(x: 3, y: 5), PlotPoint(x: 4, y: .nan), PlotPoint(x: 7, y: 5), PlotPoint(x: 10, y: 5)]
        let line = Self.grid(series: [PlotSeries("", color: .blue, points: points)]).render()
        for x in 65...263 { #expect(Self.colour(line, x, 198) == .blue) }
        for x in 264...527 { #expect(Self.colour(line, x, 198) != .blue, "column \(x) should be in the gap") }
        for x in 528...727 { #expect(Self.colour(line, x, 198) == .blue) }
        // A step holds its value up to the gap's x, then nothing until the next point.
        let step = Self.grid(series: [PlotSeries("", style: .step, color: .orange, points: points)]).render()
        for x in 65...329 { #expect(Self.colour(step, x, 198) == .orange) }
        for x in 330...527 { #expect(Self.colour(step, x, 198) != .orange, "column \(x) should be in the gap") }
        #expect(Self.colour(step, 528, 198) == .orange)
        // A point with gaps on both sides is still visible.
        let lone = Self.grid(series: [PlotSeries("", color: .blue, points: [PlotPoint(x: 1, y: .nan), PlotPoint(x: 3, y: 5), PlotPoint(x: 4, y: .nan)])]).render()
        #expect(Self.colour(lone, 263, 198) == .blue && Self.colour(lone, 263, 199) == .blue)
    }

    @Test func markers() {
        // x 5 → column 395.5 → 396; y 5 → row 198.
        let image = Self.grid(markers: [PlotMarker(x: 5, y: 5, label: "", shape: .diamond, color: .purple),
                                        PlotMarker(x: 2, label: "", shape: .triangle, color: .green),
                                        PlotMarker(x: 8, label: "", shape: .bar, color: .teal),
                                        PlotMarker(x: 3, y: 8, label: "", shape: .cross, color: .red)]).render()
        // A 7×7 diamond: its top at 3 rows up, its left at 3 columns left.
        #expect(Self.colour(image, 396, 195) == .purple && Self.colour(image, 393, 198) == .purple)
        #expect(Self.colour(image, 395, 195) == .white && Self.colour(image, 392, 198) == .white)
        // No y: the triangle's top row (7 wide) on the area's top edge, row 36; its tip at row 42.
        for x in 194...200 { #expect(Self.colour(image, x, 36) == .green) }
        #expect(Self.colour(image, 197, 42) == .green && Self.colour(image, 196, 42) == .white)
        // A bar spans the whole area: x 8 → column 594.4 → 594.
        for y in 36...358 { #expect(Self.colour(image, 594, y) == .teal) }
        // x 3 → 263, y 8 → row 100.6 → 101 (a grid row): an X.
        #expect(Self.colour(image, 260, 98) == .red && Self.colour(image, 266, 104) == .red && Self.colour(image, 263, 101) == .red)
        #expect(Self.colour(image, 262, 101) == .lightGrey && Self.colour(image, 263, 100) == .white)
    }

    @Test func legendListsSeriesAndDistinctMarkers() {
        let plot = Self.grid(series: [PlotSeries("smoothed", color: .blue)],
                             markers: [PlotMarker(x: 1, label: "rep", shape: .triangle, color: .green),
                                       PlotMarker(x: 2, label: "rep", shape: .triangle, color: .green)])
        let image = plot.render()
        // One row above the area (rows 20...26), from its left edge: the series swatch at columns
        // 64...75, rows 23...24; its name from 80; then 63 + 14 on, at 141, the marker's triangle
        // centred on (147, 23), top row 20, once although two markers share it.
        #expect(Self.colour(image, 64, 23) == .blue && Self.colour(image, 75, 24) == .blue && Self.colour(image, 76, 23) == .white)
        #expect((20...26).contains { y in (80...84).contains { Self.colour(image, $0, y) == .black } }, "the name's first glyph")
        for x in 144...150 { #expect(Self.colour(image, x, 20) == .green) }
        var green = 0
        for y in 14...32 { for x in 0..<800 where Self.colour(image, x, y) == .green { green += 1 } }
        #expect(green == 25, "one 7×7 triangle (7 + 5 + 5 + 3 + 3 + 1 + 1 pixels) in the legend row")
        // Nothing of the legend inside the area.
        #expect(Self.colour(image, 700, 40) == .white)
    }

    // MARK: Font

    @Test func glyphTable() {
        #expect(BitmapFont.glyphs.count == 95)
        #expect(BitmapFont.glyphs.allSatisfy { $0.count == 7 && $0.allSatisfy { $0 < 32 } })
        #expect(BitmapFont.glyph("1") == [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110])
        #expect(BitmapFont.glyph("A") == [0b01110, 0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001])
        #expect(BitmapFont.glyph(" ") == [0, 0, 0, 0, 0, 0, 0])
        #expect(BitmapFont.glyph("é") == BitmapFont.unknownGlyph)
        #expect(BitmapFont.glyph("\u{7F}") == BitmapFont.unknownGlyph)
        // Every printable glyph but the space has ink, and no two are the same.
        #expect(BitmapFont.glyphs.dropFirst().allSatisfy { $0.contains { $0 != 0 } })
        #expect(Set(BitmapFont.glyphs.map { $0.map(String.init).joined(separator: ",") }).count == 95)
        #expect(BitmapFont.widthPixels(of: "abc") == 17)
        #expect(BitmapFont.widthPixels(of: "") == 0)
    }

    @Test func textIsDrawnUprightAndTurned() {
        var canvas = PlotCanvas(widthPixels: 20, heightPixels: 20, background: .white)
        canvas.text("1", x: 2, y: 3, .black)
        canvas.textUp("1", x: 10, y: 15, .black)
        let image = canvas.image
        let glyph = BitmapFont.glyph("1")
        for row in 0..<7 {
            for column in 0..<5 {
                let ink = glyph[row] >> (4 - column) & 1 == 1
                #expect((Self.colour(image, 2 + column, 3 + row) == .black) == ink)
                // Counter-clockwise: the glyph's top row is the left column, its left column the bottom row.
                #expect((Self.colour(image, 10 + row, 15 - column) == .black) == ink)
            }
        }
    }

    // MARK: PNG text chunks

    @Test func encodeWithoutTextIsUnchanged() throws {
        let image = try PNGImage(width: PNGTestSupport.width, height: PNGTestSupport.height, rgba: PNGTestSupport.expectedRGBA(colorType: 6))
        #expect(PNG.encode(image, text: []) == PNG.encode(image))
        #expect(PNG.encode(image, format: .rgba, text: []) == (try PNGTestSupport.fixture("encoded_pattern_rgba.png")))
        let opaque = try PNGImage(width: 3, height: 2, fill: (r: 9, g: 8, b: 7, a: 255))
        #expect(PNG.encode(opaque, format: .rgb, text: []) == PNG.encode(opaque, format: .rgb))
    }

    @Test func textChunksRoundTrip() throws {
        let image = try PNGImage(width: 5, height: 4, fill: (r: 1, g: 2, b: 3, a: 255))
        let text: [(keyword: String, text: String)] = [("lockstep-plot", "plot 1\nline two\n"), ("Comment", "café ±, ÿ"), ("k", "")]
        let png = PNG.encode(image, format: .rgb, text: text)
        let read = PNG.textChunks(png)
        #expect(read.map(\.keyword) == ["lockstep-plot", "Comment", "k"])
        #expect(read.map(\.text) == ["plot 1\nline two\n", "café ±, ÿ", ""])
        #expect(PNGTestSupport.chunkTypes(png) == ["IHDR", "tEXt", "tEXt", "tEXt", "IDAT", "IEND"])
        #expect(try PNG.decode(png) == image)  // the decoder skips tEXt
        #expect(PNG.textChunks(PNG.encode(image)).isEmpty)
        // Only the text chunks differ: dropping them gives the plain encoding.
        #expect(png.count == PNG.encode(image, format: .rgb).count + text.reduce(0) { $0 + 12 + $1.keyword.unicodeScalars.count + 1 + $1.text.unicodeScalars.count })
    }

    @Test func textChunksOfMalformedInputAreEmpty() throws {
        let image = try PNGImage(width: 2, height: 2, fill: (r: 1, g: 2, b: 3, a: 255))
        let png = PNG.encode(image, text: [("key", "value")])
        #expect(PNG.textChunks(png).count == 1)
        #expect(PNG.textChunks([]).isEmpty)
        #expect(PNG.textChunks(Array("not a png at all".utf8)).isEmpty)
        for cut in [8, 12, 20, 40, 50, png.count - 1] { #expect(PNG.textChunks(Array(png[..<cut])).isEmpty, "cut at \(cut)") }
        var corrupt = png
        corrupt[41 + 2] ^= 1  // a byte of the tEXt keyword: its CRC no longer matches
        #expect(PNG.textChunks(corrupt).isEmpty)
        var huge = png
        huge[33] = 0x7F  // the tEXt chunk claims ~2 GB
        #expect(PNG.textChunks(huge).isEmpty)
        // A tEXt chunk without its NUL is skipped, not an error.
        var writer = PNGChunkWriter(signature: PNG.signature)
        writer.append(type: "tEXt", data: Array("no separator".utf8)[...])
        writer.append(type: "tEXt", data: Array("a\u{0}b".utf8)[...])
        writer.append(type: "IEND", data: [][...])
        #expect(PNG.textChunks(writer.bytes).map(\.keyword) == ["a"])
    }

    @Test func dataFromPNG() throws {
        let plot = Self.sample()
        #expect(Plot.data(fromPNG: plot.png()) == plot.dataText)
        #expect(try Plot.parse(Plot.data(fromPNG: plot.png()) ?? "").dataText == plot.dataText)
        #expect(Plot.data(fromPNG: PNG.encode(plot.render())) == nil)
        #expect(Plot.data(fromPNG: [1, 2, 3]) == nil)
    }

    // MARK: Data text

    @Test func dataTextFormat() {
        let plot = Plot(title: "Set 1: \"pushUp\" \\ é", xLabel: "seconds", yLabel: "degrees", widthPixels: 640, heightPixels: 320,
                        series: [PlotSeries("smoothed", color: .blue, points: [PlotPoint(x: 0, y: 170), PlotPoint(x: 1.0 / 30, y: .nan)]),
                                 PlotSeries("empty", style: .step, color: PlotColor(1, 2, 255))],
                        thresholds: [PlotThreshold("down", y: 90, color: .red)],
                        markers: [PlotMarker(x: 2.0333333333, label: "counted", shape: .triangle, color: .green),
                                  PlotMarker(x: -0.0000000001, y: -2.5, label: "x", shape: .bar, color: .black)],
                        xRange: 0...20.3)
        #expect(plot.dataText == """
            plot 1
            title "Set 1: \\"pushUp\\" \\\\ \\u{00E9}"
            x-label "seconds"
            y-label "degrees"
            size 640x320
            x-range 0.000000000..20.300000000
            y-range auto
            threshold name="down" y=90.000000 color=#d62728 dashed=true
            series name="smoothed" style=line color=#1f77b4 points=2
            point 0.000000000 170.000000
            point 0.033333333 nan
            series name="empty" style=step color=#0102ff points=0
            marker x=2.033333333 y=- label="counted" shape=triangle color=#2ca02c
            marker x=0.000000000 y=-2.500000 label="x" shape=bar color=#000000

            """)
    }

    /// Every value has at most 9 (x) or 6 (y) decimals, so it comes back exactly.
    @Test func parseRoundTrip() throws {
        let plot = Plot(title: "Ünïcode \u{1F600} \"q\" \\ \t tab", xLabel: "", yLabel: "y", widthPixels: 64, heightPixels: 4096,
                        series: [PlotSeries("a", style: .scatter, color: .teal, points: [PlotPoint(x: -1.5, y: .nan), PlotPoint(x: 2.125, y: -0.25),
                                                                                     PlotPoint(x: 1_000_000.000000001, y: 1e9)]),
                                 PlotSeries("", color: .grey), PlotSeries("b", style: .step, color: .purple, points: [PlotPoint(x: 0.1, y: 0.3)])],
                        thresholds: [PlotThreshold("t", y: 0.000001, color: .orange, dashed: false), PlotThreshold("u", y: -7, color: .black)],
                        markers: [PlotMarker(x: 3, y: 4.5, label: "m", shape: .diamond, color: .red), PlotMarker(x: 0.000000001, label: "", shape: .cross, color: .blue)],
                        xRange: -0.5...10.25, yRange: 80...170)
        #expect(try Plot.parse(plot.dataText) == plot)
        #expect(try Plot.parse(Self.grid().dataText) == Self.grid())
        #expect(try Plot.parse(Plot(title: "t", xLabel: "x", yLabel: "y").dataText) == Plot(title: "t", xLabel: "x", yLabel: "y"))
        // Fewer decimals than written are fine; the missing final newline too.
        let short = try Plot.parse("plot 1\ntitle \"\"\nx-label \"\"\ny-label \"\"\nsize 100x100\nx-range 1..2.5\ny-range auto\nseries name=\"s\" style=line color=#ABCDEF points=1\npoint 1.5 -3")
        #expect(short.xRange == 1...2.5 && short.series[0].points == [PlotPoint(x: 1.5, y: -3)] && short.series[0].color == PlotColor(0xAB, 0xCD, 0xEF))
    }

    /// Arbitrary doubles come back as their rounded decimals, which then read back to themselves.
    @Test func parseThenWriteIsStable() throws {
        var state: UInt64 = 0x1234_5678
        func next() -> Double {  // uniform in [-1, 1), from a 64-bit LCG
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-52 - 1
        }
        for round in 0..<20 {
            let scale = [1e-12, 1e-3, 1, 30, 1e4, 8e6][round % 6]
            let points = (0..<200).map { _ in PlotPoint(x: next() * scale, y: next() * scale * 1000) }
            let plot = Plot(title: "r", xLabel: "", yLabel: "", series: [PlotSeries("s", color: .blue, points: points)],
                            thresholds: [PlotThreshold("t", y: next() * 1e9, color: .red)],
                            markers: [PlotMarker(x: next() * 8e6, y: next(), label: "m", shape: .bar, color: .green)],
                            xRange: -scale...(scale + next().magnitude))
            let text = plot.dataText
            let parsed = try Plot.parse(text)
            #expect(parsed.dataText == text, "round \(round)")
            #expect(try Plot.parse(parsed.dataText) == parsed)
        }
    }

    @Test func parseErrorsSayWhere() {
        let header = "plot 1\ntitle \"t\"\nx-label \"x\"\ny-label \"y\"\nsize 800x400\nx-range auto\ny-range auto\n"
        func failure(_ text: String) -> PlotDataError? {
            do { _ = try Plot.parse(text); return nil } catch { return error }
        }
        func at(_ text: String) -> String? { failure(text).map { "\($0.line):\($0.column)" } }
        let series = header + "series name=\"s\" style=line color=#1f77b4 points=2\npoint 0 1\n"
        #expect(at(series + "point 1.0 abc\n") == "10:11")
        #expect(failure(series + "point 1.0 abc\n")?.message == "expected y: a decimal number or nan")
        #expect(failure(series + "point 1.0 abc\n")?.description == "10:11: expected y: a decimal number or nan")
        #expect(at(series + "point 1.0 inf\n") == "10:11")
        #expect(at(series + "point nan 1\n") == "10:7")      // x must be finite
        #expect(at(series + "point 1.0 2.0x\n") == "10:11")
        #expect(at(series + "point 1.0  2\n") == "10:11")
        #expect(at(series + "point 1.0 2 \n") == "10:12")
        #expect(at(series) == "10:1")                          // the text ends a point early
        #expect(at(series + "point 1 1\npoint 2 2\n") == "11:1")  // one point too many
        #expect(at(series + "point 1 \(String(repeating: "9", count: 400))\n") == "10:9")
        #expect(at("") == "1:1")
        #expect(at("plot 2\n") == "1:1")
        #expect(at("plot 1\ntitle t\n") == "2:7")
        #expect(at("plot 1\ntitle \"open\n") == "2:7")
        #expect(at("plot 1\ntitle \"bad \\q\"\n") == "2:12")
        #expect(at("plot 1\ntitle \"bad \\u{D800}\"\n") == "2:12")
        #expect(at("plot 1\ntitle \"caf\u{E9}\"\n") == "2:11")
        #expect(at("plot 1\ntitle \"\"\nx-label \"\"\ny-label \"\"\nsize 63x400\n") == "5:6")
        #expect(at("plot 1\ntitle \"\"\nx-label \"\"\ny-label \"\"\nsize 800x99999999999999999999\n") == "5:10")
        #expect(at("plot 1\ntitle \"\"\nx-label \"\"\ny-label \"\"\nsize 800x400\nx-range 5..4\n") == "6:9")
        #expect(at("plot 1\ntitle \"\"\nx-label \"\"\ny-label \"\"\nsize 800x400\nx-range 4...5\n") == "6:12")
        #expect(at(header + "threshold name=\"d\" y=90 color=#d6272 dashed=true\n") == "8:31")
        #expect(at(header + "threshold name=\"d\" y=90 color=#d62728 dashed=yes\n") == "8:46")
        #expect(at(header + "threshold name=\"d\" y=nan color=#d62728 dashed=true\n") == "8:22")
        #expect(at(header + "marker x=1 y=- label=\"m\" shape=star color=#000000\n") == "8:32")
        #expect(at(header + "marker x=1 y=- label=\"m\" shape=bar color=#000000\nseries name=\"s\" style=line color=#000000 points=0\n") == "9:1")
        #expect(at(header + "series name=\"s\" style=line color=#000000 points=200001\n") == "8:49")
        #expect(at(header + "series name=\"s\" style=dots color=#000000 points=0\n") == "8:23")
        #expect(at(header + "point 1 2\n") == "8:1")
        #expect(at(header + "\n") == "8:1")
        #expect(at(header + "marker x=1 y=- label=\"m\" shape=bar color=#000000\r\n") == "8:49")
    }

    // MARK: Determinism

    @Test func renderingIsDeterministicAndPinned() {
        let plot = Self.sample()
        let png = plot.png()
        #expect(png == plot.png())
        #expect(plot.render() == plot.render())
        // Pins the raster (and the PNG around it) of the sample plot, checked by eye when pinned:
        // any change to the layout, the font, ticks, line drawing or the data text changes it.
        #expect(png.count == PinnedPlot.byteCount)
        #expect(FNV1a64.hash(png) == PinnedPlot.digest, "\(Hex.lower(FNV1a64.hash(png))) \(png.count)")
    }
}

/// The sample plot's PNG pinned by `renderingIsDeterministicAndPinned`: it pins the raster.
/// Written to a file and looked at when pinned (800×400: the cosine, its gap at 6.0...6.5 s, the
/// scatter, the step, both thresholds, the triangles on the top edge, the legend row above the area). If it changes
/// on purpose, look at the new picture before pinning the new values.
enum PinnedPlot {
    static let byteCount = 34_146
    static let digest: UInt64 = 0x4d55_6bad_5e73_2b2b
}
