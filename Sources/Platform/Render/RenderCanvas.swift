import LockstepCore

/// The pixels `Rasterizer` paints into, and the one blending rule every command shares.
///
/// A pixel is covered or not (no antialiasing: coverage is a test at the pixel's centre, so the
/// result depends on nothing but IEEE arithmetic on the command's numbers). A covered pixel gets
/// the colour with alpha `a` composited *over* it in integer arithmetic, non-premultiplied:
/// `outA = a + dstA·(255−a)/255`, each channel `(c·a·255 + dst·dstA·(255−a)) / (outA·255)`,
/// rounded half up. With an opaque destination that is the familiar `(c·a + dst·(255−a)) / 255`.
struct RenderCanvas {
    let widthPixels: Int
    let heightPixels: Int
    private(set) var rgba: [UInt8]
    /// Which shape last covered each pixel, so a polyline's overlapping segments blend a
    /// translucent stroke once (as one path does), not once per segment. Allocated on first use.
    private var stamps: [Int32] = []
    private var currentStamp: Int32 = 0
    /// Pixel-centre tests so far, against `Rasterizer.maxPixelTests`.
    private(set) var pixelTests = 0
    /// `Rasterizer.maxPixelTests` (lower only in tests, to hit it quickly).
    var pixelTestLimit = Rasterizer.maxPixelTests

    init(widthPixels: Int, heightPixels: Int, background: DrawColor) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
        var rgba = [UInt8](repeating: 0, count: widthPixels * heightPixels * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (background.r, background.g, background.b, background.a)
        }
        self.rgba = rgba
    }

    /// Counts `count` pixel tests about to be made; false once the raster is over its budget
    /// (the caller stops, and `Rasterizer` reports `RenderError.tooMuchWork`).
    mutating func spend(_ count: Int) -> Bool {
        pixelTests += count
        return pixelTests <= pixelTestLimit
    }

    /// Starts a new shape for `coverOnce`.
    mutating func beginShape() {
        if stamps.isEmpty { stamps = [Int32](repeating: 0, count: widthPixels * heightPixels) }
        currentStamp += 1  // bounded: at most DrawList.maxCommands shapes per raster
    }

    /// Blends like `cover`, but at most once per pixel per shape (after `beginShape`).
    mutating func coverOnce(_ x: Int, _ y: Int, _ color: DrawColor, alpha: Int) {
        let i = y * widthPixels + x
        guard stamps[i] != currentStamp else { return }
        stamps[i] = currentStamp
        cover(x, y, color, alpha: alpha)
    }

    /// Composites `color` at `alpha` (0...255) over the pixel at column `x`, row `y`.
    /// - Precondition: the pixel is on the canvas (callers clip first).
    mutating func cover(_ x: Int, _ y: Int, _ color: DrawColor, alpha: Int) {
        precondition(x >= 0 && x < widthPixels && y >= 0 && y < heightPixels,
                     "render pixel (\(x), \(y)) outside the \(widthPixels)x\(heightPixels) canvas")
        let i = (y * widthPixels + x) * 4
        if alpha >= 255 {
            (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (color.r, color.g, color.b, 255)
            return
        }
        guard alpha > 0 else { return }
        let dstA = Int(rgba[i + 3])
        let outA255 = alpha * 255 + dstA * (255 - alpha)  // alpha in 255² units, > 0 here
        func channel(_ src: UInt8, _ dst: UInt8) -> UInt8 {
            UInt8((Int(src) * alpha * 255 + Int(dst) * dstA * (255 - alpha) + outA255 / 2) / outA255)
        }
        rgba[i] = channel(color.r, rgba[i])
        rgba[i + 1] = channel(color.g, rgba[i + 1])
        rgba[i + 2] = channel(color.b, rgba[i + 2])
        rgba[i + 3] = UInt8((outA255 + 127) / 255)
    }

    /// Pixel columns (or rows) whose centres `i + 0.5` lie in the closed interval `lo...hi` (pixel
    /// units), clipped to `0..<limit`; nil when none or when an end is not finite.
    static func closedSpan(_ lo: Double, _ hi: Double, limit: Int) -> ClosedRange<Int>? {
        guard lo.isFinite, hi.isFinite else { return nil }
        let first = max(0, (lo - 0.5).rounded(.up))
        let last = min(Double(limit - 1), (hi - 0.5).rounded(.down))
        guard first <= last else { return nil }
        return Int(first)...Int(last)
    }

    /// As `closedSpan`, for the half-open `lo..<hi`: two rectangles that share an edge never
    /// both cover a pixel.
    static func halfOpenSpan(_ lo: Double, _ hi: Double, limit: Int) -> ClosedRange<Int>? {
        guard lo.isFinite, hi.isFinite else { return nil }
        let first = max(0, (lo - 0.5).rounded(.up))
        let last = min(Double(limit - 1), (hi - 0.5).rounded(.up) - 1)
        guard first <= last else { return nil }
        return Int(first)...Int(last)
    }

    /// The finished raster.
    var image: PNGImage {
        do { return try PNGImage(width: widthPixels, height: heightPixels, rgba: rgba) } catch {
            preconditionFailure("a render canvas is within PNG's limits: \(error)")
        }
    }
}
