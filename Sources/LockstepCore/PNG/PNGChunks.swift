/// The chunks of a PNG file that decoding needs, after the container rules are checked: the
/// signature, every chunk's length, type and CRC, the chunk order, and `PNGLimits` on chunks.
///
/// Rules that need only the header are checked here too, at the chunk that breaks them (a palette
/// too long for the bit depth, `tRNS` on a colour type with alpha); what `tRNS` means is left to
/// `PNGTransparency`.
struct PNGChunks {
    let header: PNGHeader
    /// `PLTE` as RGB triples, empty when there is none (allowed for every colour type but 3).
    let palette: [UInt8]
    /// The raw `tRNS` data, nil when there is none.
    let transparency: [UInt8]?
    /// The concatenated data of the `IDAT` chunks: one zlib stream.
    let imageData: [UInt8]

    /// Palette entries, 1...256 when there is a palette.
    var paletteEntries: Int { palette.count / 3 }

    init(_ bytes: [UInt8]) throws(PNGError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else { throw .badSignature }
        var header: PNGHeader?
        var palette: [UInt8]?
        var transparency: [UInt8]?
        var idat: [UInt8] = []
        var idatState = 0 // 0: none yet, 1: in the IDAT run, 2: IDAT run ended
        var sawIEND = false
        var offset = 8

        for chunkIndex in 0...PNGLimits.maxChunkCount {
            guard offset < bytes.count else { break }
            guard chunkIndex < PNGLimits.maxChunkCount else { throw .tooManyChunks(limit: PNGLimits.maxChunkCount) }
            guard bytes.count - offset >= 8 else { throw .truncatedChunk(chunkType: nil, offset: offset) }
            let length = Self.readUInt32(bytes, offset)
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
            let stored = UInt32(Self.readUInt32(bytes, dataStart + length))
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
                if let header {
                    if header.colorType == .grey || header.colorType == .greyAlpha {
                        throw .paletteNotAllowed(colorType: header.colorType.rawValue)
                    }
                    // A palette image's indices have `bitDepth` bits; entries past 2^bitDepth could
                    // never be used, and the specification forbids them.
                    if header.colorType == .palette && data.count / 3 > 1 << header.bitDepth {
                        throw .paletteTooLong(entries: data.count / 3, bitDepth: header.bitDepth)
                    }
                }
                palette = Array(data)
            case "tRNS":
                guard idatState == 0 else { throw .badChunkOrder("tRNS after IDAT") }
                guard transparency == nil else { throw .badChunkOrder("second tRNS") }
                if let header, header.colorType.hasAlphaChannel {
                    throw .transparencyNotAllowed(colorType: header.colorType.rawValue)
                }
                if header?.colorType == .palette && palette == nil { throw .badChunkOrder("tRNS before PLTE") }
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
        if header.colorType == .palette && palette == nil { throw .missingChunk("PLTE") }
        self.header = header
        self.palette = palette ?? []
        self.transparency = transparency
        self.imageData = idat
    }

    /// Big-endian 32-bit value at `offset` (caller guarantees four bytes are there).
    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
