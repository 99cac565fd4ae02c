/// The validated contents of an `IHDR` chunk: every layout the PNG specification allows.
struct PNGHeader: Sendable, Equatable {
    /// Image width in pixels, `1...PNGLimits.maxDimension`.
    let width: Int
    /// Image height in pixels, `1...PNGLimits.maxDimension`.
    let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16, as `colorType.allowedBitDepths` allows. For palette
    /// images this is the index size; the palette's own samples are always 8 bits.
    let bitDepth: Int
    let colorType: PNGColorType
    /// Adam7 (interlace method 1) rather than rows top to bottom (method 0).
    let isInterlaced: Bool

    /// Bits of one pixel in the scanlines: 1 (1-bit grey or palette) to 64 (16-bit RGBA).
    var bitsPerPixel: Int { colorType.samplesPerPixel * bitDepth }

    /// The filters' "bpp" (PNG specification 9.2): bytes per complete pixel, at least 1, so that
    /// sub-byte pixels are predicted from the previous byte.
    var filterBytesPerPixel: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one scanline `pixels` wide, without its filter-type byte: a row of sub-byte pixels
    /// is padded to a whole byte, and so is each row of each Adam7 pass.
    func rowBytes(forWidth pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Bytes of one full-width scanline without its filter-type byte.
    var rowBytes: Int { rowBytes(forWidth: width) }

    /// Parses and checks the 13 bytes of `IHDR`: the values the specification allows
    /// (`badHeader`, `invalidBitDepth`), then `PNGLimits` (`imageTooLarge`).
    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw .badHeader("IHDR length is \(data.count), must be 13") }
        let b = Array(data)
        let width = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let height = Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7])
        let depth = Int(b[8])
        guard width > 0, height > 0 else { throw .badHeader("width \(width) and height \(height) must be at least 1") }
        guard width < 1 << 31, height < 1 << 31 else {
            throw .badHeader("width \(width) or height \(height) above 2^31 - 1")
        }
        guard let colorType = PNGColorType(rawValue: Int(b[9])) else {
            throw .badHeader("colour type \(b[9]) does not exist (0, 2, 3, 4 or 6)")
        }
        guard colorType.allowedBitDepths.contains(depth) else {
            throw .invalidBitDepth(depth: depth, colorType: colorType.rawValue)
        }
        guard b[10] == 0 else { throw .badHeader("compression method \(b[10]), only 0 exists") }
        guard b[11] == 0 else { throw .badHeader("filter method \(b[11]), only 0 exists") }
        guard b[12] <= 1 else { throw .badHeader("interlace method \(b[12]), only 0 and 1 exist") }
        try PNGImage.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.bitDepth = depth
        self.colorType = colorType
        self.isInterlaced = b[12] == 1
    }
}
