/// The raster a plot is drawn on, with the few primitives it needs: pixels, clipped lines,
/// rectangles and bitmap-font text. Everything is integer arithmetic except `segment`, which clips
/// unrounded coordinates before rounding them.
///
/// Every write names a clip rectangle (the plot area, or the whole image); a write outside the
/// image would be a bug in a clip rectangle, and traps rather than wrapping to another row.
struct PlotCanvas {
    let widthPixels: Int
    let heightPixels: Int
    private(set) var rgba: [UInt8]

    init(widthPixels: Int, heightPixels: Int, background: PlotColor) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        var rgba = [UInt8](repeating: 255, count: widthPixels * heightPixels * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            (rgba[i], rgba[i + 1], rgba[i + 2]) = (background.red, background.green, background.blue)
        }
        self.rgba = rgba
    }

    var bounds: PixelRect { PixelRect(left: 0, top: 0, right: widthPixels - 1, bottom: heightPixels - 1) }

    /// The finished raster (opaque: every alpha is 255).
    var image: PNGImage {
        do { return try PNGImage(width: widthPixels, height: heightPixels, rgba: rgba) } catch {
            preconditionFailure("a plot's size is within PNG's limits: \(error)")
        }
    }

    /// Sets the pixel at column `x`, row `y` if it is inside `clip`.
    mutating func set(_ x: Int, _ y: Int, _ color: PlotColor, clip: PixelRect) {
        guard clip.contains(x, y) else { return }
        precondition(bounds.contains(x, y), "plot pixel (\(x), \(y)) outside the \(widthPixels)x\(heightPixels) image")
        let i = (y * widthPixels + x) * 4
        (rgba[i], rgba[i + 1], rgba[i + 2]) = (color.red, color.green, color.blue)
    }

    mutating func fill(_ rect: PixelRect, _ color: PlotColor) {
        guard rect.left <= rect.right, rect.top <= rect.bottom else { return }
        for y in rect.top...rect.bottom {
            for x in rect.left...rect.right { set(x, y, color, clip: bounds) }
        }
    }

    /// Bresenham's line from (x0, y0) to (x1, y1), both ends included.
    mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: PlotColor, clip: PixelRect) {
        let dx = (x1 - x0).magnitude, dy = (y1 - y0).magnitude
        let stepX = x0 < x1 ? 1 : -1, stepY = y0 < y1 ? 1 : -1
        var error = Int(dx) - Int(dy)
        var x = x0, y = y0
        for _ in 0...(dx + dy) {  // bounded: every step moves x, y or both towards the end
            set(x, y, color, clip: clip)
            if x == x1 && y == y1 { return }
            let twice = 2 * error
            if twice > -Int(dy) { error -= Int(dy); x += stepX }
            if twice < Int(dx) { error += Int(dx); y += stepY }
        }
    }

    /// The segment between two unrounded pixel positions, clipped to `clip` (Liang–Barsky) and
    /// then rounded, so a far-away or non-finite end costs nothing and never overflows. `thick`
    /// draws it again one pixel lower, or one pixel to the right when it is steep, so that a
    /// series line is 2 pixels wide at any slope (a copy one pixel lower would not widen a
    /// vertical line at all).
    mutating func segment(from a: (x: Double, y: Double), to b: (x: Double, y: Double), _ color: PlotColor,
                          clip: PixelRect, thick: Bool) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        var enter = 0.0, leave = 1.0
        // One edge: `p` is the rate the segment moves outwards across it, `q` the room inside it.
        func within(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }  // parallel to the edge: inside it or not at all
            if p < 0 { enter = max(enter, q / p) } else { leave = min(leave, q / p) }
            return true
        }
        guard within(-dx, a.x - Double(clip.left)), within(dx, Double(clip.right) - a.x),
              within(-dy, a.y - Double(clip.top)), within(dy, Double(clip.bottom) - a.y) else { return }
        guard enter <= leave else { return }
        // Unclipped ends are used as given, so that joined segments share their pixel exactly.
        let start = enter == 0 ? a : (x: a.x + enter * dx, y: a.y + enter * dy)
        let end = leave == 1 ? b : (x: a.x + leave * dx, y: a.y + leave * dy)
        guard let x0 = PlotFrame.pixel(start.x), let y0 = PlotFrame.pixel(start.y),
              let x1 = PlotFrame.pixel(end.x), let y1 = PlotFrame.pixel(end.y) else { return }
        line(x0, y0, x1, y1, color, clip: clip)
        guard thick else { return }
        if (y1 - y0).magnitude > (x1 - x0).magnitude {
            line(x0 + 1, y0, x1 + 1, y1, color, clip: clip)
        } else {
            line(x0, y0 + 1, x1, y1 + 1, color, clip: clip)
        }
    }

    /// `text` in the bitmap font, its first glyph's top-left pixel at (x, y).
    mutating func text(_ text: String, x: Int, y: Int, _ color: PlotColor) {
        var left = x
        for scalar in text.unicodeScalars where left < widthPixels {
            for (row, bits) in BitmapFont.glyph(scalar).enumerated() {
                for column in 0..<BitmapFont.glyphWidthPixels where bits >> (4 - column) & 1 == 1 {
                    set(left + column, y + row, color, clip: bounds)
                }
            }
            left += BitmapFont.advancePixels
        }
    }

    /// `text` turned 90° counter-clockwise, reading upwards, its first glyph's bottom-left pixel at
    /// (x, y): a glyph's top row becomes its left column, its left column its bottom row.
    mutating func textUp(_ text: String, x: Int, y: Int, _ color: PlotColor) {
        var bottom = y
        for scalar in text.unicodeScalars where bottom >= 0 {
            for (row, bits) in BitmapFont.glyph(scalar).enumerated() {
                for column in 0..<BitmapFont.glyphWidthPixels where bits >> (4 - column) & 1 == 1 {
                    set(x + row, bottom - column, color, clip: bounds)
                }
            }
            bottom -= BitmapFont.advancePixels
        }
    }
}
