/// Reads PNG files into `PNGImage`s; see `PNG.decode(_:)`.
///
/// Two passes: walk the chunks (checking order, lengths, CRCs and limits, gathering `IDAT`), then
/// inflate at most the size the header implies, unfilter and expand to RGBA.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else { throw .badSignature }
        var header: PNGHeader?
        var palette: [UInt8]? // RGB triples
        var transparency: [UInt8]? // raw tRNS data
        var idat: [UInt8] = []
        var idatState = 0 // 0: none yet, 1: in the IDAT run, 2: IDAT run ended
        var sawIEND = false
        var offset = 8

        for chunkIndex in 0...PNGLimits.maxChunkCount {
            guard offset < bytes.count else { break }
            guard chunkIndex < PNGLimits.maxChunkCount else { throw .tooManyChunks(limit: PNGLimits.maxChunkCount) }
            guard bytes.count - offset >= 8 else { throw .truncatedChunk(chunkType: nil, offset: offset) }
            let length = readUInt32(bytes, offset)
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .badChunkType(offset: offset + 4)
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= PNGLimits.maxChunkLength else {
                throw .chunkTooLong(chunkType: type, length: length, limit: PNGLimits.maxChunkLength)
            }
            let dataStart = offset + 8
            guard bytes.count - dataStart >= length + 4 else { throw .truncatedChunk(chunkType: type, offset: offset) }
            let data = bytes[dataStart..<(dataStart + length)]
            let stored = UInt32(readUInt32(bytes, dataStart + length))
            let computed = CRC32.update(CRC32.checksum(typeBytes), data)
            guard stored == computed else { throw .crcMismatch(chunkType: type, stored: stored, computed: computed) }
            offset = dataStart + length + 4

            if chunkIndex == 0 && type != "IHDR" { throw .badChunkOrder("first chunk is \(type), must be IHDR") }
            if type != "IDAT" && idatState == 1 { idatState = 2 }
            switch type {
            case "IHDR":
                guard header == nil else { throw .badChunkOrder("second IHDR") }
                header = try PNGHeader(data)
            case "PLTE":
                guard idatState == 0 else { throw .badChunkOrder("PLTE after IDAT") }
                guard palette == nil else { throw .badChunkOrder("second PLTE") }
                guard data.count % 3 == 0, (3...768).contains(data.count) else {
                    throw .badPalette("PLTE length \(data.count) is not 3 to 768 and a multiple of 3")
                }
                if let header, header.colorType == 0 || header.colorType == 4 {
                    throw .badPalette("PLTE in a colour type \(header.colorType) image")
                }
                palette = Array(data)
            case "tRNS":
                guard idatState == 0 else { throw .badChunkOrder("tRNS after IDAT") }
                if header?.colorType == 3 && palette == nil { throw .badChunkOrder("tRNS before PLTE") }
                transparency = Array(data)
            case "IDAT":
                guard idatState != 2 else { throw .badChunkOrder("IDAT chunks are not consecutive") }
                idatState = 1
                idat.append(contentsOf: data)
            case "IEND":
                sawIEND = true
            default:
                // Bit 5 of the first byte clear (an upper-case letter) marks a critical chunk.
                if typeBytes[0] & 0x20 == 0 { throw .unknownCriticalChunk(type) }
            }
            if sawIEND { break }
        }
        guard let header else { throw .missingChunk("IHDR") }
        guard sawIEND else { throw .missingIEND }
        guard idatState != 0 else { throw .missingChunk("IDAT") }
        if header.colorType == 3 && palette == nil { throw .missingChunk("PLTE") }

        let stride = header.rowBytes + 1
        let expected = stride * header.height
        var scanlines = try Zlib.decompress(idat, maxOutput: expected)
        guard scanlines.count == expected else { throw .dataSizeMismatch(expected: expected, actual: scanlines.count) }
        try PNGFilter.unfilter(&scanlines, rowBytes: header.rowBytes, height: header.height,
                               bytesPerPixel: header.channels)
        let rgba = try expand(scanlines, header: header, palette: palette ?? [], transparency: transparency)
        return try PNGImage(width: header.width, height: header.height, rgba: rgba)
    }

    /// Big-endian 32-bit value at `offset` (caller guarantees four bytes are there).
    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// Converts unfiltered scanlines (filter bytes still in place) to RGBA.
    private static func expand(_ scanlines: [UInt8], header: PNGHeader, palette: [UInt8],
                               transparency: [UInt8]?) throws(PNGError) -> [UInt8] {
        let width = header.width
        let stride = header.rowBytes + 1
        var rgba = [UInt8](repeating: 255, count: width * header.height * 4)
        // tRNS for grey and RGB is one 16-bit sample per channel: the colour shown as transparent.
        // At bit depth 8 only the low byte can match, and only if the high byte is zero.
        var key: [Int]?
        if let transparency, header.colorType == 0 || header.colorType == 2 {
            let samples = header.colorType == 0 ? 1 : 3
            guard transparency.count == samples * 2 else {
                throw .badPalette("tRNS length \(transparency.count) for colour type \(header.colorType), must be \(samples * 2)")
            }
            key = (0..<samples).map { Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1]) }
        }
        let paletteCount = palette.count / 3
        var alphaOfIndex = [UInt8](repeating: 255, count: 256)
        if header.colorType == 3, let transparency {
            guard transparency.count <= paletteCount else {
                throw .badPalette("tRNS has \(transparency.count) entries, PLTE only \(paletteCount)")
            }
            for (i, alpha) in transparency.enumerated() { alphaOfIndex[i] = alpha }
        }
        for y in 0..<header.height {
            let row = y * stride + 1
            var o = y * width * 4
            for x in 0..<width {
                switch header.colorType {
                case 0:
                    let g = scanlines[row + x]
                    rgba[o] = g; rgba[o + 1] = g; rgba[o + 2] = g
                    if let key, key[0] == Int(g) { rgba[o + 3] = 0 }
                case 2:
                    let i = row + 3 * x
                    let r = scanlines[i], g = scanlines[i + 1], b = scanlines[i + 2]
                    rgba[o] = r; rgba[o + 1] = g; rgba[o + 2] = b
                    if let key, key[0] == Int(r), key[1] == Int(g), key[2] == Int(b) { rgba[o + 3] = 0 }
                case 3:
                    let index = Int(scanlines[row + x])
                    guard index < paletteCount else {
                        throw .badPalette("pixel (\(x), \(y)) uses index \(index), PLTE has \(paletteCount) entries")
                    }
                    rgba[o] = palette[3 * index]; rgba[o + 1] = palette[3 * index + 1]; rgba[o + 2] = palette[3 * index + 2]
                    rgba[o + 3] = alphaOfIndex[index]
                case 4:
                    let i = row + 2 * x
                    let g = scanlines[i]
                    rgba[o] = g; rgba[o + 1] = g; rgba[o + 2] = g; rgba[o + 3] = scanlines[i + 1]
                default:
                    let i = row + 4 * x
                    rgba[o] = scanlines[i]; rgba[o + 1] = scanlines[i + 1]
                    rgba[o + 2] = scanlines[i + 2]; rgba[o + 3] = scanlines[i + 3]
                }
                o += 4
            }
        }
        return rgba
    }
}
