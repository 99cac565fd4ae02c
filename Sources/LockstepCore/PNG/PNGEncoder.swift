/// Builds PNG files from `PNGImage`s; see `PNG.encode(_:format:)` and `PNG.encode(_:format:text:)`.
enum PNGEncoder {
    /// `IDAT` data is split into chunks of at most this many bytes. Any size is valid PNG; a fixed
    /// one keeps the output deterministic and chunks small enough for streaming readers.
    static let idatChunkLength = 1 << 20

    /// `text` becomes one `tEXt` chunk per entry, in order, between `IHDR` and the first `IDAT`;
    /// with no text the file is exactly what it was before text existed (the goldens pin it).
    static func encode(_ image: PNGImage, format: PNGColorFormat, text: [(keyword: String, text: String)] = []) -> [UInt8] {
        precondition(format.canRepresent(image),
                     "PNG.encode: image cannot be written as \(format) without losing data (see PNGColorFormat.canRepresent)")
        let channels = format.channels
        let rowBytes = image.width * channels
        var samples = [UInt8]()
        samples.reserveCapacity(rowBytes * image.height)
        switch format {
        case .rgba:
            samples = image.rgba
        case .rgb:
            for (i, byte) in image.rgba.enumerated() where i & 3 != 3 { samples.append(byte) }
        case .grey:
            for (i, byte) in image.rgba.enumerated() where i & 3 == 0 { samples.append(byte) }
        }
        let filtered = PNGFilter.filter(samples, rowBytes: rowBytes, height: image.height, bytesPerPixel: channels)
        let compressed = Zlib.compress(filtered)

        var header = [UInt8]()
        for value in [UInt32(image.width), UInt32(image.height)] {
            header.append(UInt8(truncatingIfNeeded: value >> 24))
            header.append(UInt8(truncatingIfNeeded: value >> 16))
            header.append(UInt8(truncatingIfNeeded: value >> 8))
            header.append(UInt8(truncatingIfNeeded: value))
        }
        // Bit depth 8, colour type, compression 0 (deflate), filter method 0, no interlace.
        header.append(contentsOf: [8, format.colorType, 0, 0, 0])

        var writer = PNGChunkWriter(signature: PNG.signature)
        writer.append(type: "IHDR", data: header[...])
        for entry in text {
            writer.append(type: "tEXt", data: PNGTextChunk.data(keyword: entry.keyword, text: entry.text)[...])
        }
        var start = 0
        // Bounded: each pass consumes up to idatChunkLength bytes (compressed is never empty).
        repeat {
            let end = min(start + idatChunkLength, compressed.count)
            writer.append(type: "IDAT", data: compressed[start..<end])
            start = end
        } while start < compressed.count
        writer.append(type: "IEND", data: [][...])
        return writer.bytes
    }
}
