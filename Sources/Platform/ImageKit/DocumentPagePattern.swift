/// The "document page" test pattern: a light page (any convex quad) with dark text-like ink lines,
/// on a background, so scanner scenarios need no photo fixtures.
///
/// Drawn per pixel centre, without anti-aliasing: a pixel is page when its centre is inside
/// `page`. Ink is laid out in page coordinates (u, v) in `0..<1` (u across, v down the page,
/// through the homography from `page` to the unit square), so it follows the page's perspective:
///
/// - Margins of 0.1 on every side; `lineCount` lines share the remaining height, each band
///   filling the top 40 % of its pitch.
/// - Line k is `0.5 + 0.5 · PatternHash.unit(seed, k)` of the text width long (ragged right).
/// - A line is cut into 48 character cells; cell j is a space when
///   `PatternHash.hash(seed, k, j) % 8 == 0`, so about one cell in eight is blank.
/// - With `noiseLevels > 0` every pixel gets a grey offset in `−n...n` from
///   `PatternHash.hash(seed ^ 0x6E6F697365, x, y)`, clamped to 0...255 (sensor noise).
///
/// Lumas are 0...1 as in the scanner note's fixtures and become bytes by `round(l · 255)`, halves
/// up: 0.95 → 242, 0.80 → 204, 0.93 → 237. All pixels are opaque grey.
public struct DocumentPagePattern: Hashable, Sendable {
    public var page: ImageQuad
    public var paperLuma: Double
    public var inkLuma: Double
    public var backgroundLuma: Double
    public var seed: UInt64
    public var lineCount: Int
    public var noiseLevels: Int

    /// Most ink lines: more would be thinner than a pixel on any page that fits `ImageLimits`.
    public static let maxLineCount = 200
    /// Largest noise amplitude, in grey levels.
    public static let maxNoiseLevels = 64

    public init(page: ImageQuad, paperLuma: Double = 0.95, inkLuma: Double = 0.2, backgroundLuma: Double = 0.35,
                seed: UInt64 = 0, lineCount: Int = 12, noiseLevels: Int = 0) {
        self.page = page
        self.paperLuma = paperLuma
        self.inkLuma = inkLuma
        self.backgroundLuma = backgroundLuma
        self.seed = seed
        self.lineCount = lineCount
        self.noiseLevels = noiseLevels
    }

    /// Checks the parameters; `PatternSource` calls it before drawing.
    func validate() throws(ImageKitError) {
        for (name, l) in [("paperLuma", paperLuma), ("inkLuma", inkLuma), ("backgroundLuma", backgroundLuma)] {
            guard l >= 0, l <= 1 else { throw .invalidPattern("\(name) must be in 0...1") }
        }
        guard (1...DocumentPagePattern.maxLineCount).contains(lineCount) else {
            throw .invalidPattern("lineCount must be in 1...\(DocumentPagePattern.maxLineCount)")
        }
        guard (0...DocumentPagePattern.maxNoiseLevels).contains(noiseLevels) else {
            throw .invalidPattern("noiseLevels must be in 0...\(DocumentPagePattern.maxNoiseLevels)")
        }
        try page.validate()
    }

    /// The page-to-unit-square transform used to lay out the ink.
    func pageToUnitSquare() throws(ImageKitError) -> Homography {
        try Homography(mapping: page.corners,
                       to: [ImagePoint(x: 0, y: 0), ImagePoint(x: 1, y: 0), ImagePoint(x: 1, y: 1), ImagePoint(x: 0, y: 1)])
    }

    /// The grey level of the pixel whose centre maps to page coordinates (u, v); nil off the page.
    func level(u: Double, v: Double) -> Double? {
        guard u >= 0, u < 1, v >= 0, v < 1 else { return nil }  // also NaN, off the horizon
        let margin = 0.1, textSpan = 0.8
        let pitch = textSpan / Double(lineCount)
        let t = (v - margin) / pitch
        guard t >= 0, t < Double(lineCount) else { return paperLuma }
        let k = IntegerRounding.floor(t)
        guard t - Double(k) < 0.4 else { return paperLuma }
        let length = textSpan * (0.5 + 0.5 * PatternHash.unit(seed, k))
        let s = u - margin
        guard s >= 0, s < length else { return paperLuma }
        let cell = IntegerRounding.floor(s / (textSpan / 48))
        return PatternHash.hash(seed, k, cell) % 8 == 0 ? paperLuma : inkLuma
    }
}
