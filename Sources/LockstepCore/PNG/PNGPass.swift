/// One pass over the image: the pixels at columns `xStart, xStart + xStep, ...` of rows
/// `yStart, yStart + yStep, ...`, stored as a little image of its own (PNG specification 8.2).
///
/// Adam7 has seven passes; a non-interlaced image is one pass over every pixel, so the decoder has
/// a single loop for both. Each pass's scanlines are filtered on their own (the row above is the
/// pass's previous row, none for its first), and each starts on a byte boundary.
struct PNGPass: Sendable, Equatable {
    /// 1...7 for Adam7, 0 for the single pass of a non-interlaced image.
    let number: Int
    let xStart: Int
    let yStart: Int
    let xStep: Int
    let yStep: Int
    /// Pixels in each of this pass's rows: 0 when the image is too narrow to reach `xStart`.
    let width: Int
    /// Rows in this pass: 0 when the image is too short to reach `yStart`.
    let height: Int

    /// A pass with no pixels has no scanlines at all, not even filter-type bytes.
    var isEmpty: Bool { width == 0 || height == 0 }

    /// Bytes this pass occupies in the decompressed data: per row a filter-type byte plus
    /// `bitsPerPixel * width` bits rounded up to whole bytes.
    func dataBytes(bitsPerPixel: Int) -> Int {
        isEmpty ? 0 : height * (1 + (width * bitsPerPixel + 7) / 8)
    }

    /// The image row that this pass's row `passRow` fills.
    func imageRow(_ passRow: Int) -> Int { yStart + passRow * yStep }

    /// The image column of this pass's pixel `index` within a row.
    func imageColumn(_ index: Int) -> Int { xStart + index * xStep }

    /// The Adam7 pattern (PNG specification 8.2) as (xStart, yStart, xStep, yStep).
    static let adam7: [(xStart: Int, yStart: Int, xStep: Int, yStep: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The passes of a `width` × `height` image in storage order, empty ones included.
    static func passes(width: Int, height: Int, interlaced: Bool) -> [PNGPass] {
        guard interlaced else {
            return [PNGPass(number: 0, xStart: 0, yStart: 0, xStep: 1, yStep: 1, width: width, height: height)]
        }
        return adam7.enumerated().map { index, p in
            PNGPass(number: index + 1, xStart: p.xStart, yStart: p.yStart, xStep: p.xStep, yStep: p.yStep,
                    width: count(from: p.xStart, step: p.xStep, below: width),
                    height: count(from: p.yStart, step: p.yStep, below: height))
        }
    }

    /// Bytes of decompressed data the whole image needs: the sum over its passes. Exact, so the
    /// decoder can refuse an oversize image before inflating and stop inflating one byte past it.
    static func dataBytes(_ passes: [PNGPass], bitsPerPixel: Int) -> Int {
        passes.reduce(0) { $0 + $1.dataBytes(bitsPerPixel: bitsPerPixel) }
    }

    /// How many of `start, start + step, ...` are below `limit`.
    private static func count(from start: Int, step: Int, below limit: Int) -> Int {
        limit > start ? (limit - start + step - 1) / step : 0
    }
}
