/// A `TestPattern` of a given size, drawn on demand one row at a time (`ImageRowSource`).
///
/// Its size may go up to the *streamed* limits, far beyond what may be held in memory: this is how
/// a scenario feeds the downsampler a bomb-sized "photo" without ever allocating it.
public struct PatternSource: ImageRowSource {
    public let pattern: TestPattern
    public let width: Int
    public let height: Int
    /// For `documentPage`: row space → page coordinates, computed once.
    private let pageTransform: Homography?

    /// - Throws: size errors beyond `ImageLimits.maxStreamedSidePixels` / `maxStreamedPixelCount`;
    ///   `invalidPattern` for a checkerboard cell below 1 or bad page parameters; quad errors for
    ///   an invalid page outline.
    public init(_ pattern: TestPattern, width: Int, height: Int) throws(ImageKitError) {
        guard width > 0, height > 0 else { throw .emptyImage(widthPixels: width, heightPixels: height) }
        guard width <= ImageLimits.maxStreamedSidePixels, height <= ImageLimits.maxStreamedSidePixels,
              width * height <= ImageLimits.maxStreamedPixelCount else {
            throw .streamedSourceTooLarge(widthPixels: width, heightPixels: height, maxSidePixels: ImageLimits.maxStreamedSidePixels,
                                          maxPixelCount: ImageLimits.maxStreamedPixelCount)
        }
        switch pattern {
        case .checkerboard(let cell, _, _):
            guard cell >= 1 else { throw .invalidPattern("checkerboard cellPixels must be at least 1") }
            pageTransform = nil
        case .documentPage(let page):
            try page.validate()
            pageTransform = try page.pageToUnitSquare()
        case .solid, .gradient:
            pageTransform = nil
        }
        self.pattern = pattern
        self.width = width
        self.height = height
    }

    public func readRow(_ y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        precondition(row.count == width * 4 && y >= 0 && y < height, "readRow(\(y)) with \(row.count) bytes on \(width)x\(height)")
        switch pattern {
        case .solid(let c):
            for x in 0..<width { put(c, x, row) }
        case .gradient(let from, let to, let vertical):
            if vertical {
                let c = PatternSource.blend(from, to, y, height)
                for x in 0..<width { put(c, x, row) }
            } else {
                for x in 0..<width { put(PatternSource.blend(from, to, x, width), x, row) }
            }
        case .checkerboard(let cell, let first, let second):
            for x in 0..<width { put((x / cell + y / cell) % 2 == 0 ? first : second, x, row) }
        case .documentPage(let page):
            let transform = pageTransform!  // set by init for this case
            let background = IntegerRounding.byte(page.backgroundLuma * 255)
            for x in 0..<width {
                let p = transform.apply(ImagePoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                var level = page.level(u: p.x, v: p.y).map { Int(IntegerRounding.byte($0 * 255)) } ?? Int(background)
                if page.noiseLevels > 0 {
                    let span = UInt64(2 * page.noiseLevels + 1)
                    level += Int(PatternHash.hash(page.seed ^ 0x6E_6F69_7365, x, y) % span) - page.noiseLevels
                }
                put(RGBA8.grey(UInt8(min(255, max(0, level)))), x, row)
            }
        }
    }

    @inline(__always)
    private func put(_ c: RGBA8, _ x: Int, _ row: UnsafeMutableBufferPointer<UInt8>) {
        row[x * 4] = c.r; row[x * 4 + 1] = c.g; row[x * 4 + 2] = c.b; row[x * 4 + 3] = c.a
    }

    private static func blend(_ from: RGBA8, _ to: RGBA8, _ i: Int, _ n: Int) -> RGBA8 {
        if n == 1 { return from }
        func channel(_ f: UInt8, _ t: UInt8) -> UInt8 {
            UInt8(IntegerRounding.divideHalfUp(Int(f) * (n - 1 - i) + Int(t) * i, n - 1))
        }
        return RGBA8(channel(from.r, to.r), channel(from.g, to.g), channel(from.b, to.b), channel(from.a, to.a))
    }
}
