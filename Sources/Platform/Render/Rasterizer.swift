import LockstepCore

/// Draws a `DrawList` into pixels, antialias-free and bit-for-bit the same on every machine: so a
/// person can look at a frame, and so a PNG artifact next to a golden compares byte for byte.
///
/// Rules, in pixel space (page points × `scale`; pixel (i, j) has its centre at (i + ½, j + ½)):
/// - The raster is the *last* `page` command's size (points × scale, rounded to nearest), cleared
///   to its background; commands before it are painted over and skipped. No page is an error.
/// - A circle covers pixels whose centre is within the radius (`d² ≤ r²`); radius ≤ 0 draws nothing.
/// - A rect covers centres in `x..<x+w` × `y..<y+h` (negative sizes extend left/up).
/// - A polyline covers centres within half its width of any segment (round caps and joins), half
///   the width being at least ½ pixel so a hairline stays visible; a translucent stroke blends each
///   pixel once. Alpha is the colour's alpha × `opacity` clamped to 0...1 (NaN is 0).
/// - Text uses LockstepCore's 5×7 `BitmapFont`, each font pixel a k×k block with
///   k = round(size × scale / 9) in 1...`maxTextBlockPixels` (9 px is the font's line height),
///   top-left at (x, y), `\n` a new line; a size ≤ 0 draws nothing.
/// - An image is a light grey box with a darker 1-pixel outline and its name in the font (a
///   font pixel is `scale` pixels, inset 2 font pixels), clipped to the box.
/// - A non-finite coordinate skips that command (or that segment); nothing traps.
/// - Limits: `maxScale`, `maxSidePixels`, and `maxPixelTests` for the whole raster, past which it
///   stops with `RenderError.tooMuchWork`.
public enum Rasterizer {
    /// Largest pixels per point.
    public static let maxScale = 16
    /// Largest raster side, in pixels.
    public static let maxSidePixels = 4_096
    /// Largest font-pixel block for text (a 288-pixel line): bounds the cost of a huge size.
    public static let maxTextBlockPixels = 32
    /// Most pixel-centre tests for one raster (2^28, some 16 full 4096×4096 fills): 10,000
    /// commands that each cover the whole canvas would otherwise take hours, not fail.
    public static let maxPixelTests = 1 << 28

    /// The image box's fill and outline.
    static let imageFill = DrawColor(name: "imageFill", r: 192, g: 192, b: 192)
    static let imageOutline = DrawColor(name: "imageOutline", r: 96, g: 96, b: 96)
    static let imageLabel = DrawColor(name: "imageLabel", r: 32, g: 32, b: 32)

    /// The raster of `list` at `scale` pixels per point.
    public static func image(_ list: DrawList, scale: Int = 1) throws(RenderError) -> PNGImage {
        try image(list, scale: scale, pixelTestLimit: maxPixelTests)
    }

    /// `image(_:scale:)` with a lower work limit, for tests.
    static func image(_ list: DrawList, scale: Int, pixelTestLimit: Int) throws(RenderError) -> PNGImage {
        guard scale >= 1, scale <= maxScale else { throw .scale(scale, limit: maxScale) }
        guard let pageIndex = list.commands.lastIndex(where: { if case .page = $0 { true } else { false } }),
              case .page(let widthPoints, let heightPoints, let background) = list.commands[pageIndex] else {
            throw .noPage
        }
        let s = Double(scale)
        let w = (widthPoints * s).rounded(), h = (heightPoints * s).rounded()
        let side = Double(maxSidePixels)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= side, h <= side else {
            throw .pageSize(widthPoints: widthPoints, heightPoints: heightPoints, scale: scale, limit: maxSidePixels)
        }
        var canvas = RenderCanvas(widthPixels: Int(w), heightPixels: Int(h), background: background)
        canvas.pixelTestLimit = min(pixelTestLimit, maxPixelTests)
        for command in list.commands[(pageIndex + 1)...] {
            draw(command, scale: s, on: &canvas)
            if canvas.pixelTests > canvas.pixelTestLimit { throw .tooMuchWork(limit: canvas.pixelTestLimit) }
        }
        return canvas.image
    }

    static func draw(_ command: DrawCommand, scale s: Double, on canvas: inout RenderCanvas) {
        switch command {
        case .page:
            break  // only the last page counts, and it is before every command drawn here
        case .circle(let x, let y, let radius, let fill):
            circle(x * s, y * s, radius * s, fill, on: &canvas)
        case .polyline(let points, let stroke, let opacity, let width):
            let o = opacity.isNaN ? 0 : min(1, max(0, opacity))
            let alpha = Int((Double(stroke.a) * o).rounded())
            polyline(points.map { DrawPoint(x: $0.x * s, y: $0.y * s) }, stroke, alpha: alpha,
                     half: max(width * s / 2, 0.5), on: &canvas)
        case .rect(let x, let y, let w, let h, let fill):
            rect(x * s, y * s, w * s, h * s, fill, on: &canvas)
        case .polygon(let points, let fill, let opacity):
            let o = opacity.isNaN ? 0 : min(1, max(0, opacity))
            polygon(points.map { DrawPoint(x: $0.x * s, y: $0.y * s) }, fill, alpha: Int((Double(fill.a) * o).rounded()), on: &canvas)
        case .textBox(let x, let y, let text, let size, let color):
            let block = size * s / Double(BitmapFont.lineHeightPixels)
            guard size > 0, block.isFinite else { return }
            let k = Int(min(Double(maxTextBlockPixels), max(1, block.rounded())))
            let clip = (left: 0, top: 0, right: canvas.widthPixels - 1, bottom: canvas.heightPixels - 1)
            self.text(text, x: x * s, y: y * s, block: k, color, clip: clip, on: &canvas)
        case .image(let name, let x, let y, let w, let h):
            image(name, x * s, y * s, w * s, h * s, labelBlock: min(maxTextBlockPixels, Int(s)), on: &canvas)
        }
    }

    static func circle(_ cx: Double, _ cy: Double, _ r: Double, _ fill: DrawColor, on canvas: inout RenderCanvas) {
        guard r > 0, r.isFinite,
              let columns = RenderCanvas.closedSpan(cx - r, cx + r, limit: canvas.widthPixels),
              let rows = RenderCanvas.closedSpan(cy - r, cy + r, limit: canvas.heightPixels) else { return }
        let r2 = r * r
        for j in rows {
            guard canvas.spend(columns.count) else { return }
            let dy = Double(j) + 0.5 - cy
            for i in columns {
                let dx = Double(i) + 0.5 - cx
                if dx * dx + dy * dy <= r2 { canvas.cover(i, j, fill, alpha: Int(fill.a)) }
            }
        }
    }

    /// The pixel ranges `rect` covers, or nil.
    static func rectSpans(_ x: Double, _ y: Double, _ w: Double, _ h: Double, on canvas: RenderCanvas)
        -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard let columns = RenderCanvas.halfOpenSpan(min(x, x + w), max(x, x + w), limit: canvas.widthPixels),
              let rows = RenderCanvas.halfOpenSpan(min(y, y + h), max(y, y + h), limit: canvas.heightPixels) else { return nil }
        return (columns, rows)
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: DrawColor, on canvas: inout RenderCanvas) {
        guard let spans = rectSpans(x, y, w, h, on: canvas) else { return }
        for j in spans.rows {
            guard canvas.spend(spans.columns.count) else { return }
            for i in spans.columns { canvas.cover(i, j, fill, alpha: Int(fill.a)) }
        }
    }

    /// Even-odd fill at pixel centres: on each row, the crossings of the row's centre line with
    /// the edges (half-open in y, so a vertex is counted once), sorted; pixels whose centre lies
    /// between a pair are covered.
    static func polygon(_ points: [DrawPoint], _ fill: DrawColor, alpha: Int, on canvas: inout RenderCanvas) {
        guard points.count >= 3, alpha > 0, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        var minX = points[0].x, maxX = points[0].x, minY = points[0].y, maxY = points[0].y
        for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        guard let columns = RenderCanvas.halfOpenSpan(minX, maxX, limit: canvas.widthPixels),
              let rows = RenderCanvas.halfOpenSpan(minY, maxY, limit: canvas.heightPixels) else { return }
        var crossings: [Double] = []
        for j in rows {
            guard canvas.spend(columns.count + points.count) else { return }
            let y = Double(j) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for k in points.indices {
                let a = points[k], b = points[(k + 1) % points.count]
                guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
                crossings.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
            crossings.sort()
            var pair = 0
            while pair + 1 < crossings.count {
                // Centres i + 0.5 in [lo, hi): i from ⌈lo − 0.5⌉ to ⌈hi − 0.5⌉ − 1.
                let first = max(columns.lowerBound, Int(max(-1, (crossings[pair] - 0.5).rounded(.up))))
                let last = min(columns.upperBound, Int(min(Double(columns.upperBound + 1), (crossings[pair + 1] - 0.5).rounded(.up))) - 1)
                if first <= last { for i in first...last { canvas.cover(i, j, fill, alpha: alpha) } }
                pair += 2
            }
        }
    }

    static func polyline(_ points: [DrawPoint], _ stroke: DrawColor, alpha: Int, half: Double, on canvas: inout RenderCanvas) {
        guard !points.isEmpty, alpha > 0, half.isFinite else { return }
        canvas.beginShape()
        let half2 = half * half
        // One point is a dot; otherwise each segment in turn.
        let segmentCount = max(1, points.count - 1)
        for n in 0..<segmentCount {
            let a = points[n], b = points[min(n + 1, points.count - 1)]
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
                  let columns = RenderCanvas.closedSpan(min(a.x, b.x) - half, max(a.x, b.x) + half, limit: canvas.widthPixels),
                  let rows = RenderCanvas.closedSpan(min(a.y, b.y) - half, max(a.y, b.y) + half, limit: canvas.heightPixels)
            else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            for j in rows {
                guard canvas.spend(columns.count) else { return }
                let py = Double(j) + 0.5
                for i in columns {
                    let px = Double(i) + 0.5
                    // The nearest point of the segment to the pixel centre.
                    let t = length2 == 0 ? 0 : min(1, max(0, ((px - a.x) * dx + (py - a.y) * dy) / length2))
                    let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                    if ex * ex + ey * ey <= half2 { canvas.coverOnce(i, j, stroke, alpha: alpha) }
                }
            }
        }
    }

    /// `text` with its top-left at pixel position (x, y), each font pixel a `block`×`block` square,
    /// drawn only inside `clip` (inclusive pixel bounds, within the canvas).
    static func text(_ text: String, x: Double, y: Double, block k: Int, _ color: DrawColor,
                     clip: (left: Int, top: Int, right: Int, bottom: Int), on canvas: inout RenderCanvas) {
        guard x.isFinite, y.isFinite else { return }
        // Far off-canvas positions are clamped so the arithmetic below cannot overflow; a text
        // that starts there is off-canvas either way.
        let bound = 1e9
        let originX = Int(min(bound, max(-bound, x.rounded(.down))))
        var top = Int(min(bound, max(-bound, y.rounded(.down))))
        var left = originX
        let color = color
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                top += BitmapFont.lineHeightPixels * k
                left = originX
                continue
            }
            defer { left += BitmapFont.advancePixels * k }
            guard left <= clip.right, left + BitmapFont.glyphWidthPixels * k > clip.left,
                  top <= clip.bottom, top + BitmapFont.glyphHeightPixels * k > clip.top else { continue }
            guard canvas.spend(BitmapFont.glyphWidthPixels * BitmapFont.glyphHeightPixels * k * k) else { return }
            for (row, bits) in BitmapFont.glyph(scalar).enumerated() {
                for column in 0..<BitmapFont.glyphWidthPixels where bits >> (4 - column) & 1 == 1 {
                    for dy in 0..<k {
                        let py = top + row * k + dy
                        guard py >= clip.top, py <= clip.bottom else { continue }
                        for dx in 0..<k {
                            let px = left + column * k + dx
                            if px >= clip.left && px <= clip.right { canvas.cover(px, py, color, alpha: Int(color.a)) }
                        }
                    }
                }
            }
        }
    }

    static func image(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, labelBlock: Int,
                      on canvas: inout RenderCanvas) {
        guard let spans = rectSpans(x, y, w, h, on: canvas) else { return }
        let (columns, rows) = spans
        for j in rows {
            guard canvas.spend(columns.count) else { return }
            for i in columns {
                let edge = j == rows.lowerBound || j == rows.upperBound || i == columns.lowerBound || i == columns.upperBound
                canvas.cover(i, j, edge ? imageOutline : imageFill, alpha: 255)
            }
        }
        let inside = (left: columns.lowerBound + 1, top: rows.lowerBound + 1, right: columns.upperBound - 1, bottom: rows.upperBound - 1)
        guard inside.left <= inside.right, inside.top <= inside.bottom else { return }
        let inset = 2 * labelBlock
        text(name, x: Double(columns.lowerBound + inset), y: Double(rows.lowerBound + inset), block: labelBlock, imageLabel,
             clip: inside, on: &canvas)
    }
}
