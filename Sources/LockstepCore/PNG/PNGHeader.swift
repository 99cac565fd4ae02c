/// The validated contents of an `IHDR` chunk, restricted to what the decoder supports.
struct PNGHeader {
    let width: Int
    let height: Int
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    let colorType: Int

    /// Samples per pixel in the scanlines (bit depth is always 8 here, so also bytes per pixel).
    var channels: Int {
        switch colorType {
        case 0, 3: return 1
        case 4: return 2
        case 2: return 3
        default: return 4
        }
    }

    /// Bytes per scanline without its filter-type byte.
    var rowBytes: Int { width * channels }

    /// Parses and checks the 13 bytes of `IHDR`: first for validity (`badHeader`), then for what
    /// Lockstep supports (`unsupportedBitDepth`, `unsupportedInterlace`), then `PNGLimits`.
    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw .badHeader("IHDR length is \(data.count), must be 13") }
        let b = Array(data)
        let width = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let height = Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7])
        let depth = Int(b[8])
        let colorType = Int(b[9])
        guard width > 0, height > 0 else { throw .badHeader("width \(width) and height \(height) must be at least 1") }
        guard width < 1 << 31, height < 1 << 31 else {
            throw .badHeader("width \(width) or height \(height) above 2^31 - 1")
        }
        let allowedDepths: [Int]
        switch colorType {
        case 0: allowedDepths = [1, 2, 4, 8, 16]
        case 2, 4, 6: allowedDepths = [8, 16]
        case 3: allowedDepths = [1, 2, 4, 8]
        default: throw .badHeader("colour type \(colorType) does not exist (0, 2, 3, 4 or 6)")
        }
        guard allowedDepths.contains(depth) else {
            throw .badHeader("bit depth \(depth) is not allowed for colour type \(colorType)")
        }
        guard b[10] == 0 else { throw .badHeader("compression method \(b[10]), only 0 exists") }
        guard b[11] == 0 else { throw .badHeader("filter method \(b[11]), only 0 exists") }
        guard b[12] <= 1 else { throw .badHeader("interlace method \(b[12]), only 0 and 1 exist") }
        guard depth == 8 else { throw .unsupportedBitDepth(depth: depth, colorType: colorType) }
        guard b[12] == 0 else { throw .unsupportedInterlace(method: Int(b[12])) }
        try PNGImage.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.colorType = colorType
    }
}
